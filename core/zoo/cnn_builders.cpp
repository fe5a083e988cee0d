// SPDX-License-Identifier: MIT
// Convolutional zoo models: ResNet family, VGG, MobileNet v2/v3, EfficientNet, ConvNeXt, U-Net.
#include "zoo/builder_support.h"
#include "zoo/vision_builders.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace infersight {

using namespace zoo_support;

namespace {

QString idx(const char *prefix, int i) { return QString::fromLatin1(prefix) + QString::number(i); }

// torchvision's Conv2dNormActivation: conv (no bias) + BatchNorm + optional activation.
enum class Act { None, Relu, Relu6, Silu, HardSwish };

int convBnAct(LayerBuilder &lb, int x, std::int64_t cin, std::int64_t cout, std::int64_t k, std::int64_t stride,
              std::int64_t groups, Act act, const QString &scope) {
    LayerBuilder::Scope s(lb, scope);
    int y = lb.conv(x, cin, cout, k, stride, -1, groups, false, QStringLiteral("0"));
    y = lb.batchNorm(y, cout, QStringLiteral("1"));
    switch (act) {
    case Act::Relu:
        return lb.relu(y, QStringLiteral("2"));
    case Act::Relu6:
        return lb.relu6(y, QStringLiteral("2"));
    case Act::Silu:
        return lb.silu(y, QStringLiteral("2"));
    case Act::HardSwish:
        return lb.hardSwish(y, QStringLiteral("2"));
    case Act::None:
        break;
    }
    return y;
}

// torchvision.ops.SqueezeExcitation: avgpool, fc1 (1x1 conv, bias), activation, fc2, scale act, mul.
int squeezeExcitation(LayerBuilder &lb, int x, std::int64_t channels, std::int64_t squeeze, Act act, bool hardSigmoid,
                      const QString &scope) {
    LayerBuilder::Scope s(lb, scope);
    int y = lb.globalAveragePool(x, QStringLiteral("avgpool"));
    y = lb.conv(y, channels, squeeze, 1, 1, 0, 1, true, QStringLiteral("fc1"));
    y = act == Act::Silu ? lb.silu(y, QStringLiteral("activation")) : lb.relu(y, QStringLiteral("activation"));
    y = lb.conv(y, squeeze, channels, 1, 1, 0, 1, true, QStringLiteral("fc2"));
    y = hardSigmoid ? lb.hardSigmoid(y, QStringLiteral("scale_activation")) : lb.sigmoid(y, QStringLiteral("scale_activation"));
    return lb.mul(y, x, QStringLiteral("scale"));
}

std::vector<int> stageDepths(const std::vector<int> &defaults, const ZooOptions &options) {
    if (options.depth <= 0) {
        return defaults;
    }
    return distributeDepth(defaults, options.depth);
}

Result<Graph> finishImageModel(LayerBuilder &lb, int logits, const QString &name) {
    lb.output(logits, QStringLiteral("logits"));
    Graph g = lb.finish();
    g.sourcePath = QStringLiteral("zoo:") + name;
    g.reindex();
    return g;
}

}  // namespace

