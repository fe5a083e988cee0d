// SPDX-License-Identifier: MIT
// Tests of the measured-data loaders: CSV quoting, gzip, the row counts of the NeuSight tables
// (134,913 matmul, 116,793 vec, 24,662 conv rows: ../shared/data/README.md), the mapping of the
// data's GPU names to catalogue ids, the conv hold-out, and the published FNV-1a test vectors.
#include "validate/measured_data.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <zlib.h>

using namespace infersight;

class TestMeasuredData : public QObject {
    Q_OBJECT
private slots:
    void csvQuoting();
    void gzipFallback();
    void fnv1aVectors();
    void neusightTables_data();
    void neusightTables();
    void matmulDims();
    void kernelsLaunchedInTraining();
    void vectorOps();
};

void TestMeasuredData::csvQuoting() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("t.csv"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("a,b,c\r\n1,\"x, y\",\"say \"\"hi\"\"\"\n\n2,,3\n");
    f.close();
    Result<CsvTable> t = readCsv(path);
    QVERIFY(t.ok());
    QCOMPARE(t->header, (QStringList{"a", "b", "c"}));
    QCOMPARE(t->rows.size(), std::size_t(2));
    QCOMPARE(t->rows[0], (QStringList{"1", "x, y", "say \"hi\""}));
    QCOMPARE(t->rows[1], (QStringList{"2", "", "3"}));
    QCOMPARE(t->column(QStringLiteral("c")), 2);

    QFile g(dir.filePath(QStringLiteral("bad.csv")));
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write("a,b\n1,2,3\n");
    g.close();
    Result<CsvTable> bad = readCsv(g.fileName());
    QVERIFY(!bad.ok());
    QVERIFY(bad.errorMessage().contains(QStringLiteral(":2:")));
}

void TestMeasuredData::gzipFallback() {
    QTemporaryDir dir;
    const QString gz = dir.filePath(QStringLiteral("z.csv.gz"));
    gzFile out = gzopen(QFile::encodeName(gz).constData(), "wb");
    QVERIFY(out);
    const char text[] = "k,v\nalpha,1\nbeta,2\n";
    gzwrite(out, text, sizeof text - 1);
    gzclose(out);
    Result<CsvTable> t = readCsv(dir.filePath(QStringLiteral("z.csv")));  // finds z.csv.gz
    QVERIFY(t.ok());
    QCOMPARE(t->rows.size(), std::size_t(2));
    QCOMPARE(t->rows[1][0], QStringLiteral("beta"));
    QVERIFY(!readCsv(dir.filePath(QStringLiteral("missing.csv"))).ok());
}

void TestMeasuredData::fnv1aVectors() {
    // FNV-1a 64-bit test vectors (Fowler/Noll/Vo reference: "" and "a").
    QCOMPARE(fnv1a64(QByteArray()), 0xcbf29ce484222325ULL);
    QCOMPARE(fnv1a64(QByteArrayLiteral("a")), 0xaf63dc4c8601ec8cULL);
}

void TestMeasuredData::neusightTables_data() {
    QTest::addColumn<int>("set");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("gpus");
    QTest::newRow("matmul") << int(MeasuredKernelSet::Matmul) << 134913 << 6;
    QTest::newRow("vec") << int(MeasuredKernelSet::Vector) << 116793 << 6;
    QTest::newRow("conv") << int(MeasuredKernelSet::Conv) << 24662 << 5;
}

void TestMeasuredData::neusightTables() {
    QFETCH(int, set);
    QFETCH(int, rows);
    QFETCH(int, gpus);
    Result<std::vector<MeasuredKernel>> data = loadNeusightKernels(static_cast<MeasuredKernelSet>(set));
    QVERIFY2(data.ok(), data.ok() ? "" : qPrintable(data.errorMessage()));
    QCOMPARE(static_cast<int>(data->size()), rows);
    QSet<QString> ids;
    int test = 0;
    for (const MeasuredKernel &m : *data) {
        QVERIFY2(!m.gpuId.isEmpty(), qPrintable(m.gpuDeviceName));
        ids.insert(m.gpuId);
        test += m.test ? 1 : 0;
        QVERIFY(m.kernel.valid());
        QVERIFY(!m.launchedKernel.isEmpty());
    }
    QCOMPARE(ids.size(), gpus);
    QVERIFY(test > 0);
    if (static_cast<MeasuredKernelSet>(set) == MeasuredKernelSet::Conv) {
        // About a fifth of the shapes are held out.
        QVERIFY(test > rows / 7 && test < rows / 3);
    }
}

void TestMeasuredData::matmulDims() {
    // First row of kernels_matmul.csv: test,Tesla V100-PCIE-32GB,bmm,384,128,64,128 -> out[384,128,128]
    // = A[384,128,64] x W[384,64,128]: m 128, n 128 (output), k 64 (reduction).
    Result<std::vector<MeasuredKernel>> data = loadNeusightKernels(MeasuredKernelSet::Matmul);
    QVERIFY(data.ok());
    const MeasuredKernel &m = data->front();
    QCOMPARE(m.gpuId, QStringLiteral("v100-pcie-32gb"));
    QVERIFY(m.test);
    QCOMPARE(m.kernel.batch, 384);
    QCOMPARE(m.kernel.m, 128);
    QCOMPARE(m.kernel.n, 128);
    QCOMPARE(m.kernel.k, 64);
    QVERIFY(!m.kernel.linear);
    QCOMPARE(m.launchedKernel, QStringLiteral("volta_sgemm_32x128_nn"));
}

void TestMeasuredData::kernelsLaunchedInTraining() {
    // Counted from kernels_matmul.csv with a script outside the project (docs/predictor.md, "Known
    // gaps"): 983 test rows, all on the Tesla P4, launch a kernel that no train row launches.
    Result<std::vector<MeasuredKernel>> data = loadNeusightKernels(MeasuredKernelSet::Matmul);
    QVERIFY(data.ok());
    const QSet<QString> trained = infersight::kernelsLaunchedInTraining(*data);
    QVERIFY(trained.contains(QStringLiteral("maxwell_sgemm_128x64_nn")));
    QVERIFY(!trained.contains(QStringLiteral("sgemm_128x128x8_NT_vec")));
    int unseen = 0;
    for (const MeasuredKernel &m : *data) {
        if (m.test && !trained.contains(m.launchedKernel)) {
            QCOMPARE(m.gpuId, QStringLiteral("p4"));
            ++unseen;
        }
    }
    QCOMPARE(unseen, 983);
}

void TestMeasuredData::vectorOps() {
    Result<Kernel> add = neusightVectorKernel(QStringLiteral("add"), 10, 20);
    QVERIFY(add.ok());
    QCOMPARE(add->inputs, 2);
    QCOMPARE(add->elements, 200);
    Result<Kernel> ln = neusightVectorKernel(QStringLiteral("ln"), 10, 20);
    QVERIFY(ln.ok());
    QCOMPARE(ln->kind, KernelClass::RowReduction);
    QCOMPARE(ln->rowLength, 20);
    QVERIFY(!neusightVectorKernel(QStringLiteral("sigmoid"), 1, 1).ok());
}

QTEST_GUILESS_MAIN(TestMeasuredData)
#include "test_measured_data.moc"
