// SPDX-License-Identifier: MIT
// The shipped translations (translations/infersight_de.ts, infersight_zh_CN.ts):
// - every entry is finished, none is vanished/obsolete (a tr() string that left the code), and
//   numerus entries carry the forms of the language (German two, Chinese one);
// - a translation keeps the placeholders of its source (%1.., %L1.., %n): a dropped %2 would show
//   the wrong figure, an added one a raw "%2";
// - lupdate run over ui/ and app/gui (on copies, in a temporary folder) finds no string the
//   committed files lack and none they hold in vain: a new tr() without translations fails here;
// - the compiled .qm files (the ones the app and the CLI embed under :/i18n) load for the locale
//   and translate known strings;
// - `infersight-cli report --lang de|zh_CN` writes the report in that language: German decimal
//   commas ("10,2 ms" style), Chinese text with an embedded CJK font (pdftotext, pdffonts).
// The expected words are the translations as written for the
//   German and Chinese UI (e.g. "&Datei", "延迟"), not anything computed by the code under test.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

namespace {

struct TsMessage {
    QString context;
    QString source;
    QString type;             // the translation's type attribute: "", unfinished, vanished, obsolete
    bool numerus = false;
    QStringList translations; // one, or the numerus forms
    qint64 line = 0;          // line in the .ts file
};

struct TsFile {
    QString language;
    QList<TsMessage> messages;
    QString error;
};

TsFile readTs(const QString &path) {
    TsFile ts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ts.error = file.errorString();
        return ts;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) {
            continue;
        }
        const auto name = xml.name();
        if (name == QLatin1String("TS")) {
            ts.language = xml.attributes().value(QLatin1String("language")).toString();
        } else if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            message = TsMessage{};
            message.context = context;
            message.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            message.line = xml.lineNumber();
        } else if (name == QLatin1String("source")) {
            message.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            message.type = xml.attributes().value(QLatin1String("type")).toString();
            if (message.numerus) {
                while (xml.readNextStartElement()) {
                    if (xml.name() == QLatin1String("numerusform")) {
                        message.translations << xml.readElementText();
                    } else {
                        xml.skipCurrentElement();
                    }
                }
            } else {
                message.translations << xml.readElementText();
            }
            ts.messages << message;
        }
    }
    if (xml.hasError()) {
        ts.error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    }
    return ts;
}

QStringList placeholders(const QString &text) {
    static const QRegularExpression placeholder(QStringLiteral("%(L?[1-9][0-9]?|n)"));
    QStringList found;
    for (const auto &match : placeholder.globalMatch(text)) {
        found << match.captured(0);
    }
    found.sort();
    return found;
}

QString tsPath(const QString &language) {
    return QStringLiteral(INFERSIGHT_SOURCE_DIR "/translations/infersight_%1.ts").arg(language);
}

const QStringList kLanguages{QStringLiteral("de"), QStringLiteral("zh_CN")};

QString lupdatePath() {
    const QString path = QStringLiteral("/usr/lib/qt6/bin/lupdate");
    return QFileInfo(path).isExecutable() ? path : QString();
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT

private slots:
    void tsFileComplete_data();
    void tsFileComplete();
    void placeholdersKept_data();
    void placeholdersKept();
    void lupdateFindsNothingNew();
    void qmTranslates_data();
    void qmTranslates();
    void cliReport_data();
    void cliReport();
};

void TestTranslations::tsFileComplete_data() {
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("numerusForms"); // Qt's plural rules: German one/other, Chinese one form
    QTest::newRow("de") << QStringLiteral("de") << 2;
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << 1;
}

void TestTranslations::tsFileComplete() {
    QFETCH(QString, language);
    QFETCH(int, numerusForms);
    const TsFile ts = readTs(tsPath(language));
    QVERIFY2(ts.error.isEmpty(), qPrintable(ts.error));
    QVERIFY(ts.language.startsWith(language.left(2)));
    // ui/ and app/gui hold several hundred strings; a near-empty file means lupdate was not run.
    QVERIFY2(ts.messages.size() > 500, qPrintable(QString::number(ts.messages.size())));
    QStringList problems;
    for (const TsMessage &m : ts.messages) {
        const QString where = QStringLiteral("line %1 [%2] \"%3\"").arg(m.line).arg(m.context, m.source);
        if (!m.type.isEmpty()) {
            problems << QStringLiteral("%1 is %2").arg(where, m.type);
            continue;
        }
        if (m.numerus && m.translations.size() != numerusForms) {
            problems << QStringLiteral("%1 has %2 numerus forms, not %3").arg(where).arg(m.translations.size()).arg(numerusForms);
        }
        for (const QString &t : m.translations) {
            if (t.trimmed().isEmpty() && !m.source.trimmed().isEmpty()) {
                problems << QStringLiteral("%1 has an empty translation").arg(where);
            }
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("%1 problem(s) in %2 (run lupdate -no-obsolete and translate):\n")
                                                .arg(problems.size())
                                                .arg(tsPath(language)) +
                                            problems.join(QLatin1Char('\n'))));
}

