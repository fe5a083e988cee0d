# SPDX-License-Identifier: MIT
"""Independent reference figures for the zoo tests: parameter counts and MACs of torchvision models.

Run with /usr/bin/python3 (torch 1.13, torchvision 0.14). MACs are counted the way torchvision's
published "GFLOPS" are: multiply-accumulates of aten convolution / mm / addmm / bmm / baddbmm calls,
found with a TorchDispatchMode (nothing else, not BatchNorm, not element-wise work).
The numbers it prints were copied into the _data() tables of tests/unit/zoo/test_model_zoo.cpp.
"""
import sys
import torch
import torchvision
from torch.utils._python_dispatch import TorchDispatchMode

aten = torch.ops.aten


def _prod(xs):
    p = 1
    for x in xs:
        p *= int(x)
    return p


class MacCounter(TorchDispatchMode):
    def __init__(self):
        super().__init__()
        self.macs = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        packet = func._overloadpacket
        if packet in (aten.convolution, aten._convolution, aten.cudnn_convolution):
            w = args[1]
            self.macs += _prod(out.shape) * _prod(w.shape[1:])
        elif packet is aten.mm:
            self.macs += _prod(args[0].shape) * args[1].shape[-1]
        elif packet is aten.addmm:
            self.macs += _prod(args[1].shape) * args[2].shape[-1]
        elif packet in (aten.bmm, aten.baddbmm):
            a = args[0] if packet is aten.bmm else args[1]
            b = args[1] if packet is aten.bmm else args[2]
            self.macs += _prod(a.shape) * b.shape[-1]
        return out


def count(model, size):
    model.eval()
    params = sum(p.numel() for p in model.parameters())
    x = torch.randn(1, 3, size, size)
    counter = MacCounter()
    with counter:
        model(x)
    return params, counter.macs


MODELS = [
    ("resnet18", 224), ("resnet34", 224), ("resnet50", 224), ("resnet101", 224), ("resnet152", 224),
    ("resnext50_32x4d", 224), ("wide_resnet50_2", 224), ("vgg16", 224), ("mobilenet_v2", 224),
    ("mobilenet_v3_large", 224), ("efficientnet_b0", 224), ("efficientnet_b1", 240),
    ("efficientnet_b2", 288), ("efficientnet_b3", 300), ("efficientnet_b4", 380),
    ("efficientnet_b5", 456), ("efficientnet_b6", 528), ("efficientnet_b7", 600),
    ("convnext_tiny", 224), ("convnext_base", 224), ("vit_b_16", 224), ("vit_l_16", 224),
    ("swin_t", 224),
]

if __name__ == "__main__":
    names = sys.argv[1:] or [m for m, _ in MODELS]
    sizes = dict(MODELS)
    for name in names:
        model = getattr(torchvision.models, name)()
        p, m = count(model, sizes.get(name, 224))
        print(f"{name},{sizes.get(name, 224)},{p},{m}", flush=True)
    # ResNeXt101-32x4d as torchvision's ResNet class builds it (DLE / Cadene definition).
    from torchvision.models.resnet import ResNet, Bottleneck
    m = ResNet(Bottleneck, [3, 4, 23, 3], groups=32, width_per_group=4)
    p, macs = count(m, 224)
    print(f"resnext101_32x4d,224,{p},{macs}")