// ---------------------------------------------------------------------------------------- ResNet
Result<Graph> buildResNet(const QString &name, const ResNetConfig &config, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    const std::int64_t image = imageSize(options, 224);
    const double m = options.widthMult;
    const std::vector<int> layers = stageDepths(config.layers, options);
    LayerBuilder lb(name, options.dtype);
    int x = imageInput(lb, options, 3, image);
    const std::int64_t stem = scaledChannels(64, m);
    x = lb.conv(x, 3, stem, 7, 2, 3, 1, false, QStringLiteral("conv1"));
    x = lb.batchNorm(x, stem, QStringLiteral("bn1"));
    x = lb.relu(x, QStringLiteral("relu"));
    x = lb.maxPool(x, 3, 2, 1, QStringLiteral("maxpool"));
    const std::int64_t expansion = config.bottleneck ? 4 : 1;
    std::int64_t inplanes = stem;
    const std::array<std::int64_t, 4> basePlanes{64, 128, 256, 512};
    for (std::size_t stage = 0; stage < layers.size() && stage < 4; ++stage) {
        const std::int64_t planes = scaledChannels(basePlanes[stage], m);
        const std::int64_t out = planes * expansion;
        for (int b = 0; b < layers[stage]; ++b) {
            const std::int64_t stride = (b == 0 && stage > 0) ? 2 : 1;
            LayerBuilder::Scope s(lb, QStringLiteral("layer%1.%2").arg(stage + 1).arg(b));
            const int identityIn = x;
            int y = x;
            if (config.bottleneck) {
                const std::int64_t width = planes * config.widthPerGroup / 64 * config.groups;
                y = lb.conv(y, inplanes, width, 1, 1, 0, 1, false, QStringLiteral("conv1"));
                y = lb.batchNorm(y, width, QStringLiteral("bn1"));
                y = lb.relu(y, QStringLiteral("relu"));
                y = lb.conv(y, width, width, 3, stride, 1, config.groups, false, QStringLiteral("conv2"));
                y = lb.batchNorm(y, width, QStringLiteral("bn2"));
                y = lb.relu(y, QStringLiteral("relu_1"));
                y = lb.conv(y, width, out, 1, 1, 0, 1, false, QStringLiteral("conv3"));
                y = lb.batchNorm(y, out, QStringLiteral("bn3"));
            } else {
                y = lb.conv(y, inplanes, planes, 3, stride, 1, 1, false, QStringLiteral("conv1"));
                y = lb.batchNorm(y, planes, QStringLiteral("bn1"));
                y = lb.relu(y, QStringLiteral("relu"));
                y = lb.conv(y, planes, planes, 3, 1, 1, 1, false, QStringLiteral("conv2"));
                y = lb.batchNorm(y, planes, QStringLiteral("bn2"));
            }
            int identity = identityIn;
            if (stride != 1 || inplanes != out) {
                identity = lb.conv(identityIn, inplanes, out, 1, stride, 0, 1, false, QStringLiteral("downsample.0"));
                identity = lb.batchNorm(identity, out, QStringLiteral("downsample.1"));
            }
            if (config.squeezeExcite) {
                // DeepLearningExamples' SqueezeAndExcitation: torch.mean over H, W, Linear, ReLU,
                // Linear, Sigmoid; the block then computes residual + out * se (addcmul).
                const std::int64_t squeeze = std::max<std::int64_t>(1, out / config.seReduction);
                LayerBuilder::Scope se(lb, QStringLiteral("squeeze"));
                int z = lb.reduceMean(y, {2, 3}, false, QStringLiteral("mean"));
                z = lb.gemm(z, out, squeeze, true, QStringLiteral("squeeze"));
                z = lb.relu(z, QStringLiteral("activation"));
                z = lb.gemm(z, squeeze, out, true, QStringLiteral("expand"));
                z = lb.sigmoid(z, QStringLiteral("sigmoid"));
                z = lb.unsqueeze(z, {2, 3});
                y = lb.mul(y, z, QStringLiteral("scale"));
            }
            y = lb.add(y, identity, QStringLiteral("add"));
            x = lb.relu(y, QStringLiteral("relu_out"));
            inplanes = out;
        }
    }
    x = lb.globalAveragePool(x, QStringLiteral("avgpool"));
    x = lb.flatten(x, 1, QStringLiteral("flatten"));
    x = lb.gemm(x, inplanes, config.numClasses, true, QStringLiteral("fc"));
    return finishImageModel(lb, x, name);
}

