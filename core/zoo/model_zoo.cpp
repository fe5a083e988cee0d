// SPDX-License-Identifier: MIT
#include "zoo/model_zoo.h"

#include "zoo/transformer_builders.h"
#include "zoo/vision_builders.h"

#include <QHash>

#include <algorithm>

namespace infersight {

namespace {

// Where the published figures come from.
const QString kTorchvisionParams = QStringLiteral(
    "torchvision weights metadata num_params (torchvision.models docs); equals torchvision 0.14 "
    "sum(p.numel() for p in model.parameters())");
const QString kTorchvisionMacs = QStringLiteral(
    "torchvision weights metadata GFLOPS (= GMACs of conv/linear/matmul) at the eval size; equals a "
    "dispatch-level count with torchvision 0.14 (tests/unit/zoo/torchvision_reference.py)");
const QString kTorchvisionClassCount = QStringLiteral(
    "torchvision 0.14 ResNet(Bottleneck, [3, 4, 23, 3], groups=32, width_per_group=4): sum of parameters and "
    "dispatch-level MACs (tests/unit/zoo/torchvision_reference.py)");
const QString kHfParams = QStringLiteral(
    "HuggingFace transformers model.num_parameters() of the model class (hand formula in docs/zoo.md)");

ZooModel image(QString name, QString family, QString description, QString reference, std::int64_t size,
               std::int64_t params, double gmacs, std::function<Result<Graph>(const ZooOptions &)> build,
               QString paramsSource = kTorchvisionParams, QString macsSource = kTorchvisionMacs) {
    ZooModel m;
    m.name = std::move(name);
    m.family = std::move(family);
    m.description = std::move(description);
    m.reference = std::move(reference);
    m.defaultImage = size;
    m.publishedParams = params;
    m.publishedGMacs = gmacs;
    m.paramsSource = std::move(paramsSource);
    m.macsSource = std::move(macsSource);
    m.build = [size, b = std::move(build)](const ZooOptions &options) {
        ZooOptions o = options;
        if (o.image <= 0) {
            o.image = size;
        }
        return b(o);
    };
    return m;
}

ZooModel language(QString name, QString family, QString description, QString reference, bool decoder, std::int64_t seq,
                  std::int64_t params, std::function<Result<Graph>(const ZooOptions &)> build,
                  QString paramsSource = kHfParams) {
    ZooModel m;
    m.name = std::move(name);
    m.family = std::move(family);
    m.description = std::move(description);
    m.reference = std::move(reference);
    m.decoder = decoder;
    m.defaultSeq = seq;
    m.publishedParams = params;
    m.paramsSource = std::move(paramsSource);
    m.build = std::move(build);
    return m;
}

ResNetConfig resnet(bool bottleneck, std::vector<int> layers, std::int64_t groups = 1, std::int64_t width = 64) {
    ResNetConfig c;
    c.bottleneck = bottleneck;
    c.layers = std::move(layers);
    c.groups = groups;
    c.widthPerGroup = width;
    return c;
}

BertConfig bert(std::int64_t hidden, int layers, std::int64_t heads) {
    BertConfig c;
    c.hidden = hidden;
    c.layers = layers;
    c.heads = heads;
    c.intermediate = 4 * hidden;
    return c;
}

Gpt2Config gpt2(std::int64_t embd, int layers, std::int64_t heads) {
    Gpt2Config c;
    c.embd = embd;
    c.layers = layers;
    c.heads = heads;
    return c;
}

OptConfig opt(std::int64_t hidden, int layers, std::int64_t heads, std::int64_t proj = 0, bool before = true) {
    OptConfig c;
    c.hidden = hidden;
    c.layers = layers;
    c.heads = heads;
    c.ffn = 4 * hidden;
    c.wordEmbedProjDim = proj;
    c.layerNormBefore = before;
    c.finalLayerNorm = before;
    return c;
}

LlamaConfig llama(std::int64_t hidden, std::int64_t inter, int layers, std::int64_t heads, std::int64_t kv,
                  std::int64_t positions = 4096) {
    LlamaConfig c;
    c.hidden = hidden;
    c.intermediate = inter;
    c.layers = layers;
    c.heads = heads;
    c.kvHeads = kv;
    c.maxPositions = positions;
    return c;
}

std::vector<ZooModel> makeModels() {
    std::vector<ZooModel> list;
    const auto addResNet = [&list](const char *name, const char *desc, ResNetConfig cfg, std::int64_t params, double gmacs) {
        const QString n = QString::fromLatin1(name);
        list.push_back(image(n, QStringLiteral("resnet"), QString::fromLatin1(desc), QStringLiteral("torchvision.models.") + n, 224,
                             params, gmacs, [n, cfg](const ZooOptions &o) { return buildResNet(n, cfg, o); }));
    };
    addResNet("resnet18", "ResNet-18 (He et al. 2016)", resnet(false, {2, 2, 2, 2}), 11689512, 1.814);
    addResNet("resnet34", "ResNet-34", resnet(false, {3, 4, 6, 3}), 21797672, 3.664);
    addResNet("resnet50", "ResNet-50 v1.5 (stride on the 3x3 conv; = NVIDIA DLE ResNet-50 v1.5)", resnet(true, {3, 4, 6, 3}),
              25557032, 4.089);
    addResNet("resnet101", "ResNet-101 v1.5", resnet(true, {3, 4, 23, 3}), 44549160, 7.801);
    addResNet("resnet152", "ResNet-152 v1.5", resnet(true, {3, 8, 36, 3}), 60192808, 11.514);
    addResNet("resnext50_32x4d", "ResNeXt-50 32x4d (Xie et al. 2017)", resnet(true, {3, 4, 6, 3}, 32, 4), 25028904, 4.230);
    addResNet("wide_resnet50_2", "Wide ResNet-50-2 (Zagoruyko & Komodakis 2016)", resnet(true, {3, 4, 6, 3}, 1, 128), 68883240,
              11.398);
    {
        const QString n = QStringLiteral("resnext101_32x4d");
        const ResNetConfig cfg = resnet(true, {3, 4, 23, 3}, 32, 4);
        list.push_back(image(n, QStringLiteral("resnet"),
                             QStringLiteral("ResNeXt-101 32x4d as NVIDIA DeepLearningExamples and Cadene's pretrainedmodels define it"),
                             QStringLiteral("NVIDIA DeepLearningExamples PyTorch/Classification/ConvNets resnext101-32x4d"), 224,
                             44177704, 7.970, [n, cfg](const ZooOptions &o) { return buildResNet(n, cfg, o); },
                             kTorchvisionClassCount, kTorchvisionClassCount));
    }
    {
        const QString n = QStringLiteral("se_resnext101_32x4d");
        ResNetConfig cfg = resnet(true, {3, 4, 23, 3}, 32, 4);
        cfg.squeezeExcite = true;
        list.push_back(image(n, QStringLiteral("resnet"),
                             QStringLiteral("SE-ResNeXt-101 32x4d (Hu et al. 2018): ResNeXt-101 32x4d with squeeze-and-excitation "
                                            "(reduction 16) after each block's last BatchNorm"),
                             QStringLiteral("NVIDIA DeepLearningExamples PyTorch/Classification/ConvNets se-resnext101-32x4d"), 224,
                             48955416, 7.975, [n, cfg](const ZooOptions &o) { return buildResNet(n, cfg, o); },
                             QStringLiteral("hand formula: ResNeXt-101 32x4d (44,177,704) + SE Linear layers C*C/16*2 + C/16 + C per "
                                            "block (docs/zoo.md)"),
                             QStringLiteral("ResNeXt-101 32x4d dispatch count (7.970) + SE Linear MACs (hand formula)")));
    }
    {
        VggConfig cfg;
        cfg.layers = {64, 64, 0, 128, 128, 0, 256, 256, 256, 0, 512, 512, 512, 0, 512, 512, 512, 0};
        const QString n = QStringLiteral("vgg16");
        list.push_back(image(n, QStringLiteral("vgg"), QStringLiteral("VGG-16, configuration D (Simonyan & Zisserman 2015)"),
                             QStringLiteral("torchvision.models.vgg16"), 224, 138357544, 15.470,
                             [n, cfg](const ZooOptions &o) { return buildVgg(n, cfg, o); }));
    }
    list.push_back(image(QStringLiteral("mobilenet_v2"), QStringLiteral("mobilenet"), QStringLiteral("MobileNetV2 (Sandler et al. 2018)"),
                         QStringLiteral("torchvision.models.mobilenet_v2"), 224, 3504872, 0.301,
                         [](const ZooOptions &o) { return buildMobileNetV2(QStringLiteral("mobilenet_v2"), o); }));
    list.push_back(image(QStringLiteral("mobilenet_v3_large"), QStringLiteral("mobilenet"),
                         QStringLiteral("MobileNetV3-Large (Howard et al. 2019)"), QStringLiteral("torchvision.models.mobilenet_v3_large"),
                         224, 5483032, 0.217,
                         [](const ZooOptions &o) { return buildMobileNetV3Large(QStringLiteral("mobilenet_v3_large"), o); }));
    struct Eff {
        const char *name;
        double w, d;
        std::int64_t size, params;
        double gmacs;
    };
    const Eff effs[] = {{"efficientnet_b0", 1.0, 1.0, 224, 5288548, 0.386},   {"efficientnet_b1", 1.0, 1.1, 240, 7794184, 0.687},
                        {"efficientnet_b2", 1.1, 1.2, 288, 9109994, 1.088},   {"efficientnet_b3", 1.2, 1.4, 300, 12233232, 1.827},
                        {"efficientnet_b4", 1.4, 1.8, 380, 19341616, 4.394},  {"efficientnet_b5", 1.6, 2.2, 456, 30389784, 10.266},
                        {"efficientnet_b6", 1.8, 2.6, 528, 43040704, 19.068}, {"efficientnet_b7", 2.0, 3.1, 600, 66347960, 37.746}};
    for (const Eff &e : effs) {
        const QString n = QString::fromLatin1(e.name);
        EfficientNetConfig cfg;
        cfg.widthCoefficient = e.w;
        cfg.depthCoefficient = e.d;
        list.push_back(image(n, QStringLiteral("efficientnet"),
                             QStringLiteral("EfficientNet-%1 (Tan & Le 2019), width %2, depth %3").arg(n.right(2).toUpper()).arg(e.w).arg(e.d),
                             QStringLiteral("torchvision.models.") + n, e.size, e.params, e.gmacs,
                             [n, cfg](const ZooOptions &o) { return buildEfficientNet(n, cfg, o); }));
    }
    {
        ConvNextConfig tiny;
        list.push_back(image(QStringLiteral("convnext_tiny"), QStringLiteral("convnext"), QStringLiteral("ConvNeXt-T (Liu et al. 2022)"),
                             QStringLiteral("torchvision.models.convnext_tiny"), 224, 28589128, 4.456,
                             [tiny](const ZooOptions &o) { return buildConvNext(QStringLiteral("convnext_tiny"), tiny, o); }));
        ConvNextConfig base;
        base.dims = {128, 256, 512, 1024};
        base.depths = {3, 3, 27, 3};
        list.push_back(image(QStringLiteral("convnext_base"), QStringLiteral("convnext"), QStringLiteral("ConvNeXt-B"),
                             QStringLiteral("torchvision.models.convnext_base"), 224, 88591464, 15.355,
                             [base](const ZooOptions &o) { return buildConvNext(QStringLiteral("convnext_base"), base, o); }));
    }
    {
        VitConfig b16;
        list.push_back(image(QStringLiteral("vit_b_16"), QStringLiteral("vit"), QStringLiteral("ViT-B/16 (Dosovitskiy et al. 2021)"),
                             QStringLiteral("torchvision.models.vit_b_16"), 224, 86567656, 17.564,
                             [b16](const ZooOptions &o) { return buildVit(QStringLiteral("vit_b_16"), b16, o); }));
        VitConfig l16;
        l16.hidden = 1024;
        l16.layers = 24;
        l16.heads = 16;
        l16.mlp = 4096;
        list.push_back(image(QStringLiteral("vit_l_16"), QStringLiteral("vit"), QStringLiteral("ViT-L/16"),
                             QStringLiteral("torchvision.models.vit_l_16"), 224, 304326632, 61.555,
                             [l16](const ZooOptions &o) { return buildVit(QStringLiteral("vit_l_16"), l16, o); }));
    }
    {
        SwinConfig t;
        list.push_back(image(QStringLiteral("swin_t"), QStringLiteral("swin"), QStringLiteral("Swin-T (Liu et al. 2021)"),
                             QStringLiteral("torchvision.models.swin_t"), 224, 28288354, 4.491,
                             [t](const ZooOptions &o) { return buildSwin(QStringLiteral("swin_t"), t, o); }));
    }
    {
        UNetConfig u;
        list.push_back(image(QStringLiteral("unet"), QStringLiteral("unet"),
                             QStringLiteral("U-Net as in Ronneberger et al. 2015, Fig. 1 (unpadded convs, 1 input channel, 2 classes, "
                                            "572x572 in, 388x388 out)"),
                             QStringLiteral("Ronneberger, Fischer, Brox, MICCAI 2015"), 572, 31030658, 0.0,
                             [u](const ZooOptions &o) { return buildUNet(QStringLiteral("unet"), u, o); },
                             QStringLiteral("hand formula from the paper's Fig. 1 (conv weights + biases; docs/zoo.md)"), QString()));
    }
    // ---- language models
    const auto addBert = [&list](const char *name, BertConfig cfg, std::int64_t params, const char *desc) {
        const QString n = QString::fromLatin1(name);
        list.push_back(language(n, QStringLiteral("bert"), QString::fromLatin1(desc),
                                QStringLiteral("transformers BertModel (with pooler)"), false, 512, params,
                                [n, cfg](const ZooOptions &o) { return buildBert(n, cfg, o); }));
    };
    addBert("bert-base", bert(768, 12, 12), 109482240, "BERT-Base uncased (Devlin et al. 2019), BertModel with pooler");
    addBert("bert-large", bert(1024, 24, 16), 335141888, "BERT-Large uncased, BertModel with pooler");
    const auto addGpt2 = [&list](const char *name, Gpt2Config cfg, std::int64_t params, const char *desc) {
        const QString n = QString::fromLatin1(name);
        list.push_back(language(n, QStringLiteral("gpt2"), QString::fromLatin1(desc),
                                QStringLiteral("transformers GPT2LMHeadModel (lm_head tied to wte)"), true, cfg.positions, params,
                                [n, cfg](const ZooOptions &o) { return buildGpt2(n, cfg, o); }));
    };
    addGpt2("gpt2", gpt2(768, 12, 12), 124439808, "GPT-2 small (Radford et al. 2019)");
    addGpt2("gpt2-medium", gpt2(1024, 24, 16), 354823168, "GPT-2 medium");
    addGpt2("gpt2-large", gpt2(1280, 36, 20), 774030080, "GPT-2 large");
    addGpt2("gpt2-xl", gpt2(1600, 48, 25), 1557611200, "GPT-2 XL");
    const auto addOpt = [&list](const char *name, OptConfig cfg, std::int64_t params, const char *desc) {
        const QString n = QString::fromLatin1(name);
        list.push_back(language(n, QStringLiteral("opt"), QString::fromLatin1(desc),
                                QStringLiteral("transformers OPTForCausalLM (lm_head tied to embed_tokens)"), true, 2048, params,
                                [n, cfg](const ZooOptions &o) { return buildOpt(n, cfg, o); }));
    };
    addOpt("opt-125m", opt(768, 12, 12), 125239296, "OPT-125M (Zhang et al. 2022)");
    addOpt("opt-350m", opt(1024, 24, 16, 512, false), 331196416, "OPT-350M (post-LN, 512-wide embeddings with project_in/out)");
    addOpt("opt-1.3b", opt(2048, 24, 32), 1315758080, "OPT-1.3B");
    // Llama graphs (buildLlama) of a family: "llama", or what the family changes (LlamaConfig's flags).
    const auto addLlamaFamily = [&list](const char *name, const char *family, LlamaConfig cfg, std::int64_t params, const char *desc,
                                        const char *reference) {
        const QString n = QString::fromLatin1(name);
        list.push_back(language(n, QString::fromLatin1(family), QString::fromLatin1(desc), QString::fromLatin1(reference), true,
                                std::min<std::int64_t>(cfg.maxPositions, 4096), params,
                                [n, cfg](const ZooOptions &o) { return buildLlama(n, cfg, o); }));
    };
    const auto addLlama = [&addLlamaFamily](const char *name, LlamaConfig cfg, std::int64_t params, const char *desc,
                                            const char *reference) { addLlamaFamily(name, "llama", cfg, params, desc, reference); };
    addLlama("llama-2-7b", llama(4096, 11008, 32, 32, 32), 6738415616, "Llama 2 7B (Touvron et al. 2023): RMSNorm, RoPE, SwiGLU",
             "transformers LlamaForCausalLM, meta-llama/Llama-2-7b-hf config");
    addLlama("llama-2-13b", llama(5120, 13824, 40, 40, 40), 13015864320, "Llama 2 13B",
             "transformers LlamaForCausalLM, meta-llama/Llama-2-13b-hf config");
    addLlama("llama-2-70b", llama(8192, 28672, 80, 64, 8), 68976648192, "Llama 2 70B: grouped-query attention with 8 KV heads",
             "transformers LlamaForCausalLM, meta-llama/Llama-2-70b-hf config");
    {
        // Llama 3: the 128,256-token vocabulary, untied lm_head, GQA with 8 KV heads at both sizes
        // (meta-llama/Meta-Llama-3-8B and -70B configs; 8,030,261,248 and 70,553,706,496 parameters
        // as Meta publishes them, "8B" / "70B"; rope_theta 500,000 does not change the graph).
        LlamaConfig l3 = llama(4096, 14336, 32, 32, 8, 8192);
        l3.vocab = 128256;
        addLlama("llama-3-8b", l3, 8030261248, "Llama 3 8B (Meta 2024): 128k vocabulary, GQA with 8 KV heads",
                 "transformers LlamaForCausalLM, meta-llama/Meta-Llama-3-8B config");
        l3 = llama(8192, 28672, 80, 64, 8, 8192);
        l3.vocab = 128256;
        addLlama("llama-3-70b", l3, 70553706496, "Llama 3 70B: 128k vocabulary, GQA with 8 KV heads",
                 "transformers LlamaForCausalLM, meta-llama/Meta-Llama-3-70B config");
    }
    addLlama("mistral-7b", llama(4096, 14336, 32, 32, 8, 32768), 7241732096,
             "Mistral 7B v0.1 (Jiang et al. 2023): GQA with 8 KV heads (sliding window not modelled)",
             "transformers MistralForCausalLM, mistralai/Mistral-7B-v0.1 config");
    // Decoder LLMs of other families (the configs of their hub pages; parameter counts of the HF
    // modules, as the released weights hold them: tests/fixtures/hfconfig/README.md).
    {
        LlamaConfig q = llama(896, 4864, 24, 14, 2, 32768);
        q.vocab = 151936;
        q.qkvBias = true;
        q.tieEmbeddings = true;
        addLlamaFamily("qwen2.5-0.5b", "qwen2", q, 494032768, "Qwen2.5 0.5B: GQA with 2 KV heads, biased q/k/v, tied embeddings",
                       "transformers Qwen2ForCausalLM, Qwen/Qwen2.5-0.5B config");
        q = llama(3584, 18944, 28, 28, 4, 131072);
        q.vocab = 152064;
        q.qkvBias = true;
        addLlamaFamily("qwen2-7b", "qwen2", q, 7615616512, "Qwen2 7B: GQA with 4 KV heads, biased q/k/v",
                       "transformers Qwen2ForCausalLM, Qwen/Qwen2-7B config");
        // Qwen3 (q_norm / k_norm) imports from its config.json but is not built in: its 128-wide
        // q/k-norm reductions are priced at 7.0x their bytes on the B200 (test_physics_ceilings'
        // bandwidth check; the measured 99th percentile of such kernels is 6.3x), a pricing gap of
        // short-row reductions on GPUs beyond the calibrated bandwidth (docs/zoo.md).
        LlamaConfig mixtral = llama(4096, 14336, 32, 32, 8, 32768);
        mixtral.experts = 8;
        mixtral.expertsPerToken = 2;
        addLlamaFamily("mixtral-8x7b", "mixtral", mixtral, 46702792704,
                       "Mixtral 8x7B: Mistral with 8 SwiGLU experts per layer, 2 routed per token (12.9B active parameters)",
                       "transformers MixtralForCausalLM, mistralai/Mixtral-8x7B-v0.1 config");
        LlamaConfig phi = llama(3072, 8192, 32, 32, 32, 4096);
        phi.vocab = 32064;
        phi.rmsNormEps = 1e-5;
        phi.fusedProjections = true;
        addLlamaFamily("phi-3-mini", "phi3", phi, 3821079552, "Phi-3 mini 4k (3.8B): fused qkv and gate_up projections",
                       "transformers Phi3ForCausalLM, microsoft/Phi-3-mini-4k-instruct config");
        LlamaConfig gemma = llama(2048, 16384, 18, 8, 1, 8192);
        gemma.vocab = 256000;
        gemma.headDim = 256;
        gemma.tieEmbeddings = true;
        gemma.scaleEmbeddings = true;
        gemma.activation = QStringLiteral("gelu_pytorch_tanh");
        addLlamaFamily("gemma-2b", "gemma", gemma, 2506172416, "Gemma 2B: multi-query attention, head size 256, GeGLU, 256k vocabulary",
                       "transformers GemmaForCausalLM, google/gemma-2b config");
        gemma.hidden = 3072;
        gemma.intermediate = 24576;
        gemma.layers = 28;
        gemma.heads = 16;
        gemma.kvHeads = 16;
        addLlamaFamily("gemma-7b", "gemma", gemma, 8537680896, "Gemma 7B: 16 heads of 256, GeGLU, 256k vocabulary",
                       "transformers GemmaForCausalLM, google/gemma-7b config");
    }
    {
        const auto addDecoderLm = [&list](const char *name, const char *family, DecoderLmConfig cfg, std::int64_t params,
                                          const char *desc, const char *reference) {
            const QString n = QString::fromLatin1(name);
            list.push_back(language(n, QString::fromLatin1(family), QString::fromLatin1(desc), QString::fromLatin1(reference), true,
                                    std::min<std::int64_t>(cfg.maxPositions, 4096), params,
                                    [n, cfg](const ZooOptions &o) { return buildDecoderLm(n, cfg, o); }));
        };
        DecoderLmConfig gptj;  // the defaults are GPT-J-6B's
        addDecoderLm("gpt-j-6b", "gptj", gptj, 6050882784,
                     "GPT-J 6B (Wang & Komatsuzaki 2021): parallel attention and MLP, rotary over 64 of 256 dims per head",
                     "transformers GPTJForCausalLM, EleutherAI/gpt-j-6b config");
        // Designated in the order DecoderLmConfig declares its fields.
        const DecoderLmConfig falcon{.family = DecoderLmFamily::Falcon, .vocab = 65024, .hidden = 4544, .ffn = 4 * 4544,
                                     .layers = 32, .heads = 71, .kvHeads = 1, .rotaryDim = 64, .fusedQkv = true,
                                     .mlpBias = false, .tieEmbeddings = true, .activation = QStringLiteral("gelu")};
        addDecoderLm("falcon-7b", "falcon", falcon, 6921720704, "Falcon 7B: multi-query attention, parallel attention and MLP, no biases",
                     "transformers FalconForCausalLM, tiiuae/falcon-7b config");
        const DecoderLmConfig mpt{.family = DecoderLmFamily::Mpt, .vocab = 50432, .ffn = 4 * 4096, .layers = 32, .heads = 32,
                                  .kvHeads = 32, .rotaryDim = 0, .normBias = false, .parallel = false, .fusedQkv = true,
                                  .mlpBias = false, .tieEmbeddings = true, .activation = QStringLiteral("gelu")};
        addDecoderLm("mpt-7b", "mpt", mpt, 6649286656, "MPT 7B: ALiBi positions, no biases, tied embeddings",
                     "transformers MptForCausalLM, mosaicml/mpt-7b config");
    }
    {
        SwitchConfig base8;
        list.push_back(language(QStringLiteral("switch-base-8"), QStringLiteral("switch"),
                                QStringLiteral("Switch Transformer base, 8 experts (Fedus et al. 2022), encoder-decoder, top-1 routing"),
                                QStringLiteral("transformers SwitchTransformersForConditionalGeneration, google/switch-base-8 config"),
                                false, 512, 619339008,
                                [base8](const ZooOptions &o) { return buildSwitch(QStringLiteral("switch-base-8"), base8, o); }));
        SwitchConfig xl4;
        xl4.dModel = 1024;
        xl4.dKv = 128;
        xl4.dFf = 16384;
        xl4.heads = 32;
        xl4.encoderLayers = 24;
        xl4.decoderLayers = 24;
        xl4.experts = 4;
        list.push_back(language(QStringLiteral("switchxl4"), QStringLiteral("switch"),
                                QStringLiteral("NeuSight's switchxl4 config: d_model 1024, 32 heads of 128, d_ff 16384, 24+24 layers, "
                                               "4 experts every other layer"),
                                QStringLiteral("transformers SwitchTransformersForConditionalGeneration, NeuSight model_configs/switchxl4.json"),
                                false, 512, 0,
                                [xl4](const ZooOptions &o) { return buildSwitch(QStringLiteral("switchxl4"), xl4, o); }, QString()));
    }
    return list;
}

QString normalized(const QString &name) {
    QString n = name.trimmed();
    if (n.startsWith(QLatin1String("zoo:"))) {
        n = n.mid(4);
    }
    return n.toLower();
}

}  // namespace

QString ZooModel::defaultInput() const {
    if (defaultImage > 0) {
        const std::int64_t channels = family == QLatin1String("unet") ? 1 : 3;
        return QStringLiteral("1x%1x%2x%2").arg(channels).arg(defaultImage);
    }
    if (decoder) {
        return QStringLiteral("1x%1 tokens (prefill); decode: 1 token, %2 in the KV cache").arg(defaultSeq).arg(defaultSeq - 1);
    }
    return QStringLiteral("1x%1 tokens").arg(defaultSeq);
}

const std::vector<ZooModel> &zooModels() {
    static const std::vector<ZooModel> models = makeModels();
    return models;
}

const ZooModel *findZooModel(const QString &name) {
    static const QHash<QString, QString> aliases{
        {QStringLiteral("bert-base-uncased"), QStringLiteral("bert-base")},
        {QStringLiteral("bert-large-uncased"), QStringLiteral("bert-large")},
        {QStringLiteral("facebook/opt-125m"), QStringLiteral("opt-125m")},
        {QStringLiteral("facebook/opt-350m"), QStringLiteral("opt-350m")},
        {QStringLiteral("facebook/opt-1.3b"), QStringLiteral("opt-1.3b")},
        {QStringLiteral("meta-llama/llama-2-7b-hf"), QStringLiteral("llama-2-7b")},
        {QStringLiteral("meta-llama/llama-2-13b-hf"), QStringLiteral("llama-2-13b")},
        {QStringLiteral("meta-llama/llama-2-70b-hf"), QStringLiteral("llama-2-70b")},
        {QStringLiteral("meta-llama/meta-llama-3-8b"), QStringLiteral("llama-3-8b")},
        {QStringLiteral("meta-llama/meta-llama-3-70b"), QStringLiteral("llama-3-70b")},
        {QStringLiteral("mistralai/mistral-7b-v0.1"), QStringLiteral("mistral-7b")},
        {QStringLiteral("google/switch-base-8"), QStringLiteral("switch-base-8")},
        {QStringLiteral("qwen/qwen2.5-0.5b"), QStringLiteral("qwen2.5-0.5b")},
        {QStringLiteral("qwen/qwen2-7b"), QStringLiteral("qwen2-7b")},
        {QStringLiteral("microsoft/phi-3-mini-4k-instruct"), QStringLiteral("phi-3-mini")},
        {QStringLiteral("mistralai/mixtral-8x7b-v0.1"), QStringLiteral("mixtral-8x7b")},
        {QStringLiteral("google/gemma-2b"), QStringLiteral("gemma-2b")},
        {QStringLiteral("google/gemma-7b"), QStringLiteral("gemma-7b")},
        {QStringLiteral("eleutherai/gpt-j-6b"), QStringLiteral("gpt-j-6b")},
        {QStringLiteral("tiiuae/falcon-7b"), QStringLiteral("falcon-7b")},
        {QStringLiteral("mosaicml/mpt-7b"), QStringLiteral("mpt-7b")},
        {QStringLiteral("resnet50v1.5"), QStringLiteral("resnet50")},
        {QStringLiteral("resnext101-32x4d"), QStringLiteral("resnext101_32x4d")},
        {QStringLiteral("se-resnext101-32x4d"), QStringLiteral("se_resnext101_32x4d")},
    };
    QString n = normalized(name);
    n = aliases.value(n, n);
    const auto &models = zooModels();
    auto it = std::find_if(models.begin(), models.end(), [&n](const ZooModel &m) { return m.name == n; });
    return it == models.end() ? nullptr : &*it;
}

Result<Graph> buildZooModel(const QString &name, const ZooOptions &options) {
    const ZooModel *model = findZooModel(name);
    if (!model) {
        const QString n = normalized(name);
        QStringList close;
        for (const ZooModel &m : zooModels()) {
            if (!n.isEmpty() && (m.name.contains(n) || n.contains(m.family))) {
                close << m.name;
            }
        }
        QString message = QStringLiteral("zoo:%1 is not a zoo model").arg(n);
        if (!close.isEmpty()) {
            message += QStringLiteral(" (did you mean %1?)").arg(close.mid(0, 6).join(QStringLiteral(", ")));
        }
        message += QStringLiteral("; 'infersight-cli zoo' lists them");
        return Error{message};
    }
    if (options.decode && !model->decoder) {
        return Error{QStringLiteral("zoo:%1 has no decode phase (only decoder LLMs: GPT-2, OPT, Llama, Mistral, Qwen, Phi-3, Gemma, GPT-J, Falcon, MPT)").arg(model->name)};
    }
    return model->build(options);
}

}  // namespace infersight
