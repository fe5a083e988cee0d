# SPDX-License-Identifier: MIT
"""Tests of the measurement harness that run without a GPU (CPU dry runs, schema, ONNX stripping).

Run: /usr/bin/python3 -m unittest discover -s tools/measure/tests
A GPU smoke test runs only where CUDA is available (the device machine)."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import shutil
import sys
import tarfile
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.dirname(HERE)
sys.path.insert(0, TOOL)

import registry  # noqa: E402
import schema  # noqa: E402

try:
    import torch  # noqa: F401
    HAVE_TORCH = True
except ImportError:
    HAVE_TORCH = False
try:
    import onnx  # noqa: F401
    HAVE_ONNX = True
except ImportError:
    HAVE_ONNX = False
try:
    import torchvision  # noqa: F401
    HAVE_TV = True
except ImportError:
    HAVE_TV = False

if HAVE_TORCH:
    import measure  # noqa: E402

SYNTHETIC = os.path.join(HERE, "synthetic_example.csv")


def run_quiet(argv):
    """measure.main(argv) with its log output swallowed; returns the exit code."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = measure.main(argv)
    return rc, buf.getvalue()


class RegistryTest(unittest.TestCase):
    def test_at_least_30_models_with_configs(self):
        self.assertGreaterEqual(len(registry.REGISTRY), 30)
        names = [m.name for m in registry.REGISTRY]
        self.assertEqual(len(names), len(set(names)), "registry names must be unique")
        for m in registry.REGISTRY:
            cfg = m.config()
            self.assertTrue(cfg["builder"], m.name)
            self.assertIn("input", cfg, m.name)
            self.assertIn(m.family, ("torchvision", "timm", "transformers"))
            json.dumps(cfg)  # must serialise
            if m.family == "transformers":
                self.assertIsNotNone(m.seq_len, m.name)
                self.assertIn("vocab_size", m.kwargs, m.name)
                self.assertTrue(m.model_class, m.name)
            else:
                self.assertIsNotNone(m.image_size, m.name)

    def test_families_and_required_models_present(self):
        fams = {m.family for m in registry.REGISTRY}
        self.assertEqual(fams, {"torchvision", "timm", "transformers"})
        builders = {m.builder for m in registry.REGISTRY}
        # the issue names these families of models
        for b in ("efficientnet_b0", "convnext_tiny", "vit_b_16", "swin_t", "BertConfig",
                  "GPT2Config", "LlamaConfig", "OPTConfig"):
            self.assertIn(b, builders)

    def test_llama_uses_grouped_query_attention(self):
        llamas = [m for m in registry.REGISTRY if m.builder == "LlamaConfig"]
        self.assertTrue(llamas)
        for m in llamas:
            self.assertLess(m.kwargs["num_key_value_heads"], m.kwargs["num_attention_heads"])

    def test_select(self):
        self.assertEqual(len(registry.select(None)), len(registry.REGISTRY))
        sub = registry.select("compile")
        self.assertTrue(sub and all(m.compile_subset for m in sub))
        self.assertEqual([m.name for m in registry.select("resnet18,vit_b_16,resnet18")],
                         ["resnet18", "vit_b_16"])
        self.assertTrue(all(m.family == "timm" for m in registry.select("timm")))
        with self.assertRaises(KeyError):
            registry.select("no_such_model")


