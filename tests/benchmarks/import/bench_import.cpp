// SPDX-License-Identifier: MIT
// Import benchmarks: wall time and peak RSS of `infersight-cli inspect` in a child process
// (measured with wait4()'s rusage, ru_maxrss) for
//  - the vit_b_16 and GPT-2-Large-sized fixture exports (weights stripped), and
//  - a generated model holding 1 GiB of weights (16 x 64 MiB float32 MatMul weights), once with
//    the weights inline as raw_data and once as external data. The files are written at run time
//    into a temporary directory, streamed in 1 MiB pieces (the generator stays small), and deleted
//    afterwards. Target: peak RSS < 200 MB.
//  - Issue 15 (scale): a generated chain of 1,000,000 Relu nodes (x[1, 64] -> relu_0 -> ... ->
//    relu_999999), with `inspect`, `inspect --json` and `predict --gpu t4`: wall time, peak RSS and
//    peak RSS per node above the same command on a 1-node chain. Targets: < 1 KB per node and
//    predict < 3 s (measured at 1.5-3.5 KB per node when the issue was filed).
// Figures are printed ("BENCH ..." lines); the benchmark fails only when an import fails.
#include <onnx/onnx_pb.h>

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct ChildRun {
    int exitCode = -1;
    double wallSeconds = 0.0;
    double peakRssMb = 0.0;
    QByteArray stderrText;
};

// Runs `program args...` with stdout and stderr written to files (stdout to /dev/null when
// `stdoutPath` is empty); returns its exit code, wall time and peak resident set size.
ChildRun runChild(const QString &program, const QStringList &args, const QString &stderrPath,
                  const QString &stdoutPath = {}) {
    std::vector<std::string> storage;
    storage.push_back(program.toStdString());
    for (const QString &a : args) {
        storage.push_back(a.toStdString());
    }
    std::vector<char *> argv;
    for (std::string &s : storage) {
        argv.push_back(s.data());
    }
    argv.push_back(nullptr);
    const std::string errPath = stderrPath.toStdString();
    const std::string outPath = stdoutPath.isEmpty() ? std::string("/dev/null") : stdoutPath.toStdString();

    ChildRun run;
    QElapsedTimer timer;
    timer.start();
    const pid_t pid = fork();
    if (pid == 0) {
        const int out = open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int err = open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out >= 0) {
            dup2(out, STDOUT_FILENO);
        }
        if (err >= 0) {
            dup2(err, STDERR_FILENO);
        }
        execv(argv[0], argv.data());
        _exit(127);
    }
    if (pid < 0) {
        return run;
    }
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid) {
        return run;
    }
    run.wallSeconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    run.peakRssMb = static_cast<double>(usage.ru_maxrss) * 1024.0 / 1e6;  // ru_maxrss is in KiB on Linux
    QFile err(stderrPath);
    if (err.open(QIODevice::ReadOnly)) {
        run.stderrText = err.readAll();
    }
    return run;
}

void appendVarint(QByteArray &out, std::uint64_t v) {
    do {
        std::uint8_t b = v & 0x7F;
        v >>= 7;
        if (v) {
            b |= 0x80;
        }
        out.append(static_cast<char>(b));
    } while (v);
}

std::size_t varintSize(std::uint64_t v) {
    std::size_t n = 1;
    while (v >= 0x80) {
        v >>= 7;
        ++n;
    }
    return n;
}

// "w3", "matmul_3": built with snprintf (GCC 12 -O3 warns falsely (-Wrestrict) on "w" + std::string).
std::string indexed(const char *prefix, int i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%d", prefix, i);
    return buf;
}

constexpr int kLayers = 16;
constexpr std::int64_t kDim = 4096;                               // 4096 x 4096 f32 = 64 MiB
constexpr std::int64_t kTensorBytes = kDim * kDim * 4;
constexpr std::int64_t kChunk = 1 << 20;

