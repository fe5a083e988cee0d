// SPDX-License-Identifier: MIT
// The explorer session's prediction thread. submit() hands it the newest request and returns at
// once; requests coalesce (a request waiting to start is replaced by a newer one), a running one
// is cancelled between steps when a newer one arrives (an atomic generation check), and results of
// older generations are never delivered. Each request yields up to two deliveries: the current
// knobs (stage Current, or Complete when the sweeps were already known), then the sweeps
// (stage Complete) unless a newer request came meanwhile.
//
// `deliver` runs on the worker thread: the session posts the value to the GUI thread from there.
#pragma once

#include "session/session_predictor.h"

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace infersight {

class PredictionWorker {
public:
    struct Delivery {
        quint64 generation = 0;
        std::shared_ptr<const SessionResults> results;  // null when `error` is set
        QString error;                                  // the design could not be brought to the knobs
    };
    using Deliver = std::function<void(Delivery)>;

    explicit PredictionWorker(Deliver deliver);
    // Cancels the running request and joins the thread.
    ~PredictionWorker();
    PredictionWorker(const PredictionWorker &) = delete;
    PredictionWorker &operator=(const PredictionWorker &) = delete;

    void submit(PredictionRequest request);
    // Drops every cache (GPU definitions changed) before the next request.
    void clearCaches();
    // The newest generation submitted.
    quint64 latestGeneration() const { return m_latest.load(); }
    // True while a request is waiting or running.
    bool busy() const;

private:
    void run();

    Deliver m_deliver;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::optional<PredictionRequest> m_pending;
    bool m_running = false;
    bool m_stop = false;
    bool m_clear = false;
    std::atomic<quint64> m_latest{0};
    std::atomic<bool> m_stopping{false};
    // Used on the worker thread only.
    SessionPredictor m_predictor;
    std::shared_ptr<const SessionResults> m_previous;
    std::thread m_thread;  // last: started after everything above exists
};

}  // namespace infersight
