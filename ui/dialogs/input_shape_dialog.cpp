// SPDX-License-Identifier: MIT
#include "dialogs/input_shape_dialog.h"

#include "importers/torchscript/torchscript_input_spec.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace infersight {

std::optional<QString> askTorchScriptInputShapes(QWidget *parent, const QString &file) {
    InputShapeDialog dialog(file, parent);
    if (dialog.exec() != QDialog::Accepted) {
        return std::nullopt;
    }
    return dialog.shapes();
}

InputShapeDialog::InputShapeDialog(const QString &file, QWidget *parent) : QDialog(parent) {
    setObjectName(QStringLiteral("inputShapeDialog"));
    setWindowTitle(tr("TorchScript Input Shapes"));

    auto *intro = new QLabel(
        tr("<p>TorchScript files do not record the shapes of their inputs. Give the shape of each argument of "
           "<b>%1</b>'s forward(), separated by commas, as the command line's "
           "<tt>&#8209;&#8209;input</tt> takes them.</p>"
           "<p>Dims are joined by <tt>x</tt>: a number, a name (<tt>N</tt> batch, <tt>H</tt>/<tt>W</tt> image "
           "size, <tt>S</tt> sequence) or <tt>name=default</tt>, then an optional <tt>:dtype</tt>.<br>"
           "Examples: <tt>1x3x224x224</tt>, <tt>Nx3xHxW</tt>, <tt>1x128:i64,1x128:i64</tt></p>")
            .arg(QFileInfo(file).fileName().toHtmlEscaped()),
        this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::RichText);

    m_edit = new QLineEdit(this);
    m_edit->setObjectName(QStringLiteral("shapeEdit"));
    m_edit->setPlaceholderText(QStringLiteral("Nx3x224x224"));
    auto *label = new QLabel(tr("&Input shapes:"), this);
    label->setBuddy(m_edit);

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("shapeError"));
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #b00020; }"));

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(label);
    layout->addWidget(m_edit);
    layout->addWidget(m_error);
    layout->addStretch(1);
    layout->addWidget(m_buttons);

    connect(m_edit, &QLineEdit::textChanged, this, &InputShapeDialog::validate);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        validate();
        if (m_errorText.isEmpty()) {
            accept();
        }
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(520, sizeHint().height());
    validate();
}

QString InputShapeDialog::shapes() const { return m_edit->text().trimmed(); }

void InputShapeDialog::validate() {
    const QString text = shapes();
    if (text.isEmpty()) {
        m_errorText = tr("Give at least one input shape.");
        m_error->clear();  // no complaint before anything is typed
    } else if (auto parsed = TorchScriptInputSpec::parseList(text); !parsed) {
        m_errorText = parsed.errorMessage();
        m_error->setText(m_errorText);
    } else {
        m_errorText.clear();
        QStringList read;
        for (const TorchScriptInputSpec &spec : *parsed) {
            read << spec.toString();
        }
        const QString list = read.join(QStringLiteral(", "));
        m_error->setText(read.size() == 1 ? tr("1 input: %1").arg(list) : tr("%1 inputs: %2").arg(read.size()).arg(list));
    }
    m_error->setStyleSheet(m_errorText.isEmpty() ? QString() : QStringLiteral("QLabel { color: #b00020; }"));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_errorText.isEmpty());
}

}  // namespace infersight
