#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Infersight measurement harness: ground-truth inference latency, memory and energy on a GPU.

Commands (see tools/measure/README.md for the full plan):
  measure.py list [--json]                     the model registry
  measure.py run --out DIR [options]           measure (model x batch x precision x mode), resumable
  measure.py export-onnx --out DIR [...]       weight-stripped ONNX of each model (CPU)
  measure.py mps --out DIR --model NAME ...    latency under CUDA MPS active-thread percentages
  measure.py validate FILE.csv ...             check files against the CSV schema
  measure.py merge --into FILE.csv FILE.csv... merge result files (last row per key wins)

Only torch is required; torchvision, timm, transformers and nvidia-ml-py (pynvml) are imported when
needed, and a model whose library is missing is skipped with a message. `--device cpu` exercises the
whole pipeline without a GPU; its rows go to latency_cpu.csv, marked device=cpu and source=dry-run,
and are never evidence.
"""

from __future__ import annotations

import argparse
import copy
import csv
import gc
import json
import os
import platform
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

_T0 = time.monotonic()
_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

import registry  # noqa: E402
import schema  # noqa: E402
from registry import ModelSpec  # noqa: E402

HARNESS_VERSION = "1.1"  # 1.1: the fp32 master leaves the GPU while a half copy is measured
GPU_CSV = "latency.csv"
CPU_CSV = "latency_cpu.csv"
MPS_CSV = "mps.csv"

# Known device names -> ids used by the project (see shared/data/gpus/REFERENCE.md).
KNOWN_GPU_IDS = {
    "NVIDIA H100 80GB HBM3": "h100-sxm5-80gb",
    "NVIDIA H100 PCIe": "h100-pcie-80gb",
    "NVIDIA H200": "h200-sxm5-141gb",
    "NVIDIA A100-SXM4-80GB": "a100-sxm4-80gb",
    "NVIDIA A100-SXM4-40GB": "a100-sxm4-40gb",
    "NVIDIA A100 80GB PCIe": "a100-pcie-80gb",
    "NVIDIA A100-PCIE-40GB": "a100-pcie-40gb",
}


def log(msg: str) -> None:
    print("[measure %6.1fs] %s" % (time.monotonic() - _T0, msg), flush=True)


def _torch():
    import torch
    return torch


def library_versions() -> Dict[str, str]:
    out: Dict[str, str] = {}
    for mod in ("torchvision", "timm", "transformers", "pynvml", "onnx"):
        try:
            m = __import__(mod)
            out[mod] = str(getattr(m, "__version__", "present"))
        except Exception:  # noqa: BLE001 - optional libraries
            out[mod] = ""
    return out


def library_available(family: str) -> Tuple[bool, str]:
    try:
        __import__(family)
        return True, ""
    except Exception as e:  # noqa: BLE001
        return False, "%s not importable (%s)" % (family, type(e).__name__)


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "cpu"


def gpu_slug(name: str, mem_bytes: Optional[int]) -> str:
    if name in KNOWN_GPU_IDS:
        return KNOWN_GPU_IDS[name]
    s = re.sub(r"^nvidia\s+", "", name.strip().lower())
    s = re.sub(r"[^a-z0-9]+", "-", s).strip("-") or "gpu"
    if mem_bytes and not re.search(r"\d+gb", s):
        s += "-%dgb" % round(mem_bytes / 2 ** 30)
    return s


# --------------------------------------------------------------------------------------------
# NVML (read only: nothing here changes a GPU setting)

class Nvml:
    """Thin read-only NVML wrapper; every getter returns None where unsupported."""

    def __init__(self, torch_index: int = 0) -> None:
        self.ok = False
        self.reason = ""
        self.h = None
        try:
            import pynvml  # nvidia-ml-py
            self.nv = pynvml
            pynvml.nvmlInit()
        except Exception as e:  # noqa: BLE001
            self.reason = "NVML unavailable: %s" % e
            return
        try:
            torch = _torch()
            uuid = None
            try:
                uuid = str(torch.cuda.get_device_properties(torch_index).uuid)
            except Exception:  # noqa: BLE001
                uuid = None
            if uuid:
                try:
                    self.h = self.nv.nvmlDeviceGetHandleByUUID("GPU-" + uuid if not uuid.startswith(("GPU-", "MIG-")) else uuid)
                except Exception:  # noqa: BLE001
                    self.h = None
            if self.h is None:
                visible = os.environ.get("CUDA_VISIBLE_DEVICES", "")
                idx = torch_index
                if visible and visible.split(",")[0].strip().isdigit():
                    idx = int(visible.split(",")[torch_index].strip())
                self.h = self.nv.nvmlDeviceGetHandleByIndex(idx)
            self.ok = True
        except Exception as e:  # noqa: BLE001
            self.reason = "NVML device handle unavailable: %s" % e

    def _call(self, fn: str, *args: Any) -> Any:
        if not self.ok:
            return None
        try:
            return getattr(self.nv, fn)(self.h, *args)
        except Exception:  # noqa: BLE001
            return None

    def energy_mj(self) -> Optional[int]:
        return self._call("nvmlDeviceGetTotalEnergyConsumption")

    def mem_used(self) -> Optional[int]:
        info = self._call("nvmlDeviceGetMemoryInfo")
        return int(info.used) if info is not None else None

    def mem_total(self) -> Optional[int]:
        info = self._call("nvmlDeviceGetMemoryInfo")
        return int(info.total) if info is not None else None

    def sample(self) -> Dict[str, Any]:
        if not self.ok:
            return {}
        nv = self.nv
        reasons = self._call("nvmlDeviceGetCurrentClocksEventReasons")
        if reasons is None:
            reasons = self._call("nvmlDeviceGetCurrentClocksThrottleReasons")
        power = self._call("nvmlDeviceGetPowerUsage")
        return {
            "sm": self._call("nvmlDeviceGetClockInfo", nv.NVML_CLOCK_SM),
            "mem": self._call("nvmlDeviceGetClockInfo", nv.NVML_CLOCK_MEM),
            "power_w": power / 1000.0 if power is not None else None,
            "used": self.mem_used(),
            "reasons": reasons,
        }

    def temperature(self) -> Optional[int]:
        if not self.ok:
            return None
        return self._call("nvmlDeviceGetTemperature", self.nv.NVML_TEMPERATURE_GPU)

    def power_limit_w(self) -> Optional[float]:
        v = self._call("nvmlDeviceGetEnforcedPowerLimit")
        return v / 1000.0 if v is not None else None

    def driver(self) -> str:
        if not self.ok:
            return ""
        try:
            v = self.nv.nvmlSystemGetDriverVersion()
            return v.decode() if isinstance(v, bytes) else str(v)
        except Exception:  # noqa: BLE001
            return ""

    def name(self) -> str:
        v = self._call("nvmlDeviceGetName")
        if v is None:
            return ""
        return v.decode() if isinstance(v, bytes) else str(v)

    def mig_mode(self) -> str:
        if not self.ok:
            return "unknown"
        v = self._call("nvmlDeviceGetMigMode")
        if v is None:
            return "unsupported"
        current = v[0] if isinstance(v, (list, tuple)) else v
        return "enabled" if current == 1 else "disabled"


# --------------------------------------------------------------------------------------------
# Model building and inputs

def _hf_wrapper(model: Any, causal: bool) -> Any:
    torch = _torch()

    class HfForward(torch.nn.Module):
        """Returns one tensor (last_hidden_state or logits) so timing and ONNX export see a
        plain module: forward(input_ids), no attention mask, no KV cache."""

        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.model = inner

        def forward(self, input_ids: Any) -> Any:
            if causal:
                out = self.model(input_ids=input_ids, use_cache=False)
            else:
                out = self.model(input_ids=input_ids)
            return out[0]

    return HfForward(model)


def _build_on(spec: ModelSpec, hf_attn: str) -> Tuple[Any, Dict[str, Any]]:
    """Build on the current default device; return (module, extra config to record)."""
    extra: Dict[str, Any] = {}
    if spec.family == "torchvision":
        import torch
        import torchvision
        fn = getattr(torchvision.models, spec.builder)
        model = fn(**spec.kwargs)
        extra["torchvision_version"] = torchvision.__version__
        if any(isinstance(m, torch.nn.MultiheadAttention) for m in model.modules()):
            # In eval mode without grad, nn.MultiheadAttention runs torch's fused native kernel
            # (the "fast path") where the torch version has one; the ONNX export shows the
            # decomposed attention instead.
            extra["uses_nn_multihead_attention"] = True
        return model, extra
    if spec.family == "timm":
        import timm
        model = timm.create_model(spec.builder, **spec.kwargs)
        extra["timm_version"] = timm.__version__
        cfg = getattr(model, "pretrained_cfg", None) or getattr(model, "default_cfg", None) or {}
        if isinstance(cfg, dict) and "input_size" in cfg:
            extra["timm_default_input_size"] = list(cfg["input_size"])
        return model, extra
    if spec.family == "transformers":
        import transformers
        config = getattr(transformers, spec.builder)(**spec.kwargs)
        auto = transformers.AutoModelForCausalLM if spec.task == "causal-lm" else transformers.AutoModel
        try:
            inner = auto.from_config(config, attn_implementation=hf_attn)
        except (TypeError, ValueError, ImportError) as e:
            extra["attn_implementation_request_failed"] = str(e)[:200]
            inner = getattr(transformers, spec.model_class)(config)
        if type(inner).__name__ != spec.model_class:
            raise RuntimeError("built %s, expected %s" % (type(inner).__name__, spec.model_class))
        extra["transformers_version"] = transformers.__version__
        extra["model_class"] = type(inner).__name__
        extra["attn_implementation"] = getattr(inner.config, "_attn_implementation", None)
        try:
            extra["hf_config"] = inner.config.to_dict()
        except Exception:  # noqa: BLE001
            extra["hf_config"] = dict(spec.kwargs)
        return _hf_wrapper(inner, spec.task == "causal-lm"), extra
    raise ValueError("unknown family %s" % spec.family)


def build_model(spec: ModelSpec, device: Any, hf_attn: str = "sdpa",
                want_extra: bool = False) -> Any:
    """Build the registry model in fp32, eval mode, on `device` (initialised there when the torch
    version allows, which is much faster for large models). Deterministic (seed 0)."""
    torch = _torch()
    torch.manual_seed(0)
    model = None
    extra: Dict[str, Any] = {}
    if device.type != "cpu" and hasattr(torch.device, "__enter__"):
        try:
            with torch.device(device):
                model, extra = _build_on(spec, hf_attn)
        except ImportError:
            raise
        except Exception:  # noqa: BLE001 - initialising on the device is only an optimisation
            model = None
            gc.collect()
    if model is None:
        model, extra = _build_on(spec, hf_attn)
    model = model.float().to(device).eval()
    for p in model.parameters():
        p.requires_grad_(False)
    if want_extra:
        return model, extra
    return model


def example_input(spec: ModelSpec, batch: int, device: Any, dtype: Any) -> Any:
    torch = _torch()
    gen = torch.Generator(device=device)
    gen.manual_seed(1234)
    if spec.seq_len is not None:
        vocab = int(spec.kwargs.get("vocab_size", 1000))
        return torch.randint(0, vocab, (batch, spec.seq_len), device=device, generator=gen,
                             dtype=torch.long)
    x = torch.randn(batch, 3, spec.image_size, spec.image_size, device=device, generator=gen)
    return x.to(dtype)


def model_config_json(spec: ModelSpec, extra: Dict[str, Any], params: int) -> str:
    cfg = spec.config()
    cfg.update(extra)
    cfg["params"] = params
    return json.dumps(cfg, sort_keys=True, separators=(",", ":"), default=str)


# --------------------------------------------------------------------------------------------
# Precision

def _has_attr(obj: Any, name: str) -> bool:
    """hasattr that also survives torch.backends' __getattr__, which raises AssertionError."""
    try:
        getattr(obj, name)
        return True
    except (AttributeError, AssertionError, RuntimeError):
        return False


