# SPDX-License-Identifier: MIT
"""CSV schema of the measurement harness, and a validator for it.

The column list below is the single source of truth; data/measured/README.md documents the same
columns for people. Usage as a program:

    /usr/bin/python3 tools/measure/schema.py FILE.csv [FILE.csv ...]

prints one line per problem and exits 1 if any file does not conform, 0 otherwise.
"""

from __future__ import annotations

import csv
import json
import math
import os
import re
import sys
from datetime import datetime
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

SCHEMA_VERSION = "1"

# (name, kind, unit/meaning). kind: str | int | float | json | flag
COLUMNS: List[Tuple[str, str, str]] = [
    ("schema_version", "str", "schema version of this file ('1')"),
    ("source", "str", "measured | dry-run | synthetic; only 'measured' rows are evidence"),
    ("device", "str", "cuda | cpu"),
    ("gpu_id", "str", "short id of the GPU, e.g. h100-sxm5-80gb; 'cpu' for dry runs"),
    ("gpu_name", "str", "device name as the driver reports it"),
    ("sm_count", "int", "multiprocessors visible to the process"),
    ("gpu_memory_bytes", "int", "total device memory, bytes"),
    ("mig_mode", "str", "enabled | disabled | unsupported | unknown (read only, never changed)"),
    ("model", "str", "registry name (tools/measure/registry.py)"),
    ("family", "str", "torchvision | timm | transformers"),
    ("task", "str", "image-classification | encoder | causal-lm"),
    ("batch", "int", "batch size"),
    ("seq_len", "int", "tokens per sequence (language models), empty for images"),
    ("image_size", "int", "input height = width (image models), empty for language models"),
    ("precision", "str", "fp32 | tf32 | bf16 | fp16"),
    ("precision_method", "str", "ieee (fp32, TF32 off) | tf32 (fp32 storage, TF32 on) | cast (model and float inputs .to(dtype)) | autocast"),
    ("mode", "str", "eager | compile"),
    ("compile_mode", "str", "torch.compile mode ('default', ...) when mode=compile, else empty"),
    ("sharing", "str", "none | mps"),
    ("sharing_percent", "int", "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE when sharing=mps, else empty"),
    ("status", "str", "ok | oom | error"),
    ("error", "str", "short error message when status is not ok"),
    ("params", "int", "number of parameters"),
    ("weights_bytes", "int", "bytes of parameters and buffers at the run's precision"),
    ("warmup_runs", "int", "untimed forward passes before timing"),
    ("runs", "int", "timed forward passes (synchronised one by one)"),
    ("latency_ms_median", "float", "ms per forward pass of the whole batch, median over runs"),
    ("latency_ms_p10", "float", "ms, 10th percentile"),
    ("latency_ms_p90", "float", "ms, 90th percentile"),
    ("latency_ms_mean", "float", "ms, mean"),
    ("latency_ms_min", "float", "ms, minimum"),
    ("latency_ms_max", "float", "ms, maximum"),
    ("throughput_per_s", "float", "samples per second = batch / median latency"),
    ("mem_before_bytes", "int", "torch.cuda.memory_allocated after weights and inputs are on the device, before the first forward"),
    ("mem_peak_allocated_bytes", "int", "torch.cuda.max_memory_allocated over warm-up and timed runs (weights + inputs + activations + workspaces)"),
    ("mem_peak_reserved_bytes", "int", "torch.cuda.max_memory_reserved (caching allocator)"),
    ("nvml_mem_used_bytes", "int", "device memory used (NVML nvmlDeviceGetMemoryInfo.used), maximum sampled during the timed loop; includes the CUDA context"),
    ("nvml_mem_used_baseline_bytes", "int", "the same before the model was built (context + other processes)"),
    ("energy_loop_s", "float", "wall time of the timed loop over which energy was read, s (>= 2 for measured rows)"),
    ("energy_loop_runs", "int", "forward passes in that loop"),
    ("energy_mj_per_run", "float", "mJ per forward pass of the whole batch: NVML total-energy counter difference / runs"),
    ("avg_power_w", "float", "W = energy counter difference / loop wall time"),
    ("power_sampled_w_mean", "float", "W, mean of nvmlDeviceGetPowerUsage samples during the loop (cross-check)"),
    ("sm_clock_mhz_mean", "float", "MHz, mean of NVML SM clock samples during the loop"),
    ("sm_clock_mhz_min", "float", "MHz"),
    ("sm_clock_mhz_max", "float", "MHz"),
    ("mem_clock_mhz_mean", "float", "MHz, mean of NVML memory clock samples"),
    ("temperature_c_start", "float", "GPU temperature before the loop, deg C"),
    ("temperature_c_end", "float", "GPU temperature after the loop, deg C"),
    ("clocks_event_reasons", "str", "hex OR of NVML clocks-event (throttle) reasons sampled during the loop"),
    ("power_limit_w", "float", "enforced power limit, W (read only)"),
    ("compile_s", "float", "s spent in the first (compiling) call when mode=compile"),
    ("tf32_matmul", "flag", "1 if TF32 was allowed for matmul, else 0"),
    ("tf32_cudnn", "flag", "1 if TF32 was allowed for cuDNN convolutions, else 0"),
    ("cudnn_benchmark", "flag", "torch.backends.cudnn.benchmark"),
    ("driver_version", "str", "NVIDIA driver version"),
    ("cuda_version", "str", "torch.version.cuda"),
    ("cudnn_version", "str", "torch.backends.cudnn.version()"),
    ("torch_version", "str", "torch.__version__"),
    ("library_versions", "json", "JSON object: torchvision / timm / transformers / pynvml versions"),
    ("python_version", "str", "platform.python_version()"),
    ("host", "str", "host name of the machine that ran it"),
    ("timestamp_utc", "str", "ISO 8601 UTC time the row was written"),
    ("harness_version", "str", "version of tools/measure/measure.py"),
    ("model_config", "json", "JSON object: the exact model configuration built"),
]

