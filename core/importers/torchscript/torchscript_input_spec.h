// SPDX-License-Identifier: MIT
// The shapes a TorchScript module's forward() arguments are given. TorchScript archives do not
// record the input shapes (a traced module forgets the example it was traced with), so the user
// gives them (CLI --input, GUI dialog) or the importer guesses them from how the graph uses each
// input (see TorchScriptImporter).
#pragma once

#include "base/result.h"
#include "graph/dtype.h"
#include "graph/shape.h"

#include <QString>

#include <vector>

namespace infersight {

struct TorchScriptInputSpec {
    // Dims as a source declares them: numbers are Fixed, names are symbols with role Other and
    // get their roles from assignInputDimRoles (graph/shape_binding.h) — "N"/"B"/"batch" is
    // the batch, "H"/"W" the image size, "S"/"seq" the sequence length; an all-numeric image or
    // token shape gets positional roles there too, so that the knobs rebind it.
    SymbolicShape shape;
    DType dtype = DType::F32;

    // Parses one input: dims joined by 'x', each a number, a name or name=default, then an
    // optional ":dtype" (f32, f16, bf16, f64, i64, i32, bool, ... also float, half, long, int).
    // Examples: "1x3x224x224", "Nx3xHxW", "N=8x3x224x224:f16", "1x128:i64".
    static Result<TorchScriptInputSpec> parse(const QString &text);
    // Several inputs separated by ',' or ';' (forward()'s arguments in order).
    static Result<std::vector<TorchScriptInputSpec>> parseList(const QString &text);
    // The spelling parse() reads back ("Nx3x224x224", ":i64" only for non-f32 types).
    QString toString() const;
};

}  // namespace infersight
