# SPDX-License-Identifier: MIT
"""ONNX export of measured models with their weights stripped.

Each registry model is exported on the CPU in fp32 with a dynamic batch axis. Afterwards every
floating-point tensor with more than STRIP_MIN_ELEMENTS elements (graph initializers and the value
of Constant nodes, in subgraphs too) loses its data: dims and data type stay, the data fields are
cleared, and its doc_string says 'infersight:stripped'. The model carries the metadata entry
'infersight.weights_stripped' = 'true'. Such a file loads with onnx.load and keeps every shape, so
the predictor can rebuild exactly what was measured; onnx.checker rejects it (no data), which is
intended: it cannot be run.
"""

from __future__ import annotations

import csv
import gzip
import inspect
import json
import os
import re
import shutil
import tarfile
import tempfile
import time
import warnings
from typing import Any, Dict, Iterable, List, Optional, Tuple

STRIP_MIN_ELEMENTS = 64          # strip float tensors with more elements than this
STRIP_ANY_MIN_ELEMENTS = 1 << 20  # strip non-float tensors only when huge (keeps index/shape data)
MAX_FILE_BYTES = 16 * 1000 * 1000  # what may travel back from the device machine, per file
STRIPPED_MARK = "infersight:stripped"

INDEX_COLUMNS = ["model", "file", "bytes", "exporter", "opset", "torch_version", "onnx_version",
                 "inputs", "dynamic_axes", "output_dim0", "stripped_tensors", "stripped_elements",
                 "status", "error"]


def _float_types() -> Tuple[int, ...]:
    import onnx
    tp = onnx.TensorProto
    names = ["FLOAT", "FLOAT16", "DOUBLE", "BFLOAT16"]
    for extra in ("FLOAT8E4M3FN", "FLOAT8E4M3FNUZ", "FLOAT8E5M2", "FLOAT8E5M2FNUZ"):
        if hasattr(tp, extra):
            names.append(extra)
    return tuple(getattr(tp, n) for n in names)


def _numel(tensor: Any) -> int:
    n = 1
    for d in tensor.dims:
        n *= int(d)
    return n


def _clear_tensor(tensor: Any) -> None:
    import onnx
    for fld in ("raw_data", "float_data", "int32_data", "int64_data", "double_data",
                "uint64_data", "string_data"):
        tensor.ClearField(fld)
    del tensor.external_data[:]
    tensor.data_location = onnx.TensorProto.DEFAULT
    tensor.doc_string = STRIPPED_MARK


def _strip_tensor(tensor: Any, float_types: Tuple[int, ...]) -> int:
    """Strip one TensorProto if it qualifies; return the number of elements stripped."""
    n = _numel(tensor)
    is_float = tensor.data_type in float_types
    if (is_float and n > STRIP_MIN_ELEMENTS) or n > STRIP_ANY_MIN_ELEMENTS:
        _clear_tensor(tensor)
        return n
    return 0


def _strip_graph(graph: Any, float_types: Tuple[int, ...], stats: Dict[str, int]) -> None:
    import onnx
    for init in graph.initializer:
        n = _strip_tensor(init, float_types)
        if n:
            stats["tensors"] += 1
            stats["elements"] += n
    for sparse in getattr(graph, "sparse_initializer", []):
        for t in (sparse.values,):
            n = _strip_tensor(t, float_types)
            if n:
                stats["tensors"] += 1
                stats["elements"] += n
    for node in graph.node:
        for attr in node.attribute:
            if attr.type == onnx.AttributeProto.TENSOR:
                n = _strip_tensor(attr.t, float_types)
                if n:
                    stats["tensors"] += 1
                    stats["elements"] += n
            elif attr.type == onnx.AttributeProto.TENSORS:
                for t in attr.tensors:
                    n = _strip_tensor(t, float_types)
                    if n:
                        stats["tensors"] += 1
                        stats["elements"] += n
            elif attr.type == onnx.AttributeProto.GRAPH:
                _strip_graph(attr.g, float_types, stats)
            elif attr.type == onnx.AttributeProto.GRAPHS:
                for g in attr.graphs:
                    _strip_graph(g, float_types, stats)


