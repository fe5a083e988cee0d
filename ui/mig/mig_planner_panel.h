// SPDX-License-Identifier: MIT
// MigPlannerPanel: the explorer window's MIG planner (a dock's content). For the session's current
// model, knobs and the current target's GPU it shows core/explore/mig_planner.h's plan — the same
// numbers as `infersight-cli mig --json` — as a table (every MIG profile and MPS share: fits,
// memory of usable, latency, replicas, throughput per GPU, energy per inference), with an SLO input
// and a memory-headroom input, the recommendation highlighted with its reason, and DIPPM's
// memory-only rule beside it.
//
// Planning runs on the thread pool (QtConcurrent) on values only (a shared design snapshot, the
// GPU spec, the options); a generation counter drops results of superseded requests, and at most
// one plan runs at a time (the newest request waits for it). It re-plans when the results' design
// (model, knobs, structure), the current target's GPU, the catalogue, the SLO or the headroom change.
//
// Double-clicking a row (or Enter, the context menu, "Add as Target", Ctrl+Shift+A in the panel) sets that
// slice as a target: added to the session's list, or replacing the current target when the list
// is full (ExplorerSession::kMaxTargets).
#pragma once

#include "explore/mig_planner.h"

#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableView;

namespace infersight {

class Design;
class ExplorerSession;
class MigPlanModel;
class Status;
struct ProjectTarget;

class MigPlannerPanel : public QWidget {
    Q_OBJECT
public:
    // The recommendation's reason and DIPPM's rule in the user's language, from the plan's figures
    // by the planner's rules (core/explore/mig_planner.h; its own texts are English). `html`:
    // names and engine messages escaped for rich text (the panel); plain text for the PDF report.
    static QString reasonText(const MigPlan &plan, bool html = true);
    static QString dippmText(const MigPlan &plan, bool html = true);
    explicit MigPlannerPanel(ExplorerSession *session, QWidget *parent = nullptr);
    ~MigPlannerPanel() override;

    ExplorerSession *session() const { return m_session; }
    MigPlanModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }

    // The plan shown (null before the first one, or when planning failed).
    std::shared_ptr<const MigPlan> plan() const;
    // True while a plan for the newest inputs is being computed.
    bool isPlanning() const { return m_running || m_shownGeneration != m_generation; }

    // The SLO input (nullopt: none) and the headroom (fraction of usable memory kept free).
    std::optional<double> sloMs() const;
    void setSloMs(std::optional<double> ms);
    double headroom() const;
    void setHeadroom(double fraction);

    // Sets the option at `row` of model() as a target (added, or the current one replaced when
    // the list is full). Returns the session's refusal, if any (also sent as message()).
    Status addRowAsTarget(int row);
    // The target `row` stands for (GPU of the plan + MIG profile or MPS share).
    std::optional<ProjectTarget> targetForRow(int row) const;

signals:
    // A plan for the newest inputs is shown (also after a failure: plan() is then null).
    void planChanged();
    // A refused target change (the session's reason), or an empty string when it went through.
    void message(const QString &text);

private:
    struct Request;
    struct Outcome;

    void buildWidgets();
    // Starts a plan if the inputs differ from those of the last request.
    void inputsChanged();
    void start();
    void finish(quint64 generation, const std::shared_ptr<const Outcome> &outcome);
    void showOutcome();
    void updateButton();
    // The request for the session's current state; nullopt with `why` when there is nothing to plan.
    std::optional<Request> currentRequest(QString *why) const;

    ExplorerSession *m_session = nullptr;
    MigPlanModel *m_model = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_context = nullptr;
    QCheckBox *m_sloEnabled = nullptr;
    QDoubleSpinBox *m_slo = nullptr;
    QDoubleSpinBox *m_headroom = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_recommendation = nullptr;
    QLabel *m_dippm = nullptr;
    QPushButton *m_add = nullptr;

    quint64 m_modelEpoch = 0;        // counts the models opened (a reopened file is another model)
    quint64 m_generation = 0;        // last request
    quint64 m_shownGeneration = 0;   // generation of what is shown
    bool m_running = false;
    std::unique_ptr<Request> m_lastRequest;  // inputs of the last request (to skip identical ones)
    std::shared_ptr<const Outcome> m_shown;
};

}  // namespace infersight
