// SPDX-License-Identifier: MIT
#include "models/summary_model.h"

#include "charts/chart_format.h"
#include "charts/palette.h"

#include <QBrush>
#include <QIcon>
#include <QLocale>
#include <QPainter>
#include <QPalette>
#include <QPixmap>

#include <algorithm>

namespace infersight {

namespace {

QIcon swatch(const QColor &colour) {
    QPixmap pixmap(14, 14);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(colour.darker(130));
    p.setBrush(colour);
    p.drawRoundedRect(QRectF(1.5, 1.5, 11, 11), 2, 2);
    return QIcon(pixmap);
}

// Red of "does not fit" (Okabe-Ito vermillion, as the compute bound; with text it stays readable).
const QColor kNoFit(0xD5, 0x5E, 0x00);
const QColor kFits(0x00, 0x9E, 0x73);

}  // namespace

SummaryModel::SummaryModel(QObject *parent) : QAbstractTableModel(parent) {
    for (int r = 0; r < RowCount; ++r) {
        m_rows.push_back(static_cast<Row>(r));
    }
}

int SummaryModel::rowOf(Row row) const {
    const auto it = std::find(m_rows.begin(), m_rows.end(), row);
    return it == m_rows.end() ? -1 : static_cast<int>(it - m_rows.begin());
}

void SummaryModel::setResults(std::shared_ptr<const SessionResults> results) {
    std::vector<Row> rows;
    const bool llm = results && std::any_of(results->targets.begin(), results->targets.end(),
                                            [](const TargetResult &t) { return t.llm != nullptr; });
    if (llm) {
        rows = {TimeToFirstToken, TimePerOutputToken, RequestLatency, TokenRate, KvCapacity};
    }
    for (int r = 0; r < RowCount; ++r) {
        rows.push_back(static_cast<Row>(r));
    }
    const int before = columnCount();
    const int after = results ? static_cast<int>(results->targets.size()) : 0;
    bool sameTargets = before == after && rows == m_rows;
    if (sameTargets && m_results && results) {
        for (int i = 0; i < after; ++i) {
            sameTargets &= m_results->targets[static_cast<std::size_t>(i)].key == results->targets[static_cast<std::size_t>(i)].key;
        }
    }
    if (!sameTargets) {
        beginResetModel();
        m_results = std::move(results);
        m_rows = std::move(rows);
        endResetModel();
        return;
    }
    m_results = std::move(results);
    if (after > 0) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, after - 1));
    }
}

int SummaryModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : static_cast<int>(m_rows.size()); }

int SummaryModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() || !m_results ? 0 : static_cast<int>(m_results->targets.size());
}

QString SummaryModel::rowTitle(Row row) {
    switch (row) {
    case Latency: return tr("Latency (80 % band)");
    case Throughput: return tr("Throughput");
    case EnergyPerBatch: return tr("Energy per batch");
    case EnergyPerSample: return tr("Energy per sample");
    case AveragePower: return tr("Average power");
    case Memory: return tr("Device memory");
    case HostWait: return tr("GPU busy / waiting for host");
    case Kernels: return tr("Kernels");
    case Notes: return tr("Notes");
    case TimeToFirstToken: return tr("Time to first token");
    case TimePerOutputToken: return tr("Time per output token");
    case RequestLatency: return tr("Request latency");
    case TokenRate: return tr("Tokens/s (per sequence · all)");
    case KvCapacity: return tr("KV cache capacity");
    default: return {};
    }
}

QVariant SummaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole && section >= 0 && section < rowCount()) {
            return rowTitle(rowAt(section));
        }
        return {};
    }
    if (!m_results || section < 0 || section >= columnCount()) {
        return {};
    }
    const TargetResult &t = m_results->targets[static_cast<std::size_t>(section)];
    switch (role) {
    case Qt::DisplayRole: return t.label;
    case Qt::DecorationRole: return swatch(t.colour);
    case Qt::ToolTipRole: return t.error.isEmpty() ? t.label : t.error;
    case Qt::FontRole:
        if (section == m_results->selectedTarget) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    default: return {};
    }
}

