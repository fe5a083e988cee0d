// SPDX-License-Identifier: MIT
// MigPlanModel: a MIG plan (core/explore/mig_planner.h) as a table, read-only. One row per MIG
// profile (NVIDIA's order), then one per MPS share; columns: option, fits, memory, usable memory,
// latency, replicas, throughput per GPU, energy per inference, and a note (recommended, DIPPM's
// pick, misses the SLO, why it could not be predicted). The recommended MIG row and MPS row are
// bold on a green tint; DIPPM's pick, where it differs, on an orange tint; options that do not fit
// or miss the SLO are greyed. ValueRole gives every number in the CLI's units (MiB, ms, J), so the
// table can be compared with `infersight-cli mig --json`.
#pragma once

#include "explore/llm_serving.h"
#include "explore/mig_planner.h"

#include <QAbstractTableModel>

#include <map>
#include <memory>

namespace infersight {

class MigPlanModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // KvSequences: decoder LLMs only (the panel hides it otherwise): sequences of the request's
    // final context whose KV cache fits beside the weights (core/explore/llm_serving.h).
    enum Column { Option, Fits, Memory, Usable, Latency, Replicas, ThroughputPerGpu, EnergyPerInference, KvSequences, Note, ColumnCount };
    // The raw value of a cell: double (MiB, ms, inferences/s, J), int (replicas), bool (fits), the
    // profile ("1g.5gb", "mps-50") in the Option column; invalid when the option was not predicted.
    static constexpr int ValueRole = Qt::UserRole;
    // Per row, any column: the profile, and whether the row is the recommendation / DIPPM's pick.
    static constexpr int ProfileRole = Qt::UserRole + 1;
    static constexpr int RecommendedRole = Qt::UserRole + 2;
    static constexpr int DippmRole = Qt::UserRole + 3;

    explicit MigPlanModel(QObject *parent = nullptr);

    void setPlan(std::shared_ptr<const MigPlan> plan);
    // KV capacity per option profile ("1g.10gb"; empty map: not an LLM).
    void setKvCapacity(std::map<QString, LlmKvCapacity> capacity);
    const std::map<QString, LlmKvCapacity> &kvCapacity() const { return m_kv; }
    const std::shared_ptr<const MigPlan> &plan() const { return m_plan; }
    // The option of `row` (MIG rows, then MPS rows); null out of range.
    const MigOption *option(int row) const;
    // Rows of the recommended MIG profile, the recommended MPS share and DIPPM's pick; -1: none.
    int recommendedRow() const;
    int recommendedMpsRow() const;
    int dippmRow() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString columnTitle(Column column);

private:
    QVariant value(const MigOption &o, int column) const;
    QString display(const MigOption &o, int row, int column) const;
    QString toolTip(const MigOption &o, int column) const;
    QString note(const MigOption &o, int row) const;

    std::shared_ptr<const MigPlan> m_plan;
    std::map<QString, LlmKvCapacity> m_kv;
};

}  // namespace infersight
