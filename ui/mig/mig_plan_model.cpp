// SPDX-License-Identifier: MIT
#include "mig/mig_plan_model.h"

#include "charts/chart_format.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>
#include <QPalette>

namespace infersight {

namespace {

// Okabe-Ito bluish green and orange (ui/charts/palette.h's palette), as light tints behind text.
const QColor kRecommendedTint(0, 158, 115, 70);
const QColor kDippmTint(230, 159, 0, 70);

QString mib(double value) { return QLocale().toString(value, 'f', 0); }

}  // namespace

MigPlanModel::MigPlanModel(QObject *parent) : QAbstractTableModel(parent) {}

void MigPlanModel::setPlan(std::shared_ptr<const MigPlan> plan) {
    beginResetModel();
    m_plan = std::move(plan);
    endResetModel();
}

void MigPlanModel::setKvCapacity(std::map<QString, LlmKvCapacity> capacity) {
    m_kv = std::move(capacity);
    if (rowCount() > 0) {
        emit dataChanged(index(0, KvSequences), index(rowCount() - 1, KvSequences));
    }
}

const MigOption *MigPlanModel::option(int row) const {
    if (!m_plan || row < 0) {
        return nullptr;
    }
    const auto r = static_cast<std::size_t>(row);
    if (r < m_plan->options.size()) {
        return &m_plan->options[r];
    }
    if (r - m_plan->options.size() < m_plan->mpsOptions.size()) {
        return &m_plan->mpsOptions[r - m_plan->options.size()];
    }
    return nullptr;
}

int MigPlanModel::recommendedRow() const { return m_plan ? m_plan->recommended : -1; }

int MigPlanModel::recommendedMpsRow() const {
    return m_plan && m_plan->recommendedMps >= 0 ? static_cast<int>(m_plan->options.size()) + m_plan->recommendedMps : -1;
}

int MigPlanModel::dippmRow() const { return m_plan ? m_plan->dippm : -1; }

int MigPlanModel::rowCount(const QModelIndex &parent) const {
    if (parent.isValid() || !m_plan) {
        return 0;
    }
    return static_cast<int>(m_plan->options.size() + m_plan->mpsOptions.size());
}

int MigPlanModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString MigPlanModel::columnTitle(Column column) {
    switch (column) {
    case Option: return tr("Option");
    case Fits: return tr("Fits");
    case Memory: return tr("Memory (MiB)");
    case Usable: return tr("Usable (MiB)");
    case Latency: return tr("Latency");
    case Replicas: return tr("Replicas");
    case ThroughputPerGpu: return tr("Inferences/s per GPU");
    case EnergyPerInference: return tr("Energy per inference");
    case KvSequences: return tr("LLM sequences");
    case Note: return tr("Note");
    case ColumnCount: break;
    }
    return {};
}

QVariant MigPlanModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && section >= 0 && section < ColumnCount) {
        const auto column = static_cast<Column>(section);
        if (role == Qt::DisplayRole) {
            return columnTitle(column);
        }
        if (role == Qt::ToolTipRole) {
            switch (column) {
            case Fits: return tr("Whether the predicted device memory fits the usable memory less the headroom");
            case Memory:
                return tr("Predicted device memory (weights, activations, workspace, CUDA context), and its share of the usable "
                          "memory");
            case Usable: return tr("Memory usable by one instance (MIG: as nvidia-smi lists the profile; MPS: the client's share)");
            case Replicas: return tr("Instances per GPU (MIG: the profile's maximum; MPS: clients of this share)");
            case ThroughputPerGpu: return tr("Replicas × batch ÷ latency");
            case KvSequences:
                return tr("Sequences of the request's length whose KV cache fits beside the weights in one instance "
                          "(the runtime's KV blocks and memory reserve)");
            default: break;
            }
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

QVariant MigPlanModel::value(const MigOption &o, int column) const {
    if (column == KvSequences) {
        const auto it = m_kv.find(o.profile);
        return it == m_kv.end() ? QVariant() : QVariant(static_cast<qlonglong>(it->second.weightsFit ? it->second.maxSequences : 0));
    }
    switch (column) {
    case Option: return o.profile;
    case Usable: return o.usableMib;
    case Replicas: return o.replicas;
    default: break;
    }
    if (!o.ok) {
        return {};
    }
    switch (column) {
    case Fits: return o.fits;
    case Memory: return o.memoryMib;
    case Latency: return o.latencyMs;
    case ThroughputPerGpu: return o.throughputPerGpu;
    case EnergyPerInference: return o.energyJ;
    default: return {};
    }
}

QString MigPlanModel::note(const MigOption &o, int row) const {
    QStringList parts;
    if (row == recommendedRow() || row == recommendedMpsRow()) {
        parts << tr("Recommended");
    }
    if (row == dippmRow()) {
        parts << tr("DIPPM's rule");
    }
    if (!o.ok) {
        parts << tr("Not predicted");
    } else {
        if (!o.fits) {
            parts << (o.memoryMib > o.usableMib ? tr("Out of memory") : tr("Within the headroom"));
        }
        if (!o.meetsSlo) {
            parts << tr("Misses the SLO");
        }
        if (o.mediaExtensions) {
            parts << tr("Media engines");
        }
    }
    return parts.join(QStringLiteral(" · "));
}

QString MigPlanModel::display(const MigOption &o, int row, int column) const {
    if (column == Option) {
        return o.kind == MigOption::Kind::Mig ? tr("MIG %1").arg(o.profile)
                                              : tr("MPS %1 %").arg(QLocale().toString(o.mpsPercent, 'g', 4));
    }
    if (column == Usable) {
        return mib(o.usableMib);
    }
    if (column == Replicas) {
        return QLocale().toString(o.replicas);
    }
    if (column == Note) {
        return note(o, row);
    }
    if (column == KvSequences) {
        const auto it = m_kv.find(o.profile);
        if (it == m_kv.end()) {
            return {};
        }
        const LlmKvCapacity &c = it->second;
        return c.weightsFit ? tr("%1 × %2 tokens")
                                  .arg(QLocale().toString(static_cast<qlonglong>(c.maxSequences)),
                                       QLocale().toString(static_cast<qlonglong>(c.context)))
                            : tr("weights do not fit");
    }
    if (!o.ok) {
        return column == Fits ? tr("–") : QString();
    }
    switch (column) {
    case Fits: return o.fits ? tr("yes") : tr("no");
    case Memory:
        return o.usableMib > 0 ? tr("%1 (%2 %)").arg(mib(o.memoryMib), formatSignificant(100.0 * o.memoryMib / o.usableMib, 2))
                               : mib(o.memoryMib);
    case Latency: return formatMs(o.latencyMs);
    case ThroughputPerGpu: return formatSignificant(o.throughputPerGpu);
    case EnergyPerInference: return formatJoules(o.energyJ);
    default: return {};
    }
}

QString MigPlanModel::toolTip(const MigOption &o, int column) const {
    if (column == KvSequences) {
        const auto it = m_kv.find(o.profile);
        if (it == m_kv.end()) {
            return {};
        }
        const LlmKvCapacity &c = it->second;
        return tr("Weights %1 MiB; KV cache %2 KiB per token; %3 MiB left for it; one sequence up to %4 tokens")
            .arg(mib(c.weightsBytes / 1048576.0), formatSignificant(c.kvBytesPerToken / 1024.0),
                 mib(std::max(0.0, c.kvBudgetBytes) / 1048576.0),
                 QLocale().toString(static_cast<qlonglong>(c.maxContextOneSequence)));
    }
    if (!o.ok) {
        return tr("Not predicted: %1").arg(o.error);
    }
    if (column == Note && o.mediaExtensions) {
        return tr("A “+me” profile: the same slice as its plain twin with the media engines, fewer instances per GPU; "
                  "listed but never recommended");
    }
    switch (column) {
    case Fits:
    case Memory:
    case Usable:
        return tr("%1 MiB predicted; %2 MiB usable, %3 MiB after the headroom")
            .arg(mib(o.memoryMib), mib(o.usableMib), mib(o.budgetMib));
    case Latency: return tr("80 % band: %1").arg(formatMsBand(o.latencyMs, o.latencyLowMs, o.latencyHighMs));
    case ThroughputPerGpu:
        return tr("%1 × %2 inferences/s per instance").arg(QLocale().toString(o.replicas), formatSignificant(o.throughputPerInstance));
    default: return {};
    }
}

QVariant MigPlanModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const MigOption *o = option(index.row());
    if (!o) {
        return {};
    }
    const int row = index.row();
    const int column = index.column();
    const bool recommended = row == recommendedRow() || row == recommendedMpsRow();
    const bool dippmDiffers = row == dippmRow() && row != recommendedRow();
    switch (role) {
    case Qt::DisplayRole: return display(*o, row, column);
    case Qt::ToolTipRole: {
        const QString tip = toolTip(*o, column);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    case ValueRole: return value(*o, column);
    case ProfileRole: return o->profile;
    case RecommendedRole: return recommended;
    case DippmRole: return row == dippmRow();
    case Qt::TextAlignmentRole:
        if (column == Option || column == Note || column == Fits) {
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        }
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (recommended) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::BackgroundRole:
        if (recommended) {
            return QBrush(kRecommendedTint);
        }
        if (dippmDiffers) {
            return QBrush(kDippmTint);
        }
        return {};
    case Qt::ForegroundRole:
        if (!o->ok || !o->fits || !o->meetsSlo) {
            return QBrush(QPalette().color(QPalette::Disabled, QPalette::Text));
        }
        return {};
    default: return {};
    }
}

}  // namespace infersight
