// SPDX-License-Identifier: MIT
// Turns a TorchScriptGraph (torch-free copy of a module's forward graph) into Infersight's IR:
// aten operators become ONNX operators with ONNX semantics (one aten op may become a few IR
// nodes), module parameters and buffers become initializers with their dims and dtype (never
// their data), shape arithmetic (aten::size, prim::NumToTensor, int lists) becomes Shape /
// Gather / Concat chains that shape propagation folds, so the batch and image size stay knobs.
// Values known when the graph is read (constants, module attributes) are folded here; prim::If
// with a known condition keeps the taken branch, prim::Loop with a known trip count is unrolled.
// Operators without an IR equivalent become nodes in domain "aten" (or "prim") with their own
// name, so that shape propagation lists them as unsupported; nothing is dropped silently except
// inference no-ops (dropout, contiguous, detach, clone, device moves), which are identities.
#pragma once

#include "base/result.h"
#include "graph/graph.h"
#include "graph/graph_builder.h"
#include "importers/torchscript/torchscript_graph.h"
#include "importers/torchscript/torchscript_input_spec.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace infersight {

struct AtenLoweringResult {
    Graph graph;                       // nodes in execution order, inputs declared from the specs
    QStringList notes;
    QStringList warnings;
    QStringList unsupportedOps;        // distinct "aten::x" / "prim::x" kept as opaque nodes
    std::int64_t moduleParameters = 0; // elements of the module's parameters the graph reads
    std::int64_t moduleBuffers = 0;    // elements of the module's floating buffers the graph reads
};

class AtenLowering {
public:
    // `inputs` are forward()'s tensor arguments after self, in order; optional arguments past
    // them are None. `bindings` are the knob values used when a lowering decision needs a
    // concrete rank or size (transpose permutations, chunk sizes, adaptive pooling windows).
    static Result<AtenLoweringResult> lower(const TorchScriptGraph &source, const std::vector<TorchScriptInputSpec> &inputs,
                                            const ShapeBindings &bindings);

    // Guesses forward()'s inputs from how the graph uses them: the first convolution gives an
    // image [N, C, H, W] (C from its weight), an embedding lookup token ids [N, seq] (i64), a
    // linear layer [N, in_features]; otherwise an image [N, 3, H, W]. Named dims have no value,
    // so the knobs' defaults apply (batch 1, image 224, sequence 128). Optional arguments are left
    // out (None). Each guess is described in `notes`. Fails when an argument is not a tensor.
    static Result<std::vector<TorchScriptInputSpec>> guessInputs(const TorchScriptGraph &source, QStringList *notes);

    // Names of forward()'s arguments after self, and whether each is optional (Tensor? = None).
    static std::vector<std::pair<QString, bool>> forwardArguments(const TorchScriptGraph &source);

private:
    // What a TorchScript value became.
    struct Slot {
        enum class Kind : std::uint8_t {
            Unset,
            Tensor,      // ir: an IR value (or `moduleTensor` until first used)
            Scalar,      // ir: a 0-d IR tensor computed at run time (int/float/bool)
            ShapeList,   // ir: a 1-d int64 IR tensor standing for an int[] (aten::size(x))
            Static,      // value: known now
            List,        // items
            Tuple,       // items
            Module,      // self and submodules
            Opaque,      // something the IR cannot hold (strings computed at run time, dicts...)
        };
        Kind kind = Kind::Unset;
        int ir = -1;
        int moduleTensor = -1;
        TorchScriptConstant value;
        std::vector<Slot> items;
    };

    using Handler = bool (AtenLowering::*)(const TorchScriptNode &node, const QString &base);
    // A handler of an op on a tensor: `x` is its argument `self` (nn.functional ops name it
    // `input`; always the first) as an IR value. The table calls it through onTensor().
    using TensorHandler = bool (AtenLowering::*)(const TorchScriptNode &node, const QString &base, int x);

    AtenLowering(const TorchScriptGraph &source, const ShapeBindings &bindings);

    Status run(const std::vector<TorchScriptInputSpec> &inputs);
    static const QHash<QString, Handler> &handlers();

    // Walking.
    Status lowerBlock(const TorchScriptBlock &block);
    void lowerNode(const TorchScriptNode &node);
    bool lowerIf(const TorchScriptNode &node);
    bool lowerLoop(const TorchScriptNode &node);
    void emitUnsupported(const TorchScriptNode &node);
    void setScope(const QString &scope);
    void collectOutputs(const Slot &slot);

    // Slots.
    Slot &slot(int tsValue);
    const TorchScriptValue &tsValue(int tsValue) const;
    void bind(int tsValue, Slot s);
    void bindTensor(int tsValue, int ir);
    int input(const TorchScriptNode &node, QStringView name, int position) const;