def set_tf32(enabled: bool) -> None:
    """Allow or forbid TF32 for matmul and cuDNN. Uses the fp32_precision API where the torch
    version has it (mixing it with the legacy flags is an error there), else the legacy flags."""
    torch = _torch()
    matmul = torch.backends.cuda.matmul
    if _has_attr(matmul, "fp32_precision"):
        try:
            value = "tf32" if enabled else "ieee"
            matmul.fp32_precision = value
            torch.backends.cudnn.conv.fp32_precision = value
            if hasattr(torch.backends.cudnn, "rnn"):
                torch.backends.cudnn.rnn.fp32_precision = value
            return
        except (AttributeError, RuntimeError, ValueError):
            pass
    matmul.allow_tf32 = enabled
    torch.backends.cudnn.allow_tf32 = enabled


def read_tf32() -> Tuple[int, int]:
    torch = _torch()
    matmul = torch.backends.cuda.matmul
    if _has_attr(matmul, "fp32_precision"):
        try:
            conv = torch.backends.cudnn.conv.fp32_precision
            return int(matmul.fp32_precision == "tf32"), int(conv == "tf32")
        except (AttributeError, RuntimeError):
            pass
    return int(bool(matmul.allow_tf32)), int(bool(torch.backends.cudnn.allow_tf32))