// ------------------------------------------------------------------------------------------- VGG
Result<Graph> buildVgg(const QString &name, const VggConfig &config, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    const std::int64_t image = imageSize(options, 224);
    if (image % 32 != 0 || (image / 32) % 7 != 0) {
        return Error{QStringLiteral("zoo:%1: image size %2 must be a multiple of 224 (the classifier takes a 7x7 map "
                                    "from AdaptiveAvgPool2d)")
                         .arg(name)
                         .arg(image)};
    }
    // Stage structure of the config: conv counts between pools.
    std::vector<int> stageConvs{0};
    std::vector<std::int64_t> stageWidth;
    for (std::int64_t c : config.layers) {
        if (c == 0) {
            stageConvs.push_back(0);
        } else {
            if (stageConvs.back() == 0) {
                stageWidth.push_back(c);
            }
            ++stageConvs.back();
        }
    }
    stageConvs.pop_back();  // after the last pool
    const std::vector<int> convs = stageDepths(stageConvs, options);
    LayerBuilder lb(name, options.dtype);
    int x = imageInput(lb, options, 3, image);
    std::int64_t cin = 3;
    int index = 0;
    for (std::size_t stage = 0; stage < convs.size(); ++stage) {
        const std::int64_t width = scaledChannels(stageWidth[stage], options.widthMult);
        for (int c = 0; c < convs[stage]; ++c) {
            x = lb.conv(x, cin, width, 3, 1, 1, 1, true, QStringLiteral("features.%1").arg(index++));
            if (config.batchNorm) {
                x = lb.batchNorm(x, width, QStringLiteral("features.%1").arg(index++));
            }
            x = lb.relu(x, QStringLiteral("features.%1").arg(index++));
            cin = width;
        }
        x = lb.maxPool(x, 2, 2, 0, QStringLiteral("features.%1").arg(index++));
    }
    const std::int64_t pool = image / 32 / 7;
    x = lb.averagePool(x, pool, pool, QStringLiteral("avgpool"));
    x = lb.flatten(x, 1, QStringLiteral("flatten"));
    const std::int64_t hidden = scaledChannels(4096, options.widthMult);
    x = lb.gemm(x, cin * 49, hidden, true, QStringLiteral("classifier.0"));
    x = lb.relu(x, QStringLiteral("classifier.1"));
    x = lb.gemm(x, hidden, hidden, true, QStringLiteral("classifier.3"));
    x = lb.relu(x, QStringLiteral("classifier.4"));
    x = lb.gemm(x, hidden, config.numClasses, true, QStringLiteral("classifier.6"));
    return finishImageModel(lb, x, name);
}

// ---------------------------------------------------------------------------------- MobileNet v2
Result<Graph> buildMobileNetV2(const QString &name, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    const double m = options.widthMult;
    const std::int64_t image = imageSize(options, 224);
    struct Setting {
        std::int64_t t, c;
        int n;
        std::int64_t s;
    };
    const std::vector<Setting> settings{{1, 16, 1, 1}, {6, 24, 2, 2},  {6, 32, 3, 2},  {6, 64, 4, 2},
                                        {6, 96, 3, 1}, {6, 160, 3, 2}, {6, 320, 1, 1}};
    std::vector<int> defaults;
    for (const auto &st : settings) {
        defaults.push_back(st.n);
    }
    const std::vector<int> repeats = stageDepths(defaults, options);
    LayerBuilder lb(name, options.dtype);
    int x = imageInput(lb, options, 3, image);
    std::int64_t input = makeDivisible(32 * m, 8);
    const std::int64_t last = makeDivisible(1280 * std::max(1.0, m), 8);
    int feature = 0;
    x = convBnAct(lb, x, 3, input, 3, 2, 1, Act::Relu6, QStringLiteral("features.%1").arg(feature++));
    for (std::size_t si = 0; si < settings.size(); ++si) {
        const Setting &st = settings[si];
        const std::int64_t out = makeDivisible(static_cast<double>(st.c) * m, 8);
        for (int i = 0; i < repeats[si]; ++i) {
            const std::int64_t stride = i == 0 ? st.s : 1;
            LayerBuilder::Scope s(lb, QStringLiteral("features.%1").arg(feature++));
            const std::int64_t hidden = static_cast<std::int64_t>(std::llround(static_cast<double>(input * st.t)));
            int y = x;
            int part = 0;
            if (st.t != 1) {
                y = convBnAct(lb, y, input, hidden, 1, 1, 1, Act::Relu6, idx("conv.", part++));
            }
            y = convBnAct(lb, y, hidden, hidden, 3, stride, hidden, Act::Relu6, idx("conv.", part++));
            y = lb.conv(y, hidden, out, 1, 1, 0, 1, false, idx("conv.", part++));
            y = lb.batchNorm(y, out, idx("conv.", part++));
            if (stride == 1 && input == out) {
                y = lb.add(x, y, QStringLiteral("add"));
            }
            x = y;
            input = out;
        }
    }
    x = convBnAct(lb, x, input, last, 1, 1, 1, Act::Relu6, QStringLiteral("features.%1").arg(feature++));
    x = lb.globalAveragePool(x, QStringLiteral("adaptive_avg_pool2d"));
    x = lb.flatten(x, 1, QStringLiteral("flatten"));
    x = lb.gemm(x, last, 1000, true, QStringLiteral("classifier.1"));
    return finishImageModel(lb, x, name);
}

