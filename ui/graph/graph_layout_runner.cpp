// SPDX-License-Identifier: MIT
#include "graph/graph_layout_runner.h"

#include <QElapsedTimer>
#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace infersight {

GraphLayoutRunner::GraphLayoutRunner(QObject *parent) : QObject(parent), m_cache(std::make_shared<LayoutCache>()) {
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1);
}

GraphLayoutRunner::~GraphLayoutRunner() {
    cancel();
    m_pool.waitForDone();
}

void GraphLayoutRunner::cancel() {
    if (m_cancel) {
        m_cancel->store(true);
    }
}

void GraphLayoutRunner::waitForDone() { m_pool.waitForDone(); }

GraphLayoutOutcome GraphLayoutRunner::run(const GraphLayoutJob &job, LayoutCache &cache, const LayoutControl &control) {
    GraphLayoutOutcome outcome;
    outcome.graph = job.graph;
    if (!job.graph) {
        outcome.error = QStringLiteral("no graph to lay out");
        return outcome;
    }
    QElapsedTimer timer;
    timer.start();
    outcome.hierarchy = job.hierarchy;
    if (!outcome.hierarchy) {
        outcome.hierarchy = std::make_shared<const NodeHierarchy>(NodeHierarchy::build(*job.graph));
        outcome.hierarchyMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    }
    const NodeHierarchy &h = *outcome.hierarchy;
    switch (job.expansion) {
    case GraphLayoutJob::Expansion::Explicit:
        outcome.expanded = job.expanded;
        outcome.expanded.resize(static_cast<std::size_t>(h.groupCount()), 0);
        break;
    case GraphLayoutJob::Expansion::Readable: outcome.expanded = readableExpansion(h); break;
    case GraphLayoutJob::Expansion::Keys:
        outcome.expanded = job.keys.isEmpty() ? readableExpansion(h) : expansionFromKeys(h, job.keys);
        break;
    case GraphLayoutJob::Expansion::All: outcome.expanded = fullExpansion(h); break;
    case GraphLayoutJob::Expansion::Depth: outcome.expanded = expansionToDepth(h, job.depth); break;
    }
    for (int node : job.reveal) {
        if (node >= 0 && node < h.nodeCount()) {
            revealElement(h, outcome.expanded, node);
        }
    }
    if (control.cancel && control.cancel->load()) {
        outcome.cancelled = true;
        return outcome;
    }
    timer.restart();
    auto geometry = layoutHierarchy(h, outcome.expanded, cache, control, job.options);
    outcome.layoutMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    if (!geometry) {
        if (geometry.errorMessage() == layoutCancelledMessage()) {
            outcome.cancelled = true;
        } else {
            outcome.error = geometry.errorMessage();
        }
        return outcome;
    }
    outcome.geometry = std::move(geometry).value();
    return outcome;
}

std::uint64_t GraphLayoutRunner::start(GraphLayoutJob job) {
    cancel();
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    const std::uint64_t id = ++m_latest;
    ++m_running;
    QPointer<GraphLayoutRunner> self(this);
    std::shared_ptr<LayoutCache> cache = m_cache;
    (void)QtConcurrent::run(&m_pool, [self, cache, cancelFlag, id, job = std::move(job)]() {
        LayoutControl control;
        control.cancel = cancelFlag.get();
        QElapsedTimer sinceReport;
        sinceReport.start();
        control.progress = [self, id, &sinceReport](int done, int total) {
            // at most ~20 reports a second, and the last one
            if (done < total && sinceReport.elapsed() < 50) {
                return;
            }
            sinceReport.restart();
            if (self) {
                QMetaObject::invokeMethod(self.data(), [self, id, done, total]() {
                    if (self && id == self->m_latest) {
                        emit self->progress(done, total);
                    }
                }, Qt::QueuedConnection);
            }
        };
        auto outcome = std::make_shared<GraphLayoutOutcome>(run(job, *cache, control));
        outcome->id = id;
        if (self) {
            QMetaObject::invokeMethod(self.data(), [self, outcome]() {
                if (!self) {
                    return;
                }
                --self->m_running;
                if (outcome->id == self->m_latest) {
                    emit self->finished(outcome);
                }
            }, Qt::QueuedConnection);
        }
    });
    return id;
}

}  // namespace infersight