QVariant SummaryModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || !m_results || index.row() >= rowCount() || index.column() >= columnCount()) {
        return {};
    }
    const TargetResult &t = m_results->targets[static_cast<std::size_t>(index.column())];
    const Row row = rowAt(index.row());
    if (row >= RowCount) {
        return t.ok() ? llmData(t, row, role) : QVariant();
    }
    if (!t.ok()) {
        if (row == Latency) {
            if (role == Qt::DisplayRole) {
                return tr("cannot predict");
            }
            if (role == Qt::ToolTipRole) {
                return t.error;
            }
            if (role == Qt::ForegroundRole) {
                return QBrush(kNoFit);
            }
        }
        if (row == Throughput && (role == Qt::DisplayRole || role == Qt::ToolTipRole)) {
            return t.error;
        }
        return {};
    }
    const Prediction &p = *t.current;
    const double batch = static_cast<double>(std::max<std::int64_t>(1, p.batch));
    if (role == Qt::TextAlignmentRole) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    switch (row) {
    case Latency:
        if (role == Qt::DisplayRole) {
            return formatMsBand(p.latencyMs, p.bandLowMs, p.bandHighMs);
        }
        if (role == ValueRole) {
            return p.latencyMs;
        }
        if (role == Qt::ToolTipRole) {
            return tr("One forward pass of batch %1 on %2; the 80 % band comes from the validation residuals of "
                      "its kernel classes%3")
                .arg(p.batch)
                .arg(t.label, !p.extrapolation.isEmpty() ? tr(" (widened, extrapolated: %1)").arg(p.extrapolation)
                              : p.extrapolated             ? tr(" (widened: some kernel lies outside the measured data)")
                                                           : QString());
        }
        break;
    case Throughput:
        if (role == Qt::DisplayRole) {
            return formatPerSecond(p.throughputPerS, tr("samples/s"));
        }
        if (role == ValueRole) {
            return p.throughputPerS;
        }
        break;
    case EnergyPerBatch:
        if (role == Qt::DisplayRole) {
            return formatJoules(p.energyJ);
        }
        if (role == ValueRole) {
            return p.energyJ;
        }
        break;
    case EnergyPerSample:
        if (role == Qt::DisplayRole) {
            return formatJoules(p.energyJ / batch);
        }
        if (role == ValueRole) {
            return p.energyJ / batch;
        }
        break;
    case AveragePower:
        if (role == Qt::DisplayRole) {
            return tr("%1 W").arg(formatSignificant(p.avgPowerW));
        }
        if (role == ValueRole) {
            return p.avgPowerW;
        }
        if (role == Qt::ToolTipRole && t.target) {
            return tr("Between the slice's idle draw (%1 W) and its power limit (%2 W)")
                .arg(formatSignificant(t.target->idleW()), formatSignificant(t.target->tdpW()));
        }
        break;
    case Memory: {
        const MemoryEstimate &m = p.memory;
        const double usable = t.usableMemoryBytes > 0 ? t.usableMemoryBytes : m.capacityBytes;
        if (role == Qt::DisplayRole) {
            return m.fits ? tr("%1 of %2").arg(formatBytes(m.deviceUsedBytes), formatBytes(usable))
                          : tr("%1 of %2: does not fit").arg(formatBytes(m.deviceUsedBytes), formatBytes(usable));
        }
        if (role == ValueRole) {
            return m.deviceUsedBytes;
        }
        if (role == BarRole) {
            return usable > 0 ? std::min(1.0, m.deviceUsedBytes / usable) : 1.0;
        }
        if (role == BarColourRole) {
            return m.fits ? kFits : kNoFit;
        }
        if (role == Qt::ForegroundRole && !m.fits) {
            return QBrush(kNoFit.darker(120));
        }
        if (role == Qt::ToolTipRole) {
            return tr("Used on the device as nvidia-smi shows it: weights %1, activations %2, KV cache %3, "
                      "workspace %4, CUDA context %5; usable %6")
                .arg(formatBytes(m.weightsBytes), formatBytes(m.activationsBytes), formatBytes(m.kvCacheBytes),
                     formatBytes(m.workspaceBytes), formatBytes(m.contextBytes), formatBytes(usable));
        }
        break;
    }
    case HostWait: {
        const double busy = p.gpuBusyMs;
        const double wait = p.hostWaitMs;
        if (role == Qt::DisplayRole) {
            return tr("%1 busy · %2 waiting").arg(formatMs(busy), formatMs(wait));
        }
        if (role == ValueRole) {
            return wait;
        }
        if (role == BarRole) {
            return busy + wait > 0 ? busy / (busy + wait) : 1.0;
        }
        if (role == BarColourRole) {
            return boundColour(Bound::Memory);
        }
        if (role == BarRestColourRole) {
            return boundColour(Bound::Host);
        }
        if (role == Qt::ToolTipRole) {
            return tr("GPU busy with kernels %1; GPU idle waiting for the host (framework dispatch, launches) %2; "
                      "host time to dispatch the pass %3")
                .arg(formatMs(busy), formatMs(wait), formatMs(p.hostMs));
        }
        break;
    }
    case Kernels:
        if (role == Qt::DisplayRole) {
            return tr("%1 kernels · %2 host ops").arg(QLocale().toString(p.kernelCount), QLocale().toString(p.hostOps));
        }
        if (role == ValueRole) {
            return p.kernelCount;
        }
        break;
    case Notes: {
        QStringList notes = p.warnings;
        if (!p.extrapolation.isEmpty()) {
            notes.prepend(tr("extrapolated: %1 (band widened)").arg(p.extrapolation));
        } else if (p.extrapolated) {
            notes.prepend(tr("extrapolated: some kernel lies outside the measured data (band widened)"));
        }
        if (!p.calibration.isEmpty()) {
            notes << tr("calibration: %1").arg(p.calibration);
        }
        if (role == Qt::DisplayRole) {
            return notes.isEmpty() ? QString() : tr("%n note(s)", nullptr, static_cast<int>(notes.size()));
        }
        if (role == Qt::ToolTipRole && !notes.isEmpty()) {
            return notes.join(QLatin1Char('\n'));
        }
        break;
    }
    default: break;
    }
    return {};
}

