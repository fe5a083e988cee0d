#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Single-kernel timings on tensor cores and for depthwise / squeeze-and-excitation parts (issue 17).

data/ has kernel measurements only for FP32 CUDA-core GEMMs and convolutions (NeuSight's tables), so
the predictor's tensor-core and depthwise efficiencies come from end-to-end rows. This script times
the kernels those rows are made of, alone, on the GPU it runs on:
  - GEMMs as PyTorch's linear runs them (x[M,K] @ W[N,K]^T): fp32-strict, tf32, fp16, bf16, over a
    grid of M, N, K (aligned, plus a few unaligned K / N);
  - dense convolutions (3x3 stride 1, 1x1) and depthwise convolutions (groups = channels, 3x3 and
    5x5, stride 1 and 2) in fp32 NCHW (PyTorch's default: TF32 allowed for cuDNN), fp32-strict NCHW,
    fp16 NCHW and fp16 channels-last;
  - a squeeze-and-excitation block's parts: global average pooling, the channel-wise multiply;
  - LayerNorm over the last dimension (F.layer_norm with weight and bias) for the short rows of
    ConvNeXt and Swin (64-1,024 channels, one row per pixel at batch x 56^2 ... 7^2), fp32 and fp16:
    their profiles run it at 4-7x its bytes at datasheet bandwidth where NeuSight's rows (>= 256
    channels) give the vector network under 2-3x (docs/predictor.md).
Each configuration: 3 warm-up calls, then reps calls between CUDA events (reps so that one timing
takes >= 20 ms, 3..200), three timings, median and minimum per call; the kernels one call launches
(torch.profiler, once) for the convolutions and for one GEMM size per dtype. cudnn.benchmark is off
(PyTorch's default, as in the e2e harness). Rows are written as they are measured, so a run stopped
by its time limit keeps what it has.

    /usr/bin/env python3 tools/measure/kernel_bench.py --out $OUT/kernel_bench.csv [--seconds 300]
"""
import argparse
import statistics
import sys
import time

import torch
import torch.nn.functional as F

from llm_decode import Writer  # same folder: the script's own directory is on sys.path

FIELDS = ["op", "dtype", "layout", "batch", "m", "n", "k", "c_in", "c_out", "h", "w", "ksize", "stride",
          "groups", "flops", "bytes", "ms_median", "ms_min", "reps", "kernels", "gpu_name", "torch_version",
          "cudnn_version", "sm_clock_mhz", "note"]

ELEM = {"fp32": 4, "fp32-strict": 4, "tf32": 4, "fp16": 2, "bf16": 2}
TORCH_DTYPE = {"fp32": torch.float32, "fp32-strict": torch.float32, "tf32": torch.float32,
               "fp16": torch.float16, "bf16": torch.bfloat16}


def set_precision(dtype):
    strict = dtype == "fp32-strict"
    torch.backends.cuda.matmul.allow_tf32 = dtype == "tf32"
    # PyTorch's default for convolutions is TF32 allowed; fp32-strict turns it off.
    torch.backends.cudnn.allow_tf32 = not strict


def time_call(fn):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    torch.cuda.synchronize()
    one = max(start.elapsed_time(end), 1e-3)
    reps = int(min(200, max(3, 20.0 / one)))
    times = []
    for _ in range(3):
        start.record()
        for _ in range(reps):
            fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end) / reps)
    return statistics.median(times), min(times), reps


def kernels_of(fn):
    try:
        return _kernels_of(fn)
    except Exception as err:  # noqa: BLE001 - the names are a help, not the measurement
        return f"profiler failed: {type(err).__name__}"


def _kernels_of(fn):
    from torch.profiler import profile, ProfilerActivity
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    names = []
    for e in prof.events():
        if e.device_type == torch.autograd.DeviceType.CUDA:
            n = e.name.split("(")[0][:80].replace(";", ",")
            if n not in names:
                names.append(n)
    return ";".join(names[:4])


def sm_clock():
    try:
        import pynvml
        pynvml.nvmlInit()
        h = pynvml.nvmlDeviceGetHandleByIndex(0)
        return pynvml.nvmlDeviceGetClockInfo(h, pynvml.NVML_CLOCK_SM)
    except Exception:  # noqa: BLE001 - NVML is optional
        return ""


def writer(path):
    """The rows' CSV (llm_decode.Writer: header when new, each row written through; not echoed)."""
    return Writer(path, fields=FIELDS, extra={"cudnn_version": torch.backends.cudnn.version()}, echo=0)


def gemm_rows(out, deadline):
    ms_ = [128, 512, 2048, 8192, 32768]
    nk = [256, 768, 1024, 3072, 4096, 8192]
    extra = [(8192, 1000, 768), (8192, 768, 1000), (8192, 3000, 1024), (8192, 1024, 3000),
             (1, 4096, 4096), (8, 4096, 4096), (16, 4096, 11008), (64, 11008, 4096)]
    for dtype in ["fp16", "bf16", "tf32", "fp32-strict"]:
        set_precision(dtype)
        named = False
        shapes = [(m, n, k) for m in ms_ for n in nk for k in nk] + extra
        for (m, n, k) in shapes:
            if time.time() > deadline:
                return
            x = torch.randn(m, k, device="cuda", dtype=TORCH_DTYPE[dtype])
            wt = torch.randn(n, k, device="cuda", dtype=TORCH_DTYPE[dtype])
            fn = lambda: F.linear(x, wt)  # noqa: E731
            med, mn, reps = time_call(fn)
            kn = ""
            if not named and m == 8192 and n == 4096 and k == 4096:
                kn, named = kernels_of(fn), True
            e = ELEM[dtype]
            out.row(op="linear", dtype=dtype, layout="row-major", batch=1, m=m, n=n, k=k, flops=2 * m * n * k,
                    bytes=e * (m * k + n * k + m * n), ms_median=f"{med:.5f}", ms_min=f"{mn:.5f}", reps=reps,
                    kernels=kn, sm_clock_mhz=sm_clock())
            del x, wt


def conv_configs(ksizes=(3, 5), depthwise_only=False):
    # (c_in, c_out, h, ksize, stride, groups): the layers of the depthwise / SE networks and ResNets.
    dense = [(c, c, h, 3, 1, 1) for c in (64, 128, 256, 512) for h in (56, 28, 14, 7)]
    dense += [(ci, co, h, 1, 1, 1) for (ci, co) in ((64, 256), (256, 64), (96, 576), (576, 96), (240, 1152),
                                                    (1152, 240), (512, 2048), (2048, 512)) for h in (56, 28, 14, 7)]
    dw = [(c, c, h, k, s, c) for c in (32, 96, 144, 192, 240, 384, 480, 672, 768, 960, 1152, 1632)
          for h in (112, 56, 28, 14, 7) for k in ksizes for s in (1, 2)]
    return dw if depthwise_only else dense + dw


def conv_rows(out, deadline, batch, ksizes=(3, 5), depthwise_only=False):
    variants = [("fp16", "channels-last"), ("fp32", "nchw"), ("fp16", "nchw"), ("fp32-strict", "nchw")]
    for dtype, layout in variants:
        set_precision(dtype)
        for (ci, co, h, k, s, g) in conv_configs(ksizes, depthwise_only):
            if time.time() > deadline:
                return
            e = ELEM[dtype]
            ho = (h + 2 * (k // 2) - k) // s + 1
            in_bytes = batch * ci * h * h * e
            if in_bytes > (1 << 30):
                continue
            x = torch.randn(batch, ci, h, h, device="cuda", dtype=TORCH_DTYPE[dtype])
            wt = torch.randn(co, ci // g, k, k, device="cuda", dtype=TORCH_DTYPE[dtype])
            if layout == "channels-last":
                x = x.to(memory_format=torch.channels_last)
                wt = wt.to(memory_format=torch.channels_last)
            fn = lambda: F.conv2d(x, wt, stride=s, padding=k // 2, groups=g)  # noqa: E731
            try:
                med, mn, reps = time_call(fn)
                kn = kernels_of(fn)
            except RuntimeError as err:  # out of memory or no kernel
                out.row(op="conv2d", dtype=dtype, layout=layout, batch=batch, c_in=ci, c_out=co, h=h, w=h, ksize=k,
                        stride=s, groups=g, note=str(err)[:80])
                continue
            flops = 2 * batch * co * ho * ho * (ci // g) * k * k
            nbytes = e * (batch * ci * h * h + co * (ci // g) * k * k + batch * co * ho * ho)
            out.row(op="conv2d" if g == 1 else "conv2d-depthwise", dtype=dtype, layout=layout, batch=batch,
                    c_in=ci, c_out=co, h=h, w=h, ksize=k, stride=s, groups=g, flops=flops, bytes=nbytes,
                    ms_median=f"{med:.5f}", ms_min=f"{mn:.5f}", reps=reps, kernels=kn, sm_clock_mhz=sm_clock())
            del x, wt


def se_rows(out, deadline, batch):
    for dtype, layout in [("fp16", "channels-last"), ("fp32", "nchw")]:
        set_precision(dtype)
        for c in (96, 144, 240, 480, 672, 1152, 1632):
            for h in (112, 56, 28, 14, 7):
                if time.time() > deadline:
                    return
                e = ELEM[dtype]
                if batch * c * h * h * e > (1 << 30):
                    continue
                x = torch.randn(batch, c, h, h, device="cuda", dtype=TORCH_DTYPE[dtype])
                if layout == "channels-last":
                    x = x.to(memory_format=torch.channels_last)
                sc = torch.randn(batch, c, 1, 1, device="cuda", dtype=TORCH_DTYPE[dtype])
                for op, fn in (("se-pool", lambda: F.adaptive_avg_pool2d(x, 1)), ("se-scale", lambda: x * sc)):
                    med, mn, reps = time_call(fn)
                    nbytes = e * batch * c * h * h * (1 if op == "se-pool" else 2)
                    out.row(op=op, dtype=dtype, layout=layout, batch=batch, c_in=c, c_out=c, h=h, w=h,
                            flops=batch * c * h * h, bytes=nbytes, ms_median=f"{med:.5f}", ms_min=f"{mn:.5f}",
                            reps=reps, kernels=kernels_of(fn), sm_clock_mhz=sm_clock())
                del x, sc


def layernorm_rows(out, deadline, batch):
    for dtype in ("fp32", "fp16"):
        set_precision(dtype)
        for c in (64, 96, 128, 192, 256, 384, 512, 768, 1024):
            for h in (56, 28, 14, 7):
                if time.time() > deadline:
                    return
                e = ELEM[dtype]
                rows = batch * h * h
                if rows * c * e > (1 << 30):
                    continue
                x = torch.randn(rows, c, device="cuda", dtype=TORCH_DTYPE[dtype])
                wt = torch.randn(c, device="cuda", dtype=TORCH_DTYPE[dtype])
                b = torch.randn(c, device="cuda", dtype=TORCH_DTYPE[dtype])
                fn = lambda: F.layer_norm(x, (c,), wt, b)  # noqa: E731
                med, mn, reps = time_call(fn)
                out.row(op="layernorm", dtype=dtype, layout="row-major", batch=1, m=rows, n=c, h=h, w=h,
                        flops=8 * rows * c, bytes=e * (2 * rows * c + 2 * c), ms_median=f"{med:.5f}",
                        ms_min=f"{mn:.5f}", reps=reps, kernels=kernels_of(fn), sm_clock_mhz=sm_clock())
                del x, wt, b


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--seconds", type=float, default=300, help="stop starting new configurations after this")
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--parts", default="conv,se,gemm", help="comma-separated: conv, se, gemm, layernorm")
    ap.add_argument("--ksizes", default="3,5", help="depthwise window sizes")
    ap.add_argument("--depthwise-only", action="store_true", help="conv part: depthwise convolutions only")
    a = ap.parse_args()
    if not torch.cuda.is_available():
        sys.exit("kernel_bench: no CUDA device")
    torch.backends.cudnn.benchmark = False
    out = writer(a.out)
    t0 = time.time()
    parts = a.parts.split(",")
    share = a.seconds / len(parts)
    for i, p in enumerate(parts):
        deadline = t0 + share * (i + 1)
        ksizes = tuple(int(k) for k in a.ksizes.split(","))
        {"conv": lambda: conv_rows(out, deadline, a.batch, ksizes, a.depthwise_only), "se": lambda: se_rows(out, deadline, a.batch),
         "gemm": lambda: gemm_rows(out, deadline), "layernorm": lambda: layernorm_rows(out, deadline, a.batch)}[p]()
        print(f"kernel_bench: {p} done, {out.rows} rows, {time.time() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
