// SPDX-License-Identifier: MIT
#include "validate/measured_data.h"

#include "base/file_io.h"
#include "hardware/gpu_catalogue.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <unistd.h>
#include <zlib.h>

namespace infersight {

namespace {

// Reads a whole file, gunzipping it if it is gzip (zlib's gzread passes plain files through).
Result<QByteArray> readMaybeGzip(const QString &path) {
    // Regular files only, and the unpacked size is capped like every other read.
    QFile file(path);
    if (Status st = openRegularFile(file); !st) {
        return Error{st.errorMessage()};
    }
    const int fd = ::dup(file.handle());
    gzFile gz = fd >= 0 ? gzdopen(fd, "rb") : nullptr;
    if (!gz) {
        if (fd >= 0) {
            ::close(fd);
        }
        return Error{QStringLiteral("%1: cannot open").arg(path)};
    }
    const qint64 cap = fileReadCapBytes(kTableFileCapMiB);
    QByteArray data;
    char buffer[1 << 16];
    for (;;) {
        const int n = gzread(gz, buffer, sizeof buffer);
        if (n < 0) {
            int code = 0;
            const QString msg = QString::fromLatin1(gzerror(gz, &code));
            gzclose(gz);
            return Error{QStringLiteral("%1: read error (%2)").arg(path, msg)};
        }
        if (n == 0) {
            break;
        }
        data.append(buffer, n);
        if (data.size() > cap) {
            gzclose(gz);
            return Error{QStringLiteral("%1: unpacks to more than the %2 MiB limit for measured data; set %3 (MiB) to raise it")
                             .arg(path)
                             .arg(cap / (1024 * 1024))
                             .arg(QString::fromLatin1(kMaxFileEnvVar))};
        }
    }
    gzclose(gz);
    return data;
}

// RFC 4180 fields of one record starting at `pos`; advances `pos` past the record's line end.
QStringList parseRecord(const QByteArray &text, qsizetype &pos) {
    QStringList fields;
    QByteArray field;
    bool quoted = false;
    const qsizetype n = text.size();
    while (pos < n) {
        const char c = text[pos];
        if (quoted) {
            if (c == '"') {
                if (pos + 1 < n && text[pos + 1] == '"') {
                    field.append('"');
                    pos += 2;
                    continue;
                }
                quoted = false;
                ++pos;
                continue;
            }
            field.append(c);
            ++pos;
            continue;
        }
        if (c == '"') {
            quoted = true;
            ++pos;
        } else if (c == ',') {
            fields.append(QString::fromUtf8(field));
            field.clear();
            ++pos;
        } else if (c == '\r' || c == '\n') {
            ++pos;
            if (c == '\r' && pos < n && text[pos] == '\n') {
                ++pos;
            }
            break;
        } else {
            field.append(c);
            ++pos;
        }
    }
    fields.append(QString::fromUtf8(field));
    return fields;
}

struct VectorOp {
    int inputs;
    double flopsPerElement;
    bool rowwise;
};

const QHash<QString, VectorOp> &vectorOps() {
    namespace fpe = flops_per_element;
    static const QHash<QString, VectorOp> ops = {
        {QStringLiteral("add"), {2, fpe::kAdd, false}},    {QStringLiteral("mul"), {2, fpe::kAdd, false}},
        {QStringLiteral("div"), {2, fpe::kDiv, false}},    {QStringLiteral("pow"), {2, fpe::kPow, false}},
        {QStringLiteral("addu"), {1, fpe::kAdd, false}},   {QStringLiteral("mulu"), {1, fpe::kAdd, false}},
        {QStringLiteral("divu"), {1, fpe::kDiv, false}},   {QStringLiteral("powu"), {1, fpe::kTanh, false}},
        {QStringLiteral("relu"), {1, fpe::kAdd, false}},   {QStringLiteral("tanh"), {1, fpe::kTanh, false}},
        {QStringLiteral("gelu"), {1, fpe::kGelu, false}},  {QStringLiteral("ln"), {1, fpe::kLayerNorm, true}},
        {QStringLiteral("softmax"), {1, fpe::kSoftmax, true}},
    };
    return ops;
}

}  // namespace

Result<QByteArray> readDataFile(const QString &path) {
    if (!QFileInfo::exists(path) && QFileInfo::exists(path + QStringLiteral(".gz"))) {
        return readMaybeGzip(path + QStringLiteral(".gz"));
    }
    return readMaybeGzip(path);
}

Result<CsvTable> readCsv(const QString &path) {
    const QString actual = !QFileInfo::exists(path) && QFileInfo::exists(path + QStringLiteral(".gz"))
                               ? path + QStringLiteral(".gz")
                               : path;
    Result<QByteArray> bytes = readMaybeGzip(actual);
    if (!bytes) {
        return bytes.error();
    }
    const QByteArray &text = bytes.value();
    CsvTable table;
    qsizetype pos = 0;
    if (text.startsWith("\xEF\xBB\xBF")) {
        pos = 3;
    }
    table.header = parseRecord(text, pos);
    int line = 1;
    while (pos < text.size()) {
        ++line;
        QStringList rec = parseRecord(text, pos);
        if (rec.size() == 1 && rec.front().isEmpty()) {
            continue;  // blank line
        }
        if (rec.size() != table.header.size()) {
            return Error{QStringLiteral("%1:%2: %3 fields, the header has %4")
                             .arg(actual)
                             .arg(line)
                             .arg(rec.size())
                             .arg(table.header.size())};
        }
        table.rows.push_back(std::move(rec));
    }
    return table;
}

QString measuredDataDirectory() {
    const QByteArray env = qgetenv("INFERSIGHT_DATA_DIR");
    if (!env.isEmpty()) {
        return QString::fromLocal8Bit(env);
    }
#ifdef INFERSIGHT_INSTALL_DATA_SUBDIR
    // Installed: <prefix>/bin/<program> and <prefix>/share/infersight/data (packaging/Packaging.cmake),
    // looked at before the source tree so that an installed program reads its own copy.
    if (QCoreApplication::instance()) {
        const QString installed = QDir::cleanPath(QCoreApplication::applicationDirPath() +
                                                  QStringLiteral("/../" INFERSIGHT_INSTALL_DATA_SUBDIR));
        if (QFileInfo(installed).isDir()) {
            return installed;
        }
    }
#endif
#ifdef INFERSIGHT_DATA_DIR
    if (QFileInfo(QStringLiteral(INFERSIGHT_DATA_DIR)).isDir()) {
        return QStringLiteral(INFERSIGHT_DATA_DIR);
    }
#endif
    return QDir::current().filePath(QStringLiteral("data"));
}

QString measuredKernelSetName(MeasuredKernelSet set) {
    switch (set) {
    case MeasuredKernelSet::Matmul: return QStringLiteral("matmul");
    case MeasuredKernelSet::Vector: return QStringLiteral("vec");
    case MeasuredKernelSet::Conv: return QStringLiteral("conv");
    }
    return QString();
}

std::uint64_t fnv1a64(const QByteArray &bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

QSet<QString> kernelsLaunchedInTraining(const std::vector<MeasuredKernel> &rows) {
    QSet<QString> out;
    for (const MeasuredKernel &m : rows) {
        if (!m.test && !m.launchedKernel.isEmpty()) {
            out.insert(m.launchedKernel);
        }
    }
    return out;
}

bool convShapeIsHeldOut(const QString &shapeKey) {
    return fnv1a64(shapeKey.toUtf8()) % 5 == 0;
}

Result<Kernel> neusightVectorKernel(const QString &op, std::int64_t rows, std::int64_t rowLength) {
    const auto it = vectorOps().constFind(op);
    if (it == vectorOps().constEnd()) {
        return Error{QStringLiteral("unknown vec op '%1'").arg(op)};
    }
    if (it->rowwise) {
        return Kernel::rowReduction(rows, rowLength, it->flopsPerElement);
    }
    return Kernel::elementwise(rows * rowLength, it->inputs, 1, it->flopsPerElement);
}

Result<std::vector<MeasuredKernel>> loadNeusightKernels(MeasuredKernelSet set, const QString &dataDir) {
    const QString name = QStringLiteral("kernels_%1").arg(measuredKernelSetName(set));
    const QString path = QDir(dataDir).filePath(QStringLiteral("neusight/%1.csv").arg(name));
    Result<CsvTable> table = readCsv(path);
    if (!table) {
        return table.error();
    }
    const CsvTable &t = table.value();
    auto col = [&t](const char *c) { return t.column(QString::fromLatin1(c)); };
    const int cSplit = col("split"), cGpu = col("gpu"), cOp = col("op"), cLatency = col("latency_ms");
    if (cSplit < 0 || cGpu < 0 || cOp < 0 || cLatency < 0) {
        return Error{QStringLiteral("%1: missing split/gpu/op/latency_ms columns").arg(path)};
    }
    // Launched-kernel names: inline (matmul) or through kernel ids (vec, conv).
    QHash<QString, QString> kernelNames;
    int cKernel = col("kernel_name");
    const int cKernelId = col("kernel_id");
    if (cKernel < 0 && cKernelId >= 0) {
        Result<CsvTable> names = readCsv(QDir(dataDir).filePath(QStringLiteral("neusight/%1_kernel_names.csv").arg(name)));
        if (names) {
            for (const QStringList &r : names->rows) {
                kernelNames.insert(r.value(0), r.value(1));
            }
        }
    }
    QHash<QString, QString> gpuIds;
    const GpuCatalogue &catalogue = GpuCatalogue::builtIn();

    std::vector<MeasuredKernel> out;
    out.reserve(t.rows.size());
    int line = 1;
    for (const QStringList &r : t.rows) {
        ++line;
        MeasuredKernel mk;
        mk.gpuDeviceName = r[cGpu];
        auto idIt = gpuIds.constFind(mk.gpuDeviceName);
        if (idIt == gpuIds.constEnd()) {
            const GpuSpec *g = catalogue.findByDeviceName(mk.gpuDeviceName);
            idIt = gpuIds.insert(mk.gpuDeviceName, g ? g->id : QString());
        }
        mk.gpuId = *idIt;
        mk.op = r[cOp];
        mk.test = r[cSplit] == QStringLiteral("test");
        bool ok = false;
        mk.latencyMs = r[cLatency].toDouble(&ok);
        if (!ok || !(mk.latencyMs > 0)) {
            return Error{QStringLiteral("%1:%2: latency_ms is not a positive number").arg(path).arg(line)};
        }
        if (cKernel >= 0) {
            mk.launchedKernel = r[cKernel];
        } else if (cKernelId >= 0) {
            mk.launchedKernel = kernelNames.value(r[cKernelId]);
        }
        auto num = [&](const char *c) -> std::int64_t {
            const int i = col(c);
            return i >= 0 ? r[i].toLongLong() : 0;
        };
        switch (set) {
        case MeasuredKernelSet::Matmul:
            // out[B,M,K] = A[B,M,N] x W[B,N,K]: N is the reduction.
            mk.kernel = Kernel::gemm(num("M"), num("K"), num("N"), num("B"), mk.op == QStringLiteral("linear"));
            break;
        case MeasuredKernelSet::Vector: {
            Result<Kernel> k = neusightVectorKernel(mk.op, num("B"), num("H"));
            if (!k) {
                return Error{QStringLiteral("%1:%2: %3").arg(path).arg(line).arg(k.errorMessage())};
            }
            mk.kernel = k.value();
            break;
        }
        case MeasuredKernelSet::Conv: {
            const int kernelSize = static_cast<int>(num("Kernel_Szie"));
            const std::int64_t size = num("Input_Size");
            mk.kernel = Kernel::conv2d(num("B"), num("Input_Channel"), num("Output_Channel"), size, size, kernelSize,
                                       kernelSize, static_cast<int>(num("Stride")), static_cast<int>(num("Padding")));
            QStringList key;
            for (const char *c : {"B", "Input_Channel", "Output_Channel", "Kernel_Szie", "Input_Size", "Stride", "Padding"}) {
                key << r[col(c)];
            }
            mk.test = convShapeIsHeldOut(key.join(QLatin1Char(',')));
            break;
        }
        }
        if (!mk.kernel.valid()) {
            return Error{QStringLiteral("%1:%2: shape does not describe a valid kernel").arg(path).arg(line)};
        }
        out.push_back(std::move(mk));
    }
    return out;
}

}  // namespace infersight