COLUMN_NAMES: List[str] = [c[0] for c in COLUMNS]
KIND: Dict[str, str] = {c[0]: c[1] for c in COLUMNS}

KEY_COLUMNS = ("gpu_id", "model", "batch", "precision", "mode", "sharing", "sharing_percent")

ALLOWED: Dict[str, Tuple[str, ...]] = {
    "source": ("measured", "dry-run", "synthetic"),
    "device": ("cuda", "cpu"),
    "family": ("torchvision", "timm", "transformers"),
    "task": ("image-classification", "encoder", "causal-lm"),
    "precision": ("fp32", "tf32", "bf16", "fp16"),
    "precision_method": ("ieee", "tf32", "cast", "autocast"),
    "mode": ("eager", "compile"),
    "sharing": ("none", "mps"),
    "status": ("ok", "oom", "error"),
    "mig_mode": ("enabled", "disabled", "unsupported", "unknown"),
}

# Minimums a GPU row (source=measured) must meet; the harness defaults satisfy them.
MIN_MEASURED_RUNS = 20
MIN_ENERGY_LOOP_S = 2.0


def row_key(row: Dict[str, str]) -> Tuple[str, ...]:
    return tuple(str(row.get(k, "")) for k in KEY_COLUMNS)


def _is_int(s: str) -> bool:
    return re.fullmatch(r"-?\d+", s) is not None


def _is_float(s: str) -> bool:
    try:
        v = float(s)
    except ValueError:
        return False
    return math.isfinite(v)