// ---------------------------------------------------------------------------- MobileNet v3 large
Result<Graph> buildMobileNetV3Large(const QString &name, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    const double m = options.widthMult;
    const std::int64_t image = imageSize(options, 224);
    struct Bneck {
        std::int64_t in, k, exp, out;
        bool se, hs;
        std::int64_t stride;
    };
    const std::vector<Bneck> table{
        {16, 3, 16, 16, false, false, 1},   {16, 3, 64, 24, false, false, 2},   {24, 3, 72, 24, false, false, 1},
        {24, 5, 72, 40, true, false, 2},    {40, 5, 120, 40, true, false, 1},   {40, 5, 120, 40, true, false, 1},
        {40, 3, 240, 80, false, true, 2},   {80, 3, 200, 80, false, true, 1},   {80, 3, 184, 80, false, true, 1},
        {80, 3, 184, 80, false, true, 1},   {80, 3, 480, 112, true, true, 1},   {112, 3, 672, 112, true, true, 1},
        {112, 5, 672, 160, true, true, 2},  {160, 5, 960, 160, true, true, 1},  {160, 5, 960, 160, true, true, 1}};
    // --depth: keep the first block of each resolution stage, repeat or drop the others evenly.
    // Stages (by stride-2 boundaries): [0], [1,2], [3,4,5], [6..11], [12,13,14].
    const std::vector<std::vector<int>> stages{{0}, {1, 2}, {3, 4, 5}, {6, 7, 8, 9, 10, 11}, {12, 13, 14}};
    std::vector<int> defaults;
    for (const auto &s : stages) {
        defaults.push_back(static_cast<int>(s.size()));
    }
    const std::vector<int> counts = stageDepths(defaults, options);
    std::vector<Bneck> blocks;
    for (std::size_t si = 0; si < stages.size(); ++si) {
        const auto &stage = stages[si];
        for (int i = 0; i < counts[si]; ++i) {
            // Block i of the stage: the reference's i-th block, the last one repeated beyond.
            const int src = stage[static_cast<std::size_t>(std::min<int>(i, static_cast<int>(stage.size()) - 1))];
            blocks.push_back(table[static_cast<std::size_t>(src)]);
        }
    }
    auto adjust = [m](std::int64_t c) { return makeDivisible(static_cast<double>(c) * m, 8); };
    LayerBuilder lb(name, options.dtype);
    int x = imageInput(lb, options, 3, image);
    int feature = 0;
    std::int64_t input = adjust(blocks.front().in);
    x = convBnAct(lb, x, 3, input, 3, 2, 1, Act::HardSwish, QStringLiteral("features.%1").arg(feature++));
    for (const Bneck &b : blocks) {
        const std::int64_t exp = adjust(b.exp);
        const std::int64_t out = adjust(b.out);
        const Act act = b.hs ? Act::HardSwish : Act::Relu;
        LayerBuilder::Scope s(lb, QStringLiteral("features.%1").arg(feature++));
        int y = x;
        int part = 0;
        if (exp != input) {
            y = convBnAct(lb, y, input, exp, 1, 1, 1, act, idx("block.", part++));
        }
        y = convBnAct(lb, y, exp, exp, b.k, b.stride, exp, act, idx("block.", part++));
        if (b.se) {
            y = squeezeExcitation(lb, y, exp, makeDivisible(static_cast<double>(exp / 4), 8), Act::Relu, true,
                                  idx("block.", part++));
        }
        y = convBnAct(lb, y, exp, out, 1, 1, 1, Act::None, idx("block.", part++));
        if (b.stride == 1 && input == out) {
            y = lb.add(y, x, QStringLiteral("add"));
        }
        x = y;
        input = out;
    }
    const std::int64_t lastConv = 6 * input;
    const std::int64_t lastChannel = adjust(1280);
    x = convBnAct(lb, x, input, lastConv, 1, 1, 1, Act::HardSwish, QStringLiteral("features.%1").arg(feature++));
    x = lb.globalAveragePool(x, QStringLiteral("avgpool"));
    x = lb.flatten(x, 1, QStringLiteral("flatten"));
    x = lb.gemm(x, lastConv, lastChannel, true, QStringLiteral("classifier.0"));
    x = lb.hardSwish(x, QStringLiteral("classifier.1"));
    x = lb.gemm(x, lastChannel, 1000, true, QStringLiteral("classifier.3"));
    return finishImageModel(lb, x, name);
}

