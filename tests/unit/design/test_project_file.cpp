// SPDX-License-Identifier: MIT
// Tests of the .infersight project file: round trips (source relative to the project file,
// knobs, structure, edits, per-node precisions, targets), and broken or newer files giving one
// clear error that names the file and the problem while the current design and the file on
// disk stay untouched.
#include "design/design_history.h"
#include "design/project_file.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace infersight;

namespace {

const QString kFixtures = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/");

QByteArray readAll(const QString &path) {
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.readAll();
}

void writeAll(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

// A valid project whose knobs.batch etc. the broken rows replace.
QByteArray validProject(const QString &batch = QStringLiteral("8"), const QString &version = QStringLiteral("1"),
                        const QString &format = QStringLiteral("\"infersight-project\""), const QString &edits = QStringLiteral("[]"),
                        const QString &precision = QStringLiteral("\"fp16\"")) {
    return QStringLiteral(R"({"format": %1, "version": %2,
  "model": {"source": "zoo:resnet18"},
  "knobs": {"batch": %3, "precision": %4, "runtime": "eager"},
  "edits": %5})")
        .arg(format, version, batch, precision, edits)
        .toUtf8();
}

}  // namespace

class TestProjectFile : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data();
    void roundTrip();
    void sourceIsStoredRelative();
    void brokenFilesGiveClearErrors_data();
    void brokenFilesGiveClearErrors();
    void savingReplacesTheFileAtomically();
    void unknownFieldsWarn();
};

void TestProjectFile::roundTrip_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("edited");   // layer to edit
    QTest::addColumn<qint64>("width");
    QTest::addColumn<int>("depth");
    QTest::newRow("zoo resnet50, edit + depth") << "zoo:resnet50" << "layer1.0/conv1" << qint64(32) << 8;
    QTest::newRow("onnx resnet18, edit") << kFixtures + "resnet18.onnx" << "/layer1/layer1.0/conv1/Conv" << qint64(48) << -1;
}

void TestProjectFile::roundTrip() {
    QFETCH(QString, source);
    QFETCH(QString, edited);
    QFETCH(qint64, width);
    QFETCH(int, depth);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Knobs knobs;
    knobs.batch = 16;
    knobs.precision = Precision::BF16;
    knobs.runtime = Runtime::Fused;
    auto opened = Design::open(source, knobs);
    QVERIFY(opened);
    Design d = *opened;
    if (depth > 0) {
        QVERIFY(d.setDepth(depth));
    }
    const Status edit = d.addEdit(DesignEdit::width(edited, width));
    QVERIFY2(edit, qPrintable(edit.errorMessage()));
    QVERIFY(d.setNodePrecision(edited, Precision::FP32));
    const std::vector<ProjectTarget> targets{{QStringLiteral("a100-sxm4-40gb"), QStringLiteral("3g.20gb"), std::nullopt, false},
                                             {QStringLiteral("h100-sxm5-80gb"), {}, 50.0, true},
                                             {QStringLiteral("a100-sxm4-40gb"), {}, std::nullopt, false, QStringLiteral("aws-p4d")}};
    const QString path = dir.filePath(QStringLiteral("sub/my.infersight"));
    const Status saved = writeProjectFile(Project::fromDesign(d, targets), path);
    QVERIFY2(saved, qPrintable(saved.errorMessage()));

    auto project = readProjectFile(path);
    QVERIFY2(project, qPrintable(project ? QString() : project.errorMessage()));
    QCOMPARE(project->targets, targets);
    QCOMPARE(*project, Project::fromDesign(d, targets));
    std::vector<ProjectTarget> readTargets;
    auto reopened = openProjectFile(path, &readTargets);
    QVERIFY2(reopened, qPrintable(reopened ? QString() : reopened.errorMessage()));
    QCOMPARE(readTargets, targets);
    QVERIFY(reopened->sameState(d));
    QCOMPARE(reopened->graph().parameterCount(), d.graph().parameterCount());
    QCOMPARE(reopened->knobs(), knobs);
    QCOMPARE(*reopened->layerWidth(edited), std::int64_t{width});
}