    // Reading arguments.
    bool isNone(int tsValue);
    std::optional<std::int64_t> staticInt(int tsValue);
    std::optional<double> staticNumber(int tsValue);
    // A known int, or an int computed from shapes, at the import-time shapes.
    std::optional<std::int64_t> knownInt(int tsValue);
    std::optional<bool> staticBool(int tsValue);
    std::optional<QString> staticString(int tsValue);
    std::optional<std::vector<std::int64_t>> staticInts(int tsValue);
    std::optional<TorchScriptConstant> staticValue(int tsValue);
    bool isTensorLike(int tsValue);
    int tensor(int tsValue);                      // IR value (creates initializers/constants); -1 if none
    int operand(int tsValue, int like);           // tensor, numbers as constants of `like`'s dtype
    int intTensor1d(int tsValue);                 // int or int[] argument as a 1-d int64 IR tensor
    int intTensorFromItems(const std::vector<Slot> &items);  // list items (known ints, scalars) as a 1-d tensor
    std::optional<std::vector<Slot>> listItems(int tsValue);  // items of a list (known ints become Static items)
    int scalarI64(int tsValue);                   // int argument as a 0-d int64 IR tensor
    std::vector<int> tensorList(int tsValue, bool *ok);

    // IR construction.
    int addNode(const QString &op, std::vector<int> inputs, AttributeList attributes = {}, DType type = DType::Undefined);
    std::vector<int> addNodes(const QString &op, std::vector<int> inputs, AttributeList attributes, int outputs,
                               DType type = DType::Undefined);
    int constI64(const std::vector<std::int64_t> &data, bool scalar = false);
    int constScalar(double value, DType type);
    int constantFromTensor(int tensorIndex);
    int moduleTensorValue(int tensorIndex, bool transposed);
    int cast(int ir, DType to);
    void bindOut(const TorchScriptNode &node, std::size_t output, int ir);
    // Binds the node's first output to a list of these IR tensors (split, chunk, unbind).
    void bindTensorList(const TorchScriptNode &node, const std::vector<int> &irs);
    void bindStatic(const TorchScriptNode &node, std::size_t output, TorchScriptConstant value);
    // A tensor of `shape` (1-d int64 IR tensor) filled with `value`.
    int filled(int shape, double value, DType type);
    // Casts the operands of an elementwise op to a common dtype the way PyTorch promotes types
    // (a 0-d or Python-number operand takes the other's dtype unless that is integral and it is not).
    void harmonize(int &a, int &b);
    // Folds an operator whose arguments are all known now.
    std::optional<TorchScriptConstant> foldStatic(const TorchScriptNode &node, const QString &base);

    // Facts about IR values (cheap tracking first, shape propagation of the graph so far on demand).
    DType dtype(int ir);
    int rank(int ir);
    std::int64_t dimSize(int ir, std::int64_t axis);
    const Value &propagated(int ir);
    void setRank(int ir, int r) { m_rank[ir] = r; }
    static std::int64_t normalizeAxis(std::int64_t axis, int rank) { return axis < 0 ? axis + rank : axis; }

    // The preamble of the tensor handlers: reads the tensor `self`; a node without one stays
    // unsupported.
    template <TensorHandler handler>
    bool onTensor(const TorchScriptNode &node, const QString &base) {
        const int x = tensor(input(node, u"self", 0));
        return x >= 0 && (this->*handler)(node, base, x);
    }

