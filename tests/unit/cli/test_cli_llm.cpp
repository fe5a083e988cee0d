// SPDX-License-Identifier: MIT
// Tests of the LLM options of infersight-cli as a user runs them (issue 18): predict's request
// (--prompt / --output: TTFT, TPOT, e2e, tokens/s), --weights, the LLM runtime names, mig's KV
// capacity (--kv-context) and their one-line errors. Expected relations are hand arithmetic
// (e2e = TTFT + (N - 1) TPOT) and the figure: Llama-2-7B fp16 weights stream in 4.0 ms on
// an H100 SXM (13.48 GB at 3352 GB/s); the decode step was 17.7 ms before the decode class.
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <cmath>

namespace {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run cli(const QStringList &args) {
    QProcess p;
    p.start(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli"), args);
    p.waitForFinished(240000);
    return Run{p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace

class TestCliLlm : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void decodeStepAtMemorySpeed_data();
    void decodeStepAtMemorySpeed();
    void request();
    void migKvCapacity();
    void migHeaderNamesWeights_data();
    void migHeaderNamesWeights();
    void weightsInMigAndSweep();
    void sweepTakesLlmRuntimeNames();
    void fails_data();
    void fails();
};

void TestCliLlm::initTestCase() {
    QVERIFY2(QFileInfo::exists(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli")), "infersight-cli is not built");
}

void TestCliLlm::decodeStepAtMemorySpeed_data() {
    QTest::addColumn<QStringList>("runtime");
    QTest::newRow("fused") << QStringList{"--runtime", "fused"};
    QTest::newRow("vllm") << QStringList{"--runtime", "vllm"};
    QTest::newRow("trt-llm") << QStringList{"--runtime", "trt-llm"};
}

void TestCliLlm::decodeStepAtMemorySpeed() {
    QFETCH(QStringList, runtime);
    const Run r = cli(QStringList{"predict", "zoo:llama-2-7b", "--gpu", "h100-sxm5-80gb", "--phase", "decode", "--context", "2000",
                                  "--precision", "fp16", "--json"} +
                      runtime);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const double ms = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("latency_ms")).toDouble();
    qInfo("llama-2-7b decode, context 2000, H100 SXM, %s: %.2f ms per token", qPrintable(runtime.last()), ms);
    QVERIFY(ms > 4.0 * 1.1);
    QVERIFY(ms < 4.3 * 1.7);  // weights + KV (2000 x 0.5 MiB) at datasheet bandwidth: 4.33 ms
}

void TestCliLlm::request() {
    const Run r = cli({"predict", "zoo:llama-2-7b", "--gpu", "a100-sxm4-80gb", "--prompt", "512", "--output", "128", "--batch", "4",
                       "--runtime", "vllm", "--weights", "awq", "--json"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const double ttft = j.value(QStringLiteral("ttft_ms")).toDouble();
    const double tpot = j.value(QStringLiteral("tpot_ms")).toDouble();
    QVERIFY(ttft > 0 && tpot > 0);
    QCOMPARE(j.value(QStringLiteral("weights")).toString(), QStringLiteral("w4a16"));
    QCOMPARE(j.value(QStringLiteral("runtime")).toString(), QStringLiteral("vllm"));
    QVERIFY(std::abs(j.value(QStringLiteral("e2e_ms")).toDouble() - (ttft + 127.0 * tpot)) < 1e-6 * ttft);
    QVERIFY(std::abs(j.value(QStringLiteral("tokens_per_s_aggregate")).toDouble() - 4000.0 / tpot) < 1e-6 * 4000.0 / tpot);
    QCOMPARE(j.value(QStringLiteral("decode_samples")).toArray().size(), 3);
    // AWQ weights of Llama-2-7B: 6.61e9 GEMM weights x 0.5195 bytes + 0.13e9 x 2 bytes = 3.70e9 bytes = 3524 MiB.
    const double weightsMib = j.value(QStringLiteral("memory_at_end")).toObject().value(QStringLiteral("weights")).toDouble();
    QVERIFY2(std::abs(weightsMib - 3524.0) < 40.0, qPrintable(QString::number(weightsMib)));
    const Run t = cli({"predict", "zoo:llama-2-7b", "--gpu", "a100-sxm4-80gb", "--prompt", "512", "--output", "128"});
    QVERIFY2(t.exitCode == 0, qPrintable(t.err));
    QVERIFY(t.out.contains(QStringLiteral("TTFT")));
    QVERIFY(t.out.contains(QStringLiteral("TPOT")));
}

void TestCliLlm::migKvCapacity() {
    const Run r = cli({"mig", "zoo:llama-2-7b", "--gpu", "h100-sxm5-80gb", "--precision", "fp16", "--runtime", "vllm", "--weights",
                       "w4a16", "--kv-context", "2048", "--json"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonArray kv = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("kv_capacity")).toArray();
    QVERIFY(kv.size() > 2);
    bool sawSlice = false;
    for (const QJsonValue &v : kv) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("profile")).toString() == QLatin1String("1g.10gb")) {
            sawSlice = true;
            QVERIFY(o.value(QStringLiteral("weights_fit")).toBool());
            QVERIFY(o.value(QStringLiteral("max_sequences")).toInt() >= 1);
            QCOMPARE(o.value(QStringLiteral("kv_bytes_per_token")).toDouble(), 524288.0);  // 2 x 32 x 4096 x 2
        }
        if (o.value(QStringLiteral("profile")).toString() == QLatin1String("whole GPU")) {
            QVERIFY(o.value(QStringLiteral("max_sequences")).toInt() > 30);
        }
    }
    QVERIFY(sawSlice);
    const Run t = cli({"mig", "zoo:llama-2-7b", "--gpu", "h100-sxm5-80gb", "--precision", "fp16", "--kv-context", "2048"});
    QVERIFY2(t.exitCode == 0, qPrintable(t.err));
    QVERIFY(t.out.contains(QStringLiteral("KV capacity at 2048 tokens")));
    QVERIFY(t.out.contains(QStringLiteral("weights do not fit")));  // fp16 on 1g.10gb
}

// mig's header (text) and its JSON name the LLM runtime and the weight format a decoder LLM is
// planned with; a model without a KV cache (ResNet-18) names neither.
void TestCliLlm::migHeaderNamesWeights_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("header");   // expected on the text header's second line ("" = no LLM part)
    QTest::addColumn<QString>("runtime");  // JSON "llm_runtime" ("" = absent)
    QTest::addColumn<QString>("weights");  // JSON "weights" ("" = absent)
    QTest::newRow("vllm w4a16") << QStringList{"zoo:llama-2-7b", "--gpu", "h100-sxm5-80gb", "--precision", "fp16", "--runtime", "vllm",
                                               "--weights", "w4a16"}
                                << "fp16, fused; LLM runtime vllm, weights w4a16; memory headroom" << "vllm" << "w4a16";
    QTest::newRow("eager native") << QStringList{"zoo:llama-2-7b", "--gpu", "a100-sxm4-80gb", "--precision", "fp16", "--runtime", "eager"}
                                  << "fp16, eager; LLM runtime hf-eager, weights fp16 (native); memory headroom" << "hf-eager"
                                  << "native";
    QTest::newRow("trt-llm w8a8") << QStringList{"zoo:llama-2-7b", "--gpu", "h100-sxm5-80gb", "--runtime", "trt-llm", "--weights", "w8a8"}
                                  << "int8, fused; LLM runtime trt-llm, weights w8a8; memory headroom" << "trt-llm" << "w8a8";
    QTest::newRow("not an LLM") << QStringList{"zoo:resnet18", "--gpu", "a100-sxm4-40gb"} << "" << "" << "";
}

void TestCliLlm::migHeaderNamesWeights() {
    QFETCH(QStringList, args);
    QFETCH(QString, header);
    QFETCH(QString, runtime);
    QFETCH(QString, weights);
    const Run t = cli(QStringList{"mig"} + args + QStringList{"--mps-shares", "none"});
    QVERIFY2(t.exitCode == 0, qPrintable(t.err));
    const QString second = t.out.section(QLatin1Char('\n'), 1, 1);
    if (header.isEmpty()) {
        QVERIFY2(!second.contains(QStringLiteral("LLM runtime")) && !second.contains(QStringLiteral("weights")), qPrintable(second));
    } else {
        QVERIFY2(second.contains(header), qPrintable(second));
    }
    const Run j = cli(QStringList{"mig"} + args + QStringList{"--mps-shares", "none", "--json"});
    QVERIFY2(j.exitCode == 0, qPrintable(j.err));
    const QJsonObject o = QJsonDocument::fromJson(j.out.toUtf8()).object();
    QCOMPARE(o.contains(QStringLiteral("llm_runtime")), !runtime.isEmpty());
    QCOMPARE(o.contains(QStringLiteral("weights")), !weights.isEmpty());
    QCOMPARE(o.value(QStringLiteral("llm_runtime")).toString(), runtime);
    QCOMPARE(o.value(QStringLiteral("weights")).toString(), weights);
}

// --weights and the LLM runtime reach mig's and sweep's latencies as they reach predict's: a decode
// step in sweep equals predict's (the same predictor), and int4 (W4A16) weights make it faster in all
// three. Hand figures: Llama-2-7B streams 6.61e9 GEMM weights, 13.2 GB in fp16 and 3.4 GB in W4A16
// (0.5195 bytes each), plus 1.05 GB of KV at 2000 tokens: the int4 step moves 0.33x the bytes,
// so with the step's fixed costs it must take well under 0.6x the fp16 step.
void TestCliLlm::weightsInMigAndSweep() {
    const QStringList step{"zoo:llama-2-7b", "--phase", "decode", "--context", "2000", "--precision", "fp16", "--runtime", "vllm", "--json"};
    auto predictMs = [&](const QStringList &extra) {
        const Run r = cli(QStringList{"predict"} + step + QStringList{"--gpu", "h100-sxm5-80gb"} + extra);
        return r.exitCode == 0 ? QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("latency_ms")).toDouble() : -1.0;
    };
    auto migMs = [&](const QStringList &extra) {
        const Run r = cli(QStringList{"mig"} + step + QStringList{"--gpu", "h100-sxm5-80gb"} + extra);
        const QJsonArray options = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("options")).toArray();
        for (const QJsonValue &v : options) {
            if (v.toObject().value(QStringLiteral("profile")).toString() == QLatin1String("7g.80gb")) {
                return v.toObject().value(QStringLiteral("latency_ms")).toDouble();
            }
        }
        return -1.0;
    };
    QStringList sweepIds;
    auto sweepMs = [&](const QStringList &extra) {
        QStringList args = step;
        args[args.indexOf(QStringLiteral("vllm"))] = QStringLiteral("fused");  // sweep takes the generic names (fused = vLLM)
        const Run r = cli(QStringList{"sweep"} + args + QStringList{"--gpus", "h100-sxm5-80gb"} + extra);
        const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8());
        sweepIds << doc.object().value(QStringLiteral("sweep_id")).toString();
        const QJsonArray rows = doc.isArray() ? doc.array() : doc.object().value(QStringLiteral("rows")).toArray();
        return rows.isEmpty() ? -1.0 : rows.first().toObject().value(QStringLiteral("latency_ms")).toDouble();
    };
    const QStringList int4{"--weights", "w4a16"};
    const double predict16 = predictMs({}), predict4 = predictMs(int4);
    const double mig16 = migMs({}), mig4 = migMs(int4);
    const double sweep16 = sweepMs({}), sweep4 = sweepMs(int4);
    qInfo("decode step, context 2000, H100 SXM, vLLM, fp16 / w4a16: predict %.3f / %.3f ms, mig 7g.80gb %.3f / %.3f ms, "
          "sweep %.3f / %.3f ms",
          predict16, predict4, mig16, mig4, sweep16, sweep4);
    QVERIFY(predict16 > 0 && predict4 > 0 && mig16 > 0 && mig4 > 0 && sweep16 > 0 && sweep4 > 0);
    QVERIFY(predict4 < 0.6 * predict16);
    QVERIFY(mig4 < 0.6 * mig16);
    QVERIFY(sweep4 < 0.6 * sweep16);
    QVERIFY(std::abs(sweep16 - predict16) <= 1e-3 * predict16);
    QVERIFY(std::abs(sweep4 - predict4) <= 1e-3 * predict4);
    QCOMPARE(sweepIds.size(), 2);
    QVERIFY(!sweepIds[0].isEmpty() && sweepIds[0] != sweepIds[1]);  // the weight format is part of the sweep id
    const Run bad = cli(QStringList{"sweep", "zoo:llama-2-7b", "--gpus", "l4", "--precision", "fp32", "--weights", "awq"});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains(QStringLiteral("--weights")), qPrintable(bad.err));
}