void TestProjectFile::sourceIsStoredRelative() {
    // A project next to its model: the stored path is the file name, so the pair can be moved.
    QTemporaryDir dir;
    const QString model = dir.filePath(QStringLiteral("models/resnet18.onnx"));
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("models"))));
    QVERIFY(QFile::copy(kFixtures + QStringLiteral("resnet18.onnx"), model));
    auto d = Design::open(model);
    QVERIFY(d);
    const QString path = dir.filePath(QStringLiteral("project.infersight"));
    QVERIFY(writeProjectFile(Project::fromDesign(*d), path));
    const QJsonObject json = QJsonDocument::fromJson(readAll(path)).object();
    QCOMPARE(json.value(QStringLiteral("format")).toString(), QStringLiteral("infersight-project"));
    QCOMPARE(json.value(QStringLiteral("version")).toInt(), 1);
    QCOMPARE(json.value(QStringLiteral("model")).toObject().value(QStringLiteral("source")).toString(), QStringLiteral("models/resnet18.onnx"));
    // Move the folder: the project still opens.
    QTemporaryDir other;
    const QString moved = other.filePath(QStringLiteral("copy"));
    QVERIFY(QDir().rename(dir.path(), moved));
    auto reopened = openProjectFile(moved + QStringLiteral("/project.infersight"));
    QVERIFY2(reopened, qPrintable(reopened ? QString() : reopened.errorMessage()));
    QVERIFY(QDir().rename(moved, dir.path()));  // let QTemporaryDir clean up
}

void TestProjectFile::brokenFilesGiveClearErrors_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("not JSON") << QByteArray("model = resnet50\n") << QStringList{"not a project file"};
    QTest::newRow("empty") << QByteArray() << QStringList{"not a project file"};
    QTest::newRow("JSON array") << QByteArray("[1, 2]") << QStringList{"top level must be a JSON object"};
    QTest::newRow("no format") << QByteArray(R"({"version": 1})") << QStringList{"not an Infersight project"};
    QTest::newRow("wrong format") << validProject("8", "1", "\"infersight-sweep\"") << QStringList{"format is 'infersight-sweep'"};
    QTest::newRow("newer version") << validProject("8", "2") << QStringList{"newer Infersight", "version 2"};
    QTest::newRow("missing field") << QByteArray(R"({"format": "infersight-project", "version": 1, "model": {"source": "zoo:resnet18"},
        "knobs": {"precision": "fp16", "runtime": "eager"}, "edits": []})")
                                   << QStringList{"'knobs.batch' is missing"};
    QTest::newRow("wrong type") << validProject("\"eight\"") << QStringList{"'knobs.batch' must be an integer, not a string"};
    QTest::newRow("bad precision") << validProject("8", "1", "\"infersight-project\"", "[]", "\"fp7\"")
                                   << QStringList{"'knobs.precision'", "'fp7' is not a precision"};
    QTest::newRow("bad edit kind") << validProject("8", "1", "\"infersight-project\"", R"([{"kind": "depth", "node": "x", "value": 2}])")
                                   << QStringList{"'edits[0].kind'", "'depth' is not an edit kind"};
    QTest::newRow("edit of a missing node") << validProject("8", "1", "\"infersight-project\"",
                                                            R"([{"kind": "width", "node": "layer9.0/conv1", "value": 32}])")
                                            << QStringList{"no node named 'layer9.0/conv1'"};
    QTest::newRow("missing model") << QByteArray(R"({"format": "infersight-project", "version": 1, "model": {"source": "zoo:nosuchnet"},
        "knobs": {"batch": 1, "precision": "fp32", "runtime": "eager"}, "edits": []})")
                                   << QStringList{"nosuchnet"};
    // Issue 15, item 9: MIG profiles from NVIDIA's tables (A100 40GB: 1g.5gb ... 7g.40gb; the A10
    // has no MIG).
    const QByteArray withTarget = R"({"format": "infersight-project", "version": 1, "model": {"source": "zoo:resnet18"},
        "knobs": {"batch": 1, "precision": "fp32", "runtime": "eager"}, "edits": [], "targets": [%1]})";
    QTest::newRow("unknown MIG profile") << QString::fromUtf8(withTarget).arg(R"({"gpu": "a100-sxm4-40gb", "mig": "9g.99gb"})").toUtf8()
                                         << QStringList{"'targets[0].mig'", "unknown MIG profile '9g.99gb'", "1g.5gb", "7g.40gb"};
    QTest::newRow("MIG on a GPU without MIG") << QString::fromUtf8(withTarget).arg(R"({"gpu": "a10", "mig": "1g.5gb"})").toUtf8()
                                              << QStringList{"'targets[0].mig'", "a10 has no MIG", "a100-sxm4-40gb"};
    QTest::newRow("MPS 0") << QString::fromUtf8(withTarget).arg(R"({"gpu": "t4", "mps": 0})").toUtf8()
                           << QStringList{"'targets[0].mps'", "(0, 100]"};
    // Issue 17: the host is a HostCatalogue id (systems of /work/shared/data/hosts/systems.csv).
    QTest::newRow("unknown host") << QString::fromUtf8(withTarget).arg(R"({"gpu": "t4", "host": "dgx-9"})").toUtf8()
                                  << QStringList{"'targets[0].host'", "unknown host 'dgx-9'", "aws-g4dn"};
}