void TestTranslations::placeholdersKept_data() {
    QTest::addColumn<QString>("language");
    for (const QString &language : kLanguages) {
        QTest::newRow(qPrintable(language)) << language;
    }
}

void TestTranslations::placeholdersKept() {
    QFETCH(QString, language);
    const TsFile ts = readTs(tsPath(language));
    QVERIFY2(ts.error.isEmpty(), qPrintable(ts.error));
    QStringList problems;
    for (const TsMessage &m : ts.messages) {
        const QStringList expected = placeholders(m.source);
        for (const QString &t : m.translations) {
            if (placeholders(t) != expected) {
                problems << QStringLiteral("line %1 [%2] \"%3\" → \"%4\": %5 instead of %6")
                                .arg(m.line)
                                .arg(m.context, m.source, t, placeholders(t).join(QLatin1Char(' ')),
                                     expected.join(QLatin1Char(' ')));
            }
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestTranslations::lupdateFindsNothingNew() {
    const QString lupdate = lupdatePath();
    if (lupdate.isEmpty()) {
        QSKIP("lupdate (/usr/lib/qt6/bin/lupdate, package qt6-l10n-tools) is not installed");
    }
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QStringList arguments{QStringLiteral(INFERSIGHT_SOURCE_DIR "/ui"), QStringLiteral(INFERSIGHT_SOURCE_DIR "/app/gui"),
                          QStringLiteral("-silent"), QStringLiteral("-ts")};
    for (const QString &language : kLanguages) {
        const QString copy = dir.filePath(QFileInfo(tsPath(language)).fileName());
        QVERIFY(QFile::copy(tsPath(language), copy));
        arguments << copy;
    }
    QProcess process;
    process.start(lupdate, arguments);
    QVERIFY2(process.waitForFinished(240000), qPrintable(process.errorString()));
    QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0,
             qPrintable(QString::fromLocal8Bit(process.readAllStandardError())));
    for (const QString &language : kLanguages) {
        const TsFile updated = readTs(dir.filePath(QFileInfo(tsPath(language)).fileName()));
        QVERIFY2(updated.error.isEmpty(), qPrintable(updated.error));
        QStringList added;
        QStringList vanished;
        for (const TsMessage &m : updated.messages) {
            const QString entry = QStringLiteral("[%1] \"%2\"").arg(m.context, m.source);
            if (m.type == QLatin1String("unfinished")) {
                added << entry;
            } else if (m.type == QLatin1String("vanished") || m.type == QLatin1String("obsolete")) {
                vanished << entry;
            }
        }
        QVERIFY2(added.isEmpty(), qPrintable(QStringLiteral("lupdate finds %1 string(s) missing from %2 "
                                                            "(run lupdate -no-obsolete, translate them):\n")
                                                 .arg(added.size())
                                                 .arg(tsPath(language)) +
                                             added.join(QLatin1Char('\n'))));
        QVERIFY2(vanished.isEmpty(), qPrintable(QStringLiteral("%1 holds %2 string(s) no longer in the code "
                                                               "(run lupdate -no-obsolete):\n")
                                                    .arg(tsPath(language))
                                                    .arg(vanished.size()) +
                                                vanished.join(QLatin1Char('\n'))));
    }
}

void TestTranslations::qmTranslates_data() {
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("n");
    QTest::addColumn<QString>("expected");
    const QString window = QStringLiteral("infersight::MainWindow");
    const QString report = QStringLiteral("ReportText");
    const QString pane = QStringLiteral("infersight::GraphPane");
    QTest::newRow("de menu") << "de_DE" << window << "&File" << -1 << "&Datei";
    QTest::newRow("de report") << "de_DE" << report << "Latency" << -1 << "Latenz";
    QTest::newRow("de placeholder") << "de_DE" << report << "Page %1" << -1 << "Seite %1";
    QTest::newRow("de numerus one") << "de_DE" << pane << "%n hit(s)" << 1 << "%n Treffer";
    QTest::newRow("de numerus many") << "de_DE" << QStringLiteral("infersight::SummaryModel") << "%n note(s)" << 3
                                     << "%n Hinweise";
    QTest::newRow("zh menu") << "zh_CN" << window << "&File" << -1 << "文件(&F)";
    QTest::newRow("zh report") << "zh_CN" << report << "Latency" << -1 << "延迟";
    QTest::newRow("zh throughput") << "zh_CN" << report << "Throughput" << -1 << "吞吐量";
    QTest::newRow("zh numerus") << "zh_CN" << pane << "%n hit(s)" << 5 << "%n 个匹配";
}

void TestTranslations::qmTranslates() {
    QFETCH(QString, locale);
    QFETCH(QString, context);
    QFETCH(QString, source);
    QFETCH(int, n);
    QFETCH(QString, expected);
    // As app/gui/main.cpp loads it: by locale, from the folder of infersight_<lang>.qm.
    QTranslator translator;
    QVERIFY2(translator.load(QLocale(locale), QStringLiteral("infersight"), QStringLiteral("_"), QStringLiteral(INFERSIGHT_QM_DIR)),
             INFERSIGHT_QM_DIR);
    QCOMPARE(translator.translate(context.toUtf8().constData(), source.toUtf8().constData(), nullptr, n), expected);
}

void TestTranslations::cliReport_data() {
    QTest::addColumn<QString>("language");
    QTest::addColumn<QStringList>("words");  // translations of the report's headings (translations/*.ts)
    // The summary's latency cell in the locale's number format; three significant digits, so the
    // decimals follow the predicted value ("10,2 ms", "6,19 ms"): only the separators are checked.
    QTest::addColumn<QString>("latency");
    QTest::addColumn<bool>("cjkFont");
    QTest::newRow("de") << "de" << QStringList{"Durchsatz", "Zusammenfassung je Ziel", "Stapelgröße"}
                        << R"(\d+,\d+ ms \(\d+,\d+–\d+,\d+\))" << false;
    // Words without a character that is also a Kangxi radical (目, 大, 小, 文...): Qt's PDF writer maps
    // such glyphs back to the radical code point (U+2F00..), so pdftotext gives "⽬" for "目".
    QTest::newRow("zh_CN") << "zh_CN" << QStringList{"吞吐量", "每批能耗", "平均功率"}
                           << R"(\d+\.\d+ ms（\d+\.\d+–\d+\.\d+）)" << true;
}

void TestTranslations::cliReport() {
    QFETCH(QString, language);
    QFETCH(QStringList, words);
    QFETCH(QString, latency);
    QFETCH(bool, cjkFont);
    const QString cli = QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli");
    if (!QFileInfo(cli).isExecutable()) {
        QSKIP("infersight-cli is not built");
    }
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    const QString pdffonts = QStandardPaths::findExecutable(QStringLiteral("pdffonts"));
    if (pdftotext.isEmpty() || pdffonts.isEmpty()) {
        QSKIP("poppler-utils (pdftotext, pdffonts) is not installed");
    }
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
    auto run = [](const QString &program, const QStringList &arguments, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment()) {
        QProcess process;
        process.setProcessEnvironment(env);
        process.start(program, arguments);
        process.waitForFinished(300000);
        return std::make_pair(process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()) +
                                                      QString::fromUtf8(process.readAllStandardError()));
    };
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("INFERSIGHT_CONFIG_DIR"), dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8")); // --lang alone decides
    const auto [code, output] = run(cli, {QStringLiteral("report"), QStringLiteral("zoo:resnet50"), QStringLiteral("--gpus"),
                                          QStringLiteral("a100-sxm4-80gb"), QStringLiteral("--no-graph"), QStringLiteral("--lang"),
                                          language, QStringLiteral("-o"), pdf},
                                    env);
    QVERIFY2(code == 0, qPrintable(output));
    const auto [textCode, text] = run(pdftotext, {QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf, QStringLiteral("-")});
    QCOMPARE(textCode, 0);
    for (const QString &word : words) {
        QVERIFY2(text.contains(word), qPrintable(word));
    }
    QVERIFY2(text.contains(QStringLiteral("resnet50")), "Latin text and digits stay extractable");
    QVERIFY2(QRegularExpression(latency).match(text).hasMatch(), qPrintable(latency));
    const auto [fontsCode, fonts] = run(pdffonts, {pdf});
    QCOMPARE(fontsCode, 0);
    bool embeddedCjk = false;
    for (const QString &line : fonts.split(QLatin1Char('\n'))) {
        // name type encoding emb sub uni ...: a CJK font with emb = yes
        const QStringList columns = line.simplified().split(QLatin1Char(' '));
        if (columns.size() >= 6 && columns.first().contains(QLatin1String("CJK")) && columns.at(columns.size() - 5) == QLatin1String("yes")) {
            embeddedCjk = true;
        }
    }
    QVERIFY2(embeddedCjk == cjkFont, qPrintable(fonts));
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "test_translations.moc"
