#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Measured decode step / bandwidth floor of every scored row of data/llm (issue 18's band).

The floor is test_llm_decode_physics's: (weight bytes + KV bytes) / datasheet bandwidth, weights
at the row's format from Infersight's memory estimate less the untied input embedding table (a
decode step reads one row of it), KV at 256 cached tokens (the rows' contexts are 4 .. 628 tokens
but for calm's context-4000 rows: their floors are underestimated, so their ratios are high).

    ./build/lead/bin/infersight-cli validate --only llm --json > /tmp/llm.json
    /usr/bin/python3 tools/analysis/llm_floor_ratios.py /tmp/llm.json [path/to/infersight-cli]

Prints, per runtime family and weight format, the median / range of measured / floor and the rows
above 1.7x at floors >= 2 ms. Uses only the CLI and data/llm (no Python packages).
"""
import collections
import glob
import json
import os
import statistics
import subprocess
import sys

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# Model of each row -> the source validate predicts (core/validate/llm_data.cpp, kModels) and its
# untied input embedding (vocabulary x hidden; 0 when the LM head shares it).
SOURCES = {
    "llama-2-7b": ("zoo:llama-2-7b", 32000 * 4096),
    "vicuna-7b": ("zoo:llama-2-7b", 32000 * 4096),
    "llama-2-13b": ("zoo:llama-2-13b", 32000 * 5120),
    "vicuna-13b": ("zoo:llama-2-13b", 32000 * 5120),
    "llama-2-70b": ("zoo:llama-2-70b", 32000 * 8192),
    "mistral-7b": ("zoo:mistral-7b", 32000 * 4096),
    "llama-3-8b": ("data/llm/models/llama-3-8b.json", 128256 * 4096),
    "llama-3-70b": ("data/llm/models/llama-3-70b.json", 128256 * 8192),
    "llama-7b": ("data/llm/models/llama-7b.json", 32000 * 4096),
    "codellama-7b": ("data/llm/models/codellama-7b.json", 32016 * 4096),
    "codellama-34b": ("data/llm/models/codellama-34b.json", 32000 * 8192),
    "yi-34b": ("data/llm/models/yi-34b.json", 64000 * 7168),
    "mistral-7b-v0.2": ("data/llm/models/mistral-7b-v0.2.json", 32000 * 4096),
    "gpt-j-6b": ("data/llm/models/gpt-j-6b.json", 50400 * 4096),
    "falcon-7b": ("data/llm/models/falcon-7b.json", 0),
    "mpt-7b": ("data/llm/models/mpt-7b.json", 0),
}


def main():
    rows = json.load(open(sys.argv[1]))["rows"]
    cli = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "build", "lead", "bin", "infersight-cli")
    gpus = {g["id"]: g["bandwidth_gbps"] for g in json.loads(subprocess.run([cli, "gpus", "--json"], capture_output=True,
                                                                              text=True, check=True).stdout)}
    for f in glob.glob(os.path.join(REPO, "data", "llm", "gpus", "*.json")):
        gpus[os.path.basename(f)[:-5]] = json.load(open(f))["bandwidth_gbps"]
    cache = {}
    groups = collections.defaultdict(list)
    for r in rows:
        if r["use"] != "fit" or r["predicted_ms"] <= 0 or r["model"] not in SOURCES:
            continue
        source, embedding = SOURCES[r["model"]]
        gpu = r["gpu"]
        gpu_arg = os.path.join(REPO, "data", "llm", "gpus", gpu + ".json") if os.path.exists(
            os.path.join(REPO, "data", "llm", "gpus", gpu + ".json")) else gpu
        key = (source, gpu_arg, r["weights"])
        if key not in cache:
            args = [cli, "predict", source, "--gpu", gpu_arg, "--phase", "decode", "--context", "256", "--runtime", "vllm",
                    "--weights", r["weights"], "--json"]
            if r["weights"] != "fp8":
                args += ["--precision", "fp16"]
            p = subprocess.run(args, capture_output=True, text=True, cwd=REPO)
            if p.returncode != 0:
                print("skipped", key, p.stderr.strip()[-160:])
                cache[key] = None
                continue
            mem = json.loads(p.stdout)["memory_mb"]
            cache[key] = (mem["weights"] * 1048576.0 - 2.0 * embedding + mem["kv_cache"] * 1048576.0) / (gpus[gpu] * 1e9) * 1e3
        floor = cache[key]
        if floor:
            groups[(r["family"], r["weights"])].append((r["measured_ms"] / floor, floor, gpu, r["model"]))
    for (family, weights), v in sorted(groups.items()):
        ratios = sorted(x[0] for x in v)
        over = sorted(x for x in v if x[0] > 1.7 and x[1] >= 2.0)
        print(f"{family:10s} {weights:6s} rows {len(v):3d}  measured / floor median {statistics.median(ratios):.2f}, "
              f"{ratios[0]:.2f} .. {ratios[-1]:.2f}; above 1.7x at floors >= 2 ms: {len(over)}")
        for ratio, floor, gpu, model in over[-3:]:
            print(f"    {ratio:.2f}x  {model} on {gpu}, floor {floor:.2f} ms")


if __name__ == "__main__":
    main()
