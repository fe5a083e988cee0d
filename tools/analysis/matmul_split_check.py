#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Checks the NeuSight matmul train/test split for consistency, from the data alone (no model).

Prints, per GPU:
  1. test rows whose launched kernel no train row (of any GPU) launches;
  2. near neighbours: each test row paired with the train row of the same op and batch closest in
     M, N, K, kept when within 10 % in every dimension; median test/train throughput ratio;
  3. the same linear GEMMs inside the models: model_ops_measured.csv layers whose (M, N, K) is a
     test row of that GPU; median in-model / test-split latency.
The figures are quoted in docs/predictor.md ("Known gaps"). Standard library only:
    /usr/bin/python3 tools/analysis/matmul_split_check.py [DATA_DIR (default data/neusight)]
"""
import collections
import csv
import gzip
import json
import math
import os
import re
import sys


def read(data_dir, name):
    path = os.path.join(data_dir, name)
    if os.path.exists(path):
        return list(csv.DictReader(open(path, newline='')))
    return list(csv.DictReader(gzip.open(path + '.gz', 'rt', newline='')))


def median(v):
    v = sorted(v)
    return v[len(v) // 2]


def main():
    data_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '../../data/neusight')
    rows = read(data_dir, 'kernels_matmul.csv')
    train = [r for r in rows if r['split'] == 'train']
    test = [r for r in rows if r['split'] == 'test']
    gpus = sorted({r['gpu'] for r in test})

    print('1. Test rows launching a kernel that no train row launches')
    trained = {r['kernel_name'] for r in train}
    for g in gpus:
        t = [r for r in test if r['gpu'] == g]
        unseen = sum(r['kernel_name'] not in trained for r in t)
        print(f'   {g}: {unseen} of {len(t)}')

    print('2. Near neighbours (within 10 % in M, N, K): median test/train throughput')
    by_key = collections.defaultdict(list)
    for r in train:
        by_key[(r['gpu'], r['op'], r['B'])].append(r)
    flops = lambda r: 2.0 * int(r['B']) * int(r['M']) * int(r['N']) * int(r['K'])
    for g in gpus:
        ratios = []
        for t in (r for r in test if r['gpu'] == g):
            best = None
            for r in by_key[(g, t['op'], t['B'])]:
                d = max(abs(math.log(int(r[x]) / int(t[x]))) for x in 'MNK')
                if best is None or d < best[0]:
                    best = (d, r)
            if best and best[0] < 0.1:
                r = best[1]
                ratios.append((flops(t) / float(t['latency_ms'])) / (flops(r) / float(r['latency_ms'])))
        if ratios:
            print(f'   {g}: {median(ratios):.2f} over {len(ratios)} pairs')

    print('3. Linear layers in model_ops_measured.csv with a test row of the same (M, N, K): '
          'median in-model / test-split latency')
    test_linear = collections.defaultdict(list)
    for r in test:
        if r['op'] == 'linear':
            test_linear[(r['gpu'], int(r['M']), int(r['N']), int(r['K']))].append(r)
    per_gpu = collections.defaultdict(list)
    layer = re.compile(r'dense|query|key|value|proj|fc|c_attn|lm_head|wi|wo')
    not_layer = re.compile(r'dropout|norm|ln_|act')
    for x in read(data_dir, 'model_ops_measured.csv'):
        if x['mode'] != 'inf' or x['fx_op'] != 'call_module':
            continue
        if not layer.search(x['node']) or not_layer.search(x['node']):
            continue
        shapes = json.loads(x['input_shapes'])
        out = [int(v) for v in x['output_shape'].strip('()').split(',') if v.strip()]
        if len(shapes) != 1 or len(shapes[0]) != 3 or len(out) != 3:
            continue
        gpu = x['gpu'].replace('_', ' ')  # "Tesla_P4" -> "Tesla P4", as kernels_matmul.csv names it
        key = (gpu, shapes[0][0] * shapes[0][1], shapes[0][2], out[2])
        for r in test_linear.get(key, []):
            per_gpu[gpu].append(float(x['latency_ms']) / float(r['latency_ms']))
    for g in sorted(per_gpu):
        print(f'   {g}: {median(per_gpu[g]):.2f} over {len(per_gpu[g])} pairs')


if __name__ == '__main__':
    main()
