// SPDX-License-Identifier: MIT
// Parametric builders of image models. Each mirrors a reference implementation module by module
// (named in its config's comment and in docs/zoo.md) so that parameter counts equal the reference's
// and the node sequence equals the kernels eager PyTorch launches (BatchNorm kept separate).
// Knobs (ZooOptions): batch (symbolic Batch dim), image (Height/Width dims and, where the model
// bakes the size into weights or window grids, the build), widthMult, depth. Family semantics of
// widthMult and depth are in docs/zoo.md.
#pragma once

#include "base/result.h"
#include "graph/graph.h"
#include "zoo/zoo_options.h"

#include <cstdint>
#include <vector>

namespace infersight {

// torchvision.models.resnet (v1.5: stride on the 3x3 conv), ResNeXt (groups, width per group),
// Wide ResNet (width per group 128); with squeezeExcite, NVIDIA DeepLearningExamples' SE-ResNeXt
// (SE after bn3: mean, Linear C->C/16, ReLU, Linear C/16->C, Sigmoid, scale).
struct ResNetConfig {
    bool bottleneck = true;
    std::vector<int> layers{3, 4, 6, 3};
    std::int64_t groups = 1;
    std::int64_t widthPerGroup = 64;
    bool squeezeExcite = false;
    std::int64_t seReduction = 16;
    std::int64_t numClasses = 1000;
};
Result<Graph> buildResNet(const QString &name, const ResNetConfig &config, const ZooOptions &options);

// torchvision.models.vgg: `layers` lists conv widths with 0 for a max-pool ("cfg D" for vgg16).
struct VggConfig {
    std::vector<std::int64_t> layers;
    bool batchNorm = false;
    std::int64_t numClasses = 1000;
};
Result<Graph> buildVgg(const QString &name, const VggConfig &config, const ZooOptions &options);

Result<Graph> buildMobileNetV2(const QString &name, const ZooOptions &options);
Result<Graph> buildMobileNetV3Large(const QString &name, const ZooOptions &options);

// torchvision.models.efficientnet (v1): width and depth coefficients of B0..B7.
struct EfficientNetConfig {
    double widthCoefficient = 1.0;
    double depthCoefficient = 1.0;
    std::int64_t numClasses = 1000;
};
Result<Graph> buildEfficientNet(const QString &name, const EfficientNetConfig &config, const ZooOptions &options);

// torchvision.models.convnext: stage widths and depths.
struct ConvNextConfig {
    std::vector<std::int64_t> dims{96, 192, 384, 768};
    std::vector<int> depths{3, 3, 9, 3};
    std::int64_t numClasses = 1000;
};
Result<Graph> buildConvNext(const QString &name, const ConvNextConfig &config, const ZooOptions &options);

// torchvision.models.vision_transformer.
struct VitConfig {
    std::int64_t patch = 16;
    std::int64_t hidden = 768;
    int layers = 12;
    std::int64_t heads = 12;
    std::int64_t mlp = 3072;
    std::int64_t numClasses = 1000;
};
Result<Graph> buildVit(const QString &name, const VitConfig &config, const ZooOptions &options);

// torchvision.models.swin_transformer (v1).
struct SwinConfig {
    std::int64_t patch = 4;
    std::int64_t embed = 96;
    std::vector<int> depths{2, 2, 6, 2};
    std::vector<std::int64_t> heads{3, 6, 12, 24};
    std::int64_t window = 7;
    std::int64_t numClasses = 1000;
};
Result<Graph> buildSwin(const QString &name, const SwinConfig &config, const ZooOptions &options);

// The original U-Net (Ronneberger, Fischer, Brox, MICCAI 2015, Fig. 1): unpadded 3x3 convs with
// bias and ReLU, 2x2 max-pool, 2x2 up-convolutions, crop-and-concat, 1x1 conv to 2 classes;
// 1 input channel, 572x572 input, 388x388 output, 64 base channels, 4 levels.
struct UNetConfig {
    std::int64_t inChannels = 1;
    std::int64_t numClasses = 2;
    std::int64_t baseChannels = 64;
    int levels = 4;
};
Result<Graph> buildUNet(const QString &name, const UNetConfig &config, const ZooOptions &options);

}  // namespace infersight