// `sweep --runtime llama.cpp` predicts a decode step as `predict --runtime llama.cpp` does (the name users
// know, not only eager/fused), and the runtime is part of the sweep id; a list mixing an LLM runtime
// with others is refused.
void TestCliLlm::sweepTakesLlmRuntimeNames() {
    const QStringList step{"zoo:llama-2-7b", "--phase", "decode", "--context", "2000", "--precision", "fp16", "--json"};
    const Run p = cli(QStringList{"predict"} + step + QStringList{"--gpu", "h100-sxm5-80gb", "--runtime", "llama.cpp"});
    QVERIFY2(p.exitCode == 0, qPrintable(p.err));
    const double predictMs = QJsonDocument::fromJson(p.out.toUtf8()).object().value(QStringLiteral("latency_ms")).toDouble();
    QStringList ids;
    auto sweepMs = [&](const QString &runtime) {
        const Run r = cli(QStringList{"sweep"} + step + QStringList{"--gpus", "h100-sxm5-80gb", "--runtime", runtime});
        const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8());
        ids << doc.object().value(QStringLiteral("sweep_id")).toString();
        const QJsonArray rows = doc.isArray() ? doc.array() : doc.object().value(QStringLiteral("rows")).toArray();
        return rows.isEmpty() ? -1.0 : rows.first().toObject().value(QStringLiteral("latency_ms")).toDouble();
    };
    const double trt = sweepMs(QStringLiteral("llama.cpp"));
    const double fused = sweepMs(QStringLiteral("fused"));
    qInfo("llama-2-7b decode step, H100: predict llama.cpp %.3f ms, sweep llama.cpp %.3f ms, sweep fused (vLLM) %.3f ms", predictMs, trt,
          fused);
    QVERIFY(predictMs > 0 && trt > 0 && fused > 0);
    QVERIFY2(std::abs(trt - predictMs) <= 1e-3 * predictMs, qPrintable(QStringLiteral("%1 vs %2").arg(trt).arg(predictMs)));
    QVERIFY(trt > 1.2 * fused);  // llama.cpp streams its weights more slowly than vLLM (data/llm)
    QCOMPARE(ids.size(), 2);
    QVERIFY(!ids[0].isEmpty() && ids[0] != ids[1]);
    const Run mixed = cli(QStringList{"sweep"} + step + QStringList{"--gpus", "h100-sxm5-80gb", "--runtime", "eager,vllm"});
    QCOMPARE(mixed.exitCode, 2);
    QVERIFY2(mixed.err.contains(QStringLiteral("--runtime")) || mixed.err.contains(QStringLiteral("runtime")), qPrintable(mixed.err));
}

