// SPDX-License-Identifier: MIT
// Micro benchmark of propagateShapes() + graphCost() on a synthetic transformer shaped like a
// PyTorch 1.13 ONNX export with dynamic batch and sequence (opset 13, LayerNorm and GELU
// decomposed, head split/merge through Shape -> Gather -> Unsqueeze -> Concat -> Reshape).
// 19 layers give about 1,500 nodes. Each run rebinds batch and sequence like a slider move.
// Prints figures; fails only when propagation breaks, never on time.
#include "graph/graph_builder.h"
#include "graph/node_cost.h"
#include "graph/shape_inference.h"

#include <QElapsedTimer>
#include <QtTest>

#include <cstdio>
#include <ctime>

using namespace infersight;

namespace {

constexpr int kLayers = 19;
constexpr std::int64_t kHidden = 768;
constexpr std::int64_t kHeads = 12;
constexpr std::int64_t kHeadDim = kHidden / kHeads;
constexpr int kRuns = 1000;

// CPU time of this thread: on a shared machine wall time also counts time spent descheduled.
qint64 threadCpuNs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<qint64>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

std::pair<QString, Attribute> intAttr(const char *name, std::int64_t v) { return {QString::fromLatin1(name), Attribute::fromInt(v)}; }
std::pair<QString, Attribute> intsAttr(const char *name, std::vector<std::int64_t> v) {
    return {QString::fromLatin1(name), Attribute::fromInts(std::move(v))};
}

class TransformerExport {
public:
    TransformerExport() : b(QStringLiteral("synthetic-transformer"), 13) {}

    Graph build() {
        const Dim batch = Dim::symbolic(DimRole::Batch, QStringLiteral("batch"), 1);
        const Dim seq = Dim::symbolic(DimRole::Sequence, QStringLiteral("sequence"), 128);
        const int ids = b.input(QStringLiteral("input_ids"), DType::I64, {batch, seq});
        const int mask = b.input(QStringLiteral("attention_mask"), DType::I64, {batch, seq});
        zero = b.constantInts(QStringLiteral("zero"), {0}, Shape{});
        one = b.constantInts(QStringLiteral("one"), {1}, Shape{});
        axis0 = b.constantInts(QStringLiteral("axis0"), {0});
        headsDims = b.constantInts(QStringLiteral("heads"), {kHeads, kHeadDim});
        hiddenDim = b.constantInts(QStringLiteral("hidden"), {kHidden});

        // Embeddings: word + position (Range over the sequence length).
        int x = b.op(QStringLiteral("Gather"), {b.weight(QStringLiteral("wte"), {50257, kHidden}), ids});
        const int seqLen = b.op(QStringLiteral("Gather"), {b.op(QStringLiteral("Shape"), {ids}), one});
        const int positions = b.op(QStringLiteral("Range"), {zero, seqLen, one});
        const int pos = b.op(QStringLiteral("Gather"), {b.weight(QStringLiteral("wpe"), {1024, kHidden}), positions});
        x = b.op(QStringLiteral("Add"), {x, pos});
        // Extended attention mask: (1 - mask[:, None, None, :]) * -10000
        int m = b.op(QStringLiteral("Unsqueeze"), {mask, b.constantInts(QStringLiteral("a1"), {1})});
        m = b.op(QStringLiteral("Unsqueeze"), {m, b.constantInts(QStringLiteral("a2"), {2})});
        m = b.op(QStringLiteral("Cast"), {m}, {intAttr("to", 1)});
        m = b.op(QStringLiteral("Sub"), {b.constantFloat(QStringLiteral("onef"), 1.0), m});
        attentionBias = b.op(QStringLiteral("Mul"), {m, b.constantFloat(QStringLiteral("neg"), -10000.0)});

        for (int layer = 0; layer < kLayers; ++layer) {
            b.pushScope(QStringLiteral("h.%1").arg(layer));
            x = block(x);
            b.popScope();
        }
        x = layerNorm(x, QStringLiteral("ln_f"));
        b.output(b.op(QStringLiteral("MatMul"), {x, b.weight(QStringLiteral("lm_head"), {kHidden, 50257})}));
        return b.finish();
    }

private:
    int layerNorm(int x, const QString &name) {
        b.pushScope(name);
        const int mean = b.op(QStringLiteral("ReduceMean"), {x}, {intsAttr("axes", {-1})});
        const int centred = b.op(QStringLiteral("Sub"), {x, mean});
        const int sq = b.op(QStringLiteral("Pow"), {centred, b.constantFloat(QStringLiteral("two"), 2.0)});
        const int var = b.op(QStringLiteral("ReduceMean"), {sq}, {intsAttr("axes", {-1})});
        const int eps = b.op(QStringLiteral("Add"), {var, b.constantFloat(QStringLiteral("eps"), 1e-5)});
        const int norm = b.op(QStringLiteral("Div"), {centred, b.op(QStringLiteral("Sqrt"), {eps})});
        const int scaled = b.op(QStringLiteral("Mul"), {norm, b.weight(QStringLiteral("weight"), {kHidden})});
        const int out = b.op(QStringLiteral("Add"), {scaled, b.weight(QStringLiteral("bias"), {kHidden})});
        b.popScope();
        return out;
    }

