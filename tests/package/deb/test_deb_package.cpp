// SPDX-License-Identifier: MIT
// The Debian packages as a user installs them: `cpack -G DEB` on this build, `dpkg-deb -x` into a
// temporary root outside the source and build trees, then the installed programs run from there
// with the source and build trees out of reach. Out of reach means hidden: each run happens in a
// private mount namespace (`unshare -m`) where an empty tmpfs is mounted over the source and the
// build folder, so a library, module or data file found through a compiled-in build path is simply
// not there. Where no mount namespace can be made, the runs happen without hiding and a warning
// says so; the RUNPATH checks hold either way.
// Expected values: resnet18's parameters (11,684,712 in the ONNX fixture with BatchNorm folded,
// 11,689,512 in the TorchScript one = torchvision's published count) and 1.814 GMACs at 224x224
// (torchvision's published figure), tests/fixtures/*/fixtures.json; the German help line from
// translations/infersight_de.ts; predictions and validation must equal the build tree's own.
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

const QString kSourceDir = QStringLiteral(INFERSIGHT_SOURCE_DIR);
const QString kBinaryDir = QStringLiteral(INFERSIGHT_BINARY_DIR);
const QString kVersion = QStringLiteral(INFERSIGHT_PACKAGE_VERSION);
const QString kDebVersion = kVersion + QStringLiteral("-1");
const QString kPrivateLibDir = QStringLiteral("usr/" INFERSIGHT_INSTALL_PRIVATE_LIBDIR);
const QString kDataDir = QStringLiteral("usr/" INFERSIGHT_INSTALL_DATA_SUBDIR);

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QString describe() const {
        return QStringLiteral("exit %1\nstdout: %2\nstderr: %3")
            .arg(exitCode)
            .arg(QString::fromUtf8(out.left(2000)), QString::fromUtf8(err.left(2000)));
    }
};

Run runProcess(const QString &program, const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
               const QString &cwd = QString(), int timeoutMs = 600000) {
    QProcess p;
    p.setProcessEnvironment(env);
    if (!cwd.isEmpty()) {
        p.setWorkingDirectory(cwd);
    }
    p.start(program, args);
    Run run;
    if (!p.waitForStarted(30000)) {
        run.err = QStringLiteral("%1 did not start: %2").arg(program, p.errorString()).toUtf8();
        return run;
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        run.err = QStringLiteral("%1 timed out").arg(program).toUtf8();
        return run;
    }
    run.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    run.out = p.readAllStandardOutput();
    run.err = p.readAllStandardError();
    return run;
}

bool isInside(const QString &path, const QString &folder) {
    const QString p = QFileInfo(path).canonicalFilePath();
    const QString f = QFileInfo(folder).canonicalFilePath();
    return !f.isEmpty() && (p == f || p.startsWith(f + QLatin1Char('/')));
}

bool isElf(const QString &path) {
    QFile f(path);
    return QFileInfo(path).isFile() && !QFileInfo(path).isSymLink() && f.open(QIODevice::ReadOnly) && f.read(4) == QByteArray("\x7f" "ELF");
}

// The German translation of `source` in translations/infersight_de.ts (empty when absent).
QString germanTranslation(const QString &source) {
    QFile ts(kSourceDir + QStringLiteral("/translations/infersight_de.ts"));
    if (!ts.open(QIODevice::ReadOnly)) {
        return {};
    }
    QXmlStreamReader xml(&ts);
    QString currentSource;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) {
            continue;
        }
        if (xml.name() == QLatin1String("source")) {
            currentSource = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation") && currentSource == source) {
            return xml.readElementText();
        }
    }
    return {};
}

}  // namespace

class TestDebPackage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void controlFields_data();
    void controlFields();
    void dependsAreDebianPackages();
    void contents_data();
    void contents();
    void nothingOutsideItsPlace();
    void runpathsAreRelative();
    void librariesResolveOutsideTheBuildTree();
    void buildTreeIsOutOfReach();
    void versions_data();
    void versions();
    void guiSpeaksGerman();
    void inspectFixture();
    void predictFixture();
    void validateReadsInstalledData();
    void torchScriptThroughInstalledModule();
    void manPage_data();
    void manPage();
    void desktopFilesValidate_data();
    void desktopFilesValidate();

