// SPDX-License-Identifier: MIT
// libFuzzer entry point: every input is written to a file and imported; the importer must either
// succeed or return a one-line error naming the file, never crash, hang or leak.
#include "graph/node_cost.h"
#include "importers/onnx/onnx_importer.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    static const QString path = QDir::temp().filePath(QStringLiteral("infersight-fuzz-%1.onnx").arg(QCoreApplication::applicationPid()));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        return 0;
    }
    file.write(reinterpret_cast<const char *>(data), static_cast<qint64>(size));
    file.close();
    infersight::OnnxImportOptions options;
    options.libonnxDiagnostic = (size % 2) == 0;  // exercise both paths
    auto result = infersight::OnnxImporter::import(path, options);
    if (result.ok()) {
        infersight::graphCost(result->graph);
    } else if (result.errorMessage().isEmpty() || result.errorMessage().contains(QLatin1Char('\n'))) {
        std::abort();  // errors must be one non-empty line
    }
    return 0;
}
