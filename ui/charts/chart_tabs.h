// SPDX-License-Identifier: MIT
// The six explorer charts in tabs (latency, throughput, memory, energy-latency, per-layer,
// roofline), fed with one call per result. Only the visible chart is brought up to date at once;
// the others take the newest results when their tab is shown (a slider drag redraws one chart, not
// six). chart() always returns an up-to-date chart.
#pragma once

#include "charts/chart_base.h"

#include <QTabWidget>

#include <array>
#include <memory>

namespace infersight {

class ChartView;
struct SessionResults;

class ChartTabs : public QTabWidget {
    Q_OBJECT
public:
    explicit ChartTabs(QWidget *parent = nullptr);

    // Up to date (pending results applied first).
    ChartBase *chart(ChartKind kind);
    ChartView *view(ChartKind kind) const;
    ChartKind currentKind() const;
    void setCurrentKind(ChartKind kind);

    // false: every chart is updated by setData() at once (the benchmark's worst case).
    void setLazyUpdates(bool lazy) { m_lazy = lazy; }
    // Draft quality while a knob's slider is dragged: the charts are drawn without antialiasing (a
    // third of the repaint time); false redraws them smooth. Exports and the report are not affected.
    void setDraftQuality(bool draft);
    bool isDraftQuality() const { return m_draft; }

public slots:
    // The explorer session's results (connect ExplorerSession::resultsChanged here).
    void setResults(const std::shared_ptr<const SessionResults> &results);
    void setData(std::shared_ptr<const ChartData> data);
    // The target of the per-layer and roofline charts (index into the data's targets; -1: the data's own).
    void setSelectedTarget(int index);

private:
    void bringUpToDate(int tab);

    std::array<ChartView *, kAllChartKinds.size()> m_views{};
    std::array<bool, kAllChartKinds.size()> m_stale{};
    std::shared_ptr<const ChartData> m_data;
    int m_selectedTarget = -1;
    bool m_lazy = true;
    bool m_draft = false;
};

}  // namespace infersight
