// SPDX-License-Identifier: MIT
// infersight-torchscript-reader: the child process that reads a TorchScript archive for
// TorchScriptModule::read. It loads the LibTorch module, reads the archive named in the request
// (argument 1: a TorchScriptGraphCodec request, base64) and writes the reply (the graph, or the
// error) to its stdout. Whatever the file's code prints goes to stderr: stdout is moved to a
// private descriptor before LibTorch runs. Not meant to be run by hand.
#include "importers/torchscript/torchscript_graph_codec.h"
#include "importers/torchscript/torchscript_module.h"

#include <QCoreApplication>

#include <cerrno>
#include <cstdio>
#include <unistd.h>

using namespace infersight;

namespace {

bool writeAll(int fd, const QByteArray &bytes) {
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, static_cast<size_t>(bytes.size() - done));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        done += n;
    }
    return true;
}

}  // namespace

int main(int argc, char *argv[]) {
    // The reply channel is a copy of stdout; fd 1 becomes stderr for everything else.
    std::fflush(stdout);
    const int replyFd = ::dup(STDOUT_FILENO);
    if (replyFd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        std::fprintf(stderr, "%s: cannot set up its output\n", TorchScriptModule::kReaderProgram);
        return 2;
    }
    QCoreApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "%s: internal program of Infersight (reads TorchScript files for it)\n",
                     TorchScriptModule::kReaderProgram);
        return 2;
    }
    TorchScriptReadReply reply;
    auto request = TorchScriptGraphCodec::decodeRequest(QByteArray::fromBase64(QByteArray(argv[1])));
    if (!request) {
        reply.error = QStringLiteral("bad request to the TorchScript reader: %1").arg(request.errorMessage());
    } else {
        auto graph = TorchScriptModule::readInProcess(*request);
        if (graph) {
            reply.ok = true;
            reply.graph = std::move(*graph);
        } else {
            reply.error = graph.errorMessage();
        }
    }
    const bool written = writeAll(replyFd, TorchScriptGraphCodec::encodeReply(reply));
    std::fflush(nullptr);
    // Skip LibTorch's teardown: the parent has what it needs.
    ::_exit(written ? 0 : 3);
}
