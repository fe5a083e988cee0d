// SPDX-License-Identifier: MIT
// What `infersight-cli predict` prints, as JSON and as text (summary + top nodes). The GUI shows
// the same figures from the same functions.
#pragma once

#include "design/knobs.h"
#include "graph/graph.h"
#include "predict/predictor.h"

#include <QJsonObject>
#include <QString>

namespace infersight {

struct PredictionReportOptions {
    bool kernels = false;  // JSON: include the per-kernel list
    int topNodes = 15;     // text: rows of the top-nodes table
};

// {
//   "model": {"name", "source"},
//   "target": {"gpu", "mig" (null), "mps" (null), "label", "key", "sms", "bandwidth_gbps", "memory_mb"},
//   "knobs": {"batch", "sequence", "height", "width", "precision", "runtime", "phase", "context"},
//   "latency_ms", "latency_band_ms": [lo, hi], "band_coverage": 0.8, "throughput_per_s",
//   "energy_j", "avg_power_w", "gpu_busy_ms", "host_ms", "host_wait_ms", "overhead_ms",
//   "time_by_class_ms": {"gemm", ..., "host"},
//   "memory_mb": {"weights", "activations", "kv_cache", "workspace", "context", "total",
//                 "allocator_peak", "allocator_reserved", "device_used", "capacity"},
//   "fits": bool, "kernel_count", "host_ops", "extrapolated": bool,
//   "nodes": [{"name", "op", "latency_ms", "gpu_ms", "wait_ms", "band_ms": [lo, hi], "bound",
//              "kernels", "energy_j", "fused_into" (name or null)}],   (nodes with time or kernels)
//   "kernels": [{"node", "class", "role", "compute", "start_ms", "gpu_ms", "wait_ms", "bound",
//                "band_ms", "power_w", "flops", "bytes", "critical"}],   (with options.kernels)
//   "warnings": [..]
// }
QJsonObject predictionJson(const Graph &graph, const Prediction &prediction, const Target &target,
                           const Knobs &knobs, const ShapeBindings &bindings,
                           const PredictionReportOptions &options = {});

// Summary block and the top nodes by latency.
QString predictionText(const Graph &graph, const Prediction &prediction, const Target &target, const Knobs &knobs,
                       const ShapeBindings &bindings, const PredictionReportOptions &options = {});

}  // namespace infersight
