// SPDX-License-Identifier: MIT
// Vision transformers: torchvision's ViT and Swin Transformer (v1).
#include "zoo/attention_layers.h"
#include "zoo/builder_support.h"
#include "zoo/vision_builders.h"

#include <cmath>

namespace infersight {

using namespace zoo_support;

namespace {

Result<Graph> finishModel(LayerBuilder &lb, int logits, const QString &name) {
    lb.output(logits, QStringLiteral("logits"));
    Graph g = lb.finish();
    g.sourcePath = QStringLiteral("zoo:") + name;
    g.reindex();
    return g;
}

// Packed-QKV self-attention over x [N, S, D]: one in-projection, split into q, k, v, eager
// scores, softmax and context, out-projection. `scaleQuery` multiplies q by 1/sqrt(Dh) before the
// scores (torch.nn.MultiheadAttention, Swin); `scoreBias`, when >= 0, is added to the scores.
struct PackedAttention {
    std::int64_t dim = 0;
    std::int64_t heads = 0;
    QString inProj = QStringLiteral("in_proj");
    QString outProj = QStringLiteral("out_proj");
};

int packedSelfAttention(LayerBuilder &lb, int x, const PackedAttention &spec, int scoreBias, int scoreBiasReshape,
                        const std::vector<std::int64_t> &biasView, const std::vector<std::int64_t> &backView) {
    const std::int64_t d = spec.dim;
    const std::int64_t dh = d / spec.heads;
    const int qkv = lb.linear(x, d, 3 * d, true, spec.inProj);
    const std::vector<int> parts = lb.split(qkv, -1, {d, d, d}, QStringLiteral("chunk"));
    int q = headsFirst(lb, parts[0], spec.heads, dh, QStringLiteral("q"));
    q = lb.mul(q, lb.scalar(1.0 / std::sqrt(static_cast<double>(dh))), QStringLiteral("q_scale"));
    const int kT = keysTransposed(lb, parts[1], spec.heads, dh, QStringLiteral("k"));
    const int v = headsFirst(lb, parts[2], spec.heads, dh, QStringLiteral("v"));
    int scores = lb.matmul(q, kT, QStringLiteral("matmul"));
    if (scoreBias >= 0) {
        scores = lb.add(scores, scoreBias, QStringLiteral("add_bias"));
    }
    if (scoreBiasReshape >= 0) {
        // Swin's shift mask: scores viewed per window, mask added, viewed back.
        int view = lb.reshape(scores, biasView, QStringLiteral("attn_view"));
        view = lb.add(view, scoreBiasReshape, QStringLiteral("add_mask"));
        scores = lb.reshape(view, backView, QStringLiteral("attn_view_1"));
    }
    const int probs = lb.softmax(scores, -1, QStringLiteral("softmax"));
    const int ctx = lb.matmul(probs, v, QStringLiteral("matmul_1"));
    const int merged = mergeHeads(lb, ctx, d, QStringLiteral("out"));
    return lb.linear(merged, d, d, true, spec.outProj);
}

int mlpBlock(LayerBuilder &lb, int x, std::int64_t dim, std::int64_t hidden, const QString &fc1, const QString &fc2) {
    int y = lb.linear(x, dim, hidden, true, fc1);
    y = lb.gelu(y, QStringLiteral("gelu"));
    return lb.linear(y, hidden, dim, true, fc2);
}

}  // namespace

// -------------------------------------------------------------------------------------------- ViT
Result<Graph> buildVit(const QString &name, const VitConfig &config, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    const std::int64_t image = imageSize(options, 224);
    if (image % config.patch != 0) {
        return Error{QStringLiteral("zoo:%1: image size %2 is not a multiple of the patch size %3").arg(name).arg(image).arg(config.patch)};
    }
    const double m = options.widthMult;
    // Width: heads scale, head dim stays (64); MLP scales with them.
    const std::int64_t headDim = config.hidden / config.heads;
    const std::int64_t heads = m == 1.0 ? config.heads : std::max<std::int64_t>(1, std::llround(static_cast<double>(config.heads) * m));
    const std::int64_t hidden = heads * headDim;
    const std::int64_t mlp = m == 1.0 ? config.mlp : makeDivisible(static_cast<double>(config.mlp) * m, 8);
    const int layers = options.depth > 0 ? options.depth : config.layers;
    const std::int64_t patches = (image / config.patch) * (image / config.patch);

    LayerBuilder lb(name, options.dtype);
    const int input = imageInput(lb, options, 3, image);
    int x = lb.conv(input, 3, hidden, config.patch, config.patch, 0, 1, true, QStringLiteral("conv_proj"));
    x = lb.reshape(x, {0, hidden, -1}, QStringLiteral("reshape"));
    x = lb.transpose(x, {0, 2, 1}, QStringLiteral("permute"));
    const int classToken = lb.weight(QStringLiteral("class_token"), {1, 1, hidden});
    const int expandShape = lb.concat({lb.dimOf(input, 0), lb.ints({1, 1})}, 0, QStringLiteral("expand_shape"));
    const int cls = lb.expand(classToken, expandShape, QStringLiteral("class_token_expand"));
    x = lb.concat({cls, x}, 1, QStringLiteral("cat"));
    x = lb.add(x, lb.weight(QStringLiteral("encoder.pos_embedding"), {1, patches + 1, hidden}), QStringLiteral("encoder.add_pos"));
    for (int l = 0; l < layers; ++l) {
        LayerBuilder::Scope s(lb, QStringLiteral("encoder.layers.encoder_layer_%1").arg(l));
        int y = lb.layerNorm(x, hidden, 1e-6, QStringLiteral("ln_1"));
        {
            LayerBuilder::Scope a(lb, QStringLiteral("self_attention"));
            y = packedSelfAttention(lb, y, {hidden, heads, QStringLiteral("in_proj"), QStringLiteral("out_proj")}, -1, -1, {}, {});
        }
        x = lb.add(y, x, QStringLiteral("add"));
        y = lb.layerNorm(x, hidden, 1e-6, QStringLiteral("ln_2"));
        {
            LayerBuilder::Scope mlpScope(lb, QStringLiteral("mlp"));
            y = mlpBlock(lb, y, hidden, mlp, QStringLiteral("0"), QStringLiteral("3"));
        }
        x = lb.add(y, x, QStringLiteral("add_1"));
    }
    x = lb.layerNorm(x, hidden, 1e-6, QStringLiteral("encoder.ln"));
    x = lb.gather(x, lb.intScalar(0), 1, QStringLiteral("class_token_select"));
    x = lb.gemm(x, hidden, config.numClasses, true, QStringLiteral("heads.head"));
    return finishModel(lb, x, name);
}

// ------------------------------------------------------------------------------------------- Swin
Result<Graph> buildSwin(const QString &name, const SwinConfig &config, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    const std::int64_t image = imageSize(options, 224);
    const std::size_t stages = config.depths.size();
    const std::int64_t reduction = config.patch << (stages - 1);
    if (image % (reduction * config.window) != 0) {
        return Error{QStringLiteral("zoo:%1: image size %2 must be a multiple of %3 (patch 4, 3 merges, window %4)")
                         .arg(name)
                         .arg(image)
                         .arg(reduction * config.window)
                         .arg(config.window)};
    }
    const double m = options.widthMult;
    const std::int64_t headDim = config.embed / config.heads.front();  // 32 in every stage
    std::vector<int> depths = config.depths;
    if (options.depth > 0) {
        depths = distributeDepth(config.depths, options.depth);
    }
    std::vector<std::int64_t> heads;
    for (std::int64_t h : config.heads) {
        heads.push_back(m == 1.0 ? h : std::max<std::int64_t>(1, std::llround(static_cast<double>(h) * m)));
    }
    const std::int64_t w = config.window;
    const std::int64_t tokens = w * w;

    LayerBuilder lb(name, options.dtype);
    const int input = imageInput(lb, options, 3, image);
    std::int64_t c = heads.front() * headDim;
    int x = lb.conv(input, 3, c, config.patch, config.patch, 0, 1, true, QStringLiteral("features.0.0"));
    x = lb.transpose(x, {0, 2, 3, 1}, QStringLiteral("features.0.1"));
    x = lb.layerNorm(x, c, 1e-5, QStringLiteral("features.0.2"));
    std::int64_t res = image / config.patch;
    int feature = 1;
    for (std::size_t si = 0; si < stages; ++si) {
        const std::int64_t h = heads[si];
        const std::int64_t nWin = (res / w) * (res / w);
        // The relative position index (a buffer) is shared by construction; each block has its table.
        {
            LayerBuilder::Scope stage(lb, QStringLiteral("features.%1").arg(feature++));
            for (int b = 0; b < depths[si]; ++b) {
                LayerBuilder::Scope s(lb, QString::number(b));
                const bool shifted = (b % 2 == 1) && w < res;
                const std::int64_t shift = w / 2;
                int y = lb.layerNorm(x, c, 1e-5, QStringLiteral("norm1"));
                lb.push(QStringLiteral("attn"));
                std::vector<std::int64_t> rollFwd(static_cast<std::size_t>(res));
                std::vector<std::int64_t> rollBack(static_cast<std::size_t>(res));
                for (std::int64_t i = 0; i < res; ++i) {
                    rollFwd[static_cast<std::size_t>(i)] = (i + shift) % res;
                    rollBack[static_cast<std::size_t>(i)] = (i - shift + res) % res;
                }
                if (shifted) {
                    // torch.roll over (H, W) runs one kernel per dim.
                    y = lb.gather(y, lb.ints(rollFwd), 1, QStringLiteral("roll"));
                    y = lb.gather(y, lb.ints(rollFwd), 2, QStringLiteral("roll_1"));
                }
                y = lb.reshape(y, {-1, res / w, w, res / w, w, c}, QStringLiteral("view"));
                y = lb.transpose(y, {0, 1, 3, 2, 4, 5}, QStringLiteral("permute"));
                y = lb.reshape(y, {-1, tokens, c}, QStringLiteral("reshape"));
                // Relative position bias: table[index] gathered, viewed, permuted (a copy), unsqueezed.
                const int table = lb.weight(QStringLiteral("relative_position_bias_table"), {(2 * w - 1) * (2 * w - 1), h});
                const int index = lb.buffer(QStringLiteral("relative_position_index"), {tokens * tokens}, DType::I64);
                int bias = lb.gather(table, index, 0, QStringLiteral("bias_gather"));
                bias = lb.reshape(bias, {tokens, tokens, h}, QStringLiteral("bias_view"));
                bias = lb.transpose(bias, {2, 0, 1}, QStringLiteral("bias_permute"));
                bias = lb.unsqueeze(bias, {0}, QStringLiteral("bias_unsqueeze"));
                int mask = -1;
                if (shifted) {
                    mask = lb.buffer(QStringLiteral("attn_mask"), {1, nWin, 1, tokens, tokens}, options.dtype);
                }
                y = packedSelfAttention(lb, y, {c, h, QStringLiteral("qkv"), QStringLiteral("proj")}, bias, mask,
                                        {-1, nWin, h, tokens, tokens}, {-1, h, tokens, tokens});
                y = lb.reshape(y, {-1, res / w, res / w, w, w, c}, QStringLiteral("view_1"));
                y = lb.transpose(y, {0, 1, 3, 2, 4, 5}, QStringLiteral("permute_1"));
                y = lb.reshape(y, {-1, res, res, c}, QStringLiteral("reshape_1"));
                if (shifted) {
                    y = lb.gather(y, lb.ints(rollBack), 1, QStringLiteral("roll_2"));
                    y = lb.gather(y, lb.ints(rollBack), 2, QStringLiteral("roll_3"));
                }
                lb.pop();
                x = lb.add(x, y, QStringLiteral("add"));
                y = lb.layerNorm(x, c, 1e-5, QStringLiteral("norm2"));
                {
                    LayerBuilder::Scope mlpScope(lb, QStringLiteral("mlp"));
                    y = mlpBlock(lb, y, c, 4 * c, QStringLiteral("0"), QStringLiteral("3"));
                }
                x = lb.add(x, y, QStringLiteral("add_1"));
            }
        }
        if (si + 1 < stages) {
            // PatchMerging: the 2x2 neighbourhood gathered into channels (x0, x1, x2, x3 order of
            // torchvision: (h even, w even), (h odd, w even), (h even, w odd), (h odd, w odd)).
            LayerBuilder::Scope merge(lb, QStringLiteral("features.%1").arg(feature++));
            x = lb.reshape(x, {-1, res / 2, 2, res / 2, 2, c}, QStringLiteral("view"));
            x = lb.transpose(x, {0, 1, 3, 4, 2, 5}, QStringLiteral("cat"));
            x = lb.reshape(x, {-1, res / 2, res / 2, 4 * c}, QStringLiteral("view_1"));
            x = lb.layerNorm(x, 4 * c, 1e-5, QStringLiteral("norm"));
            const std::int64_t next = heads[si + 1] * headDim;
            x = lb.linear(x, 4 * c, next, false, QStringLiteral("reduction"));
            c = next;
            res /= 2;
        }
    }
    x = lb.layerNorm(x, c, 1e-5, QStringLiteral("norm"));
    x = lb.transpose(x, {0, 3, 1, 2}, QStringLiteral("permute"));
    x = lb.globalAveragePool(x, QStringLiteral("avgpool"));
    x = lb.flatten(x, 1, QStringLiteral("flatten"));
    x = lb.gemm(x, c, config.numClasses, true, QStringLiteral("head"));
    return finishModel(lb, x, name);
}

}  // namespace infersight