    int linear(int x, std::int64_t in, std::int64_t out, const QString &name) {
        b.pushScope(name);
        const int y = b.op(QStringLiteral("MatMul"), {x, b.weight(QStringLiteral("weight"), {in, out})});
        const int z = b.op(QStringLiteral("Add"), {y, b.weight(QStringLiteral("bias"), {out})});
        b.popScope();
        return z;
    }

    // [N, S, H] -> [N, heads, S, d] (perm 0,2,1,3) or [N, heads, d, S] for keys (perm 0,2,3,1)
    int splitHeads(int x, bool keys) {
        const int n = b.op(QStringLiteral("Gather"), {b.op(QStringLiteral("Shape"), {x}), zero});
        const int s = b.op(QStringLiteral("Gather"), {b.op(QStringLiteral("Shape"), {x}), one});
        const int target = b.op(QStringLiteral("Concat"), {b.op(QStringLiteral("Unsqueeze"), {n, axis0}),
                                                           b.op(QStringLiteral("Unsqueeze"), {s, axis0}), headsDims},
                                {intAttr("axis", 0)});
        const int r = b.op(QStringLiteral("Reshape"), {x, target});
        return b.op(QStringLiteral("Transpose"), {r}, {intsAttr("perm", keys ? std::vector<std::int64_t>{0, 2, 3, 1}
                                                                              : std::vector<std::int64_t>{0, 2, 1, 3})});
    }

    int mergeHeads(int x) {
        const int t = b.op(QStringLiteral("Transpose"), {x}, {intsAttr("perm", {0, 2, 1, 3})});
        const int n = b.op(QStringLiteral("Gather"), {b.op(QStringLiteral("Shape"), {t}), zero});
        const int s = b.op(QStringLiteral("Gather"), {b.op(QStringLiteral("Shape"), {t}), one});
        const int target = b.op(QStringLiteral("Concat"), {b.op(QStringLiteral("Unsqueeze"), {n, axis0}),
                                                           b.op(QStringLiteral("Unsqueeze"), {s, axis0}), hiddenDim},
                                {intAttr("axis", 0)});
        return b.op(QStringLiteral("Reshape"), {t, target});
    }

