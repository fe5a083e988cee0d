#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Data behind the decode kernel class (core/predict/decode_model.*), issue 18.

Prints, from the project's data only (no model involved):
  1. streaming fraction per GPU generation: t = t0 + bytes / (f * BW) fitted on the element-wise
     add and relu rows of data/neusight/kernels_vec.csv.gz moving >= 8 MB (PyTorch's vectorized
     kernels), per GPU, and the median per generation (decode_model.cpp's kPascalFraction ...);
  2. the FP32 cuBLAS skinny-GEMM efficiency: the same fit on the train-split nn.Linear rows of
     kernels_matmul.csv.gz with M <= 16 (weights N x K, 4 bytes), relative to the generation's
     fraction (the fp32 entry of the eager runtimes' decode efficiencies, llm_runtime.cpp);
  3. how the published decode rows of data/llm sit against the bandwidth floor
     (weights + KV at the mean context) / datasheet bandwidth, per runtime family and format;
  4. the marginal streaming fraction of each family and format: for the rows of one source, engine,
     GPU, format and request that differ only in the model, the step-time difference between the
     smallest and the largest model over their byte difference (per-step fixed costs cancel), as a
     fraction of datasheet bandwidth; with the per-family medians and their median over the fused
     engines (the vLLM class's 8-bit / 4-bit caps, llm_runtime.cpp);
  5. the FP32 few-column GEMM efficiency: t = t0 + bytes / (f * BW) fitted on the train-split rows of
     kernels_matmul.csv.gz with at most 16 output columns (and more than 16 rows), per GPU and op,
     relative to the generation's fraction; the median of the bmm fits is
     DecodeModel::kFewColumnEfficiency (decode_model.h), the bound StreamTimeAdapter puts on GEMMs
     with few columns in every phase.

Run: /usr/bin/python3 tools/analysis/llm_decode_fit.py [DATA_DIR]   (default: data/)
"""
import collections
import csv
import gzip
import io
import math
import os
import re
import sys

import numpy as np

DATA = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..', 'data')

# Datasheet bandwidth (GB/s) and generation of the NeuSight GPUs (resources/gpus/catalogue.json).
NEUSIGHT = {
    'Tesla P4': (192, 'Pascal'), 'Tesla P100-PCIE-16GB': (732, 'Pascal'),
    'Tesla V100-PCIE-32GB': (900, 'Volta'), 'Tesla T4': (320, 'Turing'),
    'NVIDIA A100-PCIE-40GB': (1555, 'Ampere'), 'NVIDIA A100 80GB PCIe': (1935, 'Ampere'),
}


def read_csv(path):
    if os.path.exists(path):
        return list(csv.DictReader(open(path, newline='')))
    with gzip.open(path + '.gz', 'rt', newline='') as f:
        return list(csv.DictReader(io.StringIO(f.read())))


def fit_stream(bytes_, seconds, bw):
    """Least squares of t = t0 + bytes / (f * BW) with relative weights; returns (t0 s, f)."""
    a = np.vstack([np.ones(len(bytes_)), bytes_ / (bw * 1e9)]).T
    sol = np.linalg.lstsq(a / seconds[:, None], np.ones(len(bytes_)), rcond=None)[0]
    return sol[0], 1.0 / sol[1]


def streaming_fractions():
    arrays = {'add': 3, 'relu': 2}
    rows = collections.defaultdict(list)
    for r in read_csv(os.path.join(DATA, 'neusight', 'kernels_vec.csv')):
        if r['op'] not in arrays or r['gpu'] not in NEUSIGHT:
            continue
        b = int(r['B']) * int(r['H']) * 4 * arrays[r['op']]
        if b >= 8e6:
            rows[(r['gpu'], r['op'])].append((b, float(r['latency_ms']) * 1e-3))
    per_gen = collections.defaultdict(list)
    print('1. Streaming fraction per GPU (element-wise rows >= 8 MB, t = t0 + bytes / (f BW))')
    for gpu, (bw, gen) in NEUSIGHT.items():
        fs = []
        for op in arrays:
            v = np.array(rows[(gpu, op)])
            if len(v) < 5:
                continue
            t0, f = fit_stream(v[:, 0], v[:, 1], bw)
            fs.append(f)
            print('   %-24s %-5s rows %4d  f %.3f  t0 %5.1f us (isolated launch)' % (gpu, op, len(v), f, t0 * 1e6))
        if fs:
            per_gen[gen].append(float(np.mean(fs)))
    print('   streaming fraction per generation (median over its GPUs of the mean over add/relu):')
    gens = {}
    for gen in ['Pascal', 'Volta', 'Turing', 'Ampere']:
        gens[gen] = float(np.median(per_gen[gen]))
        print('     %-7s %.3f  (GPUs: %s)' % (gen, gens[gen], ', '.join('%.3f' % x for x in per_gen[gen])))
    return gens


def fp32_gemm_efficiency(gens):
    rows = collections.defaultdict(list)
    for r in read_csv(os.path.join(DATA, 'neusight', 'kernels_matmul.csv')):
        if r['split'] != 'train' or r['op'] != 'linear' or r['gpu'] not in NEUSIGHT:
            continue
        b, m, n, k = int(r['B']), int(r['M']), int(r['N']), int(r['K'])
        if b * m > 16:
            continue
        byt = 4.0 * (n * k + b * m * (n + k))  # out[B,M,K] = A[B,M,N] x W[N,K]
        rows[r['gpu']].append((byt, float(r['latency_ms']) * 1e-3))
    print('\n2. FP32 cuBLAS skinny GEMMs (train-split nn.Linear rows, M <= 16), t = t0 + bytes / (f BW)')
    etas = []
    for gpu, v in sorted(rows.items()):
        v = np.array(v)
        bw, gen = NEUSIGHT[gpu]
        t0, f = fit_stream(v[:, 0], v[:, 1], bw)
        eta = f / gens[gen]
        etas.append(eta)
        print('   %-24s rows %3d  f %.3f  efficiency vs the generation %.3f  t0 %5.1f us' % (gpu, len(v), f, eta, t0 * 1e6))
    print('   median efficiency (llm_runtime.cpp, eager runtimes, fp32 entry): %.3f' % float(np.median(etas)))


def llm_floor_ratios():
    # Weights streamed per token (parameters minus the untied embedding table) and KV bytes per token.
    def llama(v, h, inter, layers, heads, kv, tie=False):
        dh = h // heads
        layer = h * heads * dh + 2 * h * kv * dh + heads * dh * h + 3 * h * inter + 2 * h
        params = v * h * (1 if tie else 2) + layers * layer + h
        return params - (0 if tie else v * h), 2 * layers * kv * dh * 2
    models = {
        'Llama-2-7B': llama(32000, 4096, 11008, 32, 32, 32), 'Vicuna-7B': llama(32000, 4096, 11008, 32, 32, 32),
        'Llama-2-13B': llama(32000, 5120, 13824, 40, 40, 40), 'Vicuna-13B': llama(32000, 5120, 13824, 40, 40, 40),
        'Llama-2-70B': llama(32000, 8192, 28672, 80, 64, 8), 'Llama-3-8B': llama(128256, 4096, 14336, 32, 32, 8),
        'Llama-3-70B': llama(128256, 8192, 28672, 80, 64, 8), 'Mistral-7B': llama(32000, 4096, 14336, 32, 32, 8),
        'Mistral-7B-v0.2': llama(32000, 4096, 14336, 32, 32, 8),
    }
    bw = {}
    for path in os.listdir(os.path.join(DATA, 'llm', 'gpus')):
        import json
        d = json.load(open(os.path.join(DATA, 'llm', 'gpus', path)))
        bw[d['short_name']] = d['bandwidth_gbps']
    bw.update({'RTX 4090': 1008, 'A40': 696, 'L40S': 864, 'A100 PCIe 80GB': 1935, 'A100 SXM 80GB': 2039,
               'H100 PCIe': 2039, 'H100 SXM': 3352})
    alias = {'RTX 4090 24GB': 'RTX 4090', 'RTX A6000 48GB': 'RTX A6000', 'RTX 6000 Ada 48GB': 'RTX 6000 Ada',
             'RTX 5000 Ada 32GB': 'RTX 5000 Ada', 'RTX 4000 Ada 20GB': 'RTX 4000 Ada', 'A40 48GB': 'A40',
             'L40S 48GB': 'L40S', 'A100 80GB PCIe': 'A100 PCIe 80GB', 'A100-SXM 80GB': 'A100 SXM 80GB',
             'H100 PCIe 80GB': 'H100 PCIe', 'H100-SXM 80GB': 'H100 SXM', 'RTX 3090 24GB': 'RTX 3090',
             'RTX 3070 8GB': 'RTX 3070', 'RTX 3080 10GB': 'RTX 3080', 'RTX 3080 Ti 12GB': 'RTX 3080 Ti',
             'RTX 4070 Ti 12GB': 'RTX 4070 Ti', 'RTX 4080 16GB': 'RTX 4080', 'RTX 4070 Laptop GPU (8GB)': 'RTX 4070 Laptop'}
    def fmt(w):
        w = w.lower()
        for key, b, name in [('q4_k', 0.6, 'q4_k'), ('q4_0', 18 / 32, 'q4_0'), ('gguf 4-bit', 18 / 32, 'q4_0'),
                             ('q8_0', 34 / 32, 'q8_0'), ('awq', 0.5 + 2.5 / 128, 'w4a16'), ('gptq', 0.5 + 2.5 / 128, 'w4a16'),
                             ('exl2', 0.5 + 2.5 / 128, 'w4a16'), ('q4f16', 0.5 + 2.5 / 128, 'w4a16'), ('gf4', 0.5 + 2.5 / 128, 'w4a16')]:
            if key in w:
                return b, name
        if w.strip() == 'int4':
            return 0.5 + 2.5 / 128, 'w4a16'
        if w.startswith('fp8'):
            return 1.0, 'fp8'
        if w.startswith('fp16') or w.startswith('16-bit') or w == 'f16':
            return 2.0, 'fp16'
        return None, w
    def family(rt):
        r = rt.lower()
        for key, fam in [('llama.cpp', 'llama.cpp'), ('hf transformers', 'hf-eager'), ('tinychat', 'tinychat'),
                         ('calm', 'calm'), ('mlc', 'mlc-llm'), ('exllama', 'exllamav2'), ('vllm', 'vllm'),
                         ('tensorrt', 'trt-llm')]:
            if key in r:
                return fam
        return r
    agg = collections.defaultdict(list)
    pairs = collections.defaultdict(list)  # part 4: same source / engine / GPU / format / request
    for r in read_csv(os.path.join(DATA, 'llm', 'llm_decode_published.csv')):
        g = alias.get(r['gpu'], r['gpu'])
        if g not in bw or r['model'] not in models or 'do not use' in r['notes']:
            continue
        if r['metric'] not in ('tokens_per_s_decode', 'ms_per_output_token'):
            continue
        b, f = fmt(r['weights_dtype'])
        if b is None:
            continue
        ms = 1000 / float(r['value']) if r['metric'] == 'tokens_per_s_decode' else float(r['value'])
        # The mean context of the measured tokens: llama-bench's tgN runs N tokens from an empty cache;
        # calm's rows time 32 tokens from context 0 ("ctx 0-32") or from an offset ("ctx offset 4000").
        o = r['output_tokens_or_context']
        m = re.match(r'tg(\d+)', o)
        offset = re.search(r'ctx offset (\d+)', o)
        span = re.search(r'ctx (\d+)-(\d+)', o)
        if m:
            ctx = int(m.group(1)) / 2
        elif offset:
            ctx = int(offset.group(1)) + 16
        elif span:
            ctx = (int(span.group(1)) + int(span.group(2))) / 2
        else:
            ctx = 256
        w, kv = models[r['model']]
        floor = (w * b + kv * ctx) / (bw[g] * 1e9) * 1e3
        agg[(family(r['runtime']), f)].append(ms / floor)
        pairs[(family(r['runtime']), f, g, r['source_url'], r['prompt_tokens'], r['output_tokens_or_context'])].append(
            (w * b + kv * ctx, ms, r['model']))
    print('\n3. Published decode rows against the bandwidth floor (measured / floor; floor = weights + KV at the')
    print('   mean context over datasheet bandwidth; contexts of rows that do not state them taken as 256)')
    for k in sorted(agg):
        v = sorted(agg[k])
        print('   %-10s %-6s rows %3d  median %.2f  range %.2f .. %.2f' % (k[0], k[1], len(v), v[len(v) // 2], v[0], v[-1]))

    print('\n4. Marginal streaming fraction (largest minus smallest model of one source / engine / GPU / format /')
    print('   request, byte difference >= 1 GB: fixed per-step costs cancel), fraction of datasheet bandwidth')
    marginal = collections.defaultdict(list)
    for k, v in sorted(pairs.items()):
        v = sorted(set(v))
        lo, hi = v[0], v[-1]
        if len(v) < 2 or hi[0] - lo[0] < 1e9 or hi[1] <= lo[1]:
            continue
        frac = (hi[0] - lo[0]) / ((hi[1] - lo[1]) * 1e-3) / (bw[k[2]] * 1e9)
        fixed = lo[1] - lo[0] / (frac * bw[k[2]] * 1e9) * 1e3
        if frac > 1.0:  # faster than datasheet: the two rows differ in more than their bytes (host-bound runs)
            print('   %-10s %-6s %-16s %-12s .. %-12s fraction %.2f  (over datasheet: left out)' % (k[0], k[1], k[2], lo[2], hi[2], frac))
            continue
        marginal[(k[0], k[1])].append(frac)
        print('   %-10s %-6s %-16s %-12s .. %-12s fraction %.2f  fixed %5.2f ms' % (k[0], k[1], k[2], lo[2], hi[2], frac, fixed))
    # The vLLM class (llm_runtime.cpp "vllm" / "trt-llm"); TinyChat's AWQ kernels are their own runtime.
    fused = ('calm', 'exllamav2', 'mlc-llm', 'trt-llm', 'vllm')
    for bits, formats in (('8-bit', ('fp8', 'w8a8', 'w8a16')), ('4-bit', ('w4a16',))):
        meds = {k[0]: float(np.median(v)) for k, v in marginal.items() if k[1] in formats and k[0] in fused}
        if meds:
            print('   vLLM-class engines, %s: %s; median %.2f' % (bits, ', '.join('%s %.2f' % kv for kv in sorted(meds.items())),
                                                               float(np.median(list(meds.values())))))
    tinychat = [f for (e, fmt), v in marginal.items() if e == 'tinychat' and fmt == 'w4a16' for f in v]
    if tinychat:
        print('   tinychat, 4-bit: median %.2f' % float(np.median(tinychat)))
    print('   (llm_runtime.cpp: vllm 8-bit cap 0.91, 4-bit cap 0.84; tinychat 4-bit cap 0.69)')


def few_column_efficiency(gens):
    # kernels_matmul's columns: out[B,M,K] = A[B,M,N] x W[N,K] (nn.Linear) or x B[B,N,K] (bmm); K is
    # the output columns.
    rows = collections.defaultdict(list)
    for r in read_csv(os.path.join(DATA, 'neusight', 'kernels_matmul.csv')):
        if r['split'] != 'train' or r['gpu'] not in NEUSIGHT:
            continue
        b, m, n, k = int(r['B']), int(r['M']), int(r['N']), int(r['K'])
        if k > 16 or b * m <= 16:
            continue
        weights = n * k if r['op'] == 'linear' else b * n * k
        byt = 4.0 * (b * m * n + weights + b * m * k)
        rows[(r['op'], r['gpu'])].append((byt, float(r['latency_ms']) * 1e-3))
    print('\n5. FP32 GEMMs with few columns (train split, <= 16 output columns, > 16 rows), t = t0 + bytes / (f BW)')
    for op in ('bmm', 'linear'):
        etas = []
        for (o, gpu), v in sorted(rows.items()):
            if o != op:
                continue
            v = np.array(v)
            bw, gen = NEUSIGHT[gpu]
            t0, f = fit_stream(v[:, 0], v[:, 1], bw)
            etas.append(f / gens[gen])
            print('   %-6s %-24s rows %4d  f %.3f  efficiency vs the generation %.3f  t0 %5.1f us'
                  % (op, gpu, len(v), f, f / gens[gen], t0 * 1e6))
        print('   %s median efficiency%s: %.3f' % (op, ' (decode_model.h, kFewColumnEfficiency)' if op == 'bmm' else '',
                                                  float(np.median(etas))))


if __name__ == '__main__':
    g = streaming_fractions()
    fp32_gemm_efficiency(g)
    llm_floor_ratios()
    few_column_efficiency(g)