class SchemaTest(unittest.TestCase):
    def test_synthetic_example_is_valid_and_marked(self):
        self.assertEqual(schema.validate_file(SYNTHETIC), [])
        header, rows = schema.read_csv(SYNTHETIC)
        self.assertEqual(header, schema.COLUMN_NAMES)
        self.assertGreaterEqual(len(rows), 5)
        self.assertTrue(all(r["source"] == "synthetic" for r in rows))

    def _rows(self):
        _, rows = schema.read_csv(SYNTHETIC)
        return [dict(r) for r in rows]

    def test_rejects_bad_rows(self):
        cases = {
            "cpu row marked measured": lambda r: r.update(device="cpu", source="measured", gpu_id="cpu"),
            "p10 above median": lambda r: r.update(latency_ms_p10="99999"),
            "unknown precision": lambda r: r.update(precision="fp8"),
            "broken json": lambda r: r.update(model_config="{not json"),
            "half the energy columns": lambda r: r.update(avg_power_w=""),
            "non-numeric latency": lambda r: r.update(latency_ms_mean="fast"),
            "bad timestamp": lambda r: r.update(timestamp_utc="yesterday"),
            "mps without percent": lambda r: r.update(sharing="mps"),
        }
        for what, mutate in cases.items():
            rows = self._rows()
            mutate(rows[0])
            errs = schema.validate_rows(rows, schema.COLUMN_NAMES, file_name="x.csv")
            self.assertTrue(errs, what)

    def test_measured_rows_need_20_runs_and_2s_energy_loop(self):
        rows = self._rows()
        for r in rows:
            r["source"] = "measured"
        self.assertEqual(schema.validate_rows(rows, schema.COLUMN_NAMES, "latency.csv"), [])
        rows[0]["runs"] = "19"
        rows[1]["energy_loop_s"] = "1.5"
        errs = schema.validate_rows(rows, schema.COLUMN_NAMES, "latency.csv")
        self.assertEqual(len(errs), 2, errs)

    def test_synthetic_file_name_demands_synthetic_rows(self):
        rows = self._rows()
        rows[0]["source"] = "measured"
        self.assertTrue(schema.validate_rows(rows, schema.COLUMN_NAMES, "my_synthetic.csv"))

    def test_readme_documents_every_column(self):
        readme = os.path.join(TOOL, "..", "..", "data", "measured", "README.md")
        if not os.path.exists(readme):
            self.skipTest("data/measured/README.md not in this checkout")
        with open(readme, encoding="utf-8") as f:
            text = f.read()
        for name in schema.COLUMN_NAMES:
            self.assertIn("| `%s` |" % name, text, name)

    def test_duplicate_key_and_header(self):
        rows = self._rows()
        rows.append(dict(rows[0]))
        self.assertTrue(any("duplicate" in e for e in
                            schema.validate_rows(rows, schema.COLUMN_NAMES, "a.csv")))
        self.assertTrue(schema.validate_rows(rows[:1], schema.COLUMN_NAMES[:-1], "a.csv"))


@unittest.skipUnless(HAVE_TORCH, "torch not installed")
class PrecisionTest(unittest.TestCase):
    def setUp(self):
        self.saved = measure.read_tf32()

    def tearDown(self):
        measure.set_tf32(bool(self.saved[0]))

    def test_settings(self):
        # expected: the definitions (fp32 = TF32 off, tf32 = on, bf16/fp16 = cast)
        table = [("fp32", "cast", torch.float32, "ieee", (0, 0)),
                 ("tf32", "cast", torch.float32, "tf32", (1, 1)),
                 ("bf16", "cast", torch.bfloat16, "cast", (0, 0)),
                 ("fp16", "cast", torch.float16, "cast", (0, 0)),
                 ("bf16", "autocast", torch.bfloat16, "autocast", (0, 0))]
        for precision, half, dtype, method, flags in table:
            got_dtype, got_method = measure.configure_precision(precision, half)
            self.assertEqual((got_dtype, got_method), (dtype, method), precision)
            self.assertEqual(measure.read_tf32(), flags, precision)
        with self.assertRaises(ValueError):
            measure.configure_precision("int8")

    def test_percentile_matches_numpy_linear(self):
        vals = [float(v) for v in range(1, 11)]
        # numpy.percentile([1..10], [10, 50, 90]) = 1.9, 5.5, 9.1
        self.assertAlmostEqual(measure.percentile(vals, 0.1), 1.9)
        self.assertAlmostEqual(measure.percentile(vals, 0.5), 5.5)
        self.assertAlmostEqual(measure.percentile(vals, 0.9), 9.1)
        self.assertEqual(measure.percentile([3.0], 0.9), 3.0)

    def test_summarise_nvml_samples(self):
        samples = [{"sm": 1980, "mem": 2619, "power_w": 400.0, "used": 10, "reasons": 0x1},
                   {"sm": 1755, "mem": 2619, "power_w": 500.0, "used": 30, "reasons": 0x4},
                   {"sm": None, "mem": None, "power_w": None, "used": None, "reasons": None}]
        got = measure.summarise_samples(samples)
        self.assertEqual(got["sm_clock_mhz_min"], 1755)
        self.assertEqual(got["sm_clock_mhz_max"], 1980)
        self.assertAlmostEqual(got["sm_clock_mhz_mean"], 1867.5)
        self.assertAlmostEqual(got["power_sampled_w_mean"], 450.0)
        self.assertEqual(got["nvml_mem_used_bytes"], 30)
        self.assertEqual(got["clocks_event_reasons"], "0x5")
        self.assertEqual(measure.summarise_samples([]), {})

    def test_gpu_ids(self):
        self.assertEqual(measure.gpu_slug("NVIDIA H100 80GB HBM3", 85520809984), "h100-sxm5-80gb")
        self.assertEqual(measure.gpu_slug("NVIDIA H200", 150754820096), "h200-sxm5-141gb")
        self.assertEqual(measure.gpu_slug("NVIDIA L4", 24 * 2 ** 30), "l4-24gb")