// x[batch, 4096] -> 16 x (MatMul w_i -> Relu) -> y. Weights without data; `externalFile` set
// makes them external-data references into that file (one after the other).
onnx::ModelProto mlpStructure(const std::string &externalFile) {
    onnx::ModelProto m;
    m.set_ir_version(8);
    m.set_producer_name("infersight-bench");
    auto *op = m.add_opset_import();
    op->set_domain("");
    op->set_version(17);
    auto *g = m.mutable_graph();
    g->set_name("mlp_1gib");
    auto io = [](onnx::ValueInfoProto *vi, const std::string &name) {
        vi->set_name(name);
        auto *tt = vi->mutable_type()->mutable_tensor_type();
        tt->set_elem_type(onnx::TensorProto::FLOAT);
        tt->mutable_shape()->add_dim()->set_dim_param("batch");
        tt->mutable_shape()->add_dim()->set_dim_value(kDim);
    };
    io(g->add_input(), "x");
    std::string prev = "x";
    for (int i = 0; i < kLayers; ++i) {
        const std::string w = indexed("w", i);
        auto *t = g->add_initializer();
        t->set_name(w);
        t->set_data_type(onnx::TensorProto::FLOAT);
        t->add_dims(kDim);
        t->add_dims(kDim);
        if (!externalFile.empty()) {
            t->set_data_location(onnx::TensorProto::EXTERNAL);
            auto *loc = t->add_external_data();
            loc->set_key("location");
            loc->set_value(externalFile);
            auto *offset = t->add_external_data();
            offset->set_key("offset");
            offset->set_value(std::to_string(i * kTensorBytes));
            auto *length = t->add_external_data();
            length->set_key("length");
            length->set_value(std::to_string(kTensorBytes));
        }
        auto *mm = g->add_node();
        mm->set_op_type("MatMul");
        mm->set_name(indexed("matmul_", i));
        mm->add_input(prev);
        mm->add_input(w);
        mm->add_output(indexed("mm", i));
        auto *relu = g->add_node();
        relu->set_op_type("Relu");
        relu->set_name(indexed("relu_", i));
        relu->add_input(indexed("mm", i));
        prev = indexed("h", i);
        relu->add_output(prev);
    }
    io(g->add_output(), prev);
    return m;
}

bool writeWeights(QFile &file, std::int64_t bytes) {
    std::vector<float> chunk(static_cast<std::size_t>(kChunk / 4));
    for (std::size_t i = 0; i < chunk.size(); ++i) {
        chunk[i] = static_cast<float>(static_cast<int>(i * 2654435761U % 2001) - 1000) * 1e-5F;
    }
    for (std::int64_t written = 0; written < bytes; written += kChunk) {
        const std::int64_t n = std::min(kChunk, bytes - written);
        if (file.write(reinterpret_cast<const char *>(chunk.data()), n) != n) {
            return false;
        }
    }
    return true;
}

bool writeString(QFile &file, const std::string &s) {
    return file.write(s.data(), static_cast<qint64>(s.size())) == static_cast<qint64>(s.size());
}

QByteArray bytesOf(const std::string &s) { return QByteArray(s.data(), static_cast<qsizetype>(s.size())); }

// Writes the 1 GiB model with its weights inline (TensorProto.raw_data), streaming the payload.
bool writeInlineModel(const QString &path) {
    onnx::ModelProto m = mlpStructure({});
    onnx::GraphProto graph = m.graph();
    m.clear_graph();
    std::vector<std::string> tensors;
    for (const auto &t : graph.initializer()) {
        tensors.push_back(t.SerializeAsString());
    }
    graph.clear_initializer();
    const std::string head = m.SerializeAsString();
    const std::string graphRest = graph.SerializeAsString();
    // Each initializer: tag 0x2a, length, TensorProto fields, then raw_data (tag 0x4a, length, bytes).
    std::uint64_t graphLength = graphRest.size();
    std::vector<std::uint64_t> tensorLengths;
    for (const std::string &t : tensors) {
        const std::uint64_t length = t.size() + 1 + varintSize(kTensorBytes) + kTensorBytes;
        tensorLengths.push_back(length);
        graphLength += 1 + varintSize(length) + length;
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        return false;
    }
    // (QByteArray rather than std::string: GCC 12 -O3 warns falsely (-Wrestrict) on string +=.)
    QByteArray prefix = bytesOf(head);
    prefix.append('\x3a');  // ModelProto.graph
    appendVarint(prefix, graphLength);
    prefix.append(bytesOf(graphRest));
    if (file.write(prefix) != prefix.size()) {
        return false;
    }
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        QByteArray header;
        header.append('\x2a');  // GraphProto.initializer
        appendVarint(header, tensorLengths[i]);
        header.append(bytesOf(tensors[i]));
        header.append('\x4a');  // TensorProto.raw_data
        appendVarint(header, kTensorBytes);
        if (file.write(header) != header.size() || !writeWeights(file, kTensorBytes)) {
            return false;
        }
    }
    return file.flush();
}

bool writeExternalModel(const QString &path, const QString &dataFile) {
    const onnx::ModelProto m = mlpStructure(QFileInfo(dataFile).fileName().toStdString());
    QFile model(path);
    if (!model.open(QIODevice::WriteOnly | QIODevice::Truncate) || !writeString(model, m.SerializeAsString())) {
        return false;
    }
    QFile data(dataFile);
    return data.open(QIODevice::WriteOnly | QIODevice::Truncate) && writeWeights(data, kLayers * kTensorBytes) && data.flush();
}

