// SPDX-License-Identifier: MIT
// The prompt for a TorchScript model's input shapes, in the syntax of the CLI's --input option
// (core/importers/torchscript/torchscript_input_spec.h). Returns nullopt when cancelled.
#pragma once

#include <QDialog>
#include <QString>

#include <optional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

class QWidget;

namespace infersight {

std::optional<QString> askTorchScriptInputShapes(QWidget *parent, const QString &file);

// The dialog behind askTorchScriptInputShapes (objectNames: "shapeEdit", "shapeError"); OK is
// enabled only while the text parses.
class InputShapeDialog : public QDialog {
    Q_OBJECT
public:
    explicit InputShapeDialog(const QString &file, QWidget *parent = nullptr);

    QString shapes() const;
    // Empty when the text parses, else the parser's message.
    QString validationError() const { return m_errorText; }

private:
    void validate();

    QLineEdit *m_edit = nullptr;
    QLabel *m_error = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QString m_errorText;
};

}  // namespace infersight