private:
    Run runInstalled(const QString &program, const QStringList &args, const QStringList &extraEnv = {}) const;
    QString root(const QString &relative) const { return m_root + QLatin1Char('/') + relative; }

    QTemporaryDir m_work;
    QString m_root;
    QString m_mainDeb;
    QString m_torchDeb;
    QString m_inputs;
    QStringList m_hidden;        // folders hidden from the installed programs
    QStringList m_isolation;     // command prefix that runs a program with m_hidden hidden
    bool m_expectTorch = false;
};

void TestDebPackage::initTestCase() {
    QVERIFY2(m_work.isValid(), "no temporary folder");
    QVERIFY2(!isInside(m_work.path(), kSourceDir) && !isInside(m_work.path(), kBinaryDir),
             qPrintable(QStringLiteral("the temporary folder %1 lies inside the source or build tree; set TMPDIR elsewhere")
                            .arg(m_work.path())));
    for (const char *tool : {"dpkg-deb", "dpkg-shlibdeps", "readelf", "ldd"}) {
        QVERIFY2(!QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty(),
                 qPrintable(QStringLiteral("%1 is not installed (scripts/bootstrap.sh installs it)").arg(QLatin1String(tool))));
    }
    m_expectTorch = QFileInfo::exists(kBinaryDir + QStringLiteral("/lib/libinfersight_torch.so"));

    // cpack into the temporary folder (its staging folder _CPack_Packages goes there too).
    const QString out = m_work.filePath(QStringLiteral("cpack"));
    const Run cpack = runProcess(QStringLiteral(INFERSIGHT_CPACK_COMMAND),
                                 {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("--config"),
                                  kBinaryDir + QStringLiteral("/CPackConfig.cmake"), QStringLiteral("-B"), out});
    QVERIFY2(cpack.exitCode == 0, qPrintable(QStringLiteral("cpack -G DEB failed:\n") + cpack.describe()));
    const QStringList debs = QDir(out).entryList({QStringLiteral("*.deb")}, QDir::Files);
    for (const QString &deb : debs) {
        if (deb.startsWith(QStringLiteral("infersight_") + kDebVersion + QLatin1Char('_'))) {
            m_mainDeb = QDir(out).filePath(deb);
        } else if (deb.startsWith(QStringLiteral("infersight-torch_") + kDebVersion + QLatin1Char('_'))) {
            m_torchDeb = QDir(out).filePath(deb);
        }
    }
    QVERIFY2(!m_mainDeb.isEmpty(), qPrintable(QStringLiteral("no infersight_%1_*.deb among: %2").arg(kDebVersion, debs.join(QLatin1Char(' ')))));
    QVERIFY2(!m_expectTorch || !m_torchDeb.isEmpty(), "the LibTorch module is built but there is no infersight-torch .deb");

    m_root = m_work.filePath(QStringLiteral("root"));
    for (const QString &deb : {m_mainDeb, m_torchDeb}) {
        if (deb.isEmpty()) {
            continue;
        }
        const Run x = runProcess(QStringLiteral("dpkg-deb"), {QStringLiteral("-x"), deb, m_root});
        QVERIFY2(x.exitCode == 0, qPrintable(x.describe()));
    }

    // Inputs the installed programs read, copied outside both trees.
    m_inputs = m_work.filePath(QStringLiteral("inputs"));
    QVERIFY(QDir().mkpath(m_inputs));
    QVERIFY(QDir().mkpath(m_work.filePath(QStringLiteral("home"))));
    QVERIFY(QDir().mkpath(m_work.filePath(QStringLiteral("runtime"))));
    QFile::setPermissions(m_work.filePath(QStringLiteral("runtime")), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    for (const QString &fixture : {QStringLiteral("onnx/resnet18.onnx"), QStringLiteral("torchscript/resnet18_traced.pt")}) {
        QVERIFY2(QFile::copy(kSourceDir + QStringLiteral("/tests/fixtures/") + fixture,
                             m_inputs + QLatin1Char('/') + QFileInfo(fixture).fileName()),
                 qPrintable(fixture));
    }

    // Hide the source and build trees: a private mount namespace with an empty tmpfs over each.
    m_hidden = {kSourceDir};
    if (!isInside(kBinaryDir, kSourceDir)) {
        m_hidden.push_back(kBinaryDir);
    }
    const QString script = m_work.filePath(QStringLiteral("hide-and-run.sh"));
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\n"
            "# usage: hide-and-run.sh FOLDER... -- PROGRAM ARGS...: an empty read-only tmpfs over each FOLDER\n"
            "set -e\n"
            "while [ \"$1\" != \"--\" ]; do mount -t tmpfs -o ro,size=4k,mode=755 infersight-hidden \"$1\"; shift; done\n"
            "shift\n"
            "exec \"$@\"\n");
    f.close();
    const QStringList hideArgs = QStringList{QStringLiteral("/bin/sh"), script} + m_hidden + QStringList{QStringLiteral("--")};
    for (const QStringList &prefix : {QStringList{QStringLiteral("unshare"), QStringLiteral("-m"), QStringLiteral("--propagation"), QStringLiteral("private")},
                                      QStringList{QStringLiteral("unshare"), QStringLiteral("-r"), QStringLiteral("-m"), QStringLiteral("--propagation"),
                                                  QStringLiteral("private")}}) {
        const QStringList probe = prefix + hideArgs + QStringList{QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("test ! -e \"$0\""),
                                                                   kSourceDir + QStringLiteral("/CMakeLists.txt")};
        if (runProcess(probe.first(), probe.mid(1)).exitCode == 0) {
            m_isolation = prefix + hideArgs;
            break;
        }
    }
    if (m_isolation.isEmpty()) {
        qWarning("no private mount namespace (unshare -m) could be made here: the installed programs run with the "
                 "source and build trees visible; only the RUNPATH and library checks keep them honest");
    }
}