void TestProjectFile::unknownFieldsWarn() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("typo.infersight"));
    writeAll(path, R"({"format": "infersight-project", "version": 1, "model": {"source": "zoo:resnet18"},
        "knobs": {"batch": 1, "precision": "fp32", "runtime": "eager"}, "edits": [], "knbos": {"batch": 64},
        "targets": [{"gpu": "a100-sxm4-40gb", "mig": "1g.5gb", "mps_share": 50}], "view": {"current_target": 0}})");
    const auto project = readProjectFile(path);
    QVERIFY2(project.ok(), qPrintable(project.ok() ? QString() : project.errorMessage()));
    QCOMPARE(project->warnings.size(), qsizetype{2});
    QVERIFY(project->warnings.contains(path + QStringLiteral(": unknown field 'knbos' is ignored")));
    QVERIFY(project->warnings.contains(path + QStringLiteral(": unknown field 'targets[0].mps_share' is ignored")));
    QCOMPARE(project->knobs.batch, std::int64_t{1});
    QCOMPARE(project->targets.at(0).mig, QStringLiteral("1g.5gb"));
    // What this version writes reads back without warnings.
    const QString saved = dir.filePath(QStringLiteral("saved.infersight"));
    QVERIFY(writeProjectFile(*project, saved));
    QVERIFY(readProjectFile(saved)->warnings.isEmpty());
}

void TestProjectFile::brokenFilesGiveClearErrors() {
    QFETCH(QByteArray, content);
    QFETCH(QStringList, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.infersight"));
    writeAll(path, content);
    // The design in memory before the failed load.
    DesignHistory history(*Design::open(QStringLiteral("zoo:resnet50")));
    QVERIFY(history.apply(QStringLiteral("edit"), [](Design &d) { return d.addEdit(DesignEdit::width(QStringLiteral("layer1.0/conv1"), 32)); }));
    const Design before = history.current();

    auto loaded = openProjectFile(path);
    QVERIFY(!loaded);
    const QString message = loaded.errorMessage();
    QVERIFY2(message.startsWith(path), qPrintable(message));
    for (const QString &part : expected) {
        QVERIFY2(message.contains(part), qPrintable(message));
    }
    QVERIFY2(!message.contains(QLatin1Char('\n')), "one line");
    QVERIFY(history.current().sameState(before));
    QCOMPARE(history.current().sharedGraph(), before.sharedGraph());
    QCOMPARE(readAll(path), content);  // the file is untouched
}

void TestProjectFile::savingReplacesTheFileAtomically() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("p.infersight"));
    auto d = Design::open(QStringLiteral("zoo:resnet18"));
    QVERIFY(writeProjectFile(Project::fromDesign(*d), path));
    QVERIFY(d->setBatch(32));
    QVERIFY(writeProjectFile(Project::fromDesign(*d), path));
    QCOMPARE(readProjectFile(path)->knobs.batch, std::int64_t{32});
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("p.infersight")});  // no temporary left
    // A path whose folder cannot be created fails and writes nothing.
    writeAll(dir.filePath(QStringLiteral("file")), "x");
    const Status st = writeProjectFile(Project::fromDesign(*d), dir.filePath(QStringLiteral("file/p.infersight")));
    QVERIFY(!st);
    QVERIFY2(st.errorMessage().contains(QStringLiteral("file/p.infersight")), qPrintable(st.errorMessage()));
}

QTEST_GUILESS_MAIN(TestProjectFile)
#include "test_project_file.moc"