// ---------------------------------------------------------------------------------- EfficientNet
Result<Graph> buildEfficientNet(const QString &name, const EfficientNetConfig &config, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    // torchvision's B0 stages: expand ratio, kernel, stride, in, out, layers.
    struct Stage {
        std::int64_t expand, kernel, stride, in, out;
        int layers;
    };
    const std::vector<Stage> base{{1, 3, 1, 32, 16, 1},   {6, 3, 2, 16, 24, 2},  {6, 5, 2, 24, 40, 2},
                                  {6, 3, 2, 40, 80, 3},   {6, 5, 1, 80, 112, 3}, {6, 5, 2, 112, 192, 4},
                                  {6, 3, 1, 192, 320, 1}};
    const double width = config.widthCoefficient * options.widthMult;
    auto adjust = [width](std::int64_t c) { return makeDivisible(static_cast<double>(c) * width, 8); };
    std::vector<int> defaults;
    for (const Stage &s : base) {
        defaults.push_back(static_cast<int>(std::ceil(s.layers * config.depthCoefficient)));
    }
    const std::vector<int> layers = stageDepths(defaults, options);
    // Published input sizes of B0..B7 follow from the coefficients; the registry passes them.
    const std::int64_t image = imageSize(options, 224);
    LayerBuilder lb(name, options.dtype);
    int x = imageInput(lb, options, 3, image);
    int feature = 0;
    const std::int64_t stem = adjust(base.front().in);
    x = convBnAct(lb, x, 3, stem, 3, 2, 1, Act::Silu, QStringLiteral("features.%1").arg(feature++));
    std::int64_t input = stem;
    for (std::size_t si = 0; si < base.size(); ++si) {
        const Stage &st = base[si];
        const std::int64_t out = adjust(st.out);
        LayerBuilder::Scope stage(lb, QStringLiteral("features.%1").arg(feature++));
        for (int i = 0; i < layers[si]; ++i) {
            const std::int64_t stride = i == 0 ? st.stride : 1;
            LayerBuilder::Scope s(lb, QString::number(i));
            const std::int64_t expanded = makeDivisible(static_cast<double>(input * st.expand), 8);
            int y = x;
            int part = 0;
            if (expanded != input) {
                y = convBnAct(lb, y, input, expanded, 1, 1, 1, Act::Silu, idx("block.", part++));
            }
            y = convBnAct(lb, y, expanded, expanded, st.kernel, stride, expanded, Act::Silu, idx("block.", part++));
            y = squeezeExcitation(lb, y, expanded, std::max<std::int64_t>(1, input / 4), Act::Silu, false,
                                  idx("block.", part++));
            y = convBnAct(lb, y, expanded, out, 1, 1, 1, Act::None, idx("block.", part++));
            if (stride == 1 && input == out) {
                y = lb.add(y, x, QStringLiteral("add"));
            }
            x = y;
            input = out;
        }
    }
    const std::int64_t lastConv = 4 * input;
    x = convBnAct(lb, x, input, lastConv, 1, 1, 1, Act::Silu, QStringLiteral("features.%1").arg(feature++));
    x = lb.globalAveragePool(x, QStringLiteral("avgpool"));
    x = lb.flatten(x, 1, QStringLiteral("flatten"));
    x = lb.gemm(x, lastConv, config.numClasses, true, QStringLiteral("classifier.1"));
    return finishImageModel(lb, x, name);
}

