#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Where a Hugging Face `generate` decode step spends its time (issue 18, the hf-eager runtime).

The H100 machine's `generate` steps (data/measured/h100-sxm5-80gb/llm_decode.csv) take 63 .. 74 ms
where the weights stream in 4 ms; this script splits such a step, on the GPU it runs on, into
  - the model's forward call in a plain Python loop (DynamicCache, argmax, no sync per step),
  - the host time of one forward call alone (CPU only: the call returns once its kernels are queued),
  - the GPU kernel time of one step (profiler),
  - the aten ops and kernel launches one step issues (profiler),
  - what `generate` adds per step (its step minus the loop's),
for LLaMA-shaped models of 32 and 8 layers (per-layer vs per-step costs) and GPT-2 (another
architecture, a held-out check), plus the host cost of single aten ops on this machine.
Random weights, nothing downloaded. Run on a device machine:

    /usr/bin/env python3 tools/measure/hf_generate_profile.py --out $OUT/hf_generate_profile.csv

Rows (one CSV): model, layers, batch, prompt, metric, value, unit, notes (+ machine columns).
"""
import argparse
import os
import platform
import statistics
import sys
import time
import traceback

import torch

from llm_decode import Writer  # same folder: the script's own directory is on sys.path

FIELDS = ["model", "layers", "batch", "prompt", "metric", "value", "unit", "notes", "gpu_name", "cpu_model",
          "torch_version", "transformers_version"]


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def writer(path):
    return Writer(path, fields=FIELDS, extra={"cpu_model": cpu_model()}, echo=8)


def sync():
    torch.cuda.synchronize()


def build(kind, layers):
    import transformers as tf
    if kind == "llama":
        cfg = tf.LlamaConfig(hidden_size=4096, intermediate_size=11008, num_hidden_layers=layers,
                             num_attention_heads=32, num_key_value_heads=32, vocab_size=32000,
                             max_position_embeddings=4096, rms_norm_eps=1e-5, bos_token_id=1, eos_token_id=2)
        cls = tf.LlamaForCausalLM
    else:  # gpt2 (124M) or gpt2-xl (1.5B): the published shapes
        xl = kind == "gpt2-xl"
        cfg = tf.GPT2Config(n_layer=layers, n_embd=1600 if xl else 768, n_head=25 if xl else 12)
        cls = tf.GPT2LMHeadModel
    try:
        cfg._attn_implementation = "sdpa"
    except Exception:
        pass
    old = torch.get_default_dtype()
    torch.set_default_dtype(torch.float16)
    try:
        with torch.device("cuda"):
            model = cls(cfg)
    finally:
        torch.set_default_dtype(old)
    return model.to(device="cuda", dtype=torch.float16).eval(), cfg


def generate_ms(model, ids, n):
    mask = torch.ones_like(ids)
    sync()
    t0 = time.perf_counter()
    with torch.inference_mode():
        out = model.generate(input_ids=ids, attention_mask=mask, max_new_tokens=n, min_new_tokens=n,
                             do_sample=False, pad_token_id=0, use_cache=True)
    sync()
    assert out.shape[1] == ids.shape[1] + n
    return (time.perf_counter() - t0) * 1e3


def loop(model, ids, n, per_step_sync=False, host_times=None):
    """Prefill, then n decode steps of model() with a DynamicCache and argmax; returns ms per step."""
    with torch.inference_mode():
        out = model(input_ids=ids, use_cache=True)
        nxt = out.logits[:, -1:].argmax(-1)
        cache = out.past_key_values
        sync()
        t0 = time.perf_counter()
        for _ in range(n):
            h0 = time.perf_counter()
            out = model(input_ids=nxt, past_key_values=cache, use_cache=True)
            if host_times is not None:
                host_times.append((time.perf_counter() - h0) * 1e3)
            nxt = out.logits[:, -1:].argmax(-1)
            cache = out.past_key_values
            if per_step_sync:
                sync()
        sync()
        return (time.perf_counter() - t0) * 1e3 / n


def host_ms_per_forward(model, ids, n):
    """Host time of one decode forward call with an empty GPU queue before it (sync, then call)."""
    times = []
    with torch.inference_mode():
        out = model(input_ids=ids, use_cache=True)
        nxt = out.logits[:, -1:].argmax(-1)
        cache = out.past_key_values
        for _ in range(n):
            sync()
            h0 = time.perf_counter()
            out = model(input_ids=nxt, past_key_values=cache, use_cache=True)
            times.append((time.perf_counter() - h0) * 1e3)
            nxt = out.logits[:, -1:].argmax(-1)
            cache = out.past_key_values
    sync()
    return statistics.median(times)


def profile_step(model, ids, steps, top_file, label):
    """aten ops, kernel launches and GPU kernel time of one decode step (mean over `steps`)."""
    from torch.profiler import ProfilerActivity, profile
    with torch.inference_mode():
        out = model(input_ids=ids, use_cache=True)
        nxt = out.logits[:, -1:].argmax(-1)
        cache = out.past_key_values
        sync()
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            for _ in range(steps):
                out = model(input_ids=nxt, past_key_values=cache, use_cache=True)
                nxt = out.logits[:, -1:].argmax(-1)
                cache = out.past_key_values
            sync()
    events = prof.events()
    top_ops = 0
    all_ops = 0
    launches = 0
    kernels = 0
    kernel_us = 0.0
    for e in events:
        if str(getattr(e, "device_type", "")).endswith("CUDA"):
            kernels += 1
            kernel_us += e.time_range.elapsed_us()
            continue
        name = e.name
        if name in ("cudaLaunchKernel", "cudaLaunchKernelExC", "cuLaunchKernel", "cuLaunchKernelEx"):
            launches += 1
        elif name.startswith("aten::"):
            all_ops += 1
            if e.cpu_parent is None or not e.cpu_parent.name.startswith("aten::"):
                top_ops += 1
    with open(top_file, "a") as f:
        f.write("=== %s: %d decode steps ===\n" % (label, steps))
        f.write(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=30))
        f.write("\n")
    return top_ops / steps, all_ops / steps, launches / steps, kernels / steps, kernel_us / 1e3 / steps


def profile_generate(model, ids, n, top_file, label):
    from torch.profiler import ProfilerActivity, profile
    mask = torch.ones_like(ids)
    with torch.inference_mode():
        with profile(activities=[ProfilerActivity.CPU]) as prof:
            model.generate(input_ids=ids, attention_mask=mask, max_new_tokens=n, min_new_tokens=n,
                           do_sample=False, pad_token_id=0, use_cache=True)
            sync()
    with open(top_file, "a") as f:
        f.write("=== %s: generate, %d new tokens (prefill included) ===\n" % (label, n))
        f.write(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=30))
        f.write("\n")
    ops = sum(1 for e in prof.events() if e.name.startswith("aten::") and
              (e.cpu_parent is None or not e.cpu_parent.name.startswith("aten::")))
    return ops


def cprofile_generate(model, ids, n, top_file, label):
    """Python-level profile of generate(n new tokens): where the time outside aten ops goes."""
    import cProfile
    import io
    import pstats
    mask = torch.ones_like(ids)
    pr = cProfile.Profile()
    with torch.inference_mode():
        pr.enable()
        model.generate(input_ids=ids, attention_mask=mask, max_new_tokens=n, min_new_tokens=n,
                       do_sample=False, pad_token_id=0, use_cache=True)
        sync()
        pr.disable()
    buf = io.StringIO()
    st = pstats.Stats(pr, stream=buf)
    st.sort_stats("tottime").print_stats(35)
    st.sort_stats("cumulative").print_stats(45)
    with open(top_file, "a") as f:
        f.write("=== %s: cProfile of generate, %d new tokens (prefill included) ===\n" % (label, n))
        f.write(buf.getvalue())
        f.write("\n")


def gc_generate_ms(model, ids, n):
    import gc
    gc.collect()
    gc.disable()
    try:
        return generate_ms(model, ids, n)
    finally:
        gc.enable()


def micro(w):
    """Host cost of single aten ops on tiny CUDA tensors (the GPU idles; the loop is host-bound)."""
    x = torch.randn(64, device="cuda", dtype=torch.float16)
    y = torch.randn(64, device="cuda", dtype=torch.float16)
    z = torch.empty_like(x)
    lin = torch.nn.Linear(64, 64, device="cuda", dtype=torch.float16)
    ident = torch.nn.Identity()
    cases = {
        "add_out": lambda: torch.add(x, y, out=z),
        "add_alloc": lambda: x + y,
        "mul_scalar": lambda: x * 0.5,
        "view": lambda: x.view(8, 8),
        "module_linear": lambda: lin(x),
        "module_call_identity": lambda: ident(x),
    }
    n = 20000
    with torch.inference_mode():
        for name, fn in cases.items():
            for _ in range(200):
                fn()
            sync()
            best = []
            for _ in range(3):
                t0 = time.perf_counter()
                for _ in range(n):
                    fn()
                best.append((time.perf_counter() - t0) * 1e6 / n)
                sync()
            w.row(model="-", metric="host_us_" + name, value="%.3f" % min(best), unit="us",
                  notes="min of 3 loops of %d calls, inference_mode" % n)


def run_model(w, kind, layers, cases, out_tokens, top_file, cprofile=False):
    model, cfg = build(kind, layers)
    name = "llama-2-7b" if kind == "llama" else kind
    g = torch.Generator(device="cpu").manual_seed(0)
    for (batch, prompt) in cases:
        ids = torch.randint(3, cfg.vocab_size, (batch, prompt), generator=g).to("cuda")
        common = dict(model=name, layers=layers, batch=batch, prompt=prompt)
        generate_ms(model, ids, 2)
        t1 = statistics.median([generate_ms(model, ids, 1) for _ in range(2)])
        tn = statistics.median([generate_ms(model, ids, out_tokens) for _ in range(2)])
        w.row(metric="gen_ttft", value="%.3f" % t1, unit="ms", notes="generate, 1 new token", **common)
        w.row(metric="gen_tpot", value="%.3f" % ((tn - t1) / (out_tokens - 1)), unit="ms",
              notes="(t(%d) - t(1)) / %d, median of 2" % (out_tokens, out_tokens - 1), **common)
        loop(model, ids, 4)
        w.row(metric="loop_step", value="%.3f" % statistics.median([loop(model, ids, out_tokens) for _ in range(2)]),
              unit="ms", notes="model() + argmax per step, DynamicCache, no sync per step", **common)
        w.row(metric="loop_step_sync", value="%.3f" % loop(model, ids, out_tokens, per_step_sync=True),
              unit="ms", notes="the same with torch.cuda.synchronize() after every step", **common)
        w.row(metric="fwd_host", value="%.3f" % host_ms_per_forward(model, ids, 16), unit="ms",
              notes="host time of one decode model() call after a sync (median of 16)", **common)
        try:
            top, allops, launches, kernels, kms = profile_step(model, ids, 8, top_file,
                                                                 "%s L%d b%d p%d" % (name, layers, batch, prompt))
            w.row(metric="aten_ops_top", value="%.1f" % top, unit="per step", notes="profiler, 8 steps", **common)
            w.row(metric="aten_ops_all", value="%.1f" % allops, unit="per step", notes="profiler, nested included",
                  **common)
            w.row(metric="kernel_launches", value="%.1f" % launches, unit="per step", notes="cudaLaunchKernel calls",
                  **common)
            w.row(metric="gpu_kernels", value="%.1f" % kernels, unit="per step", notes="profiler CUDA events",
                  **common)
            w.row(metric="gpu_kernel_ms", value="%.3f" % kms, unit="ms",
                  notes="profiler: sum of kernel durations per step", **common)
            if batch == 1 and prompt == 128:
                gops = profile_generate(model, ids, 9, top_file, "%s L%d" % (name, layers))
                w.row(metric="gen_aten_ops_top_9tokens", value="%d" % gops, unit="per call",
                      notes="generate(9 new tokens) incl. prefill, top-level aten ops", **common)
            if batch == 1 and prompt == 128 and cprofile:
                t1 = statistics.median([gc_generate_ms(model, ids, 1) for _ in range(2)])
                tn = statistics.median([gc_generate_ms(model, ids, out_tokens) for _ in range(2)])
                w.row(metric="gen_tpot_gc_off", value="%.3f" % ((tn - t1) / (out_tokens - 1)), unit="ms",
                      notes="as gen_tpot with Python's gc disabled during each call", **common)
                cprofile_generate(model, ids, 9, top_file, "%s L%d" % (name, layers))
        except Exception:
            traceback.print_exc()
    del model
    torch.cuda.empty_cache()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--top", default=None, help="profiler tables (default: next to --out)")
    ap.add_argument("--plan", default="full", choices=["full", "quick"],
                    help="quick: LLaMA 32 and 8 layers at batch 1 only")
    args = ap.parse_args()
    top = args.top or os.path.join(os.path.dirname(args.out) or ".", "hf_generate_profile_tables.txt")
    w = writer(args.out)
    w.row(model="-", metric="torch_threads", value=str(torch.get_num_threads()), unit="", notes="")
    rc = 0
    plan = [("micro", None, None), ("llama", 32, [(1, 128), (8, 128)]), ("llama", 8, [(1, 128)]),
            ("gpt2", 12, [(1, 128)]), ("gpt2-xl", 48, [(1, 128)])]
    if args.plan == "quick":
        plan = [("micro", None, None), ("llama", 32, [(1, 128)]), ("llama", 8, [(1, 128)])]
    for kind, layers, cases in plan:
        t0 = time.time()
        try:
            if kind == "micro":
                micro(w)
            else:
                run_model(w, kind, layers, cases, 32, top, cprofile=args.plan == "quick" or layers == 32)
        except Exception:
            traceback.print_exc()
            rc = 1
        print("part %s %s: %.1f s" % (kind, layers, time.time() - t0), file=sys.stderr, flush=True)
    return rc


if __name__ == "__main__":
    sys.exit(main())