@unittest.skipUnless(HAVE_TORCH and HAVE_TV, "torch/torchvision not installed")
class CpuDryRunTest(unittest.TestCase):
    ARGS = ["--device", "cpu", "--models", "resnet18,shufflenet_v2_x1_0", "--batches", "1",
            "--precisions", "fp32,bf16", "--min-runs", "3", "--warmup", "1",
            "--warmup-seconds", "0", "--energy-seconds", "0"]

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="measure-test-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def test_run_writes_valid_cpu_rows_and_resumes(self):
        t = time.monotonic()
        rc, out = run_quiet(["run", "--out", self.dir] + self.ARGS)
        self.assertEqual(rc, 0, out)
        path = os.path.join(self.dir, measure.CPU_CSV)
        self.assertTrue(os.path.exists(path))
        self.assertFalse(os.path.exists(os.path.join(self.dir, measure.GPU_CSV)),
                         "cpu rows must never go to latency.csv")
        self.assertEqual(schema.validate_file(path), [])
        _, rows = schema.read_csv(path)
        self.assertEqual(len(rows), 4)
        for r in rows:
            self.assertEqual((r["device"], r["source"], r["gpu_id"]), ("cpu", "dry-run", "cpu"))
            cfg = json.loads(r["model_config"])
            self.assertEqual(cfg["name"], r["model"])
            self.assertGreater(int(r["params"]), 1000000)
        fp32 = [r for r in rows if r["precision"] == "fp32"]
        self.assertTrue(all(r["status"] == "ok" and int(r["runs"]) >= 3 for r in fp32))
        self.assertTrue(all(r["precision_method"] == "ieee" and r["tf32_matmul"] == "0" for r in fp32))
        for r in rows:
            if r["precision"] == "bf16":  # bf16 convolution on the CPU depends on the torch build
                self.assertIn(r["status"], ("ok", "error"))
                self.assertEqual(r["precision_method"], "cast")
        # second run: everything is present, nothing is added
        rc, out = run_quiet(["run", "--out", self.dir] + self.ARGS)
        self.assertEqual(rc, 0, out)
        _, rows2 = schema.read_csv(path)
        self.assertEqual(rows2, rows)
        # a fresh output folder seeded from a results folder (data/measured/<gpu-id>/) resumes too
        seed = os.path.join(self.dir, "seed")
        os.makedirs(os.path.join(seed, "cpu"))
        shutil.copyfile(path, os.path.join(seed, "cpu", measure.CPU_CSV))
        fresh = os.path.join(self.dir, "fresh")
        rc, out = run_quiet(["run", "--out", fresh, "--seed-dir", seed] + self.ARGS)
        self.assertEqual(rc, 0, out)
        self.assertIn("0 rows written", out)
        self.assertEqual(schema.read_csv(os.path.join(fresh, measure.CPU_CSV))[1], rows)
        self.assertLess(time.monotonic() - t, 45.0)

    def test_compile_mode_skipped_without_torch_compile(self):
        if hasattr(torch, "compile"):
            self.skipTest("this torch has torch.compile (the compile path runs on the GPU machine)")
        rc, out = run_quiet(["run", "--out", self.dir, "--mode", "compile"] + self.ARGS)
        self.assertEqual(rc, 0)
        self.assertIn("no torch.compile", out)
        self.assertFalse(os.path.exists(os.path.join(self.dir, measure.CPU_CSV)))

    def test_list_json_has_every_model(self):
        rc, out = run_quiet(["list", "--json"])
        self.assertEqual(rc, 0)
        self.assertEqual([m["name"] for m in json.loads(out)], [m.name for m in registry.REGISTRY])

    def test_time_budget_stops_before_any_row(self):
        rc, out = run_quiet(["run", "--out", self.dir, "--time-budget-s", "0.001"] + self.ARGS)
        self.assertEqual(rc, 0)
        self.assertIn("time budget", out)
        self.assertFalse(os.path.exists(os.path.join(self.dir, measure.CPU_CSV)))

    def test_cpu_rows_refuse_gpu_file_name(self):
        rc, _ = run_quiet(["run", "--out", self.dir, "--csv-name", measure.GPU_CSV] + self.ARGS)
        self.assertNotEqual(rc, 0)

    def test_retry_failed_drops_only_failed_rows(self):
        path = os.path.join(self.dir, "x.csv")
        _, rows = schema.read_csv(SYNTHETIC)
        with open(path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=schema.COLUMN_NAMES)
            w.writeheader()
            w.writerows(rows)
        failed = [r for r in rows if r["status"] != "ok"]
        self.assertTrue(failed)
        kept = measure.ResultFile(path)
        self.assertEqual(len(kept.done), len(rows))
        retry = measure.ResultFile(path, retry_failed=True)
        self.assertEqual(len(retry.done), len(rows) - len(failed))
        self.assertFalse(retry.has(schema.row_key(failed[0])))
        _, after = schema.read_csv(path)
        self.assertEqual(len(after), len(rows) - len(failed))

    def test_merge_last_row_wins(self):
        a = os.path.join(self.dir, "a_synthetic.csv")
        b = os.path.join(self.dir, "b.csv")
        _, rows = schema.read_csv(SYNTHETIC)
        for path, rs in ((a, rows[:3]), (b, rows[2:])):
            with open(path, "w", newline="") as f:
                w = csv.DictWriter(f, fieldnames=schema.COLUMN_NAMES)
                w.writeheader()
                w.writerows(rs)
        into = os.path.join(self.dir, "merged_synthetic.csv")
        rc, out = run_quiet(["merge", "--into", into, a, b])
        self.assertEqual(rc, 0, out)
        _, merged = schema.read_csv(into)
        self.assertEqual(len(merged), len(rows))

    def test_mps_reports_unavailable_without_control_binary(self):
        empty = tempfile.mkdtemp(prefix="nopath-")
        old = os.environ.get("PATH", "")
        os.environ["PATH"] = empty
        try:
            rc, out = run_quiet(["mps", "--out", self.dir, "--model", "resnet18", "--percent", "50"])
        finally:
            os.environ["PATH"] = old
            shutil.rmtree(empty, ignore_errors=True)
        self.assertEqual(rc, 0)
        with open(os.path.join(self.dir, "mps_status.txt")) as f:
            self.assertIn("MPS unavailable", f.read())
        self.assertFalse(os.path.exists(os.path.join(self.dir, measure.MPS_CSV)))


