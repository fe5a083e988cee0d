// SPDX-License-Identifier: MIT
#include "models/zoo_table_model.h"

#include "zoo/model_zoo.h"

#include <QLocale>

namespace infersight {

ZooTableModel::ZooTableModel(QObject *parent) : QAbstractTableModel(parent) {}

int ZooTableModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(zooModels().size());
}

int ZooTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ZooTableModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const ZooModel &m = zooModels()[static_cast<std::size_t>(index.row())];
    if (role == SourceRole) {
        return QStringLiteral("zoo:") + m.name;
    }
    if (role == Qt::TextAlignmentRole) {
        return index.column() == Parameters || index.column() == GMacs ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                       : QVariant();
    }
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Parameters: return m.paramsSource.isEmpty() ? QVariant() : tr("Source: %1").arg(m.paramsSource);
        case GMacs: return m.macsSource.isEmpty() ? QVariant() : tr("Source: %1").arg(m.macsSource);
        case Description: return tr("%1\nMirrors %2").arg(m.description, m.reference);
        default: return tr("Mirrors %1").arg(m.reference);
        }
    }
    if (role != Qt::DisplayRole && role != SortRole) {
        return {};
    }
    switch (index.column()) {
    case Name: return m.name;
    case Family: return m.family;
    case Parameters:
        if (role == SortRole) {
            return static_cast<double>(m.publishedParams);
        }
        return m.publishedParams > 0 ? QLocale().toString(static_cast<qlonglong>(m.publishedParams)) : QStringLiteral("–");
    case GMacs:
        if (role == SortRole) {
            return m.publishedGMacs;
        }
        return m.publishedGMacs > 0 ? QLocale().toString(m.publishedGMacs, 'f', 3) : QStringLiteral("–");
    case DefaultInput: return m.defaultInput();
    case Description: return m.description;
    default: return {};
    }
}

QVariant ZooTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case Name: return tr("Model");
    case Family: return tr("Family");
    case Parameters: return tr("Parameters");
    case GMacs: return tr("GMACs");
    case DefaultInput: return tr("Default input");
    case Description: return tr("Description");
    default: return {};
    }
}

}  // namespace infersight
