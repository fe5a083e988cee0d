#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""GPU time per kernel of whole eager models (issue 17: which kernels an end-to-end row spends its time in).

For each model x precision x batch of the measurement registry (tools/measure/registry.py, built as
measure.py builds them, precision flags as measure.py sets them): the latency of a forward (CUDA events,
median of 10 after 5 warm-up runs), then one profiled forward (torch.profiler, CUDA activity), its
kernels summed by name: calls and GPU milliseconds per forward. Rows are written as they are measured.

    /usr/bin/env python3 tools/measure/model_profile.py --out $OUT/model_profile.csv \\
        [--runs vit_b_16:tf32:128,resnet50:fp16:128] [--seconds 240]

Rows: model, precision, batch, kernel (name, 160 characters at most; "(forward)" for the whole forward:
its calls are the kernels launched, ms_per_forward the measured latency, gpu_ms the kernels' sum),
calls_per_forward, gpu_ms_per_forward, plus machine columns.
"""
import argparse
import statistics
import sys
import time

import torch

import measure  # same folder: the script's own directory is on sys.path
import registry
from llm_decode import Writer

FIELDS = ["model", "precision", "batch", "kernel", "calls_per_forward", "gpu_ms_per_forward", "ms_per_forward",
          "gpu_name", "torch_version", "cudnn_version"]
DEFAULT_RUNS = ("vit_b_16:tf32:128,vit_b_16:fp16:128,swin_t:tf32:128,swin_t:fp16:128,resnet50:tf32:128,"
                "resnet50:fp16:128,convnext_tiny:tf32:128,convnext_tiny:fp16:128,efficientnet_b0:tf32:128,"
                "efficientnet_b0:fp16:128,mobilenet_v2:tf32:128,bert_base_s512:tf32:32,bert_base_s512:fp16:32,"
                "vit_b_16:fp32:128")


def profile_one(spec, precision, batch, out):
    dev = torch.device("cuda")
    dtype, _ = measure.configure_precision(precision)
    model = measure.build_model(spec, dev).to(dtype)
    x = measure.example_input(spec, batch, dev, dtype)
    with torch.inference_mode():
        for _ in range(5):
            model(x)
        torch.cuda.synchronize()
        times = []
        for _ in range(10):
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            model(x)
            b.record()
            torch.cuda.synchronize()
            times.append(a.elapsed_time(b))
        from torch.profiler import profile, ProfilerActivity
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            model(x)
            torch.cuda.synchronize()
    per = {}
    for e in prof.events():
        if e.device_type != torch.autograd.DeviceType.CUDA:
            continue
        name = e.name.replace("\n", " ")[:160]
        c, t = per.get(name, (0, 0.0))
        per[name] = (c + 1, t + e.device_time_total / 1e3 if hasattr(e, "device_time_total") else t + e.cuda_time_total / 1e3)
    total = sum(t for _, t in per.values())
    base = dict(model=spec.name, precision=precision, batch=batch)
    out.row(**base, kernel="(forward)", calls_per_forward=sum(c for c, _ in per.values()),
            gpu_ms_per_forward=f"{total:.4f}", ms_per_forward=f"{statistics.median(times):.4f}")
    for name, (c, t) in sorted(per.items(), key=lambda kv: -kv[1][1]):
        out.row(**base, kernel=name, calls_per_forward=c, gpu_ms_per_forward=f"{t:.4f}", ms_per_forward="")
    del model, x
    torch.cuda.empty_cache()
    return statistics.median(times), total


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--runs", default=DEFAULT_RUNS, help="model:precision:batch, comma-separated")
    ap.add_argument("--seconds", type=float, default=240, help="start no run after this")
    a = ap.parse_args()
    if not torch.cuda.is_available():
        sys.exit("model_profile: no CUDA device")
    specs = {s.name: s for s in registry.select(None)}
    out = Writer(a.out, fields=FIELDS, extra={"cudnn_version": torch.backends.cudnn.version()}, echo=0)
    t0 = time.time()
    for run in a.runs.split(","):
        if time.time() - t0 > a.seconds:
            print("model_profile: time budget spent; stopping before", run, flush=True)
            break
        name, precision, batch = run.split(":")
        try:
            ms, gpu = profile_one(specs[name], precision, int(batch), out)
            print(f"model_profile: {run}: {ms:.2f} ms, kernels {gpu:.2f} ms ({time.time() - t0:.0f} s)", flush=True)
        except Exception as err:  # noqa: BLE001 - one failed run must not lose the others
            print(f"model_profile: {run} failed: {type(err).__name__}: {err}", flush=True)


if __name__ == "__main__":
    main()