// -------------------------------------------------------------------------------------- ConvNeXt
namespace {
// torchvision's LayerNorm2d: permute to NHWC, layer_norm (a contiguous copy first), permute back.
int layerNorm2d(LayerBuilder &lb, int x, std::int64_t channels, const QString &name) {
    LayerBuilder::Scope s(lb, name);
    int y = lb.transpose(x, {0, 2, 3, 1}, QStringLiteral("permute"));
    y = lb.layerNorm(y, channels, 1e-6, QStringLiteral("layer_norm"));
    return lb.transpose(y, {0, 3, 1, 2}, QStringLiteral("permute_1"));
}
}  // namespace

Result<Graph> buildConvNext(const QString &name, const ConvNextConfig &config, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    const std::int64_t image = imageSize(options, 224);
    const std::vector<int> depths = stageDepths(config.depths, options);
    std::vector<std::int64_t> dims;
    for (std::int64_t d : config.dims) {
        dims.push_back(scaledChannels(d, options.widthMult));
    }
    LayerBuilder lb(name, options.dtype);
    int x = imageInput(lb, options, 3, image);
    x = lb.conv(x, 3, dims[0], 4, 4, 0, 1, true, QStringLiteral("features.0.0"));
    x = layerNorm2d(lb, x, dims[0], QStringLiteral("features.0.1"));
    int feature = 1;
    for (std::size_t si = 0; si < dims.size(); ++si) {
        const std::int64_t dim = dims[si];
        {
            LayerBuilder::Scope stage(lb, QStringLiteral("features.%1").arg(feature++));
            for (int b = 0; b < depths[si]; ++b) {
                LayerBuilder::Scope s(lb, QString::number(b));
                int y = lb.conv(x, dim, dim, 7, 1, 3, dim, true, QStringLiteral("block.0"));
                y = lb.transpose(y, {0, 2, 3, 1}, QStringLiteral("block.1"));
                y = lb.layerNorm(y, dim, 1e-6, QStringLiteral("block.2"));
                y = lb.linear(y, dim, 4 * dim, true, QStringLiteral("block.3"));
                y = lb.gelu(y, QStringLiteral("block.4"));
                y = lb.linear(y, 4 * dim, dim, true, QStringLiteral("block.5"));
                y = lb.transpose(y, {0, 3, 1, 2}, QStringLiteral("block.6"));
                y = lb.mul(lb.weight(QStringLiteral("layer_scale"), {dim, 1, 1}), y, QStringLiteral("layer_scale_mul"));
                x = lb.add(y, x, QStringLiteral("add"));
            }
        }
        if (si + 1 < dims.size()) {
            LayerBuilder::Scope down(lb, QStringLiteral("features.%1").arg(feature++));
            x = layerNorm2d(lb, x, dim, QStringLiteral("0"));
            x = lb.conv(x, dim, dims[si + 1], 2, 2, 0, 1, true, QStringLiteral("1"));
        }
    }
    const std::int64_t last = dims.back();
    x = lb.globalAveragePool(x, QStringLiteral("avgpool"));
    x = layerNorm2d(lb, x, last, QStringLiteral("classifier.0"));
    x = lb.flatten(x, 1, QStringLiteral("classifier.1"));
    x = lb.gemm(x, last, config.numClasses, true, QStringLiteral("classifier.2"));
    return finishImageModel(lb, x, name);
}

