# SPDX-License-Identifier: MIT
"""Model registry of the measurement harness.

Every entry names one exact model: the library, the builder, the builder's arguments (all the
dimensions that matter are spelled out, so that library-version defaults cannot change what is
measured) and the input it is fed. The full configuration actually built (for Hugging Face models
``config.to_dict()``, for the others builder + arguments + library version) is written into every
CSV row (column ``model_config``), so the predictor can rebuild exactly what was measured.

No weights are ever downloaded: torchvision models are built with ``weights=None``, timm models
with ``pretrained=False`` and transformers models from a config object.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional


@dataclass(frozen=True)
class ModelSpec:
    name: str            # registry name, used in CSV rows and ONNX file names
    family: str          # torchvision | timm | transformers
    task: str            # image-classification | encoder | causal-lm
    builder: str         # torchvision: models.<builder>; timm: create_model name; transformers: config class
    kwargs: Dict[str, Any] = field(default_factory=dict)
    image_size: Optional[int] = None     # square input, 3 channels (image models)
    seq_len: Optional[int] = None        # tokens per sequence (language models)
    model_class: Optional[str] = None    # transformers model class built from the config
    compile_subset: bool = False         # part of the default torch.compile subset
    notes: str = ""

    @property
    def library(self) -> str:
        return self.family

    def config(self) -> Dict[str, Any]:
        """Static description (before building): what the registry asks for."""
        cfg: Dict[str, Any] = {
            "name": self.name,
            "family": self.family,
            "task": self.task,
            "builder": self.builder,
            "kwargs": copy.deepcopy(self.kwargs),
        }
        if self.model_class:
            cfg["model_class"] = self.model_class
        if self.image_size is not None:
            cfg["input"] = {"kind": "image", "shape": ["batch", 3, self.image_size, self.image_size],
                            "dtype": "float"}
        if self.seq_len is not None:
            cfg["input"] = {"kind": "tokens", "shape": ["batch", self.seq_len], "dtype": "int64",
                            "name": "input_ids", "attention_mask": None, "use_cache": False}
        return cfg


def _tv(name: str, image_size: int = 224, compile_subset: bool = False, **kwargs: Any) -> ModelSpec:
    kw = {"weights": None}
    kw.update(kwargs)
    return ModelSpec(name=name, family="torchvision", task="image-classification", builder=name,
                     kwargs=kw, image_size=image_size, compile_subset=compile_subset)


def _timm(name: str, image_size: int, **kwargs: Any) -> ModelSpec:
    kw = {"pretrained": False}
    kw.update(kwargs)
    return ModelSpec(name="timm_" + name, family="timm", task="image-classification", builder=name,
                     kwargs=kw, image_size=image_size)


# Hugging Face configurations, written out in full (the published model cards' config.json values).
_BERT_BASE = dict(vocab_size=30522, hidden_size=768, num_hidden_layers=12, num_attention_heads=12,
                  intermediate_size=3072, hidden_act="gelu", max_position_embeddings=512,
                  type_vocab_size=2, layer_norm_eps=1e-12)
_BERT_LARGE = dict(_BERT_BASE, hidden_size=1024, num_hidden_layers=24, num_attention_heads=16,
                   intermediate_size=4096)
_GPT2 = dict(vocab_size=50257, n_positions=1024, n_embd=768, n_layer=12, n_head=12, n_inner=None,
             activation_function="gelu_new", layer_norm_epsilon=1e-5)
_GPT2_MEDIUM = dict(_GPT2, n_embd=1024, n_layer=24, n_head=16)
_GPT2_LARGE = dict(_GPT2, n_embd=1280, n_layer=36, n_head=20)
_OPT_125M = dict(vocab_size=50272, hidden_size=768, num_hidden_layers=12, ffn_dim=3072,
                 num_attention_heads=12, max_position_embeddings=2048, word_embed_proj_dim=768,
                 do_layer_norm_before=True, activation_function="relu", enable_bias=True)
_OPT_350M = dict(_OPT_125M, hidden_size=1024, num_hidden_layers=24, ffn_dim=4096,
                 num_attention_heads=16, word_embed_proj_dim=512, do_layer_norm_before=False)
# Llama-style decoders at small size with grouped-query attention (4 KV heads); not a released
# checkpoint, so the parameter counts in the names are approximate (the CSV records the exact one).
_LLAMA_125M = dict(vocab_size=32000, hidden_size=768, intermediate_size=2048, num_hidden_layers=12,
                   num_attention_heads=12, num_key_value_heads=4, max_position_embeddings=2048,
                   rms_norm_eps=1e-5, hidden_act="silu", tie_word_embeddings=False)
_LLAMA_290M = dict(_LLAMA_125M, hidden_size=1024, intermediate_size=2816, num_hidden_layers=20,
                   num_attention_heads=16, num_key_value_heads=4)


def _hf(name: str, config_class: str, model_class: str, task: str, seq_len: int,
        kwargs: Dict[str, Any], compile_subset: bool = False) -> ModelSpec:
    return ModelSpec(name=name, family="transformers", task=task, builder=config_class,
                     kwargs=dict(kwargs), seq_len=seq_len, model_class=model_class,
                     compile_subset=compile_subset)


REGISTRY: List[ModelSpec] = [
    # torchvision CNNs and vision transformers (torchvision.models.<name>(weights=None))
    _tv("resnet18"),
    _tv("resnet50", compile_subset=True),
    _tv("resnet101"),
    _tv("resnext50_32x4d"),
    _tv("wide_resnet50_2"),
    _tv("vgg16"),
    _tv("mobilenet_v2"),
    _tv("mobilenet_v3_large"),
    _tv("shufflenet_v2_x1_0"),
    _tv("efficientnet_b0", 224),
    _tv("efficientnet_b4", 380),
    _tv("efficientnet_v2_s", 384),
    _tv("regnet_y_1_6gf"),
    _tv("densenet121"),
    _tv("convnext_tiny"),
    _tv("convnext_base"),
    _tv("vit_b_16", compile_subset=True),
    _tv("vit_l_16"),
    _tv("swin_t"),
    # timm (timm.create_model(name, pretrained=False))
    _timm("resnet50d", 224),
    _timm("efficientnetv2_rw_s", 288),
    _timm("deit_small_patch16_224", 224),
    _timm("convnext_small", 224),
    _timm("mixer_b16_224", 224),
    # transformers, built from configs (no download)
    _hf("bert_base_s128", "BertConfig", "BertModel", "encoder", 128, _BERT_BASE, compile_subset=True),
    _hf("bert_base_s512", "BertConfig", "BertModel", "encoder", 512, _BERT_BASE),
    _hf("bert_large_s128", "BertConfig", "BertModel", "encoder", 128, _BERT_LARGE),
    _hf("gpt2_s128", "GPT2Config", "GPT2LMHeadModel", "causal-lm", 128, _GPT2),
    _hf("gpt2_medium_s512", "GPT2Config", "GPT2LMHeadModel", "causal-lm", 512, _GPT2_MEDIUM),
    _hf("gpt2_large_s128", "GPT2Config", "GPT2LMHeadModel", "causal-lm", 128, _GPT2_LARGE),
    _hf("opt_125m_s128", "OPTConfig", "OPTForCausalLM", "causal-lm", 128, _OPT_125M),
    _hf("opt_350m_s512", "OPTConfig", "OPTForCausalLM", "causal-lm", 512, _OPT_350M),
    _hf("llama_125m_gqa_s128", "LlamaConfig", "LlamaForCausalLM", "causal-lm", 128, _LLAMA_125M,
        compile_subset=True),
    _hf("llama_290m_gqa_s512", "LlamaConfig", "LlamaForCausalLM", "causal-lm", 512, _LLAMA_290M),
]

BY_NAME: Dict[str, ModelSpec] = {m.name: m for m in REGISTRY}

# Default batch sizes and precisions of the eager sweep, and of the torch.compile subset.
DEFAULT_BATCHES = [1, 8, 32, 128]
DEFAULT_COMPILE_BATCHES = [1, 32]
PRECISIONS = ["fp32", "tf32", "bf16", "fp16"]


def select(names: Optional[str], compile_only: bool = False) -> List[ModelSpec]:
    """Resolve a --models argument: 'all', 'compile' (the compile subset), a family name
    ('torchvision', 'timm', 'transformers') or a comma list of registry names."""
    if not names or names == "all":
        chosen = list(REGISTRY)
        if compile_only:
            chosen = [m for m in chosen if m.compile_subset]
        return chosen
    out: List[ModelSpec] = []
    for token in [t.strip() for t in names.split(",") if t.strip()]:
        if token == "compile":
            out.extend(m for m in REGISTRY if m.compile_subset)
        elif token in ("torchvision", "timm", "transformers"):
            out.extend(m for m in REGISTRY if m.family == token)
        elif token in BY_NAME:
            out.append(BY_NAME[token])
        else:
            raise KeyError("unknown model '%s' (see `measure.py list`)" % token)
    seen = set()
    uniq = []
    for m in out:
        if m.name not in seen:
            seen.add(m.name)
            uniq.append(m)
    return uniq