@unittest.skipUnless(HAVE_ONNX, "onnx not installed")
class OnnxStripTest(unittest.TestCase):
    def test_strip_handmade_model(self):
        import numpy as np
        from onnx import TensorProto, helper, numpy_helper
        import onnx_export
        big = numpy_helper.from_array(np.ones((10, 20), dtype=np.float32), "W")      # 200 > 64
        small = numpy_helper.from_array(np.ones((8,), dtype=np.float32), "b")         # kept
        shape = numpy_helper.from_array(np.arange(100, dtype=np.int64), "idx")       # int: kept
        const = helper.make_node("Constant", [], ["C"], value=numpy_helper.from_array(
            np.ones((4, 50), dtype=np.float16), "c"))
        mm = helper.make_node("MatMul", ["X", "W"], ["Y"])
        graph = helper.make_graph([const, mm], "g",
                                  [helper.make_tensor_value_info("X", TensorProto.FLOAT, ["batch", 10])],
                                  [helper.make_tensor_value_info("Y", TensorProto.FLOAT, ["batch", 20])],
                                  initializer=[big, small, shape])
        model = helper.make_model(graph)
        stats = onnx_export.strip_model(model)
        self.assertEqual(stats, {"tensors": 2, "elements": 400})
        inits = {t.name: t for t in model.graph.initializer}
        self.assertEqual(list(inits["W"].dims), [10, 20])
        self.assertEqual(inits["W"].data_type, TensorProto.FLOAT)
        self.assertEqual(len(inits["W"].raw_data), 0)
        self.assertEqual(inits["W"].doc_string, onnx_export.STRIPPED_MARK)
        self.assertEqual(numpy_helper.to_array(inits["b"]).tolist(), [1.0] * 8)
        self.assertEqual(numpy_helper.to_array(inits["idx"]).tolist(), list(range(100)))
        c = model.graph.node[0].attribute[0].t
        self.assertEqual((list(c.dims), len(c.raw_data)), ([4, 50], 0))
        meta = {p.key: p.value for p in model.metadata_props}
        self.assertEqual(meta.get("infersight.weights_stripped"), "true")

    def test_bundle_splits_by_packed_size(self):
        import onnx_export
        d = tempfile.mkdtemp(prefix="bundle-test-")
        try:
            files = []
            for i in range(3):
                p = os.path.join(d, "m%d.onnx" % i)
                with open(p, "wb") as f:
                    f.write(os.urandom(10000))  # incompressible
                files.append(p)
            parts = onnx_export.bundle(files, os.path.join(d, "out"), max_bytes=25000)
            self.assertEqual([os.path.basename(p) for p in parts], ["out-1.tar.gz", "out-2.tar.gz"])
            names = []
            for p in parts:
                self.assertLess(os.path.getsize(p), 25000)
                with tarfile.open(p) as tar:
                    names += tar.getnames()
            self.assertEqual(sorted(names), ["m0.onnx", "m1.onnx", "m2.onnx"])
        finally:
            shutil.rmtree(d, ignore_errors=True)

    @unittest.skipUnless(HAVE_TORCH and HAVE_TV, "torch/torchvision not installed")
    def test_export_resnet18_stripped_small_and_resumable(self):
        import onnx_export
        d = tempfile.mkdtemp(prefix="onnx-test-")
        try:
            rc, out = run_quiet(["export-onnx", "--out", d, "--models", "resnet18",
                                 "--bundle", os.path.join(d, "bundle", "onnx")])
            self.assertEqual(rc, 0, out)
            path = os.path.join(d, "resnet18.onnx")
            size = os.path.getsize(path)
            self.assertLess(size, 200 * 1000)  # 11.7 M fp32 weights would be ~47 MB
            model = onnx.load(path)
            float_types = onnx_export._float_types()
            stripped = 0
            for t in model.graph.initializer:
                n = onnx_export._numel(t)
                self.assertTrue(len(t.dims) > 0 or n == 1)
                if t.data_type in float_types and n > onnx_export.STRIP_MIN_ELEMENTS:
                    self.assertEqual(len(t.raw_data) + len(t.float_data), 0, t.name)
                    stripped += n
            self.assertGreater(stripped, 11000000)  # resnet18 has 11.69 M parameters
            inp = model.graph.input[0]
            dim0 = inp.type.tensor_type.shape.dim[0]
            self.assertTrue(dim0.dim_param, "batch axis must be symbolic")  # 'batch' (TorchScript exporter)
            self.assertEqual([d.dim_value for d in inp.type.tensor_type.shape.dim[1:]], [3, 224, 224])
            index = onnx_export.read_index(os.path.join(d, "index.csv"))
            self.assertEqual(index["resnet18"]["status"], "ok")
            self.assertFalse(index["resnet18"]["output_dim0"].isdigit(), "output batch must be symbolic")
            meta = {p.key: p.value for p in model.metadata_props}
            self.assertEqual(meta["infersight.model"], "resnet18")
            self.assertEqual(meta["infersight.weights_stripped"], "true")
            tars = os.listdir(os.path.join(d, "bundle"))
            self.assertEqual(tars, ["onnx-1.tar.gz"])
            with tarfile.open(os.path.join(d, "bundle", tars[0])) as tar:
                self.assertEqual(sorted(tar.getnames()), ["index.csv", "resnet18.onnx"])
            mtime = os.path.getmtime(path)
            rc, out = run_quiet(["export-onnx", "--out", d, "--models", "resnet18"])
            self.assertEqual(rc, 0)
            self.assertIn("already exported", out)
            self.assertEqual(os.path.getmtime(path), mtime)
        finally:
            shutil.rmtree(d, ignore_errors=True)


