// SPDX-License-Identifier: MIT
#include "importers/torchscript/torchscript_module.h"

#include "importers/torchscript/torchscript_graph_codec.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLibrary>
#include <QMutex>
#include <QMutexLocker>
#include <QProcess>

#include <atomic>

#include <sys/prctl.h>
#include <sys/resource.h>
#include <csignal>

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

// Bumped by cancelRunningReads(); a read started under another generation kills its child.
std::atomic<quint64> g_cancelGeneration{0};

QString candidate(const QString &folderOrFile, const QString &file) {
    const QFileInfo info(folderOrFile);
    return info.isDir() ? QDir(folderOrFile).filePath(file) : folderOrFile;
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

Result<qint64> positiveEnvironmentNumber(const char *name, qint64 fallback, qint64 maximum) {
    const QString text = qEnvironmentVariable(name).trimmed();
    if (text.isEmpty()) {
        return fallback;
    }
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value <= 0 || value > maximum) {
        return Error{QStringLiteral("%1=%2 is not a whole number from 1 to %3").arg(QLatin1String(name), text).arg(maximum)};
    }
    return value;
}

// The last lines the child wrote on stderr, on one line, at most ~300 characters.
QString excerpt(const QByteArray &stderrTail) {
    QString text = QString::fromUtf8(stderrTail).simplified();
    if (text.size() > 300) {
        text = QStringLiteral("...") + text.right(300);
    }
    return text;
}

bool looksLikeOutOfMemory(const QString &text) {
    return text.contains(QLatin1String("bad_alloc")) || text.contains(QLatin1String("can't allocate memory")) ||
           text.contains(QLatin1String("Cannot allocate memory")) || text.contains(QLatin1String("out of memory"));
}

}  // namespace

Result<TorchScriptReaderLimits> TorchScriptReaderLimits::fromEnvironment() {
    TorchScriptReaderLimits limits;
    auto timeout = positiveEnvironmentNumber("INFERSIGHT_TORCHSCRIPT_TIMEOUT", limits.timeoutSeconds, 24 * 3600);
    if (!timeout) {
        return timeout.error();
    }
    auto memory = positiveEnvironmentNumber("INFERSIGHT_TORCHSCRIPT_MEMORY_MB", limits.memoryMiB, 1024 * 1024);
    if (!memory) {
        return memory.error();
    }
#if defined(__SANITIZE_ADDRESS__)
    limits.memoryLimited = false;
#endif
    limits.timeoutSeconds = static_cast<int>(*timeout);
    limits.memoryMiB = *memory;
    return limits;
}

