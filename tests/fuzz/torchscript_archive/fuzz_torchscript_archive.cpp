// SPDX-License-Identifier: MIT
// libFuzzer entry point for the TorchScript archive pre-check (the part that needs no LibTorch: the
// zip directory, bounded inflation, the pickle opcode scan and the code nesting scan;
// importers/torchscript/torchscript_archive.h): the input is inspected from memory (a QBuffer) with
// a 16 MiB inflation cap, so that a run stays fast; it must be accepted or refused with one line,
// never crash, hang or read past the input.
#include "../fuzz_input.h"
#include "importers/torchscript/torchscript_archive.h"

#include <QBuffer>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace infersight;
    QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    QBuffer buffer(&bytes);
    if (!buffer.open(QIODevice::ReadOnly)) {
        return 0;
    }
    TorchScriptArchiveLimits limits;
    limits.maxInflateMiB = 16;
    auto info = TorchScriptArchive::inspectDevice(buffer, QStringLiteral("fuzz.pt"), limits);
    if (!info.ok()) {
        fuzz::requireOneLine(info.errorMessage());
    }
    return 0;
}