@unittest.skipUnless(HAVE_TORCH, "torch not installed")
class OptionalLibraryTest(unittest.TestCase):
    """Builds one model of each optional library where it is installed (the device machine)."""

    def _build(self, name):
        spec = registry.BY_NAME[name]
        ok, why = measure.library_available(spec.family)
        if not ok:
            self.skipTest(why)
        model, extra = measure.build_model(spec, torch.device("cpu"), want_extra=True)
        x = measure.example_input(spec, 1, torch.device("cpu"), torch.float32)
        with torch.inference_mode():
            y = model(x)
        return spec, y, extra

    def test_timm(self):
        _, y, _ = self._build("timm_resnet50d")
        self.assertEqual(tuple(y.shape), (1, 1000))

    def test_transformers_gpt2(self):
        spec, y, extra = self._build("gpt2_s128")
        self.assertEqual(tuple(y.shape), (1, spec.seq_len, spec.kwargs["vocab_size"]))
        self.assertEqual(extra["model_class"], "GPT2LMHeadModel")
        self.assertEqual(extra["hf_config"]["n_layer"], 12)

    def test_transformers_llama_gqa(self):
        spec, y, extra = self._build("llama_125m_gqa_s128")
        self.assertEqual(tuple(y.shape), (1, spec.seq_len, 32000))
        self.assertEqual(extra["hf_config"]["num_key_value_heads"], 4)


