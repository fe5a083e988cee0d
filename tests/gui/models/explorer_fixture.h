// SPDX-License-Identifier: MIT
// Shared set-up of the item-model tests: an ExplorerSession on a zoo model with real targets,
// waited on until its results are complete, and the engine's own prediction to compare against.
#pragma once

#include "design/design.h"
#include "hardware/gpu_catalogue.h"
#include "predict/predictor.h"
#include "session/explorer_session.h"

#include <QSignalSpy>
#include <QtTest>

namespace infersight::testing {

constexpr int kWaitMs = 30000;

inline ProjectTarget gpuTarget(const QString &id, const QString &mig = {}) {
    ProjectTarget t;
    t.gpu = id;
    t.mig = mig;
    return t;
}

// Opens `source` at `knobs` on `targets` and waits for complete results; false on failure.
inline bool openAndSettle(ExplorerSession &session, const QString &source, const Knobs &knobs,
                          const std::vector<ProjectTarget> &targets) {
    if (!session.resetTargets(targets)) {
        return false;
    }
    QSignalSpy loaded(&session, &ExplorerSession::loaded);
    QSignalSpy failed(&session, &ExplorerSession::loadFailed);
    session.open(source, {}, knobs);
    if (!QTest::qWaitFor([&] { return !loaded.isEmpty() || !failed.isEmpty(); }, kWaitMs) || loaded.isEmpty()) {
        return false;
    }
    return QTest::qWaitFor([&] { return !session.isPredicting() && session.results() && session.results()->complete(); }, kWaitMs);
}

// The engine's prediction for the same source, knobs and GPU, through the core API.
inline Prediction enginePrediction(const QString &source, const Knobs &knobs, const QString &gpuId, const QString &mig = {}) {
    auto design = Design::open(source, knobs);
    auto target = resolveTarget(GpuCatalogue::builtIn(), gpuId, mig);
    PredictOptions options;
    options.batch = knobs.batch;
    return predict(design->graph(), *target, design->knobs(), options).value();
}

}  // namespace infersight::testing
