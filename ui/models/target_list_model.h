// SPDX-License-Identifier: MIT
// The comparison list: one row per target with its colour swatch, label and, when it cannot be
// predicted (a precision the GPU lacks, a GPU unknown here), the reason in the tooltip and a
// warning icon. A thin view of the session's targets and results.
#pragma once

#include "session/design_spec.h"
#include "session/session_results.h"

#include <QAbstractListModel>

#include <memory>
#include <vector>

namespace infersight {

class TargetListModel : public QAbstractListModel {
    Q_OBJECT
public:
    static constexpr int KeyRole = Qt::UserRole;
    static constexpr int ErrorRole = Qt::UserRole + 1;
    static constexpr int ColourRole = Qt::UserRole + 2;

    explicit TargetListModel(QObject *parent = nullptr);

    void setTargets(const std::vector<ResolvedTarget> &targets);
    void setResults(std::shared_ptr<const SessionResults> results);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QString errorOf(int row) const;

    std::vector<ResolvedTarget> m_targets;
    std::shared_ptr<const SessionResults> m_results;
};

}  // namespace infersight