// x[1, 64] -> `nodes` Relu nodes in a chain -> y, written to `path`.
bool writeReluChain(const QString &path, int nodes) {
    onnx::ModelProto m;
    m.set_ir_version(8);
    m.set_producer_name("infersight-bench");
    auto *op = m.add_opset_import();
    op->set_domain("");
    op->set_version(17);
    auto *g = m.mutable_graph();
    g->set_name("relu_chain");
    auto io = [](onnx::ValueInfoProto *vi, const std::string &name) {
        vi->set_name(name);
        auto *tt = vi->mutable_type()->mutable_tensor_type();
        tt->set_elem_type(onnx::TensorProto::FLOAT);
        tt->mutable_shape()->add_dim()->set_dim_value(1);
        tt->mutable_shape()->add_dim()->set_dim_value(64);
    };
    io(g->add_input(), "t0");
    g->mutable_node()->Reserve(nodes);
    for (int i = 0; i < nodes; ++i) {
        auto *relu = g->add_node();
        relu->set_op_type("Relu");
        relu->set_name(indexed("relu_", i));
        relu->add_input(indexed("t", i));
        relu->add_output(indexed("t", i + 1));
    }
    io(g->add_output(), indexed("t", nodes));
    std::string bytes;
    if (!m.SerializeToString(&bytes)) {
        return false;
    }
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes.data(), static_cast<qint64>(bytes.size())) == static_cast<qint64>(bytes.size());
}

}  // namespace

class BenchImport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void inspectFixture_data();
    void inspectFixture();
    void oneGigabyteOfWeights_data();
    void oneGigabyteOfWeights();
    void millionNodeChain_data();
    void millionNodeChain();

private:
    QString m_cli;
    QTemporaryDir m_chains;
};

void BenchImport::initTestCase() {
    m_cli = QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli");
    QVERIFY2(QFileInfo::exists(m_cli), qPrintable(m_cli + QStringLiteral(" is not built")));
}

void BenchImport::inspectFixture_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("options");
    const QString dir = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/");
    QTest::newRow("vit_b_16 table") << dir + QStringLiteral("vit_b_16.onnx") << QStringList{};
    QTest::newRow("vit_b_16 json") << dir + QStringLiteral("vit_b_16.onnx") << QStringList{QStringLiteral("--json")};
    QTest::newRow("gpt2_large_sized table") << dir + QStringLiteral("gpt2_large_sized.onnx") << QStringList{};
    QTest::newRow("gpt2_large_sized json") << dir + QStringLiteral("gpt2_large_sized.onnx") << QStringList{QStringLiteral("--json")};
    QTest::newRow("gpt2_large_sized json seq 1024")
        << dir + QStringLiteral("gpt2_large_sized.onnx") << QStringList{QStringLiteral("--json"), QStringLiteral("--seq"), QStringLiteral("1024")};
}

void BenchImport::inspectFixture() {
    QFETCH(QString, file);
    QFETCH(QStringList, options);
    QVERIFY2(QFileInfo::exists(file), qPrintable(QStringLiteral("%1 is missing (it is committed; tools/fixtures/export_onnx_fixtures.py makes it)").arg(file)));
    QTemporaryDir dir;
    QStringList args{QStringLiteral("inspect"), file};
    args += options;
    // One warm-up run (page cache, dynamic loader), then the measured one.
    runChild(m_cli, args, dir.filePath(QStringLiteral("stderr.txt")));
    const ChildRun run = runChild(m_cli, args, dir.filePath(QStringLiteral("stderr.txt")));
    QVERIFY2(run.exitCode == 0, run.stderrText.constData());
    const QString line = QStringLiteral("BENCH inspect %1 %2 (%3 KB file): wall %4 s, peak RSS %5 MB")
                             .arg(QFileInfo(file).fileName(), options.join(QLatin1Char(' ')))
                             .arg(QFileInfo(file).size() / 1000)
                             .arg(run.wallSeconds, 0, 'f', 3)
                             .arg(run.peakRssMb, 0, 'f', 1);
    qInfo("%s", qPrintable(line));
}

void BenchImport::oneGigabyteOfWeights_data() {
    QTest::addColumn<bool>("external");
    QTest::newRow("inline raw_data") << false;
    QTest::newRow("external data") << true;
}