Run TestDebPackage::runInstalled(const QString &program, const QStringList &args, const QStringList &extraEnv) const {
    QProcessEnvironment env;  // nothing inherited: no LD_LIBRARY_PATH, no INFERSIGHT_* overrides
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("HOME"), m_work.filePath(QStringLiteral("home")));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_work.filePath(QStringLiteral("runtime")));
    env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    for (const QString &kv : extraEnv) {
        env.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
    }
    const QStringList command = m_isolation + QStringList{program} + args;
    return runProcess(command.first(), command.mid(1), env, m_work.filePath(QStringLiteral("home")));
}

void TestDebPackage::controlFields_data() {
    QTest::addColumn<QString>("which");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("pattern");  // regular expression the field must match
    QTest::addColumn<bool>("matches");
    QTest::newRow("name") << "main" << "Package" << "^infersight$" << true;
    QTest::newRow("version") << "main" << "Version" << QStringLiteral("^%1$").arg(QRegularExpression::escape(kDebVersion)) << true;
    QTest::newRow("Qt widgets from shlibdeps") << "main" << "Depends" << "(^|, )libqt6widgets6( |,|$)" << true;
    QTest::newRow("Qt core from shlibdeps") << "main" << "Depends" << "(^|, )libqt6core6( |,|$)" << true;
    QTest::newRow("graphviz from shlibdeps") << "main" << "Depends" << "(^|, )libgvc6( |,|$)" << true;
    QTest::newRow("protobuf from shlibdeps") << "main" << "Depends" << "(^|, )libprotobuf[0-9]+( |,|$)" << true;
    QTest::newRow("no LibTorch in Depends") << "main" << "Depends" << "libtorch|libc10" << false;
    QTest::newRow("no own library in Depends") << "main" << "Depends" << "infersight" << false;
    QTest::newRow("TorchScript module recommended") << "main" << "Recommends"
                                                    << QStringLiteral("infersight-torch \\(= %1\\)").arg(QRegularExpression::escape(kDebVersion)) << true;
    QTest::newRow("torch name") << "torch" << "Package" << "^infersight-torch$" << true;
    QTest::newRow("torch needs the same infersight") << "torch" << "Depends"
                                                     << QStringLiteral("(^|, )infersight \\(= %1\\)").arg(QRegularExpression::escape(kDebVersion)) << true;
    QTest::newRow("torch needs LibTorch") << "torch" << "Depends" << "(^|, )libtorch[0-9.]+( |,|$)" << true;
}

