// SPDX-License-Identifier: MIT
// Runs the graph view's long work off the GUI thread: building the NodeHierarchy of a new graph
// and the hierarchical Graphviz layout. One job at a time on one worker thread (Graphviz is not
// thread-safe); a new job cancels the running one (the newest request wins), progress is reported
// as groups laid out, and a job can be cancelled (it stops at the next group).
#pragma once

#include "graph/expansion_state.h"
#include "graph/hierarchical_layout.h"
#include "graph/node_hierarchy.h"

#include <QObject>
#include <QStringList>
#include <QThreadPool>

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace infersight {

struct GraphLayoutJob {
    std::shared_ptr<const Graph> graph;
    // The hierarchy of `graph` when it is known; null: build it on the worker.
    std::shared_ptr<const NodeHierarchy> hierarchy;
    enum class Expansion : unsigned char { Explicit, Readable, Keys, All, Depth };
    Expansion expansion = Expansion::Readable;
    std::vector<char> expanded;   // Explicit
    QStringList keys;             // Keys: groups to open by key (a rebuilt hierarchy), else readable
    int depth = 1;                // Depth
    std::vector<int> reveal;      // graph nodes whose groups are opened as well
    HierarchicalLayoutOptions options;
};

struct GraphLayoutOutcome {
    std::uint64_t id = 0;
    std::shared_ptr<const Graph> graph;
    std::shared_ptr<const NodeHierarchy> hierarchy;
    std::vector<char> expanded;
    GraphGeometry geometry;
    bool cancelled = false;
    QString error;
    double hierarchyMs = 0;
    double layoutMs = 0;
    bool ok() const { return !cancelled && error.isEmpty(); }
};

class GraphLayoutRunner : public QObject {
    Q_OBJECT
public:
    explicit GraphLayoutRunner(QObject *parent = nullptr);
    ~GraphLayoutRunner() override;

    // Starts `job`, cancelling the running one; returns its id (finished() carries it).
    std::uint64_t start(GraphLayoutJob job);
    void cancel();
    bool isRunning() const { return m_running > 0; }
    std::uint64_t currentId() const { return m_latest; }
    // Blocks until the running job is done (tests, shutdown).
    void waitForDone();
    LayoutCache &cache() { return *m_cache; }

    // The job's work, synchronously on the calling thread (the CLI and benchmarks use this too).
    static GraphLayoutOutcome run(const GraphLayoutJob &job, LayoutCache &cache, const LayoutControl &control = {});

signals:
    void progress(int done, int total);
    // Only for the newest job; older ones that finish late are dropped.
    void finished(std::shared_ptr<const GraphLayoutOutcome> outcome);

private:
    QThreadPool m_pool;
    std::shared_ptr<LayoutCache> m_cache;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::uint64_t m_latest = 0;
    int m_running = 0;
};

}  // namespace infersight

Q_DECLARE_METATYPE(std::shared_ptr<const infersight::GraphLayoutOutcome>)
