#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""LLM decode measurements on a GPU (issue 18): Hugging Face eager generate, skinny GEMMs, decode attention.

Writes one CSV (schema below) with every row measured on the GPU it runs on; nothing is estimated.
Random weights (models built from a config; nothing downloaded). Run on a device machine:

    python3 tools/measure/llm_decode.py --out $OUT/llm_decode.csv

Rows:
  hf_generate  LLaMA-2-7B-shaped model (fp16, SDPA), transformers `generate` with greedy decoding and
               the default dynamic KV cache. ttft_ms = one generate call producing 1 token (prefill of
               `prompt` tokens); tpot_ms = (t(out=N) - t(out=1)) / (N - 1), the mean decode step over
               contexts prompt+1 .. prompt+N. Median of `reps` calls after one warm-up call each.
  gemm         y = x @ W^T in fp16 with x [M, K], W [N, K]; several weight copies are rotated so that
               no weight stays in L2; kernel time from a CUDA graph of `reps` launches (launch cost
               excluded). bytes = weight + activation bytes read and written; gbps = bytes / time.
  attention    scaled_dot_product_attention with one query token per sequence, q [B, H, 1, D],
               k/v [B, H, L, D] fp16 (flash-decoding regime), CUDA graph timed likewise.
"""
import argparse
import csv
import os
import statistics
import sys
import time
import traceback

import torch
import torch.nn.functional as F

FIELDS = ["kind", "model", "dtype", "batch", "prompt", "output", "m", "n", "k", "heads", "head_dim",
          "context", "metric", "value_ms", "bytes", "gbps", "reps", "gpu_name", "torch_version",
          "transformers_version", "notes"]


def gpu_name():
    return torch.cuda.get_device_name(0) if torch.cuda.is_available() else "cpu"


class Writer:
    """Appends rows to a CSV of `fields` (header when new), each written through at once and echoed
    (its first `echo` columns; 0: not echoed); every row carries the machine columns (GPU, torch and
    transformers versions, plus `extra`). `rows` counts the rows written."""

    def __init__(self, path, fields=FIELDS, extra=None, echo=16):
        self.fields = fields
        self.echo = echo
        new = not os.path.exists(path)
        self.f = open(path, "a", newline="")
        self.w = csv.DictWriter(self.f, fieldnames=fields)
        if new:
            self.w.writeheader()
        self.common = {"gpu_name": gpu_name(), "torch_version": torch.__version__}
        try:
            import transformers
            self.common["transformers_version"] = transformers.__version__
        except Exception:
            self.common["transformers_version"] = ""
        self.common.update(extra or {})
        self.rows = 0

    def row(self, **kw):
        r = dict(self.common)
        r.update(kw)
        self.w.writerow({k: r.get(k, "") for k in self.fields})
        self.f.flush()
        os.fsync(self.f.fileno())
        self.rows += 1
        if self.echo:
            print(",".join(str(r.get(k, "")) for k in self.fields[:self.echo]), flush=True)


def graph_time_ms(fn, reps, device):
    """Mean time of one fn() call, from a CUDA graph holding `reps` calls (CPU: plain loop)."""
    if device != "cuda":
        t0 = time.perf_counter()
        for i in range(reps):
            fn(i)
        return (time.perf_counter() - t0) * 1e3 / reps
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for i in range(3):
            fn(i)
    torch.cuda.current_stream().wait_stream(s)
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        for i in range(reps):
            fn(i)
    g.replay()
    torch.cuda.synchronize()
    times = []
    for _ in range(5):
        a = torch.cuda.Event(enable_timing=True)
        b = torch.cuda.Event(enable_timing=True)
        a.record()
        g.replay()
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b) / reps)
    return statistics.median(times)


def copies_for(bytes_each, min_total=256 << 20, cap=64):
    return max(2, min(cap, -(-min_total // max(1, bytes_each))))


def measure_gemm(w, device, dtype, reps):
    # LLaMA-2-7B (q/k/v/o 4096x4096, gate/up 11008x4096, down 4096x11008, lm head 32000x4096) and
    # 70B-class (8192 hidden, 28672 ffn) shapes.
    shapes = [(4096, 4096), (11008, 4096), (4096, 11008), (32000, 4096), (12288, 4096),
              (8192, 8192), (28672, 8192), (8192, 28672), (1024, 1024), (2048, 2048)]
    ms = [1, 2, 4, 8, 16, 32, 64, 128, 256]
    if device != "cuda":  # CPU pipeline check only
        shapes, ms = shapes[:1], [1, 16]
    esize = torch.tensor([], dtype=dtype).element_size()
    for (n, k) in shapes:
        wbytes = n * k * esize
        c = copies_for(wbytes)
        if device != "cuda":
            c = 2
        weights = [torch.randn(n, k, device=device, dtype=dtype) * 0.02 for _ in range(c)]
        for m in ms:
            x = torch.randn(m, k, device=device, dtype=dtype)
            outs = [None]

            def fn(i, x=x):
                outs[0] = F.linear(x, weights[i % c])
            t = graph_time_ms(fn, reps, device)
            nbytes = wbytes + (m * k + m * n) * esize
            w.row(kind="gemm", dtype=str(dtype).replace("torch.", ""), m=m, n=n, k=k, metric="kernel_ms",
                  value_ms="%.6f" % t, bytes=nbytes, gbps="%.1f" % (nbytes / t / 1e6), reps=reps,
                  notes="%d weight copies rotated; CUDA graph" % c)
        del weights
        if device == "cuda":
            torch.cuda.empty_cache()


def measure_attention(w, device, dtype, reps):
    heads, d = 32, 128
    esize = torch.tensor([], dtype=dtype).element_size()
    cpu = device != "cuda"  # CPU pipeline check only
    for b in ((1,) if cpu else (1, 8, 32)):
        for L in ((128,) if cpu else (128, 512, 2000, 4096, 8192)):
            kvbytes = 2 * b * heads * L * d * esize
            c = copies_for(kvbytes, cap=16) if device == "cuda" else 2
            if kvbytes * c > (24 << 30):
                continue
            ks = [torch.randn(b, heads, L, d, device=device, dtype=dtype) for _ in range(c)]
            vs = [torch.randn(b, heads, L, d, device=device, dtype=dtype) for _ in range(c)]
            q = torch.randn(b, heads, 1, d, device=device, dtype=dtype)
            outs = [None]

            def fn(i):
                outs[0] = F.scaled_dot_product_attention(q, ks[i % c], vs[i % c])
            t = graph_time_ms(fn, reps, device)
            nbytes = kvbytes + 2 * b * heads * d * esize
            w.row(kind="attention", dtype=str(dtype).replace("torch.", ""), batch=b, heads=heads, head_dim=d,
                  context=L, metric="kernel_ms", value_ms="%.6f" % t, bytes=nbytes,
                  gbps="%.1f" % (nbytes / t / 1e6), reps=reps,
                  notes="SDPA q_len=1 (default backend choice); %d KV copies rotated; CUDA graph" % c)
            del ks, vs
            if device == "cuda":
                torch.cuda.empty_cache()


def build_llama(device, dtype, layers):
    from transformers import LlamaConfig, LlamaForCausalLM
    cfg = LlamaConfig(hidden_size=4096, intermediate_size=11008, num_hidden_layers=layers,
                      num_attention_heads=32, num_key_value_heads=32, vocab_size=32000,
                      max_position_embeddings=4096, rms_norm_eps=1e-5, bos_token_id=1, eos_token_id=2)
    try:
        cfg._attn_implementation = "sdpa"
    except Exception:
        pass
    old = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        with torch.device(device):
            model = LlamaForCausalLM(cfg)
    finally:
        torch.set_default_dtype(old)
    model = model.to(device=device, dtype=dtype).eval()
    return model, cfg


def measure_generate(w, device, dtype, layers, cases, out_tokens, reps):
    model, cfg = build_llama(device, dtype, layers)
    params = sum(p.numel() for p in model.parameters())
    attn = getattr(cfg, "_attn_implementation", "")
    g = torch.Generator(device="cpu").manual_seed(0)

    def gen(ids, n):
        mask = torch.ones_like(ids)
        if device == "cuda":
            torch.cuda.synchronize()
        t0 = time.perf_counter()
        with torch.inference_mode():
            out = model.generate(input_ids=ids, attention_mask=mask, max_new_tokens=n, min_new_tokens=n,
                                 do_sample=False, pad_token_id=0, use_cache=True)
        if device == "cuda":
            torch.cuda.synchronize()
        dt = (time.perf_counter() - t0) * 1e3
        assert out.shape[1] == ids.shape[1] + n, "generate stopped early: %s" % (tuple(out.shape),)
        return dt

    for (batch, prompt) in cases:
        ids = torch.randint(3, cfg.vocab_size, (batch, prompt), generator=g).to(device)
        gen(ids, 2)  # warm-up
        t1 = statistics.median([gen(ids, 1) for _ in range(reps)])
        tn = statistics.median([gen(ids, out_tokens) for _ in range(reps)])
        tpot = (tn - t1) / (out_tokens - 1)
        name = "llama-2-7b" if layers == 32 else "llama-2-7b-%dlayers" % layers
        note = "random weights, %d params, attn=%s, greedy, DynamicCache; median of %d after warm-up" % (
            params, attn, reps)
        common = dict(kind="hf_generate", model=name, dtype=str(dtype).replace("torch.", ""), batch=batch,
                      prompt=prompt, output=out_tokens, reps=reps, notes=note)
        w.row(metric="ttft_ms", value_ms="%.3f" % t1, **common)
        w.row(metric="tpot_ms", value_ms="%.3f" % tpot, **common)
        w.row(metric="e2e_ms", value_ms="%.3f" % tn, **common)
    del model
    if device == "cuda":
        torch.cuda.empty_cache()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--parts", default="generate,gemm,attention")
    ap.add_argument("--layers", type=int, default=32)
    ap.add_argument("--reps", type=int, default=50)
    args = ap.parse_args()
    w = Writer(args.out)
    dtype = torch.float16 if args.device == "cuda" else torch.float32
    cpu = args.device != "cuda"
    parts = args.parts.split(",")
    rc = 0
    for part in parts:
        t0 = time.time()
        try:
            if part == "generate":
                cases = [(1, 128), (1, 2000), (8, 128), (1, 8)] if not cpu else [(1, 8)]
                measure_generate(w, args.device, dtype, args.layers if not cpu else 1, cases,
                                 out_tokens=64 if not cpu else 3, reps=2 if not cpu else 1)
            elif part == "gemm":
                measure_gemm(w, args.device, dtype, args.reps if not cpu else 1)
            elif part == "attention":
                measure_attention(w, args.device, dtype, args.reps if not cpu else 1)
        except Exception:
            traceback.print_exc()
            rc = 1
        print("part %s: %.1f s" % (part, time.time() - t0), file=sys.stderr, flush=True)
    return rc


if __name__ == "__main__":
    sys.exit(main())