void BenchImport::oneGigabyteOfWeights() {
    QFETCH(bool, external);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString model = dir.filePath(external ? QStringLiteral("mlp_1gib_external.onnx") : QStringLiteral("mlp_1gib.onnx"));
    const QString data = dir.filePath(QStringLiteral("mlp_1gib.weights"));
    QElapsedTimer writing;
    writing.start();
    QVERIFY(external ? writeExternalModel(model, data) : writeInlineModel(model));
    const qint64 modelBytes = QFileInfo(model).size();
    const qint64 dataBytes = external ? QFileInfo(data).size() : 0;
    QCOMPARE(modelBytes + dataBytes >= kLayers * kTensorBytes, true);
    qInfo("generated %s: %.1f MB model file + %.1f MB external data in %.1f s", qPrintable(QFileInfo(model).fileName()),
          static_cast<double>(modelBytes) / 1e6, static_cast<double>(dataBytes) / 1e6,
          static_cast<double>(writing.elapsed()) / 1e3);

    const QStringList args{QStringLiteral("inspect"), model, QStringLiteral("--summary")};
    const QString summaryPath = dir.filePath(QStringLiteral("summary.txt"));
    const ChildRun run = runChild(m_cli, args, dir.filePath(QStringLiteral("stderr.txt")), summaryPath);
    QFile::remove(model);
    QFile::remove(data);
    QVERIFY2(run.exitCode == 0, run.stderrText.constData());
    // The import saw every weight: 16 x 4096 x 4096 parameters.
    QFile summary(summaryPath);
    QVERIFY(summary.open(QIODevice::ReadOnly));
    const QByteArray text = summary.readAll();
    QVERIFY2(text.contains("268,435,456"), text.constData());
    const QString line = QStringLiteral("BENCH import 1 GiB of weights (%1, %2 x 64 MiB f32): wall %3 s, peak RSS %4 MB "
                                        "(target < 200 MB: %5)")
                             .arg(external ? QStringLiteral("external data") : QStringLiteral("inline raw_data"))
                             .arg(kLayers)
                             .arg(run.wallSeconds, 0, 'f', 3)
                             .arg(run.peakRssMb, 0, 'f', 1)
                             .arg(run.peakRssMb < 200.0 ? QStringLiteral("met") : QStringLiteral("MISSED"));
    qInfo("%s", qPrintable(line));
}

void BenchImport::millionNodeChain_data() {
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<double>("seconds");  // the target wall time, 0 for none
    QTest::newRow("inspect") << QStringList{QStringLiteral("inspect")} << 0.0;
    QTest::newRow("inspect --json") << QStringList{QStringLiteral("inspect"), QStringLiteral("--json")} << 0.0;
    QTest::newRow("predict --gpu t4") << QStringList{QStringLiteral("predict"), QStringLiteral("--gpu"), QStringLiteral("t4")} << 3.0;
}

void BenchImport::millionNodeChain() {
    QFETCH(QStringList, command);
    QFETCH(double, seconds);
    constexpr int kNodes = 1'000'000;
    QVERIFY(m_chains.isValid());
    const QString chain = m_chains.filePath(QStringLiteral("relu_chain_1m.onnx"));
    const QString single = m_chains.filePath(QStringLiteral("relu_chain_1.onnx"));
    if (!QFileInfo::exists(chain)) {
        QVERIFY(writeReluChain(chain, kNodes));
        QVERIFY(writeReluChain(single, 1));
        // Hand the generator's freed heap back: ru_maxrss of a forked child counts the pages it
        // shares with this process before exec, which would add ~400 MB to every figure.
        malloc_trim(0);
    }
    auto args = [&command](const QString &model) {
        QStringList a{command.front(), model};
        a += command.mid(1);
        return a;
    };
    const QString err = m_chains.filePath(QStringLiteral("stderr.txt"));
    const ChildRun baseline = runChild(m_cli, args(single), err);
    QVERIFY2(baseline.exitCode == 0, baseline.stderrText.constData());
    const ChildRun run = runChild(m_cli, args(chain), err);
    QVERIFY2(run.exitCode == 0, run.stderrText.constData());
    const double perNode = (run.peakRssMb - baseline.peakRssMb) * 1e6 / kNodes;
    const QString line = QStringLiteral("BENCH %1 of a 1,000,000-node Relu chain (%2 MB file): wall %3 s, peak RSS %4 MB "
                                        "(1-node chain: %5 MB) = %6 bytes per node (target < 1000: %7)%8")
                             .arg(command.join(QLatin1Char(' ')))
                             .arg(static_cast<double>(QFileInfo(chain).size()) / 1e6, 0, 'f', 1)
                             .arg(run.wallSeconds, 0, 'f', 2)
                             .arg(run.peakRssMb, 0, 'f', 1)
                             .arg(baseline.peakRssMb, 0, 'f', 1)
                             .arg(perNode, 0, 'f', 0)
                             .arg(perNode < 1000.0 ? QStringLiteral("met") : QStringLiteral("MISSED"))
                             .arg(seconds > 0 ? QStringLiteral("; target < %1 s: %2")
                                                    .arg(seconds)
                                                    .arg(run.wallSeconds < seconds ? QStringLiteral("met") : QStringLiteral("MISSED"))
                                              : QString());
    qInfo("%s", qPrintable(line));
}

QTEST_GUILESS_MAIN(BenchImport)
#include "bench_import.moc"
