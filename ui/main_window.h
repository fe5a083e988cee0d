// SPDX-License-Identifier: MIT
#pragma once

#include <QMainWindow>

class QLabel;

namespace infersight {

// The application window. For now: the open model's name and summary.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    void showModelSummary(const QString &title, const QString &summary);

private:
    QLabel *m_summary = nullptr;
};

}  // namespace infersight
