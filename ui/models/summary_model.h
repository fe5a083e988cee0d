// SPDX-License-Identifier: MIT
// The summary of the current knobs, one column per target side by side and one row per figure:
// latency with its 80 % band, throughput, energy per batch and per sample, average power, device
// memory used of usable (a bar, red when it does not fit), GPU busy vs waiting for the host (a
// split bar), kernels, and the prediction's warnings. A target that cannot be predicted shows the
// reason. Bars are painted by SummaryBarDelegate from BarRole / BarColourRole. For a decoder LLM the
// request's figures (time to first token, time per output token, request latency, tokens/s, KV
// cache capacity) come first.
#pragma once

#include "session/session_results.h"

#include <QAbstractTableModel>
#include <QColor>

#include <memory>
#include <vector>

namespace infersight {

class SummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // The rows of every model (RowCount of them, in this order), then the rows of a decoder LLM's
    // request (TTFT, TPOT, request latency, token rates, KV capacity), which come first when the
    // results have them (rowOf() gives a row's index in the table).
    enum Row {
        Latency, Throughput, EnergyPerBatch, EnergyPerSample, AveragePower, Memory, HostWait, Kernels, Notes, RowCount,
        TimeToFirstToken = RowCount, TimePerOutputToken, RequestLatency, TokenRate, KvCapacity, AllRows
    };
    static constexpr int BarRole = Qt::UserRole;           // 0..1: filled part of the cell's bar
    static constexpr int BarColourRole = Qt::UserRole + 1;  // QColor of the filled part
    static constexpr int BarRestColourRole = Qt::UserRole + 2;  // QColor of the rest (split bars); invalid: track only
    static constexpr int ValueRole = Qt::UserRole + 3;      // the number shown (ms, samples/s, J, W, bytes)

    explicit SummaryModel(QObject *parent = nullptr);

    void setResults(std::shared_ptr<const SessionResults> results);
    const SessionResults *results() const { return m_results.get(); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString rowTitle(Row row);
    Row rowAt(int index) const { return m_rows.at(static_cast<std::size_t>(index)); }
    int rowOf(Row row) const;  // -1: not shown

private:
    QVariant llmData(const TargetResult &t, Row row, int role) const;
    std::shared_ptr<const SessionResults> m_results;
    std::vector<Row> m_rows;
};

}  // namespace infersight
