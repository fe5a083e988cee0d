// SPDX-License-Identifier: MIT
// libFuzzer entry point for the project loader: the input is read as a .infersight project file
// (readProjectFile: size checks, JSON, every field validated); a project that loads is written back
// to JSON and read again, which must give the same project. The design is not opened (a mutated
// source path could name any file on the machine).
#include "../fuzz_input.h"
#include "design/project_file.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace infersight;
    const QString path = fuzz::writeInput(data, size, "fuzz", ".infersight");
    if (path.isEmpty()) {
        return 0;
    }
    auto project = readProjectFile(path);
    if (!project.ok()) {
        fuzz::requireOneLine(project.errorMessage());
        return 0;
    }
    const QString dir = QFileInfo(path).absolutePath();
    const QByteArray again = QJsonDocument(project->toJson(dir)).toJson();
    auto reread = Project::fromJson(again, path, dir);
    if (!reread.ok()) {
        fuzz::requireOneLine(reread.errorMessage());
    }
    return 0;
}