def strip_model(model: Any) -> Dict[str, int]:
    """Strip the weights of an in-memory onnx.ModelProto (in place)."""
    float_types = _float_types()
    stats = {"tensors": 0, "elements": 0}
    _strip_graph(model.graph, float_types, stats)
    for fn in getattr(model, "functions", []):
        for node in fn.node:
            for attr in node.attribute:
                import onnx
                if attr.type == onnx.AttributeProto.TENSOR:
                    n = _strip_tensor(attr.t, float_types)
                    if n:
                        stats["tensors"] += 1
                        stats["elements"] += n
    kept = [p for p in model.metadata_props if p.key != "infersight.weights_stripped"]
    del model.metadata_props[:]
    model.metadata_props.extend(kept)
    entry = model.metadata_props.add()
    entry.key = "infersight.weights_stripped"
    entry.value = "true"
    return stats


def strip_file(src: str, dst: str, metadata: Optional[Dict[str, str]] = None) -> Dict[str, Any]:
    """Load an exported model (ignoring any external-data files), strip it, add metadata, save one
    file. Returns the strip counts and the first output's leading dimension (symbolic name or size)."""
    import onnx
    model = onnx.load(src, load_external_data=False)
    stats: Dict[str, Any] = dict(strip_model(model))
    for key, value in (metadata or {}).items():
        entry = model.metadata_props.add()
        entry.key = key
        entry.value = value
    onnx.save(model, dst)
    dim0 = ""
    if model.graph.output:
        dims = model.graph.output[0].type.tensor_type.shape.dim
        if dims:
            dim0 = dims[0].dim_param or str(dims[0].dim_value)
    stats["output_dim0"] = dim0
    return stats


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return (text.splitlines()[0][:200] if text else type(e).__name__)


def _export_kwargs_supported(fn: Any) -> set:
    try:
        return set(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        return set()


def export_module(module: Any, example: Tuple[Any, ...], input_names: List[str],
                  output_names: List[str], dynamic_axes: Dict[str, Dict[int, str]],
                  path: str, opsets: Iterable[int] = (17, 16, 15, 14, 13)) -> Tuple[str, int]:
    """Export to `path` (external data allowed next to it). Tries the TorchScript-based exporter
    with the newest opset the torch version accepts, then the dynamo exporter. Returns
    (exporter, opset)."""
    import torch
    params = _export_kwargs_supported(torch.onnx.export)
    errors: List[str] = []
    for opset in opsets:
        kwargs: Dict[str, Any] = dict(input_names=input_names, output_names=output_names,
                                      dynamic_axes=dynamic_axes, opset_version=opset,
                                      do_constant_folding=True)
        if "dynamo" in params:
            kwargs["dynamo"] = False
        try:
            torch.onnx.export(module, example, path, **kwargs)
            return "torchscript", opset
        except Exception as e:  # noqa: BLE001 - any exporter failure falls through to the next try
            errors.append("torchscript opset %d: %s" % (opset, _first_line(e)))
            if not re.search(r"unsupported onnx opset|opset_version.*(not supported|must be)|"
                             r"opset version \d+ is not supported", str(e), re.IGNORECASE) \
                    or "operator" in str(e).lower():
                break  # not a problem of the opset number itself: a lower one will not help
    if "dynamo" in params:
        for opset in (18, 20):
            try:
                kw: Dict[str, Any] = dict(input_names=input_names, output_names=output_names,
                                          dynamic_axes=dynamic_axes, opset_version=opset, dynamo=True)
                if "external_data" in params:
                    kw["external_data"] = True
                torch.onnx.export(module, example, path, **kw)
                return "dynamo", opset
            except Exception as e:  # noqa: BLE001
                errors.append("dynamo opset %d: %s" % (opset, _first_line(e)))
    raise RuntimeError("; ".join(errors))


def bundle(files: List[str], prefix: str, max_bytes: int = 15 * 1000 * 1000) -> List[str]:
    """Pack files into PREFIX-1.tar.gz, PREFIX-2.tar.gz, ... each below max_bytes. Files are grouped
    by their gzip-compressed size (what the part will roughly weigh), so few parts come back."""
    def packed_size(path: str) -> int:
        with open(path, "rb") as f:
            return len(gzip.compress(f.read(), compresslevel=6)) + 1024  # + tar header slack
    parts: List[List[str]] = [[]]
    size = 0
    for f in sorted(files):
        s = packed_size(f)
        if parts[-1] and size + s > max_bytes:
            parts.append([])
            size = 0
        parts[-1].append(f)
        size += s
    out = []
    for i, group in enumerate(p for p in parts if p):
        name = "%s-%d.tar.gz" % (prefix, i + 1)
        with tarfile.open(name, "w:gz", compresslevel=6) as tar:
            for f in group:
                tar.add(f, arcname=os.path.basename(f))
        out.append(name)
    return out


def read_index(path: str) -> Dict[str, Dict[str, str]]:
    if not os.path.exists(path):
        return {}
    with open(path, newline="", encoding="utf-8") as f:
        return {r["model"]: r for r in csv.DictReader(f)}


def write_index(path: str, rows: Dict[str, Dict[str, str]]) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=INDEX_COLUMNS)
        w.writeheader()
        for name in sorted(rows):
            w.writerow({k: rows[name].get(k, "") for k in INDEX_COLUMNS})
    os.replace(tmp, path)