void TestDebPackage::controlFields() {
    QFETCH(QString, which);
    QFETCH(QString, field);
    QFETCH(QString, pattern);
    QFETCH(bool, matches);
    const QString deb = which == QLatin1String("main") ? m_mainDeb : m_torchDeb;
    if (deb.isEmpty()) {
        QSKIP("this build has no LibTorch module (INFERSIGHT_WITH_TORCH=OFF)");
    }
    const Run r = runProcess(QStringLiteral("dpkg-deb"), {QStringLiteral("-f"), deb, field});
    QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
    const QString value = QString::fromUtf8(r.out).trimmed();
    QVERIFY2(QRegularExpression(pattern).match(value).hasMatch() == matches,
             qPrintable(QStringLiteral("%1: '%2' %3 /%4/").arg(field, value, matches ? QStringLiteral("does not match") : QStringLiteral("matches"), pattern)));
}

void TestDebPackage::dependsAreDebianPackages() {
    // Every package named in Depends is a Debian package this machine has installed (the build
    // machine is Debian 12), i.e. nothing outside the distribution is needed.
    for (const QString &deb : {m_mainDeb, m_torchDeb}) {
        if (deb.isEmpty()) {
            continue;
        }
        const Run r = runProcess(QStringLiteral("dpkg-deb"), {QStringLiteral("-f"), deb, QStringLiteral("Depends")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const QStringList entries = QString::fromUtf8(r.out).trimmed().split(QStringLiteral(", "), Qt::SkipEmptyParts);
        QVERIFY(!entries.isEmpty());
        for (const QString &entry : entries) {
            const QString name = entry.section(QLatin1Char(' '), 0, 0).section(QLatin1Char('|'), 0, 0).trimmed();
            if (name == QLatin1String("infersight")) {
                continue;  // the torch package's own main package
            }
            const Run q = runProcess(QStringLiteral("dpkg-query"), {QStringLiteral("-W"), QStringLiteral("-f=${Status}"), name});
            QVERIFY2(q.exitCode == 0 && q.out.contains("install ok installed"),
                     qPrintable(QStringLiteral("%1 (Depends of %2) is not an installed Debian package").arg(name, QFileInfo(deb).fileName())));
        }
    }
}

void TestDebPackage::contents_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("GUI") << "usr/bin/infersight";
    QTest::newRow("CLI") << "usr/bin/infersight-cli";
    QTest::newRow("engine library") << kPrivateLibDir + QStringLiteral("/libinfersight_core.so.0");
    QTest::newRow("desktop file") << "usr/share/applications/io.infersight.Infersight.desktop";
    QTest::newRow("AppStream metainfo") << "usr/share/metainfo/io.infersight.Infersight.metainfo.xml";
    QTest::newRow("SVG icon") << "usr/share/icons/hicolor/scalable/apps/io.infersight.Infersight.svg";
    QTest::newRow("CLI man page") << "usr/share/man/man1/infersight-cli.1.gz";
    QTest::newRow("GUI man page") << "usr/share/man/man1/infersight.1.gz";
    QTest::newRow("copyright") << "usr/share/doc/infersight/copyright";
    QTest::newRow("NeuSight e2e data") << kDataDir + QStringLiteral("/neusight/e2e_measured.csv");
    QTest::newRow("NeuSight kernels") << kDataDir + QStringLiteral("/neusight/kernels_matmul.csv.gz");
    QTest::newRow("NeuSight licence") << kDataDir + QStringLiteral("/neusight/LICENSE");
    QTest::newRow("DLE data") << kDataDir + QStringLiteral("/dle/pytorch_convnets_inference.csv");
    QTest::newRow("LOO kernel models") << kDataDir + QStringLiteral("/predictor/loo/t4.json");
    if (m_expectTorch) {
        QTest::newRow("LibTorch module") << kPrivateLibDir + QStringLiteral("/libinfersight_torch.so");
        // The child that runs LibTorch for TorchScript import (issue 15: never in our process).
        QTest::newRow("TorchScript reader") << kPrivateLibDir + QStringLiteral("/infersight-torchscript-reader");
    }
}

void TestDebPackage::contents() {
    QFETCH(QString, path);
    QVERIFY2(QFileInfo(root(path)).isFile(), qPrintable(path + QStringLiteral(" is not in the package")));
    QVERIFY2(QFileInfo(root(path)).size() > 0, qPrintable(path + QStringLiteral(" is empty")));
}

void TestDebPackage::nothingOutsideItsPlace() {
    // Only /usr, no headers, no development symlinks (libinfersight_core.so is private).
    QDirIterator it(m_root, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::System, QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
        const QString rel = QDir(m_root).relativeFilePath(it.next());
        QVERIFY2(rel == QLatin1String("usr") || rel.startsWith(QStringLiteral("usr/")), qPrintable(rel));
        QVERIFY2(!rel.startsWith(QStringLiteral("usr/include")), qPrintable(rel));
        QVERIFY2(!rel.endsWith(QStringLiteral(".so")) || rel.endsWith(QStringLiteral("libinfersight_torch.so")), qPrintable(rel));
        files += it.fileInfo().isFile() ? 1 : 0;
    }
    QVERIFY(files > 10);
}

void TestDebPackage::runpathsAreRelative() {
    // Every ELF file finds its libraries through $ORIGIN only: no absolute RPATH/RUNPATH.
    QDirIterator it(m_root, QDir::Files, QDirIterator::Subdirectories);
    int elfs = 0;
    const QRegularExpression runpath(QStringLiteral("\\((?:RPATH|RUNPATH)\\)\\s+Library r(?:un)?path: \\[(.*)\\]"));
    while (it.hasNext()) {
        const QString path = it.next();
        if (!isElf(path)) {
            continue;
        }
        ++elfs;
        const Run r = runProcess(QStringLiteral("readelf"), {QStringLiteral("-d"), path});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        auto matches = runpath.globalMatch(QString::fromUtf8(r.out));
        while (matches.hasNext()) {
            for (const QString &entry : matches.next().captured(1).split(QLatin1Char(':'), Qt::SkipEmptyParts)) {
                QVERIFY2(entry.startsWith(QStringLiteral("$ORIGIN")),
                         qPrintable(QStringLiteral("%1 has the run path %2").arg(QDir(m_root).relativeFilePath(path), entry)));
            }
        }
    }
    QVERIFY2(elfs >= 3, qPrintable(QString::number(elfs)));
}

void TestDebPackage::librariesResolveOutsideTheBuildTree() {
    // ldd from inside the isolation: every library is found, none in the source or build tree.
    for (const QString &elf : {QStringLiteral("usr/bin/infersight"), QStringLiteral("usr/bin/infersight-cli"),
                               kPrivateLibDir + QStringLiteral("/libinfersight_torch.so")}) {
        if (!QFileInfo::exists(root(elf))) {
            QVERIFY2(elf.endsWith(QStringLiteral("torch.so")) && !m_expectTorch, qPrintable(elf));
            continue;
        }
        const Run r = runInstalled(QStringLiteral("/usr/bin/ldd"), {root(elf)});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const QString text = QString::fromUtf8(r.out);
        QVERIFY2(!text.contains(QStringLiteral("not found")), qPrintable(elf + QStringLiteral(":\n") + text));
        for (const QString &tree : {kSourceDir, kBinaryDir}) {
            QVERIFY2(!text.contains(tree + QLatin1Char('/')), qPrintable(elf + QStringLiteral(":\n") + text));
        }
        if (!elf.endsWith(QStringLiteral("torch.so"))) {
            // ldd prints the path as the run path spells it ($ORIGIN/../lib/...): compare canonical paths.
            const QRegularExpressionMatch m =
                QRegularExpression(QStringLiteral("libinfersight_core\\.so\\.0 => (\\S+)")).match(text);
            QVERIFY2(m.hasMatch(), qPrintable(text));
            QCOMPARE(QFileInfo(m.captured(1)).canonicalFilePath(),
                     QFileInfo(root(kPrivateLibDir) + QStringLiteral("/libinfersight_core.so.0")).canonicalFilePath());
        }
    }
}

void TestDebPackage::buildTreeIsOutOfReach() {
    if (m_isolation.isEmpty()) {
        QSKIP("no mount namespace here (see the warning above)");
    }
    for (const QString &tree : m_hidden) {
        const Run r = runInstalled(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("ls -A \"$0\" | wc -l"), tree});
        QVERIFY2(r.exitCode == 0 && r.out.trimmed() == "0", qPrintable(tree + QStringLiteral(" is visible: ") + r.describe()));
    }
}