QStringList TorchScriptModule::searchPaths() {
    QStringList paths;
    const QString overridden = qEnvironmentVariable("INFERSIGHT_TORCH_MODULE");
    if (!overridden.isEmpty()) {
        return {candidate(overridden, kModuleFile)};  // an override is the only place looked at
    }
    if (QCoreApplication::instance()) {
        const QString programDir = QCoreApplication::applicationDirPath();
        // Installed: the reader lives beside the module in <prefix>/<libdir>/infersight/.
        paths.push_back(QDir(programDir).filePath(kModuleFile));
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

Result<TorchScriptGraph> TorchScriptModule::readInProcess(const TorchScriptReadRequest &request) {
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

QStringList TorchScriptModule::readerSearchPaths() {
    const QString program = QString::fromLatin1(kReaderProgram);
    const QString overridden = qEnvironmentVariable("INFERSIGHT_TORCHSCRIPT_READER");
    if (!overridden.isEmpty()) {
        return {candidate(overridden, program)};
    }
    QStringList paths;
    if (QCoreApplication::instance()) {
        const QString programDir = QCoreApplication::applicationDirPath();
#ifdef INFERSIGHT_INSTALL_PRIVATE_LIBDIR
        paths.push_back(QDir::cleanPath(programDir + QStringLiteral("/../" INFERSIGHT_INSTALL_PRIVATE_LIBDIR "/") + program));
#endif
        paths.push_back(QDir(programDir).filePath(program));
    }
#ifdef INFERSIGHT_TORCHSCRIPT_READER_DIR
    paths.push_back(QDir(QStringLiteral(INFERSIGHT_TORCHSCRIPT_READER_DIR)).filePath(program));
#endif
    paths.removeDuplicates();
    return paths;
}

void TorchScriptModule::cancelRunningReads() { ++g_cancelGeneration; }

Result<TorchScriptGraph> TorchScriptModule::read(const TorchScriptReadRequest &request) {
    auto limits = TorchScriptReaderLimits::fromEnvironment();
    if (!limits) {
        return limits.error();
    }
    const QStringList candidates = readerSearchPaths();
    QString reader;
    for (const QString &path : candidates) {
        if (QFileInfo(path).isExecutable() && QFileInfo(path).isFile()) {
            reader = path;
            break;
        }
    }
    if (reader.isEmpty()) {
        return Error{QStringLiteral("TorchScript support is not installed: the reader program %1 was not found "
                                    "(looked in %2; build with INFERSIGHT_WITH_TORCH=ON, install infersight-torch or set "
                                    "INFERSIGHT_TORCHSCRIPT_READER)")
                         .arg(QLatin1String(kReaderProgram), candidates.join(QStringLiteral(", ")))};
    }

    const quint64 generation = g_cancelGeneration.load();
    const rlim_t addressSpace = static_cast<rlim_t>(limits->memoryMiB) * 1024 * 1024;
    const rlim_t stack = static_cast<rlim_t>(limits->stackMiB) * 1024 * 1024;
    // CPU time: a backstop for the wall clock, with room for a few busy threads.
    const rlim_t cpuSeconds = 2 * static_cast<rlim_t>(limits->timeoutSeconds) + 1;
    QProcess process;
    process.setProgram(reader);
    process.setArguments({QString::fromLatin1(TorchScriptGraphCodec::encodeRequest(request).toBase64())});
    process.setStandardInputFile(QProcess::nullDevice());
    process.setProcessChannelMode(QProcess::SeparateChannels);
    // Runs in the child between fork and exec: only async-signal-safe calls.
    const bool limitAddressSpace = limits->memoryLimited;
    process.setChildProcessModifier([addressSpace, stack, cpuSeconds, limitAddressSpace]() {
        const rlimit as{addressSpace, addressSpace};
        const rlimit st{stack, stack};
        const rlimit cpu{cpuSeconds, cpuSeconds};
        const rlimit core{0, 0};
        if (limitAddressSpace) {
            setrlimit(RLIMIT_AS, &as);
        }
        setrlimit(RLIMIT_STACK, &st);
        setrlimit(RLIMIT_CPU, &cpu);
        setrlimit(RLIMIT_CORE, &core);
        prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlives us
    });
    process.start();
    if (!process.waitForStarted(30'000)) {
        return Error{QStringLiteral("the TorchScript reader %1 could not be started: %2").arg(reader, process.errorString())};
    }

    const qint64 maxReply = limits->maxReplyMiB * 1024 * 1024;
    constexpr qsizetype kStderrKept = 4096;
    QByteArray out;
    QByteArray err;
    QElapsedTimer clock;
    clock.start();
    enum class Stop { No, Timeout, Cancelled, TooLarge } stop = Stop::No;
    auto drain = [&]() {
        out += process.readAllStandardOutput();
        err += process.readAllStandardError();
        if (err.size() > kStderrKept) {
            err = err.right(kStderrKept);
        }
    };
    while (!process.waitForFinished(50)) {
        drain();
        if (process.state() == QProcess::NotRunning) {
            break;
        }
        if (out.size() > maxReply) {
            stop = Stop::TooLarge;
        } else if (g_cancelGeneration.load() != generation) {
            stop = Stop::Cancelled;
        } else if (clock.elapsed() > qint64(limits->timeoutSeconds) * 1000) {
            stop = Stop::Timeout;
        }
        if (stop != Stop::No) {
            process.kill();
            process.waitForFinished(5'000);
            break;
        }
    }
    drain();

    switch (stop) {
    case Stop::Timeout:
        return Error{QStringLiteral("the TorchScript reader ran out of time (limit %1 s; raise with "
                                    "INFERSIGHT_TORCHSCRIPT_TIMEOUT=<seconds>)")
                         .arg(limits->timeoutSeconds)};
    case Stop::Cancelled: return Error{QStringLiteral("reading the TorchScript file was cancelled")};
    case Stop::TooLarge:
        return Error{QStringLiteral("the TorchScript reader sent more than %1 MiB of graph data").arg(limits->maxReplyMiB)};
    case Stop::No: break;
    }
    const QString stderrExcerpt = excerpt(err);
    const QString memoryLimit = QStringLiteral("the TorchScript reader ran out of memory (limit %1 MiB of address space; "
                                               "raise with INFERSIGHT_TORCHSCRIPT_MEMORY_MB=<MiB>)")
                                    .arg(limits->memoryMiB);
    if (process.exitStatus() == QProcess::CrashExit || process.exitCode() != 0) {
        if (looksLikeOutOfMemory(stderrExcerpt)) {
            return Error{memoryLimit};
        }
        if (clock.elapsed() >= qint64(limits->timeoutSeconds) * 1000) {  // killed by RLIMIT_CPU
            return Error{QStringLiteral("the TorchScript reader ran out of time (limit %1 s; raise with "
                                        "INFERSIGHT_TORCHSCRIPT_TIMEOUT=<seconds>)")
                             .arg(limits->timeoutSeconds)};
        }
        QString what = process.exitStatus() == QProcess::CrashExit
                           ? QStringLiteral("the TorchScript reader crashed (a damaged or hostile file: e.g. nesting "
                                            "too deep for its %1 MiB stack)")
                                 .arg(limits->stackMiB)
                           : QStringLiteral("the TorchScript reader failed (exit code %1)").arg(process.exitCode());
        if (!stderrExcerpt.isEmpty()) {
            what += QStringLiteral("; it said: %1").arg(stderrExcerpt);
        }
        return Error{what};
    }
    auto reply = TorchScriptGraphCodec::decodeReply(out);
    if (!reply) {
        return Error{QStringLiteral("the TorchScript reader sent %1").arg(reply.errorMessage())};
    }
    if (!reply->ok) {
        if (looksLikeOutOfMemory(reply->error)) {
            return Error{memoryLimit};
        }
        return Error{reply->error.isEmpty() ? QStringLiteral("LibTorch could not read it") : reply->error};
    }
    return std::move(reply->graph);
}

}  // namespace infersight
