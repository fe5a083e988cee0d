// SPDX-License-Identifier: MIT
// Waiting on an ExplorerSession in GUI tests (one copy for every test that drives a session):
// open a model and wait until it is loaded and, by default, until its targets are predicted.
#pragma once

#include "session/explorer_session.h"

#include <QSignalSpy>
#include <QtTest>

#include <optional>

namespace infersight::test_support {

inline constexpr int kSessionWaitMs = 120000;

enum class SessionWait { Loaded, Predicted };

// Opens `source` (with `knobs` if given); false when the load fails or does not finish in time.
inline bool openAndWait(ExplorerSession &session, const QString &source, std::optional<Knobs> knobs = {},
                        SessionWait wait = SessionWait::Predicted) {
    QSignalSpy loaded(&session, &ExplorerSession::loaded);
    QSignalSpy failed(&session, &ExplorerSession::loadFailed);
    session.open(source, {}, knobs);
    if (!QTest::qWaitFor([&] { return !loaded.isEmpty() || !failed.isEmpty(); }, kSessionWaitMs) || loaded.isEmpty()) {
        return false;
    }
    return wait == SessionWait::Loaded || QTest::qWaitFor([&] { return !session.isPredicting(); }, kSessionWaitMs);
}

// Waits until the session has predicted its newest inputs.
inline bool settle(ExplorerSession &session) {
    return QTest::qWaitFor([&] { return !session.isPredicting(); }, kSessionWaitMs);
}

}  // namespace infersight::test_support