    int block(int x) {
        const int h = layerNorm(x, QStringLiteral("ln_1"));
        const int q = splitHeads(linear(h, kHidden, kHidden, QStringLiteral("q")), false);
        const int k = splitHeads(linear(h, kHidden, kHidden, QStringLiteral("k")), true);
        const int v = splitHeads(linear(h, kHidden, kHidden, QStringLiteral("v")), false);
        int scores = b.op(QStringLiteral("MatMul"), {q, k});
        scores = b.op(QStringLiteral("Div"), {scores, b.constantFloat(QStringLiteral("scale"), 8.0)});
        scores = b.op(QStringLiteral("Add"), {scores, attentionBias});
        const int probs = b.op(QStringLiteral("Softmax"), {scores}, {intAttr("axis", -1)});
        const int context = mergeHeads(b.op(QStringLiteral("MatMul"), {probs, v}));
        const int attn = b.op(QStringLiteral("Add"), {x, linear(context, kHidden, kHidden, QStringLiteral("proj"))});
        const int h2 = layerNorm(attn, QStringLiteral("ln_2"));
        const int up = linear(h2, kHidden, 4 * kHidden, QStringLiteral("fc"));
        // GELU (erf form): x * 0.5 * (1 + erf(x / sqrt(2)))
        const int e = b.op(QStringLiteral("Erf"), {b.op(QStringLiteral("Div"), {up, b.constantFloat(QStringLiteral("sqrt2"), 1.4142135)})});
        const int gelu = b.op(QStringLiteral("Mul"), {b.op(QStringLiteral("Mul"), {up, b.op(QStringLiteral("Add"), {e, b.constantFloat(QStringLiteral("onef"), 1.0)})}),
                                                      b.constantFloat(QStringLiteral("half"), 0.5)});
        const int down = linear(gelu, 4 * kHidden, kHidden, QStringLiteral("fc_out"));
        return b.op(QStringLiteral("Add"), {attn, down});
    }

    GraphBuilder b;
    int zero = -1;
    int one = -1;
    int axis0 = -1;
    int headsDims = -1;
    int hiddenDim = -1;
    int attentionBias = -1;
};

}  // namespace

class BenchPropagation : public QObject {
    Q_OBJECT
private slots:
    void transformerPropagationAndCost();
};

void BenchPropagation::transformerPropagationAndCost() {
    Graph graph = TransformerExport().build();
    const std::int64_t batches[] = {1, 8, 32, 4};
    const std::int64_t sequences[] = {128, 512, 64, 1024};

    // Correctness first: complete at every binding used below.
    for (int i = 0; i < 4; ++i) {
        ShapeBindings bindings;
        bindings.batch = batches[i];
        bindings.sequence = sequences[i];
        const PropagationReport report = propagateShapes(graph, bindings);
        QVERIFY2(report.complete(), qPrintable(QStringLiteral("%1 unknown, %2 errors").arg(report.unknownValues).arg(report.nodeErrors.size())));
        const GraphCost cost = graphCost(graph);
        QCOMPARE(cost.unknownNodes, 0);
    }

    QElapsedTimer timer;
    qint64 propagateNs = 0;
    qint64 costNs = 0;
    qint64 propagateCpuNs = 0;
    qint64 costCpuNs = 0;
    std::int64_t checksum = 0;
    for (int run = 0; run < kRuns; ++run) {
        ShapeBindings bindings;
        bindings.batch = batches[run % 4];
        bindings.sequence = sequences[run % 4];
        timer.start();
        qint64 cpu = threadCpuNs();
        const PropagationReport report = propagateShapes(graph, bindings);
        propagateNs += timer.nsecsElapsed();
        propagateCpuNs += threadCpuNs() - cpu;
        timer.start();
        cpu = threadCpuNs();
        const GraphCost cost = graphCost(graph);
        costNs += timer.nsecsElapsed();
        costCpuNs += threadCpuNs() - cpu;
        checksum += cost.macs % 1000 + report.unknownValues;
    }
    auto us = [](qint64 ns) { return static_cast<double>(ns) / kRuns / 1000.0; };
    std::printf("bench_propagation: %zu nodes, %zu values, %d layers\n", graph.nodes.size(), graph.values.size(), kLayers);
    std::printf("bench_propagation: mean over %d runs (wall): propagateShapes %.1f us, graphCost %.1f us, total %.1f us\n",
                kRuns, us(propagateNs), us(costNs), us(propagateNs + costNs));
    std::printf("bench_propagation: mean over %d runs (thread CPU): propagateShapes %.1f us, graphCost %.1f us, total %.1f us "
                "(checksum %lld)\n",
                kRuns, us(propagateCpuNs), us(costCpuNs), us(propagateCpuNs + costCpuNs), static_cast<long long>(checksum));
    std::fflush(stdout);
    QVERIFY(graph.nodes.size() >= 1400);
}

QTEST_GUILESS_MAIN(BenchPropagation)
#include "bench_propagation.moc"
