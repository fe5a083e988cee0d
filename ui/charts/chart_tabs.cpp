// SPDX-License-Identifier: MIT
#include "charts/chart_tabs.h"

#include "charts/chart_session.h"
#include "charts/chart_view.h"

#include <algorithm>

namespace infersight {

ChartTabs::ChartTabs(QWidget *parent) : QTabWidget(parent) {
    setObjectName(QStringLiteral("chartTabs"));
    setDocumentMode(true);
    for (std::size_t i = 0; i < kAllChartKinds.size(); ++i) {
        const ChartKind kind = kAllChartKinds[i];
        m_views[i] = new ChartView(ChartBase::create(kind), this);
        addTab(m_views[i], chartKindTabTitle(kind));
        setTabVisible(static_cast<int>(i), !isLlmChart(kind));
    }
    connect(this, &QTabWidget::currentChanged, this, [this](int tab) { bringUpToDate(tab); });
}

ChartView *ChartTabs::view(ChartKind kind) const {
    return m_views[static_cast<std::size_t>(kind)];
}

ChartBase *ChartTabs::chart(ChartKind kind) {
    bringUpToDate(static_cast<int>(kind));
    return m_views[static_cast<std::size_t>(kind)]->chartBase();
}

ChartKind ChartTabs::currentKind() const {
    const int tab = currentIndex();
    return tab >= 0 ? kAllChartKinds[static_cast<std::size_t>(tab)] : ChartKind::Latency;
}

void ChartTabs::setCurrentKind(ChartKind kind) {
    setCurrentIndex(static_cast<int>(kind));
}

void ChartTabs::setResults(const std::shared_ptr<const SessionResults> &results) {
    setData(chartDataFrom(results));
}

void ChartTabs::setData(std::shared_ptr<const ChartData> data) {
    m_data = std::move(data);
    // The token-time charts are for decoder LLMs only.
    const bool llm = m_data && std::any_of(m_data->targets.begin(), m_data->targets.end(),
                                           [](const ChartTarget &t) { return t.llm != nullptr; });
    for (std::size_t i = 0; i < kAllChartKinds.size(); ++i) {
        if (isLlmChart(kAllChartKinds[i]) && isTabVisible(static_cast<int>(i)) != llm) {
            setTabVisible(static_cast<int>(i), llm);
        }
    }
    m_stale.fill(true);
    if (m_lazy) {
        bringUpToDate(currentIndex());
    } else {
        for (int tab = 0; tab < count(); ++tab) {
            bringUpToDate(tab);
        }
    }
}

void ChartTabs::setDraftQuality(bool draft) {
    if (draft == m_draft) {
        return;
    }
    m_draft = draft;
    for (ChartView *view : m_views) {
        view->setRenderHint(QPainter::Antialiasing, !draft);
        if (!draft && view->isVisible()) {
            view->viewport()->update();
        }
    }
}

void ChartTabs::setSelectedTarget(int index) {
    m_selectedTarget = index;
    for (ChartView *view : m_views) {
        ChartBase *chart = view->chartBase();
        if (!chart->isPerTarget()) {
            continue;
        }
        // A stale chart takes the selection with its next data.
        const bool stale = m_stale[static_cast<std::size_t>(chart->kind())];
        if (stale) {
            continue;
        }
        if (m_lazy && view != currentWidget()) {
            m_stale[static_cast<std::size_t>(chart->kind())] = true;
            continue;
        }
        chart->setSelectedTarget(index);
    }
}

void ChartTabs::bringUpToDate(int tab) {
    if (tab < 0 || tab >= count() || !m_stale[static_cast<std::size_t>(tab)]) {
        return;
    }
    m_stale[static_cast<std::size_t>(tab)] = false;
    ChartBase *chart = m_views[static_cast<std::size_t>(tab)]->chartBase();
    chart->setData(m_data, m_selectedTarget);
}

}  // namespace infersight