    // Handlers (aten_lowering_*.cpp, table in aten_lowering_ops.cpp); `base` is the op name without
    // namespace and trailing '_'.
    bool unary(const TorchScriptNode &n, const QString &base);
    bool binary(const TorchScriptNode &n, const QString &base);
    bool compare(const TorchScriptNode &n, const QString &base);
    bool activation(const TorchScriptNode &n, const QString &base, int x);
    bool clamp(const TorchScriptNode &n, const QString &base, int x);
    bool identity(const TorchScriptNode &n, const QString &base);
    bool convolution(const TorchScriptNode &n, const QString &base);
    bool linear(const TorchScriptNode &n, const QString &base, int x);
    bool matmul(const TorchScriptNode &n, const QString &base);
    bool addmm(const TorchScriptNode &n, const QString &base);
    bool baddbmm(const TorchScriptNode &n, const QString &base);
    bool einsum(const TorchScriptNode &n, const QString &base);
    bool batchNorm(const TorchScriptNode &n, const QString &base, int x);
    bool layerNorm(const TorchScriptNode &n, const QString &base, int x);
    bool groupNorm(const TorchScriptNode &n, const QString &base, int x);
    bool instanceNorm(const TorchScriptNode &n, const QString &base, int x);
    bool pool(const TorchScriptNode &n, const QString &base, int x);
    bool adaptivePool(const TorchScriptNode &n, const QString &base, int x);
    bool softmax(const TorchScriptNode &n, const QString &base, int x);
    bool reduce(const TorchScriptNode &n, const QString &base);
    bool maxOrMin(const TorchScriptNode &n, const QString &base);
    bool argReduce(const TorchScriptNode &n, const QString &base, int x);
    bool size(const TorchScriptNode &n, const QString &base);
    bool dim(const TorchScriptNode &n, const QString &base, int x);
    bool numToTensor(const TorchScriptNode &n, const QString &base);
    bool scalarOf(const TorchScriptNode &n, const QString &base);
    bool view(const TorchScriptNode &n, const QString &base);
    bool viewAs(const TorchScriptNode &n, const QString &base);
    bool flatten(const TorchScriptNode &n, const QString &base, int x);
    bool unflatten(const TorchScriptNode &n, const QString &base);
    bool permute(const TorchScriptNode &n, const QString &base);
    bool transpose(const TorchScriptNode &n, const QString &base);
    bool unsqueeze(const TorchScriptNode &n, const QString &base, int x);
    bool squeeze(const TorchScriptNode &n, const QString &base, int x);
    bool expand(const TorchScriptNode &n, const QString &base, int x);
    bool repeat(const TorchScriptNode &n, const QString &base, int x);
    bool cat(const TorchScriptNode &n, const QString &base);
    bool stack(const TorchScriptNode &n, const QString &base);
    bool chunk(const TorchScriptNode &n, const QString &base, int x);
    bool split(const TorchScriptNode &n, const QString &base, int x);
    bool unbind(const TorchScriptNode &n, const QString &base, int x);
    bool slice(const TorchScriptNode &n, const QString &base);
    bool select(const TorchScriptNode &n, const QString &base);
    bool narrow(const TorchScriptNode &n, const QString &base, int x);
    bool indexSelect(const TorchScriptNode &n, const QString &base);
    bool index(const TorchScriptNode &n, const QString &base, int x);
    bool embedding(const TorchScriptNode &n, const QString &base);
    bool to(const TorchScriptNode &n, const QString &base);
    bool typeAs(const TorchScriptNode &n, const QString &base);
    bool fill(const TorchScriptNode &n, const QString &base);
    bool arange(const TorchScriptNode &n, const QString &base);
    bool trilu(const TorchScriptNode &n, const QString &base, int x);
    bool where(const TorchScriptNode &n, const QString &base);
    bool maskedFill(const TorchScriptNode &n, const QString &base);
    bool pad(const TorchScriptNode &n, const QString &base, int x);
    bool upsample(const TorchScriptNode &n, const QString &base, int x);
    bool pixelShuffle(const TorchScriptNode &n, const QString &base, int x);
    bool attention(const TorchScriptNode &n, const QString &base);
    bool topk(const TorchScriptNode &n, const QString &base);
    bool cumsum(const TorchScriptNode &n, const QString &base, int x);
    // prim:: and scalar ops
    bool constant(const TorchScriptNode &n, const QString &base);
    bool getAttr(const TorchScriptNode &n, const QString &base);
    bool listConstruct(const TorchScriptNode &n, const QString &base);
    bool listUnpack(const TorchScriptNode &n, const QString &base);
    bool tupleIndex(const TorchScriptNode &n, const QString &base);
    bool getItem(const TorchScriptNode &n, const QString &base);
    bool len(const TorchScriptNode &n, const QString &base);
    bool append(const TorchScriptNode &n, const QString &base);
    bool dictConstruct(const TorchScriptNode &n, const QString &base);
    bool statement(const TorchScriptNode &n, const QString &base);
    bool scalarLogic(const TorchScriptNode &n, const QString &base);
    bool environment(const TorchScriptNode &n, const QString &base);
    bool tensorFromData(const TorchScriptNode &n, const QString &base);
    bool prelu(const TorchScriptNode &n, const QString &base);
    bool roll(const TorchScriptNode &n, const QString &base, int x);
    bool copy(const TorchScriptNode &n, const QString &base);
    bool setItem(const TorchScriptNode &n, const QString &base);

    const TorchScriptGraph &m_source;
    ShapeBindings m_bindings;
    GraphBuilder m_builder;
    std::vector<Slot> m_slots;                          // by TorchScript value index
    Slot m_invalidSlot;                                 // what slot() returns for a missing value
    std::unordered_map<int, int> m_plainTensor;         // module tensor -> IR initializer
    std::unordered_map<int, int> m_transposedTensor;    // module tensor -> IR value of its transpose
    std::unordered_map<int, DType> m_dtype;             // IR value -> dtype (cheap tracking)
    std::unordered_map<int, int> m_rank;                // IR value -> rank (cheap tracking)
    std::size_t m_propagatedValues = 0;                 // values covered by the last propagation
    int m_scopeDepth = 0;
    QString m_scope;
    int m_constants = 0;
    QStringList m_notes;
    QStringList m_warnings;
    QStringList m_unsupported;
    std::int64_t m_parameters = 0;
    std::int64_t m_buffers = 0;
};

}  // namespace infersight