def validate_rows(rows: Sequence[Dict[str, str]], header: Optional[Sequence[str]] = None,
                  file_name: str = "") -> List[str]:
    """Return a list of problems ('' if none). Row numbers are 1-based data rows."""
    errors: List[str] = []
    if header is not None and list(header) != COLUMN_NAMES:
        missing = [c for c in COLUMN_NAMES if c not in header]
        extra = [c for c in header if c not in COLUMN_NAMES]
        errors.append("header differs from schema v%s (missing %s, extra %s, or order)"
                      % (SCHEMA_VERSION, missing, extra))
        return errors
    synthetic_file = "synthetic" in os.path.basename(file_name).lower()
    seen: Dict[Tuple[str, ...], int] = {}
    for i, row in enumerate(rows, start=1):
        where = "row %d" % i

        def bad(msg: str) -> None:
            errors.append("%s: %s" % (where, msg))

        if row.get("schema_version") != SCHEMA_VERSION:
            bad("schema_version must be %s" % SCHEMA_VERSION)
        for name, allowed in ALLOWED.items():
            v = row.get(name, "")
            if name == "mig_mode" and v == "":
                continue
            if v not in allowed:
                bad("%s=%r not in %s" % (name, v, allowed))
        for name in COLUMN_NAMES:
            v = row.get(name, "")
            if v == "":
                continue
            kind = KIND[name]
            if kind == "int" and not _is_int(v):
                bad("%s=%r is not an integer" % (name, v))
            elif kind == "float" and not _is_float(v):
                bad("%s=%r is not a number" % (name, v))
            elif kind == "flag" and v not in ("0", "1"):
                bad("%s=%r is not 0/1" % (name, v))
            elif kind == "json":
                try:
                    if not isinstance(json.loads(v), dict):
                        bad("%s is not a JSON object" % name)
                except ValueError:
                    bad("%s is not valid JSON" % name)
        for name in ("gpu_id", "model", "batch", "host", "timestamp_utc", "torch_version",
                     "model_config"):
            if row.get(name, "") == "":
                bad("%s is empty" % name)
        if _is_int(row.get("batch", "")) and int(row["batch"]) < 1:
            bad("batch must be >= 1")
        ts = row.get("timestamp_utc", "")
        if ts:
            try:
                datetime.strptime(ts, "%Y-%m-%dT%H:%M:%SZ")
            except ValueError:
                bad("timestamp_utc %r is not YYYY-MM-DDTHH:MM:SSZ" % ts)
        source, device, status = row.get("source"), row.get("device"), row.get("status")
        if device == "cpu" and source == "measured":
            bad("a cpu row cannot be source=measured (use dry-run)")
        if device == "cpu" and row.get("gpu_id") != "cpu":
            bad("a cpu row must have gpu_id=cpu")
        if synthetic_file and source != "synthetic":
            bad("a file named *synthetic* may hold only source=synthetic rows")
        if row.get("task") == "image-classification" and row.get("image_size", "") == "":
            bad("image model without image_size")
        if row.get("task") in ("encoder", "causal-lm") and row.get("seq_len", "") == "":
            bad("language model without seq_len")
        if row.get("mode") == "compile" and row.get("compile_mode", "") == "":
            bad("mode=compile without compile_mode")
        if row.get("sharing") == "mps":
            p = row.get("sharing_percent", "")
            if not (_is_int(p) and 1 <= int(p) <= 100):
                bad("sharing=mps needs sharing_percent in 1..100")
        elif row.get("sharing_percent", "") != "":
            bad("sharing_percent set without sharing=mps")
        if status == "ok":
            lat = {}
            for name in ("latency_ms_median", "latency_ms_p10", "latency_ms_p90", "latency_ms_mean"):
                v = row.get(name, "")
                if not _is_float(v) or float(v) <= 0:
                    bad("%s must be > 0 for status=ok" % name)
                else:
                    lat[name] = float(v)
            if len(lat) == 4 and not (lat["latency_ms_p10"] <= lat["latency_ms_median"]
                                      <= lat["latency_ms_p90"]):
                bad("latency p10 <= median <= p90 violated")
            runs = row.get("runs", "")
            if not _is_int(runs) or int(runs) < 1:
                bad("runs must be >= 1 for status=ok")
            if source == "measured":
                if _is_int(runs) and int(runs) < MIN_MEASURED_RUNS:
                    bad("measured rows need >= %d timed runs" % MIN_MEASURED_RUNS)
                if device == "cuda" and row.get("mem_peak_allocated_bytes", "") == "":
                    bad("measured cuda row without mem_peak_allocated_bytes")
            energy_cols = ("energy_loop_s", "energy_loop_runs", "energy_mj_per_run", "avg_power_w")
            present = [row.get(c, "") != "" for c in energy_cols]
            if any(present) and not all(present):
                bad("energy columns must be all set or all empty")
            if all(present) and _is_float(row["energy_mj_per_run"]):
                if float(row["energy_mj_per_run"]) <= 0:
                    bad("energy_mj_per_run must be > 0")
                if source == "measured" and _is_float(row["energy_loop_s"]) and \
                        float(row["energy_loop_s"]) < MIN_ENERGY_LOOP_S:
                    bad("measured energy loop shorter than %.1f s" % MIN_ENERGY_LOOP_S)
        elif status in ("oom", "error"):
            if row.get("latency_ms_median", "") != "":
                bad("status=%s row must not carry a latency" % status)
        key = row_key(row)
        if key in seen:
            bad("duplicate key %s (first at row %d)" % (dict(zip(KEY_COLUMNS, key)), seen[key]))
        else:
            seen[key] = i
    return errors


def read_csv(path: str) -> Tuple[List[str], List[Dict[str, str]]]:
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        header = list(reader.fieldnames or [])
        rows = [dict(r) for r in reader]
    return header, rows


def validate_file(path: str) -> List[str]:
    try:
        header, rows = read_csv(path)
    except (OSError, csv.Error, UnicodeDecodeError) as e:
        return ["cannot read: %s" % e]
    return validate_rows(rows, header, file_name=path)


def main(argv: Iterable[str]) -> int:
    paths = list(argv)
    if not paths:
        print("usage: schema.py FILE.csv [FILE.csv ...]", file=sys.stderr)
        return 2
    failed = False
    for p in paths:
        errs = validate_file(p)
        if errs:
            failed = True
            for e in errs:
                print("%s: %s" % (p, e))
        else:
            print("%s: ok" % p)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