def export_spec(spec: Any, build: Any, example_inputs: Any, out_dir: str) -> Dict[str, str]:
    """Export one registry model into out_dir/<name>.onnx; return its index row."""
    import onnx
    import torch
    row: Dict[str, str] = {"model": spec.name, "file": spec.name + ".onnx",
                           "torch_version": torch.__version__, "onnx_version": onnx.__version__}
    tmpdir = tempfile.mkdtemp(prefix="infersight-onnx-")
    try:
        module = build(spec, torch.device("cpu"))
        module.eval()
        # Parameters that require grad keep inference-only fused fast paths (nn.MultiheadAttention's
        # _native_multi_head_attention, which no ONNX opset has) out of the traced graph; the
        # exporter does not compute gradients.
        for p in module.parameters():
            p.requires_grad_(True)
        example = example_inputs(spec, 2, torch.device("cpu"), torch.float32)
        if spec.seq_len is not None:
            names, shapes = ["input_ids"], ["batch x %d int64" % spec.seq_len]
        else:
            names, shapes = ["input"], ["batch x 3 x %d x %d float32" % (spec.image_size, spec.image_size)]
        dyn = {names[0]: {0: "batch"}, "output": {0: "batch"}}
        raw = os.path.join(tmpdir, "raw.onnx")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # tracer warnings: the graph is checked below instead
            exporter, opset = export_module(module, (example,), names, ["output"], dyn, raw)
        del module
        dst = os.path.join(out_dir, spec.name + ".onnx")
        meta = {"infersight.model": spec.name,
                "infersight.registry_config": json.dumps(spec.config(), sort_keys=True)}
        stats = strip_file(raw, dst, meta)
        size = os.path.getsize(dst)
        row.update(bytes=str(size), exporter=exporter, opset=str(opset), inputs=";".join(shapes),
                   dynamic_axes="batch", output_dim0=str(stats["output_dim0"]),
                   stripped_tensors=str(stats["tensors"]),
                   stripped_elements=str(stats["elements"]), status="ok", error="")
        if size >= MAX_FILE_BYTES:
            row.update(status="error", error="stripped file is %d bytes (limit %d)" % (size, MAX_FILE_BYTES))
    except Exception as e:  # noqa: BLE001 - one model's failure must not stop the others
        msg = " ".join(str(e).split())[:300] or type(e).__name__
        row.update(status="error", error=msg)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    return row


def export_all(specs: List[Any], build: Any, example_inputs: Any, out_dir: str, force: bool = False,
               time_budget_s: Optional[float] = None, log: Any = print) -> Dict[str, Dict[str, str]]:
    os.makedirs(out_dir, exist_ok=True)
    index_path = os.path.join(out_dir, "index.csv")
    index = read_index(index_path)
    t0 = time.monotonic()
    last = 10.0
    for spec in specs:
        done = index.get(spec.name)
        if done and done.get("status") == "ok" and os.path.exists(os.path.join(out_dir, done["file"])) \
                and not force:
            log("onnx: %s already exported, skipped" % spec.name)
            continue
        if time_budget_s is not None and time.monotonic() - t0 + 1.5 * last > time_budget_s:
            log("onnx: time budget reached, stopping before %s" % spec.name)
            break
        t = time.monotonic()
        row = export_spec(spec, build, example_inputs, out_dir)
        last = max(5.0, time.monotonic() - t)
        index[spec.name] = row
        write_index(index_path, index)
        log("onnx: %s %s %s%s" % (spec.name, row.get("status"), row.get("bytes", ""),
                                  (" " + row["error"]) if row.get("error") else ""))
    return index
