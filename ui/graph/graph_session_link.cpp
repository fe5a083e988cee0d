// SPDX-License-Identifier: MIT
#include "graph/graph_session_link.h"

#include "graph/graph_pane.h"
#include "pages/node_inspector.h"
#include "session/explorer_session.h"

namespace infersight {

namespace {

std::shared_ptr<const Prediction> predictionOf(const SessionResults *results, int target) {
    if (!results || target < 0 || target >= static_cast<int>(results->targets.size())) {
        return nullptr;
    }
    const TargetResult &t = results->targets[static_cast<std::size_t>(target)];
    return t.ok() ? t.current : nullptr;
}

}  // namespace

GraphSessionLink::GraphSessionLink(ExplorerSession *session, GraphPane *pane, NodeInspector *inspector, QObject *parent)
    : QObject(parent), m_session(session), m_pane(pane), m_inspector(inspector) {
    connect(session, &ExplorerSession::resultsChanged, this, &GraphSessionLink::onResults);
    connect(session, &ExplorerSession::modelChanged, this, &GraphSessionLink::onModel);
    connect(session, &ExplorerSession::specChanged, this, &GraphSessionLink::onModel);
    connect(session, &ExplorerSession::currentTargetChanged, this, &GraphSessionLink::onCurrentTarget);
    connect(session, &ExplorerSession::selectedNodeChanged, this, &GraphSessionLink::onSelectedNode);
    connect(pane, &GraphPane::nodeSelected, session, [this](const QString &name) {
        if (m_session && m_session->selectedNode() != name) {
            m_session->setSelectedNode(name);
        }
        if (m_inspector) {
            m_inspector->showNode(name);
        }
    });
    if (inspector) {
        inspector->setEditHandler([this](const DesignEdit &edit) -> Status {
            if (!m_session) {
                return Error{tr("no model is open")};
            }
            return m_session->addEdit(edit);
        });
        connect(inspector, &NodeInspector::dependentsChanged, pane, &GraphPane::highlightNodes);
    }
    // catch up with what the session already has
    onModel();
    if (session->results()) {
        onResults(session->results());
    }
    onSelectedNode(session->selectedNode());
}

void GraphSessionLink::onResults(const std::shared_ptr<const SessionResults> &results) {
    if (!results || !m_pane) {
        return;
    }
    if (results->design) {
        m_pane->setGraph(results->design->sharedGraph());
    }
    const int target = m_session ? m_session->currentTarget() : results->selectedTarget;
    m_pane->setPrediction(predictionOf(results.get(), target));
    if (m_inspector) {
        m_inspector->setResults(results);
        m_inspector->setCurrentTarget(target);
    }
}

void GraphSessionLink::onModel() {
    if (!m_session || !m_pane) {
        return;
    }
    if (!m_session->hasModel()) {
        m_pane->setGraph(nullptr);
        return;
    }
    // the newest design: shapes and labels follow a change before its prediction lands
    const std::shared_ptr<const Design> design = m_session->sharedDesign();
    if (design) {
        m_pane->setGraph(design->sharedGraph());
        if (m_inspector) {
            m_inspector->setDesign(design);
        }
    }
}

void GraphSessionLink::onCurrentTarget(int index) {
    if (!m_session || !m_pane) {
        return;
    }
    const std::shared_ptr<const SessionResults> results = m_session->results();
    m_pane->setPrediction(predictionOf(results.get(), index));
    if (m_inspector) {
        m_inspector->setCurrentTarget(index);
    }
}

void GraphSessionLink::onSelectedNode(const QString &name) {
    if (m_pane && m_pane->selectedNode() != name) {
        m_pane->selectNode(name);
    }
    if (m_inspector) {
        m_inspector->showNode(name);
    }
}

}  // namespace infersight
