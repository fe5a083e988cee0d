// SPDX-License-Identifier: MIT
// A torch-free copy of a TorchScript module's forward() graph: what the LibTorch module
// (torchscript_reader_torch.cpp) hands over to the rest of Infersight. It mirrors the TorchScript
// IR closely (nodes with their schema argument names, values with their static types, nested
// blocks of prim::If / prim::Loop) and records the module's tensors by metadata only.
#pragma once

#include "graph/dtype.h"
#include "graph/shape.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace infersight {

// The static type of a TorchScript value, coarsely.
enum class TorchScriptType : std::uint8_t {
    Tensor,
    Int,
    Float,
    Bool,
    String,
    None,
    Device,
    List,      // elementType tells of what
    Tuple,
    Dict,
    Optional,  // elementType tells of what
    Module,    // a module or other object (self, submodules)
    Other,
};

// A value known when the graph is read: a prim::Constant, or a non-tensor module attribute.
struct TorchScriptConstant {
    enum class Kind : std::uint8_t { None, Int, Float, Bool, String, Device, Ints, Floats, Bools, Strings, Tensor, Other };
    Kind kind = Kind::Other;
    std::int64_t i = 0;      // Int, Bool (0/1)
    double f = 0.0;          // Float
    QString s;               // String, Device ("cpu", "cuda:0")
    std::vector<std::int64_t> ints;   // Ints, Bools
    std::vector<double> floats;       // Floats
    QStringList strings;              // Strings
    int tensor = -1;                  // Tensor: index into TorchScriptGraph::tensors
};

// A tensor the module holds (parameter, buffer) or a tensor constant of the code. Only metadata;
// small tensors also carry their contents (shape arithmetic of traced code uses 0-d constants).
struct TorchScriptTensor {
    enum class Origin : std::uint8_t { Parameter, Buffer, Constant };
    QString name;        // qualified attribute path ("layer1.0.conv1.weight"), or "constant_<n>"
    Origin origin = Origin::Constant;
    DType dtype = DType::Undefined;
    Shape dims;
    std::optional<std::vector<std::int64_t>> intData;   // integer/bool tensors of at most kSmallTensor elements
    std::optional<std::vector<double>> floatData;       // floating tensors of at most kSmallTensor elements
    static constexpr std::int64_t kSmallTensor = 64;
};

struct TorchScriptValue {
    QString name;                         // debug name ("x.1", "input.20")
    TorchScriptType type = TorchScriptType::Other;
    TorchScriptType elementType = TorchScriptType::Other;  // List / Optional element
    QString typeName;                     // TorchScript's spelling ("Tensor", "int[]", "Tensor?")
    std::optional<TorchScriptConstant> constant;
    int tensor = -1;                      // a module tensor (prim::GetAttr of a parameter or buffer)
};

struct TorchScriptNode;

struct TorchScriptBlock {
    std::vector<int> inputs;   // value indices
    std::vector<int> outputs;
    std::vector<TorchScriptNode> nodes;
};

struct TorchScriptNode {
    QString kind;                 // "aten::conv2d", "prim::If", ...
    QString overload;             // schema overload ("Tensor", "Scalar", "int", empty)
    QStringList argumentNames;    // schema argument names in input order; empty when no schema
    std::vector<int> inputs;      // value indices
    std::vector<int> outputs;
    std::vector<TorchScriptBlock> blocks;
    QString scope;                // module path of the call site ("layer1.0.conv1"); may be empty
    QString attribute;            // prim::GetAttr: the attribute name
};

struct TorchScriptGraph {
    std::vector<TorchScriptValue> values;
    std::vector<TorchScriptTensor> tensors;
    TorchScriptBlock body;        // forward(); body.inputs[0] is the module itself ("self")
    QString moduleType;           // "__torch__.torchvision.models.resnet.ResNet"
    QString reader;               // "libtorch 1.13.1"
    bool frozen = false;          // attributes were folded into constants (torch::jit::freeze_module)
    QStringList notes;            // what the reader did that the user may want to know
};

}  // namespace infersight
