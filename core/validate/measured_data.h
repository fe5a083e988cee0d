// SPDX-License-Identifier: MIT
// The measured data the predictor is fitted and validated on (data/ in the source tree; see
// data/neusight/PROVENANCE.md and data/dle/PROVENANCE.md): CSV tables, gzip-compressed or not,
// and the NeuSight kernel tables as Kernel descriptions. Used by the training tool, the
// accuracy tests and `infersight-cli validate`.
#pragma once

#include "base/result.h"
#include "predict/kernel.h"

#include <QSet>
#include <QString>
#include <QStringList>

#include <vector>

namespace infersight {

// A CSV table (RFC 4180 quoting) read from FILE.csv or FILE.csv.gz.
struct CsvTable {
    QStringList header;
    std::vector<QStringList> rows;
    int column(const QString &name) const { return static_cast<int>(header.indexOf(name)); }
};
// Reads `path`; if it does not exist, tries `path` + ".gz". Every row must have the header's width.
Result<CsvTable> readCsv(const QString &path);
// The bytes of a data file, gunzipped when it is gzip (same fallback to `path` + ".gz").
Result<QByteArray> readDataFile(const QString &path);

// The measured-data folder: $INFERSIGHT_DATA_DIR when set, otherwise the installed copy
// (<program dir>/../share/infersight/data), otherwise the source tree's data/ (the path compiled
// in), otherwise "data" next to the working directory.
QString measuredDataDirectory();

enum class MeasuredKernelSet : std::uint8_t { Matmul, Vector, Conv };
QString measuredKernelSetName(MeasuredKernelSet set);  // "matmul", "vec", "conv"

struct MeasuredKernel {
    Kernel kernel;           // FP32, 4-byte elements
    QString gpuDeviceName;   // as in the data: "Tesla T4", "NVIDIA A100 80GB PCIe"
    QString gpuId;           // catalogue id, empty if the catalogue does not know the device
    bool test = false;       // NeuSight's split=test (for conv: convShapeIsHeldOut)
    double latencyMs = 0;
    QString op;              // the data's op: "bmm", "linear", "add", "softmax", "conv", ...
    QString launchedKernel;  // name of the kernel the library launched (matmul, vec, conv)
};

// Reads data/neusight/kernels_{matmul,vec,conv}.csv[.gz] from `dataDir`.
Result<std::vector<MeasuredKernel>> loadNeusightKernels(MeasuredKernelSet set,
                                                        const QString &dataDir = measuredDataDirectory());

// The kernels the library launched for at least one train-split row of `rows`, on any GPU. A test
// row whose launched kernel is not among them runs code that no training row measured.
QSet<QString> kernelsLaunchedInTraining(const std::vector<MeasuredKernel> &rows);

// The conv table has no test split; Infersight holds out a shape when the 64-bit FNV-1a hash of
// "B,Input_Channel,Output_Channel,Kernel_Szie,Input_Size,Stride,Padding" (the CSV fields as
// written, comma-joined) is 0 modulo 5.
bool convShapeIsHeldOut(const QString &shapeKey);
std::uint64_t fnv1a64(const QByteArray &bytes);

// The Kernel a NeuSight vec-table op is (add/mul/div/pow: two inputs; addu/mulu/divu/powu: tensor
// and scalar; relu/tanh/gelu: unary; ln/softmax: row-wise over H). Error for unknown ops.
Result<Kernel> neusightVectorKernel(const QString &op, std::int64_t rows, std::int64_t rowLength);

}  // namespace infersight
