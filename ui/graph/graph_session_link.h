// SPDX-License-Identifier: MIT
// Ties the graph view and the inspector to the ExplorerSession, both ways:
//   session results / model / spec  -> the pane's graph and the current target's prediction
//                                      (colours follow knobs and target live), the inspector's numbers
//   session selected node         <-> the pane's selection and the inspector's node
//   inspector width / heads edit   -> session.addEdit (undoable; a refusal comes back unchanged)
//   inspector dependents           -> highlighted in the graph
// The main window creates one link for its pane and inspector dock.
#pragma once

#include <QObject>
#include <QPointer>

#include <memory>

namespace infersight {

class ExplorerSession;
class GraphPane;
class NodeInspector;
struct SessionResults;

class GraphSessionLink : public QObject {
    Q_OBJECT
public:
    // `inspector` may be null.
    GraphSessionLink(ExplorerSession *session, GraphPane *pane, NodeInspector *inspector, QObject *parent = nullptr);

private:
    void onResults(const std::shared_ptr<const SessionResults> &results);
    void onModel();
    void onCurrentTarget(int index);
    void onSelectedNode(const QString &name);

    QPointer<ExplorerSession> m_session;
    QPointer<GraphPane> m_pane;
    QPointer<NodeInspector> m_inspector;
};

}  // namespace infersight