QVariant SummaryModel::llmData(const TargetResult &t, Row row, int role) const {
    if (role == Qt::TextAlignmentRole) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    const LlmTargetResult *llm = t.llm.get();
    if (llm == nullptr) {
        return role == Qt::DisplayRole ? QVariant(tr("computing…")) : QVariant();
    }
    if (!llm->request) {
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
            return row == TimeToFirstToken ? QVariant(llm->error) : QVariant();
        }
        return {};
    }
    const LlmRequestPrediction &r = *llm->request;
    const LlmRequest &q = r.request;
    switch (row) {
    case TimeToFirstToken:
        if (role == Qt::DisplayRole) {
            return formatMs(r.ttftMs);
        }
        if (role == ValueRole) {
            return r.ttftMs;
        }
        if (role == Qt::ToolTipRole) {
            return tr("Prefill of a %1-token prompt for %2 sequence(s)")
                .arg(QLocale().toString(static_cast<qlonglong>(q.prompt)))
                .arg(q.batch);
        }
        break;
    case TimePerOutputToken:
        if (role == Qt::DisplayRole) {
            return formatMs(r.tpotMs);
        }
        if (role == ValueRole) {
            return r.tpotMs;
        }
        if (role == Qt::ToolTipRole) {
            return tr("Mean decode step over contexts %1 to %2 tokens (%3)")
                .arg(QLocale().toString(static_cast<qlonglong>(q.prompt)),
                     QLocale().toString(static_cast<qlonglong>(q.prompt + q.output - 1)), r.runtimeId);
        }
        break;
    case RequestLatency:
        if (role == Qt::DisplayRole) {
            return formatMs(r.e2eMs);
        }
        if (role == ValueRole) {
            return r.e2eMs;
        }
        if (role == Qt::ToolTipRole) {
            return tr("Time to first token + %1 more tokens at the time per output token")
                .arg(QLocale().toString(static_cast<qlonglong>(q.output - 1)));
        }
        break;
    case TokenRate:
        if (role == Qt::DisplayRole) {
            return tr("%1 · %2").arg(formatSignificant(r.tokensPerSecondPerSequence),
                                     formatSignificant(r.tokensPerSecondAggregate));
        }
        if (role == ValueRole) {
            return r.tokensPerSecondAggregate;
        }
        break;
    case KvCapacity:
        if (!llm->capacity) {
            break;
        }
        if (role == Qt::DisplayRole) {
            const LlmKvCapacity &c = *llm->capacity;
            if (!c.weightsFit) {
                return tr("weights do not fit");
            }
            return tr("%n sequence(s) of %1 tokens", nullptr, static_cast<int>(std::min<std::int64_t>(c.maxSequences, 1 << 30)))
                .arg(QLocale().toString(static_cast<qlonglong>(c.context)));
        }
        if (role == ValueRole) {
            return static_cast<qlonglong>(llm->capacity->maxSequences);
        }
        if (role == Qt::ForegroundRole && (!llm->capacity->weightsFit || llm->capacity->maxSequences < q.batch)) {
            return QBrush(kNoFit.darker(120));
        }
        if (role == Qt::ToolTipRole) {
            const LlmKvCapacity &c = *llm->capacity;
            return tr("Weights %1, KV cache %2 per token, %3 left for the KV cache; one sequence up to %4 tokens")
                .arg(formatBytes(c.weightsBytes), formatBytes(c.kvBytesPerToken), formatBytes(std::max(0.0, c.kvBudgetBytes)),
                     QLocale().toString(static_cast<qlonglong>(c.maxContextOneSequence)));
        }
        break;
    default: break;
    }
    return {};
}

}  // namespace infersight