void TestDebPackage::versions_data() {
    QTest::addColumn<QString>("program");
    QTest::newRow("CLI") << "infersight-cli";
    QTest::newRow("GUI") << "infersight";
}

void TestDebPackage::versions() {
    QFETCH(QString, program);
    const Run r = runInstalled(root(QStringLiteral("usr/bin/") + program), {QStringLiteral("--version")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
    QCOMPARE(QString::fromUtf8(r.out).trimmed(), program + QLatin1Char(' ') + kVersion);
}

void TestDebPackage::guiSpeaksGerman() {
    // The translations (.qm, compiled into the program) ship: the help's description line in German.
    const Run english = runInstalled(root(QStringLiteral("usr/bin/infersight")), {QStringLiteral("--help")}, {QStringLiteral("LANGUAGE=en")});
    QVERIFY2(english.exitCode == 0, qPrintable(english.describe()));
    const QString description = QString::fromUtf8(english.out).split(QLatin1Char('\n')).value(1).trimmed();
    const QString german = germanTranslation(description);
    QVERIFY2(!german.isEmpty(), qPrintable(QStringLiteral("'%1' has no German translation in translations/infersight_de.ts").arg(description)));
    const Run r = runInstalled(root(QStringLiteral("usr/bin/infersight")), {QStringLiteral("--help")},
                               {QStringLiteral("LANG=de_DE.UTF-8"), QStringLiteral("LANGUAGE=de")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
    QVERIFY2(QString::fromUtf8(r.out).contains(german), qPrintable(QStringLiteral("expected '%1' in:\n").arg(german) + QString::fromUtf8(r.out)));
}

void TestDebPackage::inspectFixture() {
    const Run r = runInstalled(root(QStringLiteral("usr/bin/infersight-cli")),
                               {QStringLiteral("inspect"), m_inputs + QStringLiteral("/resnet18.onnx"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
    const QJsonObject model = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("model")).toObject();
    QCOMPARE(model.value(QStringLiteral("params")).toInteger(), qint64(11684712));
    const double gmacs = static_cast<double>(model.value(QStringLiteral("macs")).toInteger()) / 1e9;
    QVERIFY2(std::abs(gmacs - 1.814) / 1.814 < 0.02, qPrintable(QString::number(gmacs)));
}

void TestDebPackage::predictFixture() {
    const QStringList args{QStringLiteral("predict"), m_inputs + QStringLiteral("/resnet18.onnx"), QStringLiteral("--gpu"),
                           QStringLiteral("a100-sxm4-40gb"), QStringLiteral("--batch"), QStringLiteral("8"), QStringLiteral("--json")};
    const Run installed = runInstalled(root(QStringLiteral("usr/bin/infersight-cli")), args);
    QVERIFY2(installed.exitCode == 0, qPrintable(installed.describe()));
    const QJsonObject j = QJsonDocument::fromJson(installed.out).object();
    QVERIFY2(j.value(QStringLiteral("latency_ms")).toDouble() > 0, installed.out.left(500).constData());
    // The installed resources (GPU catalogue, predictor weights) are the build's: same prediction.
    const Run built = runProcess(kBinaryDir + QStringLiteral("/bin/infersight-cli"), args);
    QVERIFY2(built.exitCode == 0, qPrintable(built.describe()));
    QCOMPARE(QJsonDocument::fromJson(installed.out).object(), QJsonDocument::fromJson(built.out).object());
}

void TestDebPackage::validateReadsInstalledData() {
    // validate reads data/ at run time: the installed copy, same rows and error as the source tree's.
    const QStringList args{QStringLiteral("validate"), QStringLiteral("--only"), QStringLiteral("dle"), QStringLiteral("--no-loo"), QStringLiteral("--json")};
    const Run installed = runInstalled(root(QStringLiteral("usr/bin/infersight-cli")), args);
    QVERIFY2(installed.exitCode == 0, qPrintable(installed.describe()));
    const QJsonObject dle = QJsonDocument::fromJson(installed.out).object().value(QStringLiteral("summary")).toObject().value(QStringLiteral("dle")).toObject();
    QVERIFY2(dle.value(QStringLiteral("rows")).toInt() > 0, installed.out.left(500).constData());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("INFERSIGHT_DATA_DIR"), kSourceDir + QStringLiteral("/data"));
    const Run built = runProcess(kBinaryDir + QStringLiteral("/bin/infersight-cli"), args, env);
    QVERIFY2(built.exitCode == 0, qPrintable(built.describe()));
    QCOMPARE(dle, QJsonDocument::fromJson(built.out).object().value(QStringLiteral("summary")).toObject().value(QStringLiteral("dle")).toObject());
}

void TestDebPackage::torchScriptThroughInstalledModule() {
    if (!m_expectTorch) {
        QSKIP("this build has no LibTorch module (INFERSIGHT_WITH_TORCH=OFF)");
    }
    const Run r = runInstalled(root(QStringLiteral("usr/bin/infersight-cli")),
                               {QStringLiteral("inspect"), m_inputs + QStringLiteral("/resnet18_traced.pt"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
    const QJsonObject model = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("model")).toObject();
    QCOMPARE(model.value(QStringLiteral("params")).toInteger(), qint64(11689512));
}

void TestDebPackage::manPage_data() {
    QTest::addColumn<QString>("page");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("infersight-cli") << "infersight-cli.1.gz"
                                    << QStringList{".TH INFERSIGHT-CLI \"1\"", ".SH COMMANDS", ".SS \"infersight-cli predict\"",
                                                   ".SS \"infersight-cli inspect\"", "\\-\\-gpu", "INFERSIGHT_DATA_DIR"};
    QTest::newRow("infersight") << "infersight.1.gz" << QStringList{".TH INFERSIGHT \"1\"", "\\-\\-screenshot", "infersight-cli"};
}

void TestDebPackage::manPage() {
    QFETCH(QString, page);
    QFETCH(QStringList, mentions);
    const Run r = runProcess(QStringLiteral("gzip"), {QStringLiteral("-dc"), root(QStringLiteral("usr/share/man/man1/") + page)});
    QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
    const QString text = QString::fromUtf8(r.out);
    for (const QString &m : mentions) {
        QVERIFY2(text.contains(m), qPrintable(QStringLiteral("%1 lacks %2").arg(page, m)));
    }
    for (const QString &tree : {kSourceDir, kBinaryDir, QDir::homePath()}) {
        QVERIFY2(!text.contains(tree + QLatin1Char('/')), qPrintable(QStringLiteral("%1 mentions %2").arg(page, tree)));
    }
}

void TestDebPackage::desktopFilesValidate_data() {
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QStringList>("args");
    QTest::newRow("AppStream") << "appstreamcli"
                               << QStringList{"validate", "--no-net", "--pedantic", root("usr/share/metainfo/io.infersight.Infersight.metainfo.xml")};
    QTest::newRow("desktop entry") << "desktop-file-validate" << QStringList{root("usr/share/applications/io.infersight.Infersight.desktop")};
}

void TestDebPackage::desktopFilesValidate() {
    QFETCH(QString, tool);
    QFETCH(QStringList, args);
    QVERIFY2(!QStandardPaths::findExecutable(tool).isEmpty(),
             qPrintable(QStringLiteral("%1 is not installed (scripts/bootstrap.sh installs it)").arg(tool)));
    const Run r = runProcess(tool, args);
    QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
}

QTEST_GUILESS_MAIN(TestDebPackage)
#include "test_deb_package.moc"
