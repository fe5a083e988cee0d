// SPDX-License-Identifier: MIT
#include "session/prediction_worker.h"

namespace infersight {

PredictionWorker::PredictionWorker(Deliver deliver) : m_deliver(std::move(deliver)), m_thread([this] { run(); }) {}

PredictionWorker::~PredictionWorker() {
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_stopping = true;
        m_pending.reset();
    }
    m_wake.notify_all();
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

void PredictionWorker::submit(PredictionRequest request) {
    {
        std::lock_guard lock(m_mutex);
        m_latest.store(request.generation);
        m_pending = std::move(request);
    }
    m_wake.notify_one();
}

void PredictionWorker::clearCaches() {
    std::lock_guard lock(m_mutex);
    m_clear = true;
}

bool PredictionWorker::busy() const {
    std::lock_guard lock(m_mutex);
    return m_running || m_pending.has_value();
}

void PredictionWorker::run() {
    for (;;) {
        PredictionRequest request;
        bool clear = false;
        {
            std::unique_lock lock(m_mutex);
            m_running = false;
            m_wake.wait(lock, [this] { return m_stop || m_pending.has_value(); });
            if (m_stop) {
                return;
            }
            request = std::move(*m_pending);
            m_pending.reset();
            m_running = true;
            clear = m_clear;
            m_clear = false;
        }
        if (clear) {
            m_predictor.clear();
        }
        const quint64 generation = request.generation;
        const auto cancelled = [this, generation] { return m_stopping.load() || m_latest.load() != generation; };

        SessionPredictor::Outcome current = m_predictor.predictCurrent(request, m_previous.get(), cancelled);
        if (current.cancelled) {
            continue;
        }
        if (!current.results) {
            if (!cancelled()) {
                m_deliver(Delivery{generation, nullptr, current.error});
            }
            continue;
        }
        std::shared_ptr<const SessionResults> first = current.results;
        m_previous = first;
        if (cancelled()) {
            continue;
        }
        m_deliver(Delivery{generation, first, {}});
        if (first->complete()) {
            continue;
        }
        SessionPredictor::Outcome complete = m_predictor.completeSweeps(*first, cancelled);
        if (complete.cancelled || !complete.results || cancelled()) {
            continue;
        }
        m_previous = complete.results;
        m_deliver(Delivery{generation, complete.results, {}});
    }
}

}  // namespace infersight