void TestCliLlm::fails_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("prompt without output") << QStringList{"predict", "zoo:llama-2-7b", "--gpu", "l4", "--prompt", "10"} << "--output";
    QTest::newRow("bad output") << QStringList{"predict", "zoo:llama-2-7b", "--gpu", "l4", "--prompt", "10", "--output", "x"}
                                << "--output";
    QTest::newRow("unknown weights") << QStringList{"predict", "zoo:llama-2-7b", "--gpu", "l4", "--weights", "int3"} << "--weights";
    QTest::newRow("weight-only with fp32") << QStringList{"predict", "zoo:llama-2-7b", "--gpu", "l4", "--weights", "awq", "--precision", "fp32"}
                                           << "fp16 or bf16";
    QTest::newRow("unknown runtime") << QStringList{"predict", "zoo:llama-2-7b", "--gpu", "l4", "--runtime", "sglang"} << "vllm";
    QTest::newRow("bad kv-context") << QStringList{"mig", "zoo:llama-2-7b", "--gpu", "h100-sxm5-80gb", "--kv-context", "0"}
                                    << "--kv-context";
}

void TestCliLlm::fails() {
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    const Run r = cli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(mentions), qPrintable(r.err));
    QCOMPARE(r.err.trimmed().count(QLatin1Char('\n')), 0);
}

QTEST_GUILESS_MAIN(TestCliLlm)
#include "test_cli_llm.moc"
