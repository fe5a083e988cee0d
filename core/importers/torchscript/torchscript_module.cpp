// SPDX-License-Identifier: MIT
#include "importers/torchscript/torchscript_module.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibrary>
#include <QMutex>
#include <QMutexLocker>

namespace infersight {

namespace {

const QString kModuleFile = QStringLiteral("libinfersight_torch.so");

struct ModuleState {
    QMutex mutex;
    QLibrary *library = nullptr;  // never unloaded: LibTorch does not support it
    InfersightTorchScriptReadFunction read = nullptr;
    QString path;
};

ModuleState &state() {
    static ModuleState s;
    return s;
}

QString candidate(const QString &folderOrFile) {
    const QFileInfo info(folderOrFile);
    return info.isDir() ? QDir(folderOrFile).filePath(kModuleFile) : folderOrFile;
}

Status loadLocked(ModuleState &s) {
    if (s.read) {
        return Status::success();
    }
    const QStringList candidates = TorchScriptModule::searchPaths();
    QString found;
    for (const QString &path : candidates) {
        if (QFileInfo(path).isFile()) {
            found = path;
            break;
        }
    }
    if (found.isEmpty()) {
        return Error{QStringLiteral("TorchScript support is not installed: the LibTorch module %1 was not found "
                                    "(looked in %2; build with INFERSIGHT_WITH_TORCH=ON or set INFERSIGHT_TORCH_MODULE)")
                         .arg(kModuleFile, candidates.join(QStringLiteral(", ")))};
    }
    auto *library = new QLibrary(found);
    if (!library->load()) {
        const QString why = library->errorString();
        delete library;
        return Error{QStringLiteral("TorchScript support could not be loaded from %1: %2").arg(found, why)};
    }
    auto abi = reinterpret_cast<InfersightTorchScriptAbiFunction>(library->resolve(INFERSIGHT_TORCHSCRIPT_ABI_SYMBOL));
    auto read = reinterpret_cast<InfersightTorchScriptReadFunction>(library->resolve(INFERSIGHT_TORCHSCRIPT_READ_SYMBOL));
    if (!abi || !read) {
        return Error{QStringLiteral("TorchScript support could not be loaded from %1: it is not an Infersight LibTorch "
                                    "module (entry points missing)")
                         .arg(found)};
    }
    TorchScriptAbiInfo theirs;
    abi(&theirs);
    const TorchScriptAbiInfo ours = torchScriptAbiInfo();
    if (theirs.version != ours.version || theirs.requestSize != ours.requestSize || theirs.replySize != ours.replySize) {
        return Error{QStringLiteral("TorchScript support could not be loaded from %1: the module was built for another "
                                    "version of Infersight (interface %2, expected %3)")
                         .arg(found)
                         .arg(theirs.version)
                         .arg(ours.version)};
    }
    s.library = library;
    s.read = read;
    s.path = found;
    return Status::success();
}

}  // namespace

QStringList TorchScriptModule::searchPaths() {
    QStringList paths;
    const QString overridden = qEnvironmentVariable("INFERSIGHT_TORCH_MODULE");
    if (!overridden.isEmpty()) {
        return {candidate(overridden)};  // an override is the only place looked at
    }
    if (QCoreApplication::instance()) {
        const QString programDir = QCoreApplication::applicationDirPath();
#ifdef INFERSIGHT_INSTALL_PRIVATE_LIBDIR
        // Installed: <prefix>/bin/<program> and <prefix>/<libdir>/infersight/ (packaging/Packaging.cmake).
        paths.push_back(QDir::cleanPath(programDir + QStringLiteral("/../" INFERSIGHT_INSTALL_PRIVATE_LIBDIR "/") + kModuleFile));
#endif
        // Build tree: <build>/bin/<program> and <build>/lib/.
        paths.push_back(QDir::cleanPath(programDir + QStringLiteral("/../lib/") + kModuleFile));
    }
#ifdef INFERSIGHT_TORCH_MODULE_DIR
    paths.push_back(QDir(QStringLiteral(INFERSIGHT_TORCH_MODULE_DIR)).filePath(kModuleFile));
#endif
    paths.removeDuplicates();
    return paths;
}

Status TorchScriptModule::load() {
    ModuleState &s = state();
    QMutexLocker lock(&s.mutex);
    return loadLocked(s);
}

bool TorchScriptModule::isLoaded() {
    ModuleState &s = state();
    QMutexLocker lock(&s.mutex);
    return s.read != nullptr;
}

QString TorchScriptModule::loadedPath() {
    ModuleState &s = state();
    QMutexLocker lock(&s.mutex);
    return s.path;
}

Result<TorchScriptGraph> TorchScriptModule::read(const TorchScriptReadRequest &request) {
    ModuleState &s = state();
    QMutexLocker lock(&s.mutex);
    const Status loaded = loadLocked(s);
    if (!loaded) {
        return Error{loaded.errorMessage()};
    }
    TorchScriptReadReply reply;
    if (!s.read(&request, &reply) || !reply.ok) {
        return Error{reply.error.isEmpty() ? QStringLiteral("LibTorch could not read it") : reply.error};
    }
    return std::move(reply.graph);
}

}  // namespace infersight
