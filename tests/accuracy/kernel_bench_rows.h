// SPDX-License-Identifier: MIT
// Rows of data/measured/h100-sxm5-80gb/kernel_bench*.csv (single kernels timed alone on an H100 SXM by
// tools/measure/kernel_bench.py) and the Kernel each row measures, for the accuracy tests that read
// them (tensorcore/test_tensor_kernels, physics/test_physics_ceilings).
#pragma once

#include "predict/kernel.h"
#include "predict/kernel_model.h"

#include <QFile>
#include <QString>
#include <QStringList>
#include <QTextStream>
#include <QtGlobal>

#include <vector>

namespace infersight::test_support {

struct BenchRow {
    QString op, dtype, layout;
    std::int64_t batch = 0, m = 0, n = 0, k = 0, cin = 0, cout = 0, h = 0, ksize = 0, stride = 0, groups = 0;
    double ms = 0;
    QString kernels;
};

inline std::vector<BenchRow> loadBench(const QString &path) {
    std::vector<BenchRow> rows;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        qFatal("%s: cannot be read (%s)", qPrintable(path), qPrintable(f.errorString()));
    }
    QTextStream in(&f);
    const QStringList head = in.readLine().split(u',');
    auto col = [&](const char *name) {
        const int c = static_cast<int>(head.indexOf(QString::fromLatin1(name)));
        if (c < 0) {
            qFatal("%s: no column '%s' in its header (tools/measure/kernel_bench.py FIELDS)", qPrintable(path), name);
        }
        return c;
    };
    const int cOp = col("op"), cDt = col("dtype"), cLay = col("layout"), cB = col("batch"), cM = col("m"),
              cN = col("n"), cK = col("k"), cCi = col("c_in"), cCo = col("c_out"), cH = col("h"),
              cKs = col("ksize"), cS = col("stride"), cG = col("groups"), cMs = col("ms_median"),
              cKn = col("kernels");
    while (!in.atEnd()) {
        const QStringList v = in.readLine().split(u',');
        if (v.size() < head.size() || v[cMs].isEmpty()) {
            continue;
        }
        BenchRow r;
        r.op = v[cOp];
        r.dtype = v[cDt];
        r.layout = v[cLay];
        r.batch = v[cB].toLongLong();
        r.m = v[cM].toLongLong();
        r.n = v[cN].toLongLong();
        r.k = v[cK].toLongLong();
        r.cin = v[cCi].toLongLong();
        r.cout = v[cCo].toLongLong();
        r.h = v[cH].toLongLong();
        r.ksize = v[cKs].toLongLong();
        r.stride = v[cS].toLongLong();
        r.groups = v[cG].toLongLong();
        r.ms = v[cMs].toDouble();
        r.kernels = v[cKn];
        rows.push_back(r);
    }
    return rows;
}

inline ComputeType pathOf(const QString &dtype, bool conv) {
    if (dtype == u"fp16") return ComputeType::FP16;
    if (dtype == u"bf16") return ComputeType::BF16;
    if (dtype == u"tf32") return ComputeType::TF32;
    if (dtype == u"fp32") return conv ? ComputeType::TF32 : ComputeType::FP32;
    return ComputeType::FP32;
}

inline Kernel kernelOf(const BenchRow &r) {
    const bool half = r.dtype == u"fp16" || r.dtype == u"bf16";
    const int eb = half ? 2 : 4;
    if (r.op == u"linear") {
        return Kernel::gemm(r.m, r.n, r.k, 1, true, pathOf(r.dtype, false), eb);
    }
    if (r.op == u"conv2d") {
        Kernel k = Kernel::conv2d(r.batch, r.cin, r.cout, r.h, r.h, static_cast<int>(r.ksize), static_cast<int>(r.ksize),
                                  static_cast<int>(r.stride), static_cast<int>(r.ksize / 2), 1, pathOf(r.dtype, true), eb);
        return k.isPointwiseConv() ? k.asGemm() : k;
    }
    if (r.op == u"conv2d-depthwise") {
        Kernel k = Kernel::stencil(r.batch, r.cin, r.h, r.h, static_cast<int>(r.ksize), static_cast<int>(r.ksize),
                                   static_cast<int>(r.stride), static_cast<int>(r.ksize / 2), eb);
        k.flopsPerElement = kDepthwiseStencilFlopsPerTap;
        k.channelsLast = r.layout == u"channels-last";
        return k;
    }
    if (r.op == u"layernorm") {  // m rows of n channels
        return Kernel::rowReduction(r.m, r.n, flops_per_element::kLayerNorm, eb);
    }
    if (r.op == u"se-pool") {
        return Kernel::rowReduction(r.batch * r.cin, r.h * r.h, flops_per_element::kAdd, eb);
    }
    return Kernel::elementwise(r.batch * r.cin * r.h * r.h, 2, 1, flops_per_element::kAdd, eb);
}

}  // namespace infersight::test_support