def configure_precision(precision: str, half_method: str = "cast") -> Tuple[Any, str]:
    """Set the global flags for `precision`; return (dtype of weights and float inputs, method).

    fp32: TF32 off (IEEE fp32 math) -> method 'ieee'
    tf32: fp32 storage, TF32 allowed in matmul and cuDNN -> 'tf32'
    bf16, fp16: TF32 off; the model and its float inputs are cast with .to(dtype) ('cast', the
    default: every op runs in that dtype, what the predictor models) or kept fp32 under
    torch.autocast ('autocast')."""
    torch = _torch()
    if precision not in registry.PRECISIONS:
        raise ValueError("unknown precision %s" % precision)
    set_tf32(precision == "tf32")
    if precision == "fp32":
        return torch.float32, "ieee"
    if precision == "tf32":
        return torch.float32, "tf32"
    dtype = torch.bfloat16 if precision == "bf16" else torch.float16
    if half_method not in ("cast", "autocast"):
        raise ValueError("half method must be cast or autocast")
    return dtype, half_method


# --------------------------------------------------------------------------------------------
# Timing

def percentile(values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    s = sorted(values)
    if not s:
        raise ValueError("no values")
    pos = (len(s) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def is_oom(exc: BaseException) -> bool:
    torch = _torch()
    oom_type = getattr(torch.cuda, "OutOfMemoryError", None)
    if oom_type is not None and isinstance(exc, oom_type):
        return True
    return "out of memory" in str(exc).lower()


def summarise_samples(samples: Sequence[Dict[str, Any]]) -> Dict[str, Any]:
    """Clocks (MHz), power (W), memory used (bytes) and clocks-event reasons sampled from NVML
    during a loop -> the CSV's summary columns (None values are ignored)."""
    res: Dict[str, Any] = {}

    def vals(k: str) -> List[float]:
        return [s[k] for s in samples if s.get(k) is not None]
    sm, mem, pw, used = vals("sm"), vals("mem"), vals("power_w"), vals("used")
    if sm:
        res["sm_clock_mhz_mean"] = sum(sm) / len(sm)
        res["sm_clock_mhz_min"] = min(sm)
        res["sm_clock_mhz_max"] = max(sm)
    if mem:
        res["mem_clock_mhz_mean"] = sum(mem) / len(mem)
    if pw:
        res["power_sampled_w_mean"] = sum(pw) / len(pw)
    if used:
        res["nvml_mem_used_bytes"] = int(max(used))
    reasons = [int(s["reasons"]) for s in samples if s.get("reasons") is not None]
    if reasons:
        acc = 0
        for r in reasons:
            acc |= r
        res["clocks_event_reasons"] = "0x%x" % acc
    return res


def time_forward(fwd: Callable[[], Any], device: Any, nvml: Optional[Nvml], min_runs: int,
                 warmup: int, warmup_s: float, loop_s: float) -> Dict[str, Any]:
    """Warm up, then run synchronised forward passes until at least `min_runs` ran and at least
    `loop_s` seconds passed. Each run is timed alone (CUDA events on a GPU, perf_counter on the
    CPU); the NVML energy counter is read before and after the whole loop; clocks, power, memory
    used are sampled between runs (never inside a timed run)."""
    torch = _torch()
    cuda = device.type == "cuda"
    sync = torch.cuda.synchronize if cuda else (lambda: None)
    res: Dict[str, Any] = {}
    if cuda:
        sync()
        torch.cuda.reset_peak_memory_stats(device)
        res["mem_before_bytes"] = torch.cuda.memory_allocated(device)
    n = 0
    t0 = time.perf_counter()
    while n < warmup or time.perf_counter() - t0 < warmup_s:
        fwd()
        sync()
        n += 1
    res["warmup_runs"] = n
    samples: List[Dict[str, Any]] = []
    have_nvml = cuda and nvml is not None and nvml.ok
    if have_nvml:
        res["temperature_c_start"] = nvml.temperature()
        samples.append(nvml.sample())
    lat: List[float] = []
    if cuda:
        start_ev = torch.cuda.Event(enable_timing=True)
        end_ev = torch.cuda.Event(enable_timing=True)
    sync()
    e0 = nvml.energy_mj() if have_nvml else None
    t_start = time.perf_counter()
    next_sample = t_start + 0.1
    while True:
        if cuda:
            start_ev.record()
            fwd()
            end_ev.record()
            end_ev.synchronize()
            lat.append(start_ev.elapsed_time(end_ev))
        else:
            t = time.perf_counter()
            fwd()
            lat.append((time.perf_counter() - t) * 1000.0)
        now = time.perf_counter()
        if have_nvml and now >= next_sample:
            samples.append(nvml.sample())
            next_sample = now + 0.1
        if len(lat) >= min_runs and now - t_start >= loop_s:
            break
    sync()
    t_end = time.perf_counter()
    e1 = nvml.energy_mj() if have_nvml else None
    if have_nvml:
        samples.append(nvml.sample())
        res["temperature_c_end"] = nvml.temperature()
    res["runs"] = len(lat)
    res["latency_ms_median"] = percentile(lat, 0.5)
    res["latency_ms_p10"] = percentile(lat, 0.1)
    res["latency_ms_p90"] = percentile(lat, 0.9)
    res["latency_ms_mean"] = sum(lat) / len(lat)
    res["latency_ms_min"] = min(lat)
    res["latency_ms_max"] = max(lat)
    wall = t_end - t_start
    if e0 is not None and e1 is not None and e1 > e0:
        res["energy_loop_s"] = wall
        res["energy_loop_runs"] = len(lat)
        res["energy_mj_per_run"] = (e1 - e0) / len(lat)
        res["avg_power_w"] = (e1 - e0) / 1000.0 / wall
    res.update(summarise_samples(samples))
    if cuda:
        res["mem_peak_allocated_bytes"] = torch.cuda.max_memory_allocated(device)
        res["mem_peak_reserved_bytes"] = torch.cuda.max_memory_reserved(device)
    return res


# --------------------------------------------------------------------------------------------
# CSV with resume

def _fmt(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, float):
        return "%.6g" % v if abs(v) < 1e6 else "%.1f" % v
    return str(v)


class ResultFile:
    """Append-only CSV with the schema's header; each row is flushed and fsynced at once."""

    def __init__(self, path: str, retry_failed: bool = False) -> None:
        self.path = path
        self.done: Dict[Tuple[str, ...], str] = {}
        if os.path.exists(path) and os.path.getsize(path) > 0:
            header, rows = schema.read_csv(path)
            if header != schema.COLUMN_NAMES:
                raise SystemExit("%s: header differs from schema v%s; write to a new --out"
                                 % (path, schema.SCHEMA_VERSION))
            if retry_failed and any(r["status"] != "ok" for r in rows):
                kept = [r for r in rows if r["status"] == "ok"]
                self._rewrite(kept)
                log("%s: dropped %d failed rows to retry them" % (path, len(rows) - len(kept)))
                rows = kept
            for r in rows:
                self.done[schema.row_key(r)] = r["status"]

    def _rewrite(self, rows: List[Dict[str, str]]) -> None:
        tmp = self.path + ".tmp"
        with open(tmp, "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=schema.COLUMN_NAMES)
            w.writeheader()
            w.writerows(rows)
        os.replace(tmp, self.path)

    def has(self, key: Tuple[str, ...]) -> bool:
        return key in self.done

    def append(self, row: Dict[str, Any]) -> None:
        out = {c: _fmt(row.get(c)) for c in schema.COLUMN_NAMES}
        new = not os.path.exists(self.path) or os.path.getsize(self.path) == 0
        os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
        with open(self.path, "a", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=schema.COLUMN_NAMES)
            if new:
                w.writeheader()
            w.writerow(out)
            f.flush()
            os.fsync(f.fileno())
        self.done[schema.row_key(out)] = out["status"]


# --------------------------------------------------------------------------------------------
# The run command

class Environment:
    """What is recorded about the machine in every row."""

    def __init__(self, device: Any, gpu_id: Optional[str]) -> None:
        torch = _torch()
        self.device = device
        self.nvml: Optional[Nvml] = None
        base: Dict[str, Any] = {
            "schema_version": schema.SCHEMA_VERSION,
            "device": device.type,
            "torch_version": torch.__version__,
            "library_versions": json.dumps(library_versions(), sort_keys=True),
            "python_version": platform.python_version(),
            "host": socket.gethostname(),
            "harness_version": HARNESS_VERSION,
            "cudnn_benchmark": int(bool(torch.backends.cudnn.benchmark)),
        }
        if device.type == "cuda":
            torch.cuda.init()
            props = torch.cuda.get_device_properties(device)
            self.nvml = Nvml(device.index or 0)
            if not self.nvml.ok:
                log("warning: %s; energy, clocks and NVML memory will be empty" % self.nvml.reason)
            base.update(
                source="measured",
                gpu_name=props.name,
                sm_count=props.multi_processor_count,
                gpu_memory_bytes=props.total_memory,
                mig_mode=self.nvml.mig_mode(),
                driver_version=self.nvml.driver(),
                cuda_version=torch.version.cuda or "",
                cudnn_version=str(torch.backends.cudnn.version() or ""),
                power_limit_w=self.nvml.power_limit_w(),
            )
            base["gpu_id"] = gpu_id or gpu_slug(props.name, props.total_memory)
            base["nvml_mem_used_baseline_bytes"] = self.nvml.mem_used()
        else:
            base.update(source="dry-run", gpu_id="cpu", gpu_name=cpu_name(),
                        sm_count=os.cpu_count(), mig_mode="unsupported",
                        cuda_version="", cudnn_version="", driver_version="")
        self.base = base


def _key(env: Environment, spec: ModelSpec, batch: int, precision: str, mode: str,
         sharing: str, sharing_percent: Optional[int]) -> Tuple[str, ...]:
    return schema.row_key({"gpu_id": env.base["gpu_id"], "model": spec.name, "batch": str(batch),
                           "precision": precision, "mode": mode, "sharing": sharing,
                           "sharing_percent": "" if sharing_percent is None else str(sharing_percent)})


def _cleanup(device: Any) -> None:
    gc.collect()
    if device.type == "cuda":
        torch = _torch()
        torch.cuda.synchronize()
        torch.cuda.empty_cache()


def measure_row(env: Environment, spec: ModelSpec, model: Any, extra: Dict[str, Any], params: int,
                batch: int, precision: str, dtype: Any, method: str, mode: str, args: Any) -> Dict[str, Any]:
    torch = _torch()
    device = env.device
    row: Dict[str, Any] = dict(env.base)
    tf32_m, tf32_c = read_tf32()
    row.update(model=spec.name, family=spec.family, task=spec.task, batch=batch,
               seq_len=spec.seq_len, image_size=spec.image_size, precision=precision,
               precision_method=method, mode=mode,
               compile_mode=args.compile_mode if mode == "compile" else "",
               sharing=args.sharing, sharing_percent=args.sharing_percent,
               params=params,
               weights_bytes=sum(p.numel() * p.element_size() for p in model.parameters())
               + sum(b.numel() * b.element_size() for b in model.buffers()),
               tf32_matmul=tf32_m, tf32_cudnn=tf32_c,
               model_config=model_config_json(spec, extra, params))
    if env.nvml is not None and env.nvml.ok:
        row["power_limit_w"] = env.nvml.power_limit_w()
    x = None
    runner = None
    message = ""
    status = "ok"
    try:
        x = example_input(spec, batch, device, dtype if method == "cast" else torch.float32)
        runner = model
        grad_ctx = torch.inference_mode
        if mode == "compile":
            import torch._dynamo
            torch._dynamo.reset()
            runner = torch.compile(model, mode=args.compile_mode, dynamic=False)
            grad_ctx = torch.no_grad
        if method == "autocast":
            def fwd() -> Any:
                with torch.autocast(device_type=device.type, dtype=dtype):
                    return runner(x)
        else:
            def fwd() -> Any:
                return runner(x)
        with grad_ctx():
            if mode == "compile":
                t = time.perf_counter()
                fwd()
                if device.type == "cuda":
                    torch.cuda.synchronize()
                row["compile_s"] = time.perf_counter() - t
            res = time_forward(fwd, device, env.nvml, args.min_runs, args.warmup,
                               args.warmup_seconds, args.energy_seconds)
        row.update(res)
        row["throughput_per_s"] = batch / (res["latency_ms_median"] / 1000.0)
    except Exception as e:  # noqa: BLE001 - one row's failure is recorded, the run goes on
        status = "oom" if is_oom(e) else "error"
        message = " ".join(str(e).split())[:300] or type(e).__name__
    x = None
    runner = None
    fwd = None  # type: ignore[assignment]
    if status != "ok":
        for k in list(row):
            if k.startswith(("latency_", "energy_", "mem_", "throughput", "sm_clock", "mem_clock",
                             "power_sampled", "temperature_", "clocks_event", "runs",
                             "warmup_runs", "nvml_mem_used_bytes", "avg_power")):
                row[k] = None
        row["error"] = message
        _cleanup(device)
    if mode == "compile":
        try:
            import torch._dynamo
            torch._dynamo.reset()
        except Exception:  # noqa: BLE001
            pass
    row["status"] = status
    row["timestamp_utc"] = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return row


def _parse_list(s: str, conv: Callable[[str], Any] = str) -> List[Any]:
    return [conv(t.strip()) for t in s.split(",") if t.strip()]


def cmd_run(args: Any) -> int:
    torch = _torch()
    if args.device == "cuda" and not torch.cuda.is_available():
        log("no CUDA device visible; use --device cpu for a dry run")
        return 2
    device = torch.device(args.device if args.device == "cpu" else "cuda:0")
    torch.backends.cudnn.benchmark = bool(args.cudnn_benchmark)
    precisions = _parse_list(args.precisions)
    for p in precisions:
        if p not in registry.PRECISIONS:
            log("unknown precision %s" % p)
            return 2
    modes = ["eager", "compile"] if args.mode == "both" else [args.mode]
    if "compile" in modes and not hasattr(torch, "compile"):
        log("torch %s has no torch.compile: compile rows skipped (none written)" % torch.__version__)
        modes = [m for m in modes if m != "compile"]
    env = Environment(device, args.gpu_id)
    name = args.csv_name or (CPU_CSV if device.type == "cpu" else GPU_CSV)
    if device.type == "cpu" and name == GPU_CSV:
        log("cpu dry-run rows never go to %s" % GPU_CSV)
        return 2
    out_path = os.path.join(args.out, name)
    if args.seed_dir:
        seed = os.path.join(args.seed_dir, env.base["gpu_id"], name)
        if os.path.exists(seed) and not os.path.exists(out_path):
            os.makedirs(args.out, exist_ok=True)
            shutil.copyfile(seed, out_path)
            log("seeded %s from %s (its rows are kept and skipped)" % (out_path, seed))
        elif not os.path.exists(seed):
            log("no earlier results at %s: starting a new table" % seed)
    out = ResultFile(out_path, retry_failed=args.retry_failed)
    log("device %s (%s), gpu_id %s, torch %s, writing %s (%d rows present)"
        % (env.base["gpu_name"], device, env.base["gpu_id"], torch.__version__, out.path, len(out.done)))

    jobs: List[Tuple[str, List[ModelSpec], List[int]]] = []
    for mode in modes:
        if mode == "eager":
            jobs.append((mode, registry.select(args.models), _parse_list(args.batches, int)))
        else:
            specs = registry.select(args.compile_models or args.models or "compile",
                                    compile_only=not (args.compile_models or args.models))
            jobs.append((mode, specs, _parse_list(args.compile_batches, int)))

    budget = args.time_budget_s
    written = skipped_lib = 0
    last_compile_s = 60.0

    def remaining() -> float:
        return float("inf") if budget is None else budget - (time.monotonic() - _T0)

    stop = False
    for mode, specs, batches in jobs:
        if stop:
            break
        for spec in specs:
            if stop:
                break
            ok, why = library_available(spec.family)
            if not ok:
                log("skip %s: %s" % (spec.name, why))
                skipped_lib += 1
                continue
            pending = [(p, b) for p in precisions for b in batches
                       if not out.has(_key(env, spec, b, p, mode, args.sharing, args.sharing_percent))]
            if not pending:
                continue
            if remaining() < 5.0 + args.energy_seconds + args.warmup_seconds:
                log("time budget: stopping before %s" % spec.name)
                stop = True
                break
            try:
                t = time.monotonic()
                master, extra = build_model(spec, device, args.hf_attn, want_extra=True)
                params = sum(p.numel() for p in master.parameters())
                log("built %s (%.1f M params) in %.1fs" % (spec.name, params / 1e6, time.monotonic() - t))
            except Exception as e:  # noqa: BLE001
                msg = " ".join(str(e).split())[:300] or type(e).__name__
                log("build of %s failed: %s" % (spec.name, msg))
                _cleanup(device)
                continue
            for precision in precisions:
                if stop:
                    break
                todo = [b for (p, b) in pending if p == precision]
                if not todo:
                    continue
                dtype, method = configure_precision(precision, args.half_method)
                try:
                    model = master if (method != "cast" or dtype == torch.float32) \
                        else copy.deepcopy(master).to(dtype)
                    if model is not master and device.type == "cuda":
                        # The half copy's rows measure its memory alone (harness 1.0 kept the fp32
                        # master on the device: its bytes were in those rows' allocator and NVML readings).
                        master.to("cpu")
                        _cleanup(device)
                except Exception as e:  # noqa: BLE001
                    log("cast of %s to %s failed: %s" % (spec.name, precision, e))
                    master.to(device)
                    _cleanup(device)
                    continue
                oom_batch: Optional[int] = None
                prev: Optional[Tuple[int, float]] = None
                for batch in sorted(todo):
                    if oom_batch is not None and batch > oom_batch:
                        log("skip %s %s b%d: batch %d was out of memory (no row written)"
                            % (spec.name, precision, batch, oom_batch))
                        continue
                    est = args.warmup_seconds + args.energy_seconds + 1.0
                    if prev is not None:
                        per = prev[1] * batch / prev[0] / 1000.0
                        est = max(est, (args.min_runs + args.warmup) * per + args.warmup_seconds + 1.0)
                    if mode == "compile":
                        est += last_compile_s * 1.2
                    if remaining() < est:
                        log("time budget: %.0fs left, next row needs ~%.0fs; stopping"
                            % (remaining(), est))
                        stop = True
                        break
                    row = measure_row(env, spec, model, extra, params, batch, precision, dtype,
                                      method, mode, args)
                    out.append(row)
                    written += 1
                    if row["status"] == "ok":
                        prev = (batch, float(row["latency_ms_median"]))
                        if row.get("compile_s"):
                            last_compile_s = float(row["compile_s"])
                        log("%s %s %s b%d: median %.3f ms (p10 %.3f, p90 %.3f, %d runs)%s%s"
                            % (spec.name, mode, precision, batch, row["latency_ms_median"],
                               row["latency_ms_p10"], row["latency_ms_p90"], row["runs"],
                               (", %.1f mJ/run, %.0f W" % (row["energy_mj_per_run"], row["avg_power_w"]))
                               if row.get("energy_mj_per_run") is not None else "",
                               (", peak %.0f MiB" % (row["mem_peak_allocated_bytes"] / 2 ** 20))
                               if row.get("mem_peak_allocated_bytes") else ""))
                    else:
                        log("%s %s %s b%d: %s %s" % (spec.name, mode, precision, batch,
                                                     row["status"], row["error"]))
                        if row["status"] == "oom":
                            oom_batch = batch
                if model is not master:
                    del model
                    master.to(device)
                _cleanup(device)
            del master
            _cleanup(device)
    log("done: %d rows written to %s%s" % (written, out.path,
                                           (", %d models skipped (library missing)" % skipped_lib) if skipped_lib else ""))
    return 0


# --------------------------------------------------------------------------------------------
# Other commands

def cmd_list(args: Any) -> int:
    if args.json:
        print(json.dumps([m.config() | {"compile_subset": m.compile_subset} for m in registry.REGISTRY],
                         indent=1))
        return 0
    print("%-24s %-12s %-20s %-8s %-7s %s" % ("model", "family", "task", "input", "compile", "library"))
    for m in registry.REGISTRY:
        inp = ("%dpx" % m.image_size) if m.image_size else ("s%d" % m.seq_len)
        ok, _ = library_available(m.family)
        print("%-24s %-12s %-20s %-8s %-7s %s" % (m.name, m.family, m.task, inp,
                                                  "yes" if m.compile_subset else "",
                                                  "present" if ok else "MISSING"))
    print("%d models" % len(registry.REGISTRY))
    return 0


def cmd_export(args: Any) -> int:
    import onnx_export
    try:
        import onnx  # noqa: F401
    except ImportError:
        log("onnx is not installed: cannot export")
        return 2
    torch = _torch()
    specs = []
    for spec in registry.select(args.models):
        ok, why = library_available(spec.family)
        if ok:
            specs.append(spec)
        else:
            log("skip %s: %s" % (spec.name, why))
    if args.threads:
        torch.set_num_threads(args.threads)

    def build(spec: ModelSpec, device: Any) -> Any:
        return build_model(spec, device, args.hf_attn)

    index = onnx_export.export_all(specs, build, example_input, args.out, force=args.force,
                                   time_budget_s=None if args.time_budget_s is None
                                   else args.time_budget_s - (time.monotonic() - _T0), log=log)
    if args.bundle:
        files = [os.path.join(args.out, r["file"]) for r in index.values()
                 if r.get("status") == "ok" and os.path.exists(os.path.join(args.out, r["file"]))]
        files.append(os.path.join(args.out, "index.csv"))
        os.makedirs(os.path.dirname(os.path.abspath(args.bundle)) or ".", exist_ok=True)
        parts = onnx_export.bundle(files, args.bundle)
        for p in parts:
            size = os.path.getsize(p)
            log("bundle %s: %d bytes%s" % (p, size, "  (OVER 16 MB!)" if size >= onnx_export.MAX_FILE_BYTES else ""))
    bad = [r for r in index.values() if r.get("status") != "ok"]
    return 1 if bad else 0


def _mps_env(pipe_dir: str, log_dir: str) -> Dict[str, str]:
    env = dict(os.environ)
    env["CUDA_MPS_PIPE_DIRECTORY"] = pipe_dir
    env["CUDA_MPS_LOG_DIRECTORY"] = log_dir
    return env


def cmd_mps(args: Any) -> int:
    """Latency of one model at several MPS active-thread percentages. Starts a private MPS control
    daemon (own pipe and log directories, current user); changes no GPU setting (no compute-mode,
    MIG, clock or persistence change) and stops the daemon afterwards."""
    os.makedirs(args.out, exist_ok=True)
    status_path = os.path.join(args.out, "mps_status.txt")

    def report(text: str) -> None:
        log(text)
        with open(status_path, "a", encoding="utf-8") as f:
            f.write(text + "\n")

    control = shutil.which("nvidia-cuda-mps-control")
    if control is None:
        report("MPS unavailable: nvidia-cuda-mps-control not found on PATH")
        return 0
    percents = _parse_list(args.percent, int)
    me = [sys.executable, os.path.abspath(__file__), "run", "--out", args.out, "--csv-name", MPS_CSV,
          "--models", args.model, "--batches", str(args.batch), "--precisions", args.precision,
          "--mode", "eager", "--min-runs", str(args.min_runs), "--energy-seconds", str(args.energy_seconds)]
    if args.gpu_id:
        me += ["--gpu-id", args.gpu_id]
    if args.seed_dir:
        me += ["--seed-dir", args.seed_dir]
    # Reference without MPS, same process setup.
    r = subprocess.run(me + ["--sharing", "none"], timeout=args.worker_timeout_s)
    if r.returncode != 0:
        report("reference run without MPS failed (rc %d)" % r.returncode)
    pipe_dir = tempfile.mkdtemp(prefix="infersight-mps-pipe-")
    log_dir = tempfile.mkdtemp(prefix="infersight-mps-log-")
    env = _mps_env(pipe_dir, log_dir)
    started = False
    try:
        r = subprocess.run([control, "-d"], env=env, timeout=30)
        if r.returncode != 0:
            report("MPS unavailable: nvidia-cuda-mps-control -d returned %d" % r.returncode)
            return 0
        started = True
        time.sleep(1.0)
        for pct in percents:
            wenv = dict(env)
            wenv["CUDA_MPS_ACTIVE_THREAD_PERCENTAGE"] = str(pct)
            r = subprocess.run(me + ["--sharing", "mps", "--sharing-percent", str(pct)], env=wenv,
                               timeout=args.worker_timeout_s)
            q = subprocess.run([control], input="get_server_list\n", env=env, capture_output=True,
                               text=True, timeout=10)
            server = q.stdout.strip()
            report("MPS %d%%: worker rc %d, MPS server list after run: %r" % (pct, r.returncode, server))
            if r.returncode != 0:
                report("MPS unavailable or failing at %d%% (see the worker output above)" % pct)
                break
    except subprocess.TimeoutExpired as e:
        report("MPS run timed out: %s" % e)
    finally:
        if started:
            try:
                subprocess.run([control], input="quit\n", env=env, text=True, timeout=30)
            except Exception as e:  # noqa: BLE001
                report("could not stop the MPS daemon: %s" % e)
        try:
            logs = sorted(os.listdir(log_dir))
            for name in logs:
                with open(os.path.join(log_dir, name), encoding="utf-8", errors="replace") as f:
                    tail = f.read()[-2000:]
                with open(status_path, "a", encoding="utf-8") as f:
                    f.write("--- MPS log %s (tail) ---\n%s\n" % (name, tail))
        except OSError:
            pass
        shutil.rmtree(pipe_dir, ignore_errors=True)
        shutil.rmtree(log_dir, ignore_errors=True)
    return 0


def cmd_validate(args: Any) -> int:
    return schema.main(args.files)


def cmd_merge(args: Any) -> int:
    merged: Dict[Tuple[str, ...], Dict[str, str]] = {}
    order: List[Tuple[str, ...]] = []
    sources = ([args.into] if os.path.exists(args.into) else []) + list(args.files)
    for path in sources:
        header, rows = schema.read_csv(path)
        if header != schema.COLUMN_NAMES:
            log("%s: header differs from schema, not merged" % path)
            return 1
        for r in rows:
            k = schema.row_key(r)
            if k not in merged:
                order.append(k)
            merged[k] = r
    rows = [merged[k] for k in order]
    errs = schema.validate_rows(rows, schema.COLUMN_NAMES, file_name=args.into)
    if errs:
        for e in errs[:20]:
            log("merge result invalid: %s" % e)
        return 1
    os.makedirs(os.path.dirname(os.path.abspath(args.into)), exist_ok=True)
    tmp = args.into + ".tmp"
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=schema.COLUMN_NAMES)
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, args.into)
    log("merged %d rows into %s" % (len(rows), args.into))
    return 0


def make_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="measure.py", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)

    pl = sub.add_parser("list", help="print the model registry")
    pl.add_argument("--json", action="store_true", help="full static configs as JSON")
    pl.set_defaults(func=cmd_list)

    def add_common(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--out", required=True, help="output directory")
        sp.add_argument("--gpu-id", default=None, help="GPU id for the rows (default: from the device name)")
        sp.add_argument("--min-runs", type=int, default=20, help="timed runs at least (default 20)")
        sp.add_argument("--energy-seconds", type=float, default=2.0,
                        help="the timed loop lasts at least this long; energy is read over it (default 2)")
        sp.add_argument("--seed-dir", default=None,
                        help="results folder (e.g. data/measured): if OUT has no results file yet, "
                             "start from SEED_DIR/<gpu-id>/<file> so finished rows are skipped")

    pr = sub.add_parser("run", help="measure latency, memory, energy (resumable)")
    add_common(pr)
    pr.add_argument("--models", default=None,
                    help="'all' (default), 'compile', a family, or a comma list of registry names")
    pr.add_argument("--batches", default=",".join(map(str, registry.DEFAULT_BATCHES)))
    pr.add_argument("--precisions", default=",".join(registry.PRECISIONS))
    pr.add_argument("--mode", choices=["eager", "compile", "both"], default="eager")
    pr.add_argument("--compile-models", default=None,
                    help="models for mode=compile (default: the registry's compile subset)")
    pr.add_argument("--compile-batches", default=",".join(map(str, registry.DEFAULT_COMPILE_BATCHES)))
    pr.add_argument("--compile-mode", default="default", help="torch.compile mode (default 'default')")
    pr.add_argument("--half-method", choices=["cast", "autocast"], default="cast",
                    help="bf16/fp16: cast model and inputs (default) or autocast")
    pr.add_argument("--hf-attn", default="sdpa", help="transformers attn_implementation (default sdpa)")
    pr.add_argument("--warmup", type=int, default=5, help="warm-up runs at least (default 5)")
    pr.add_argument("--warmup-seconds", type=float, default=0.2, help="warm-up at least this long")
    pr.add_argument("--device", choices=["cuda", "cpu"], default="cuda")
    pr.add_argument("--time-budget-s", type=float, default=None,
                    help="stop cleanly before a row would end past this many seconds from start")
    pr.add_argument("--cudnn-benchmark", action="store_true", help="torch.backends.cudnn.benchmark=True")
    pr.add_argument("--retry-failed", action="store_true", help="re-measure oom/error rows")
    pr.add_argument("--csv-name", default=None, help=argparse.SUPPRESS)
    pr.add_argument("--sharing", choices=["none", "mps"], default="none", help=argparse.SUPPRESS)
    pr.add_argument("--sharing-percent", type=int, default=None, help=argparse.SUPPRESS)
    pr.set_defaults(func=cmd_run)

    pe = sub.add_parser("export-onnx", help="weight-stripped ONNX export on the CPU (resumable)")
    pe.add_argument("--out", required=True, help="directory for <model>.onnx and index.csv")
    pe.add_argument("--models", default=None)
    pe.add_argument("--bundle", default=None,
                    help="also pack the files into PREFIX-1.tar.gz ... (each < 16 MB)")
    pe.add_argument("--force", action="store_true", help="export again even if present")
    pe.add_argument("--hf-attn", default="sdpa")
    pe.add_argument("--threads", type=int, default=0, help="torch CPU threads (0: torch default)")
    pe.add_argument("--time-budget-s", type=float, default=None)
    pe.set_defaults(func=cmd_export)

    pm = sub.add_parser("mps", help="latency under CUDA MPS active-thread percentages")
    add_common(pm)
    pm.add_argument("--model", required=True)
    pm.add_argument("--batch", type=int, default=8)
    pm.add_argument("--precision", default="bf16")
    pm.add_argument("--percent", default="25,50,75,100")
    pm.add_argument("--worker-timeout-s", type=float, default=120)
    pm.set_defaults(func=cmd_mps)

    pv = sub.add_parser("validate", help="check CSV files against the schema")
    pv.add_argument("files", nargs="+")
    pv.set_defaults(func=cmd_validate)

    pg = sub.add_parser("merge", help="merge result CSVs (the last row of a key wins)")
    pg.add_argument("--into", required=True)
    pg.add_argument("files", nargs="+")
    pg.set_defaults(func=cmd_merge)
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = make_parser().parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