// ----------------------------------------------------------------------------------------- U-Net
Result<Graph> buildUNet(const QString &name, const UNetConfig &config, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    const int levels = options.depth > 0 ? options.depth : config.levels;
    if (levels > 8) {
        return Error{QStringLiteral("zoo:%1: depth %2 is out of range (1 to 8 levels)").arg(name).arg(levels)};
    }
    const std::int64_t image = imageSize(options, 572);
    // Sizes through the unpadded network: each level loses 4 pixels to its two 3x3 convs.
    std::int64_t size = image;
    std::vector<std::int64_t> encSizes;
    for (int l = 0; l < levels; ++l) {
        size -= 4;
        if (size <= 0 || size % 2 != 0) {
            return Error{QStringLiteral("zoo:%1: image size %2 does not fit an unpadded U-Net of %3 levels (each level "
                                        "needs an even size after its convolutions; 572 works for 4 levels)")
                             .arg(name)
                             .arg(image)
                             .arg(levels)};
        }
        encSizes.push_back(size);
        size /= 2;
    }
    size -= 4;
    if (size <= 0) {
        return Error{QStringLiteral("zoo:%1: image size %2 is too small for %3 levels").arg(name).arg(image).arg(levels)};
    }
    const std::int64_t base = scaledChannels(config.baseChannels, options.widthMult);
    LayerBuilder lb(name, options.dtype);
    int x = imageInput(lb, options, config.inChannels, image);
    auto doubleConv = [&lb](int in, std::int64_t cin, std::int64_t cout, const QString &scope) {
        LayerBuilder::Scope s(lb, scope);
        int y = lb.conv(in, cin, cout, 3, 1, 0, 1, true, QStringLiteral("conv1"));
        y = lb.relu(y, QStringLiteral("relu1"));
        y = lb.conv(y, cout, cout, 3, 1, 0, 1, true, QStringLiteral("conv2"));
        return lb.relu(y, QStringLiteral("relu2"));
    };
    std::vector<int> skips;
    std::int64_t cin = config.inChannels;
    std::int64_t c = base;
    for (int l = 0; l < levels; ++l) {
        x = doubleConv(x, cin, c, QStringLiteral("down%1").arg(l + 1));
        skips.push_back(x);
        x = lb.maxPool(x, 2, 2, 0, QStringLiteral("pool%1").arg(l + 1));
        cin = c;
        c *= 2;
    }
    x = doubleConv(x, cin, c, QStringLiteral("bottom"));
    std::int64_t dec = size;
    for (int l = levels - 1; l >= 0; --l) {
        const std::int64_t half = c / 2;
        LayerBuilder::Scope s(lb, QStringLiteral("up%1").arg(levels - l));
        x = lb.convTranspose(x, c, half, 2, 2, true, QStringLiteral("upconv"));
        dec *= 2;
        // Crop the encoder map to the decoder's size (the offset does not depend on the image).
        const std::int64_t offset = (encSizes[static_cast<std::size_t>(l)] - dec) / 2;
        const int skip = skips[static_cast<std::size_t>(l)];
        const int cropped = offset > 0 ? lb.slice(skip, {offset, offset}, {-offset, -offset}, {2, 3}, {}, QStringLiteral("crop"))
                                       : skip;
        x = lb.concat({cropped, x}, 1, QStringLiteral("cat"));
        x = doubleConv(x, c, half, QStringLiteral("conv"));
        dec -= 4;
        c = half;
    }
    x = lb.conv(x, c, config.numClasses, 1, 1, 0, 1, true, QStringLiteral("outc"));
    return finishImageModel(lb, x, name);
}

}  // namespace infersight
