// SPDX-License-Identifier: MIT
#include "main_window.h"

#include <QLabel>
#include <QMenuBar>
#include <QVBoxLayout>

namespace infersight {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent) {
    setWindowTitle(tr("Infersight"));
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    m_summary = new QLabel(central);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_summary);
    setCentralWidget(central);
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    resize(1000, 700);
}

void MainWindow::showModelSummary(const QString &title, const QString &summary) {
    setWindowTitle(tr("%1 — Infersight").arg(title));
    m_summary->setText(summary);
}

}  // namespace infersight