@unittest.skipUnless(HAVE_TORCH and HAVE_TV and torch.cuda.is_available(), "needs a CUDA GPU")
class GpuSmokeTest(unittest.TestCase):
    """On the device machine: one real row, checked against the schema's rules for measured rows."""

    def test_one_measured_row(self):
        d = tempfile.mkdtemp(prefix="gpu-smoke-")
        try:
            rc, out = run_quiet(["run", "--out", d, "--models", "resnet18", "--batches", "1",
                                 "--precisions", "bf16"])
            self.assertEqual(rc, 0, out)
            path = os.path.join(d, measure.GPU_CSV)
            self.assertEqual(schema.validate_file(path), [])
            _, rows = schema.read_csv(path)
            self.assertEqual(len(rows), 1)
            r = rows[0]
            self.assertEqual((r["status"], r["source"], r["device"]), ("ok", "measured", "cuda"))
            self.assertGreaterEqual(int(r["runs"]), 20)
            self.assertGreater(int(r["mem_peak_allocated_bytes"]), int(r["weights_bytes"]))
        finally:
            shutil.rmtree(d, ignore_errors=True)


class KernelBenchCpuTest(unittest.TestCase):
    """kernel_bench.py's loops on the CPU, with CUDA events and synchronisation replaced by wall-clock
    stand-ins: every part writes rows with the columns the C++ test reads, bytes and flops by hand."""

    def test_rows(self):
        try:
            import torch
        except ImportError:
            self.skipTest("torch missing")
        import kernel_bench as kb
        from unittest import mock

        class Event:
            def __init__(self, **_):
                self.t = 0.0

            def record(self):
                self.t = time.perf_counter()

            def elapsed_time(self, other):
                return (other.t - self.t) * 1e3

        randn = torch.randn
        d = tempfile.mkdtemp()
        try:
            with mock.patch.object(torch.cuda, "Event", Event), \
                    mock.patch.object(torch.cuda, "synchronize", lambda: None), \
                    mock.patch.object(torch.cuda, "get_device_name", lambda i: "cpu stand-in"), \
                    mock.patch.object(torch, "randn", lambda *a, device=None, dtype=None: randn(*a)), \
                    mock.patch.object(kb, "kernels_of", lambda fn: "k"), \
                    mock.patch.object(kb, "conv_configs", lambda *a: [(8, 8, 14, 3, 1, 1), (16, 16, 14, 5, 2, 16)]):
                out = kb.writer(os.path.join(d, "k.csv"))
                kb.conv_rows(out, time.time() + 30, 2)
                kb.se_rows(out, time.time() + 0.5, 1)
                kb.layernorm_rows(out, time.time() + 0.5, 1)
            with open(os.path.join(d, "k.csv")) as f:
                rows = list(csv.DictReader(f))
        finally:
            shutil.rmtree(d, ignore_errors=True)
        self.assertEqual(list(rows[0].keys()), kb.FIELDS)
        dw = [r for r in rows if r["op"] == "conv2d-depthwise" and r["dtype"] == "fp32"]
        self.assertEqual(len(dw), 1)
        r = dw[0]
        # 16 channels, 14x14 in, 5x5 window, stride 2, pad 2: 7x7 out; 2 x 25 flops per output (batch 2).
        self.assertEqual(int(r["flops"]), 2 * 2 * 16 * 7 * 7 * 25)
        self.assertEqual(int(r["bytes"]), 4 * (2 * 16 * 14 * 14 + 16 * 25 + 2 * 16 * 7 * 7))
        self.assertGreater(float(r["ms_median"]), 0)
        self.assertTrue(any(r["op"] == "se-pool" for r in rows))
        ln = [r for r in rows if r["op"] == "layernorm"]
        self.assertTrue(ln)
        r = ln[0]  # fp32, 64 channels, one row per pixel of 56 x 56 at batch 1
        self.assertEqual((int(r["m"]), int(r["n"])), (56 * 56, 64))
        self.assertEqual(int(r["bytes"]), 4 * (2 * 56 * 56 * 64 + 2 * 64))


class ModelProfileTest(unittest.TestCase):
    """model_profile.py's default runs name registry models and precisions (it needs a GPU to run)."""

    def test_default_runs(self):
        try:
            import torch  # noqa: F401
        except ImportError:
            self.skipTest("torch missing")
        import model_profile
        names = {s.name for s in registry.select(None)}
        for run in model_profile.DEFAULT_RUNS.split(","):
            name, precision, batch = run.split(":")
            self.assertIn(name, names)
            self.assertIn(precision, registry.PRECISIONS)
            self.assertGreater(int(batch), 0)
        self.assertEqual(model_profile.FIELDS[:4], ["model", "precision", "batch", "kernel"])


if __name__ == "__main__":
    unittest.main()
