// SPDX-License-Identifier: MIT
// The walk over the TorchScript graph: slots for TorchScript values, constants, control flow,
// IR construction and the facts about IR values that lowering decisions need. The per-operator
// handlers are in aten_lowering_*.cpp (table in aten_lowering_ops.cpp).
#include "importers/torchscript/aten_lowering.h"

#include "graph/shape_inference.h"
#include "graph/shape_binding.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace infersight {

namespace {

constexpr std::int64_t kMaxUnrolledIterations = 4096;
constexpr std::size_t kMaxLoweredNodes = 2'000'000;

QString cleanValueName(const QString &debugName) {
    static const QRegularExpression suffix(QStringLiteral("\\.\\d+$"));
    QString name = debugName;
    name.remove(suffix);
    return name.isEmpty() ? debugName : name;
}

bool isTensorType(const TorchScriptValue &v) {
    return v.type == TorchScriptType::Tensor ||
           (v.type == TorchScriptType::Optional && v.elementType == TorchScriptType::Tensor);
}

bool isNumberType(TorchScriptType t) {
    return t == TorchScriptType::Int || t == TorchScriptType::Float || t == TorchScriptType::Bool;
}

// Ops whose output has the rank of their first input.
const QSet<QString> &sameRankOps() {
    static const QSet<QString> ops{
        QStringLiteral("Relu"), QStringLiteral("Sigmoid"), QStringLiteral("Tanh"), QStringLiteral("Exp"),
        QStringLiteral("Log"), QStringLiteral("Sqrt"), QStringLiteral("Neg"), QStringLiteral("Abs"),
        QStringLiteral("Erf"), QStringLiteral("Reciprocal"), QStringLiteral("Sin"), QStringLiteral("Cos"),
        QStringLiteral("Floor"), QStringLiteral("Ceil"), QStringLiteral("Round"), QStringLiteral("Sign"),
        QStringLiteral("Not"), QStringLiteral("HardSwish"), QStringLiteral("HardSigmoid"), QStringLiteral("Mish"),
        QStringLiteral("Softplus"), QStringLiteral("Selu"), QStringLiteral("Elu"), QStringLiteral("Celu"),
        QStringLiteral("LeakyRelu"), QStringLiteral("Gelu"), QStringLiteral("Clip"), QStringLiteral("Cast"),
        QStringLiteral("Identity"), QStringLiteral("Softmax"), QStringLiteral("LogSoftmax"),
        QStringLiteral("BatchNormalization"), QStringLiteral("LayerNormalization"),
        QStringLiteral("InstanceNormalization"), QStringLiteral("GroupNormalization"), QStringLiteral("Conv"),
        QStringLiteral("ConvTranspose"), QStringLiteral("MaxPool"), QStringLiteral("AveragePool"),
        QStringLiteral("GlobalAveragePool"), QStringLiteral("GlobalMaxPool"), QStringLiteral("Transpose"),
        QStringLiteral("Slice"), QStringLiteral("Concat"), QStringLiteral("Trilu"), QStringLiteral("Pad"),
        QStringLiteral("Resize"), QStringLiteral("DepthToSpace"), QStringLiteral("Tile"), QStringLiteral("CumSum"),
        QStringLiteral("IsNaN"), QStringLiteral("PRelu")};
    return ops;
}

// Elementwise ops with broadcasting: the output has the largest rank of the inputs.
const QSet<QString> &broadcastOps() {
    static const QSet<QString> ops{
        QStringLiteral("Add"), QStringLiteral("Sub"), QStringLiteral("Mul"), QStringLiteral("Div"),
        QStringLiteral("Pow"), QStringLiteral("Max"), QStringLiteral("Min"), QStringLiteral("Mod"),
        QStringLiteral("Equal"), QStringLiteral("Less"), QStringLiteral("Greater"), QStringLiteral("LessOrEqual"),
        QStringLiteral("GreaterOrEqual"), QStringLiteral("And"), QStringLiteral("Or"), QStringLiteral("Xor"),
        QStringLiteral("Where")};
    return ops;
}

}  // namespace

AtenLowering::AtenLowering(const TorchScriptGraph &source, const ShapeBindings &bindings)
    : m_source(source), m_bindings(bindings), m_builder(QStringLiteral("torchscript"), 18) {
    m_slots.resize(source.values.size());
}

std::vector<std::pair<QString, bool>> AtenLowering::forwardArguments(const TorchScriptGraph &source) {
    std::vector<std::pair<QString, bool>> out;
    for (std::size_t i = 1; i < source.body.inputs.size(); ++i) {
        const TorchScriptValue &v = source.values[static_cast<std::size_t>(source.body.inputs[i])];
        out.emplace_back(cleanValueName(v.name), v.type == TorchScriptType::Optional || v.type == TorchScriptType::None);
    }
    return out;
}

Result<AtenLoweringResult> AtenLowering::lower(const TorchScriptGraph &source, const std::vector<TorchScriptInputSpec> &inputs,
                                               const ShapeBindings &bindings) {
    AtenLowering lowering(source, bindings);
    const Status status = lowering.run(inputs);
    if (!status) {
        return Error{status.errorMessage()};
    }
    AtenLoweringResult result;
    result.graph = lowering.m_builder.finish();
    result.notes = lowering.m_notes;
    result.warnings = lowering.m_warnings;
    result.unsupportedOps = lowering.m_unsupported;
    result.moduleParameters = lowering.m_parameters;
    result.moduleBuffers = lowering.m_buffers;
    return result;
}

Status AtenLowering::run(const std::vector<TorchScriptInputSpec> &inputs) {
    const TorchScriptBlock &body = m_source.body;
    if (body.inputs.empty()) {
        return Error{QStringLiteral("forward() has no arguments (not a module method)")};
    }
    Slot self;
    self.kind = Slot::Kind::Module;
    bind(body.inputs[0], self);

    const auto arguments = forwardArguments(m_source);
    QStringList required;
    for (const auto &[name, optional] : arguments) {
        if (!optional) {
            required.push_back(name);
        }
    }
    QSet<QString> usedNames;
    for (std::size_t i = 1; i < body.inputs.size(); ++i) {
        const int v = body.inputs[i];
        const TorchScriptValue &tv = tsValue(v);
        const std::size_t argument = i - 1;
        const QString name = arguments[argument].first;
        if (argument < inputs.size()) {
            if (!isTensorType(tv)) {
                return Error{QStringLiteral("forward() argument '%1' is a %2, not a tensor; only tensor arguments can be given")
                                 .arg(name, tv.typeName)};
            }
            const TorchScriptInputSpec &spec = inputs[argument];
            const QString irName = usedNames.contains(name) ? tv.name : name;
            usedNames.insert(irName);
            const int ir = m_builder.input(irName, spec.dtype, spec.shape);
            m_dtype[ir] = spec.dtype;
            m_rank[ir] = static_cast<int>(spec.shape.size());
            bindTensor(v, ir);
        } else if (tv.type == TorchScriptType::Optional || tv.type == TorchScriptType::None) {
            Slot none;
            none.kind = Slot::Kind::Static;
            none.value.kind = TorchScriptConstant::Kind::None;
            bind(v, none);
        } else {
            return Error{QStringLiteral("forward() takes %1 required argument(s) (%2) but %3 input shape(s) were given")
                             .arg(required.size())
                             .arg(required.join(QStringLiteral(", ")))
                             .arg(inputs.size())};
        }
    }
    if (inputs.size() > arguments.size()) {
        return Error{QStringLiteral("forward() takes %1 argument(s) but %2 input shapes were given")
                         .arg(arguments.size())
                         .arg(inputs.size())};
    }
    assignInputDimRoles(m_builder.graph());
    m_bindings = completeBindings(m_builder.graph(), m_bindings);

    const Status lowered = lowerBlock(body);
    if (!lowered) {
        return lowered;
    }
    setScope(QString());
    for (int out : body.outputs) {
        collectOutputs(slot(out));
    }
    if (m_builder.graph().outputs.empty()) {
        return Error{QStringLiteral("forward() returns no tensor")};
    }
    return Status::success();
}

Status AtenLowering::lowerBlock(const TorchScriptBlock &block) {
    for (const TorchScriptNode &node : block.nodes) {
        lowerNode(node);
    }
    return Status::success();
}

void AtenLowering::lowerNode(const TorchScriptNode &node) {
    // Module paths: "SELF" marks calls of the module's own methods (self._conv_forward).
    QStringList path = node.scope.split(QLatin1Char('.'), Qt::SkipEmptyParts);
    path.removeAll(QStringLiteral("SELF"));
    setScope(path.join(QLatin1Char('.')));
    const qsizetype sep = node.kind.indexOf(QLatin1String("::"));
    const QString ns = sep >= 0 ? node.kind.left(sep) : QString();
    const QString name = sep >= 0 ? node.kind.mid(sep + 2) : node.kind;
    const bool inplace = name.endsWith(QLatin1Char('_')) && !name.endsWith(QLatin1String("__")) && ns == QLatin1String("aten");
    const QString base = inplace ? name.chopped(1) : name;

    bool done = false;
    if (node.kind == QLatin1String("prim::If")) {
        done = lowerIf(node);
    } else if (node.kind == QLatin1String("prim::Loop")) {
        done = lowerLoop(node);
    } else {
        const auto &table = handlers();
        auto it = table.constFind(node.kind);
        if (it == table.constEnd() && inplace) {
            it = table.constFind(ns + QLatin1String("::") + base);
        }
        if (it != table.constEnd()) {
            done = (this->*(it.value()))(node, base);
        }
    }
    if (!done) {
        emitUnsupported(node);
        return;
    }
    if (inplace && !node.inputs.empty() && !node.outputs.empty()) {
        // Later reads of the mutated argument see the result.
        const Slot &in = slot(node.inputs.front());
        if (in.kind == Slot::Kind::Tensor) {
            bind(node.inputs.front(), slot(node.outputs.front()));
        }
    }
}

bool AtenLowering::lowerIf(const TorchScriptNode &node) {
    if (node.inputs.empty() || node.blocks.size() != 2) {
        return false;
    }
    std::optional<bool> condition = staticBool(node.inputs.front());
    if (!condition) {
        // A condition computed from shapes: decide it at the import-time shapes.
        const Slot &s = slot(node.inputs.front());
        if (s.kind == Slot::Kind::Scalar) {
            const Value &v = propagated(s.ir);
            if (v.intData && v.intData->size() == 1) {
                condition = v.intData->front() != 0;
            } else if (v.floatData && v.floatData->size() == 1) {
                condition = v.floatData->front() != 0.0;
            }
            if (condition) {
                m_warnings.push_back(QStringLiteral("%1: a branch was chosen from the shapes at the import-time input "
                                                    "sizes; other sizes may take the other branch")
                                         .arg(node.scope.isEmpty() ? QStringLiteral("forward()") : node.scope));
            }
        }
    }
    if (!condition) {
        return false;
    }
    const TorchScriptBlock &block = node.blocks[*condition ? 0 : 1];
    const QString scope = m_scope;
    lowerBlock(block);
    setScope(scope);
    for (std::size_t i = 0; i < node.outputs.size() && i < block.outputs.size(); ++i) {
        bind(node.outputs[i], slot(block.outputs[i]));
    }
    return true;
}

bool AtenLowering::lowerLoop(const TorchScriptNode &node) {
    if (node.inputs.size() < 2 || node.blocks.size() != 1) {
        return false;
    }
    const TorchScriptBlock &body = node.blocks.front();
    std::optional<std::int64_t> trips = staticInt(node.inputs[0]);
    if (!trips && slot(node.inputs[0]).kind == Slot::Kind::Scalar) {
        const Value &v = propagated(slot(node.inputs[0]).ir);
        if (v.intData && v.intData->size() == 1) {
            trips = v.intData->front();
            m_warnings.push_back(QStringLiteral("a loop was unrolled %1 times for the import-time input sizes").arg(*trips));
        }
    }
    std::optional<bool> condition = staticBool(node.inputs[1]);
    if (!trips || !condition) {
        return false;
    }
    const std::size_t carriedCount = node.inputs.size() - 2;
    if (body.inputs.size() != carriedCount + 1 || body.outputs.size() != carriedCount + 1) {
        return false;
    }
    // A while-loop (huge trip count) is unrolled as long as its condition stays known.
    if (*trips > kMaxUnrolledIterations && !*condition) {
        trips = 0;
    }
    std::vector<Slot> carried;
    for (std::size_t i = 0; i < carriedCount; ++i) {
        carried.push_back(slot(node.inputs[2 + i]));
    }
    const QString scope = m_scope;
    std::int64_t iteration = 0;
    for (; iteration < std::min(*trips, kMaxUnrolledIterations) && *condition; ++iteration) {
        if (m_builder.graph().nodes.size() > kMaxLoweredNodes) {
            m_warnings.push_back(QStringLiteral("a loop was cut after %1 unrolled iterations: the graph reached %2 nodes")
                                     .arg(iteration)
                                     .arg(kMaxLoweredNodes));
            break;
        }
        Slot counter;
        counter.kind = Slot::Kind::Static;
        counter.value.kind = TorchScriptConstant::Kind::Int;
        counter.value.i = iteration;
        bind(body.inputs[0], counter);
        for (std::size_t i = 0; i < carriedCount; ++i) {
            bind(body.inputs[1 + i], carried[i]);
        }
        lowerBlock(body);
        setScope(scope);
        condition = staticBool(body.outputs[0]);
        if (!condition) {
            m_warnings.push_back(QStringLiteral("a loop's condition is only known at run time; it was unrolled %1 time(s)")
                                     .arg(iteration + 1));
            condition = false;
        }
        for (std::size_t i = 0; i < carriedCount; ++i) {
            carried[i] = slot(body.outputs[1 + i]);
        }
    }
    if (*condition && iteration < *trips) {
        m_warnings.push_back(QStringLiteral("a loop was cut after %1 unrolled iterations").arg(iteration));
    }
    for (std::size_t i = 0; i < node.outputs.size() && i < carried.size(); ++i) {
        bind(node.outputs[i], carried[i]);
    }
    return true;
}

void AtenLowering::emitUnsupported(const TorchScriptNode &node) {
    const qsizetype sep = node.kind.indexOf(QLatin1String("::"));
    const QString ns = sep >= 0 ? node.kind.left(sep) : QStringLiteral("aten");
    const QString name = sep >= 0 ? node.kind.mid(sep + 2) : node.kind;
    std::vector<int> inputs;
    for (int in : node.inputs) {
        const Slot &s = slot(in);
        if (s.kind == Slot::Kind::Tensor || s.kind == Slot::Kind::Scalar || s.kind == Slot::Kind::ShapeList) {
            const int ir = tensor(in);
            if (ir >= 0) {
                inputs.push_back(ir);
            }
        }
    }
    std::vector<int> tensorOutputs;
    for (std::size_t i = 0; i < node.outputs.size(); ++i) {
        const TorchScriptValue &tv = tsValue(node.outputs[i]);
        if (isTensorType(tv) || isNumberType(tv.type)) {
            tensorOutputs.push_back(static_cast<int>(i));
        }
    }
    const auto outs = m_builder.node(name, inputs, {}, static_cast<int>(tensorOutputs.size()), name);
    m_builder.graph().nodes.back().domain = ns;
    for (std::size_t k = 0; k < tensorOutputs.size(); ++k) {
        const int tsOut = node.outputs[static_cast<std::size_t>(tensorOutputs[k])];
        Slot s;
        s.kind = isTensorType(tsValue(tsOut)) ? Slot::Kind::Tensor : Slot::Kind::Scalar;
        s.ir = outs[k];
        bind(tsOut, s);
    }
    for (int tsOut : node.outputs) {
        if (m_slots[static_cast<std::size_t>(tsOut)].kind == Slot::Kind::Unset) {
            Slot opaque;
            opaque.kind = Slot::Kind::Opaque;
            bind(tsOut, opaque);
        }
    }
    const QString qualified = ns + QLatin1String("::") + name;
    if (!m_unsupported.contains(qualified)) {
        m_unsupported.push_back(qualified);
    }
}

void AtenLowering::setScope(const QString &scope) {
    if (scope == m_scope) {
        return;
    }
    for (; m_scopeDepth > 0; --m_scopeDepth) {
        m_builder.popScope();
    }
    if (!scope.isEmpty()) {
        m_builder.pushScope(scope);
        m_scopeDepth = 1;
    }
    m_scope = scope;
}

void AtenLowering::collectOutputs(const Slot &s) {
    switch (s.kind) {
    case Slot::Kind::Tensor: {
        int ir = s.ir;
        if (ir < 0 && s.moduleTensor >= 0) {
            ir = moduleTensorValue(s.moduleTensor, false);
        }
        if (ir >= 0) {
            m_builder.output(ir);
        }
        break;
    }
    case Slot::Kind::Scalar:
    case Slot::Kind::ShapeList: m_builder.output(s.ir); break;
    case Slot::Kind::List:
    case Slot::Kind::Tuple:
        for (const Slot &item : s.items) {
            collectOutputs(item);
        }
        break;
    default: break;
    }
}

// ---- slots -------------------------------------------------------------------------------------

const TorchScriptValue &AtenLowering::tsValue(int v) const {
    static const TorchScriptValue invalid;
    return v >= 0 && static_cast<std::size_t>(v) < m_source.values.size() ? m_source.values[static_cast<std::size_t>(v)] : invalid;
}

AtenLowering::Slot &AtenLowering::slot(int v) {
    if (v < 0 || static_cast<std::size_t>(v) >= m_slots.size()) {
        // A missing argument of a malformed node: opaque, never shared state.
        m_invalidSlot = Slot{};
        m_invalidSlot.kind = Slot::Kind::Opaque;
        return m_invalidSlot;
    }
    Slot &s = m_slots[static_cast<std::size_t>(v)];
    if (s.kind != Slot::Kind::Unset) {
        return s;
    }
    const TorchScriptValue &tv = tsValue(v);
    if (tv.tensor >= 0) {
        s.kind = Slot::Kind::Tensor;
        s.moduleTensor = tv.tensor;
    } else if (tv.constant) {
        if (tv.constant->kind == TorchScriptConstant::Kind::Tensor) {
            s.kind = Slot::Kind::Tensor;
            s.moduleTensor = tv.constant->tensor;
        } else if (tv.constant->kind == TorchScriptConstant::Kind::Other) {
            s.kind = Slot::Kind::Opaque;
        } else {
            s.kind = Slot::Kind::Static;
            s.value = *tv.constant;
        }
    } else if (tv.type == TorchScriptType::Module) {
        s.kind = Slot::Kind::Module;
    } else if (tv.type == TorchScriptType::None) {
        s.kind = Slot::Kind::Static;
        s.value.kind = TorchScriptConstant::Kind::None;
    } else {
        s.kind = Slot::Kind::Opaque;
    }
    return s;
}

void AtenLowering::bind(int v, Slot s) {
    if (v >= 0 && static_cast<std::size_t>(v) < m_slots.size()) {
        m_slots[static_cast<std::size_t>(v)] = std::move(s);
    }
}

void AtenLowering::bindTensor(int v, int ir) {
    Slot s;
    s.kind = Slot::Kind::Tensor;
    s.ir = ir;
    bind(v, s);
}

int AtenLowering::input(const TorchScriptNode &node, QStringView name, int position) const {
    const qsizetype named = node.argumentNames.indexOf(name.toString());
    const qsizetype index = named >= 0 ? named : position;
    if (index < 0 || index >= static_cast<qsizetype>(node.inputs.size())) {
        return -1;
    }
    return node.inputs[static_cast<std::size_t>(index)];
}

bool AtenLowering::isNone(int v) {
    if (v < 0) {
        return true;
    }
    const Slot &s = slot(v);
    return s.kind == Slot::Kind::Static && s.value.kind == TorchScriptConstant::Kind::None;
}

std::optional<TorchScriptConstant> AtenLowering::staticValue(int v) {
    if (v < 0) {
        return std::nullopt;
    }
    const Slot &s = slot(v);
    if (s.kind == Slot::Kind::Static) {
        return s.value;
    }
    return std::nullopt;
}

std::optional<std::int64_t> AtenLowering::staticInt(int v) {
    const auto c = staticValue(v);
    if (c && (c->kind == TorchScriptConstant::Kind::Int || c->kind == TorchScriptConstant::Kind::Bool)) {
        return c->i;
    }
    if (c && c->kind == TorchScriptConstant::Kind::Float && c->f == static_cast<double>(static_cast<std::int64_t>(c->f))) {
        return static_cast<std::int64_t>(c->f);
    }
    return std::nullopt;
}

std::optional<std::int64_t> AtenLowering::knownInt(int v) {
    if (const auto i = staticInt(v)) {
        return i;
    }
    if (v < 0) {
        return std::nullopt;
    }
    const Slot &s = slot(v);
    if (s.kind != Slot::Kind::Scalar || s.ir < 0) {
        return std::nullopt;
    }
    const Value &value = propagated(s.ir);
    if (value.intData && value.intData->size() == 1) {
        return value.intData->front();
    }
    return std::nullopt;
}

std::optional<double> AtenLowering::staticNumber(int v) {
    const auto c = staticValue(v);
    if (!c) {
        return std::nullopt;
    }
    switch (c->kind) {
    case TorchScriptConstant::Kind::Int:
    case TorchScriptConstant::Kind::Bool: return static_cast<double>(c->i);
    case TorchScriptConstant::Kind::Float: return c->f;
    default: return std::nullopt;
    }
}

std::optional<bool> AtenLowering::staticBool(int v) {
    const auto c = staticValue(v);
    if (c && (c->kind == TorchScriptConstant::Kind::Bool || c->kind == TorchScriptConstant::Kind::Int)) {
        return c->i != 0;
    }
    return std::nullopt;
}

std::optional<QString> AtenLowering::staticString(int v) {
    const auto c = staticValue(v);
    if (c && (c->kind == TorchScriptConstant::Kind::String || c->kind == TorchScriptConstant::Kind::Device)) {
        return c->s;
    }
    return std::nullopt;
}

std::optional<std::vector<std::int64_t>> AtenLowering::staticInts(int v) {
    if (v < 0) {
        return std::nullopt;
    }
    const Slot &s = slot(v);
    if (s.kind == Slot::Kind::Static) {
        if (s.value.kind == TorchScriptConstant::Kind::Ints || s.value.kind == TorchScriptConstant::Kind::Bools) {
            return s.value.ints;
        }
        if (s.value.kind == TorchScriptConstant::Kind::Int) {
            return std::vector<std::int64_t>{s.value.i};
        }
        return std::nullopt;
    }
    if (s.kind == Slot::Kind::List || s.kind == Slot::Kind::Tuple) {
        std::vector<std::int64_t> out;
        for (const Slot &item : s.items) {
            if (item.kind != Slot::Kind::Static ||
                (item.value.kind != TorchScriptConstant::Kind::Int && item.value.kind != TorchScriptConstant::Kind::Bool)) {
                return std::nullopt;
            }
            out.push_back(item.value.i);
        }
        return out;
    }
    return std::nullopt;
}

bool AtenLowering::isTensorLike(int v) {
    if (v < 0) {
        return false;
    }
    const Slot::Kind k = slot(v).kind;
    return k == Slot::Kind::Tensor || k == Slot::Kind::Scalar;
}

int AtenLowering::tensor(int v) {
    if (v < 0) {
        return -1;
    }
    Slot &s = slot(v);
    switch (s.kind) {
    case Slot::Kind::Tensor:
        if (s.ir < 0 && s.moduleTensor >= 0) {
            const int ir = moduleTensorValue(s.moduleTensor, false);
            m_slots[static_cast<std::size_t>(v)].ir = ir;
            return ir;
        }
        return s.ir;
    case Slot::Kind::Scalar:
    case Slot::Kind::ShapeList: return s.ir;
    case Slot::Kind::Static:
        switch (s.value.kind) {
        case TorchScriptConstant::Kind::Int: return constI64({s.value.i}, true);
        case TorchScriptConstant::Kind::Bool: return constScalar(static_cast<double>(s.value.i), DType::Bool);
        case TorchScriptConstant::Kind::Float: return constScalar(s.value.f, DType::F32);
        case TorchScriptConstant::Kind::Ints: return constI64(s.value.ints);
        default: return -1;
        }
    case Slot::Kind::List:
    case Slot::Kind::Tuple: return intTensor1d(v);
    default: return -1;
    }
}

int AtenLowering::operand(int v, int like) {
    const auto number = staticNumber(v);
    if (number && slot(v).kind == Slot::Kind::Static) {
        DType t = like >= 0 ? dtype(like) : DType::Undefined;
        const bool isFloat = staticValue(v)->kind == TorchScriptConstant::Kind::Float;
        if (t == DType::Undefined || (isFloat && !isFloating(t))) {
            t = isFloat ? DType::F32 : DType::I64;
        }
        return constScalar(*number, t);
    }
    return tensor(v);
}

int AtenLowering::scalarI64(int v) {
    if (const auto i = staticInt(v)) {
        return constI64({*i}, true);
    }
    const int ir = tensor(v);
    if (ir < 0) {
        return -1;
    }
    return dtype(ir) == DType::I64 ? ir : cast(ir, DType::I64);
}

int AtenLowering::intTensor1d(int v) {
    if (v < 0) {
        return -1;
    }
    if (const auto ints = staticInts(v)) {
        return constI64(*ints);
    }
    Slot &s = slot(v);
    if (s.kind == Slot::Kind::ShapeList) {
        return s.ir;
    }
    if (s.kind == Slot::Kind::Scalar || s.kind == Slot::Kind::Tensor) {
        const int ir = tensor(v);
        if (rank(ir) == 0) {
            return addNode(QStringLiteral("Unsqueeze"), {scalarI64(v), constI64({0})});
        }
        return ir;
    }
    if (s.kind != Slot::Kind::List && s.kind != Slot::Kind::Tuple) {
        return -1;
    }
    const std::vector<Slot> items = s.items;
    return intTensorFromItems(items);
}

std::optional<std::vector<AtenLowering::Slot>> AtenLowering::listItems(int v) {
    if (v < 0) {
        return std::nullopt;
    }
    const Slot &s = slot(v);
    if (s.kind == Slot::Kind::List || s.kind == Slot::Kind::Tuple) {
        return s.items;
    }
    if (s.kind == Slot::Kind::Static && (s.value.kind == TorchScriptConstant::Kind::Ints || s.value.kind == TorchScriptConstant::Kind::Bools)) {
        std::vector<Slot> items;
        for (std::int64_t i : s.value.ints) {
            Slot item;
            item.kind = Slot::Kind::Static;
            item.value.kind = TorchScriptConstant::Kind::Int;
            item.value.i = i;
            items.push_back(item);
        }
        return items;
    }
    return std::nullopt;
}

int AtenLowering::intTensorFromItems(const std::vector<Slot> &items) {
    std::vector<int> parts;
    std::vector<std::int64_t> pending;
    auto flush = [&] {
        if (!pending.empty()) {
            parts.push_back(constI64(pending));
            pending.clear();
        }
    };
    for (const Slot &item : items) {
        if (item.kind == Slot::Kind::Static &&
            (item.value.kind == TorchScriptConstant::Kind::Int || item.value.kind == TorchScriptConstant::Kind::Bool)) {
            pending.push_back(item.value.i);
            continue;
        }
        if (item.kind != Slot::Kind::Scalar && item.kind != Slot::Kind::Tensor) {
            return -1;
        }
        flush();
        int ir = item.ir;
        if (ir < 0) {
            return -1;
        }
        if (dtype(ir) != DType::I64) {
            ir = cast(ir, DType::I64);
        }
        parts.push_back(rank(ir) == 0 ? addNode(QStringLiteral("Unsqueeze"), {ir, constI64({0})}) : ir);
    }
    flush();
    if (parts.empty()) {
        return constI64({});
    }
    if (parts.size() == 1) {
        return parts.front();
    }
    const int out = addNode(QStringLiteral("Concat"), parts, {{QStringLiteral("axis"), Attribute::fromInt(0)}});
    setRank(out, 1);
    return out;
}

std::vector<int> AtenLowering::tensorList(int v, bool *ok) {
    *ok = false;
    std::vector<int> out;
    if (v < 0) {
        return out;
    }
    const Slot s = slot(v);
    if (s.kind != Slot::Kind::List && s.kind != Slot::Kind::Tuple) {
        return out;
    }
    for (std::size_t i = 0; i < s.items.size(); ++i) {
        const Slot &item = s.items[i];
        int ir = item.ir;
        if (item.kind == Slot::Kind::Tensor && ir < 0 && item.moduleTensor >= 0) {
            ir = moduleTensorValue(item.moduleTensor, false);
        }
        if ((item.kind != Slot::Kind::Tensor && item.kind != Slot::Kind::Scalar) || ir < 0) {
            return {};
        }
        out.push_back(ir);
    }
    *ok = true;
    return out;
}

// ---- IR construction ---------------------------------------------------------------------------

int AtenLowering::addNode(const QString &op, std::vector<int> inputs, AttributeList attributes, DType type) {
    return addNodes(op, std::move(inputs), std::move(attributes), 1, type).front();
}

std::vector<int> AtenLowering::addNodes(const QString &op, std::vector<int> inputs, AttributeList attributes, int outputs,
                                         DType type) {
    const std::vector<int> ins = inputs;
    const auto outs = m_builder.node(op, std::move(inputs), std::move(attributes), outputs, op);
    DType t = type;
    if (t == DType::Undefined) {
        static const QSet<QString> boolOps{QStringLiteral("Equal"), QStringLiteral("Less"), QStringLiteral("Greater"),
                                           QStringLiteral("LessOrEqual"), QStringLiteral("GreaterOrEqual"),
                                           QStringLiteral("Not"), QStringLiteral("And"), QStringLiteral("Or"),
                                           QStringLiteral("Xor"), QStringLiteral("IsNaN"), QStringLiteral("IsInf")};
        if (op == QLatin1String("Shape") || op == QLatin1String("ArgMax") || op == QLatin1String("ArgMin") ||
            op == QLatin1String("NonZero") || op == QLatin1String("Size")) {
            t = DType::I64;
        } else if (boolOps.contains(op)) {
            t = DType::Bool;
        } else {
            const int from = op == QLatin1String("Where") && ins.size() > 1 ? ins[1] : (ins.empty() ? -1 : ins[0]);
            if (from >= 0) {
                auto it = m_dtype.find(from);
                if (it != m_dtype.end()) {
                    t = it->second;
                }
            }
        }
    }
    if (t != DType::Undefined) {
        for (int o : outs) {
            m_dtype[o] = t;
        }
    }
    if (!ins.empty() && ins[0] >= 0) {
        if (sameRankOps().contains(op)) {
            auto it = m_rank.find(ins[0]);
            if (it != m_rank.end()) {
                for (int o : outs) {
                    m_rank[o] = it->second;
                }
            }
        } else if (broadcastOps().contains(op)) {
            int r = 0;
            bool known = true;
            for (int in : ins) {
                auto it = in >= 0 ? m_rank.find(in) : m_rank.end();
                if (it == m_rank.end()) {
                    known = false;
                    break;
                }
                r = std::max(r, it->second);
            }
            if (known) {
                m_rank[outs.front()] = r;
            }
        } else if (op == QLatin1String("Shape")) {
            m_rank[outs.front()] = 1;
        }
    }
    return outs;
}

int AtenLowering::constI64(const std::vector<std::int64_t> &data, bool scalar) {
    const Shape dims = scalar ? Shape{} : Shape{static_cast<std::int64_t>(data.size())};
    const int ir = m_builder.constantInts(QStringLiteral("const"), data, dims);
    m_dtype[ir] = DType::I64;
    m_rank[ir] = scalar ? 0 : 1;
    return ir;
}

int AtenLowering::constScalar(double value, DType type) {
    if (isInteger(type)) {
        const int ir = constI64({static_cast<std::int64_t>(value)}, true);
        if (type != DType::I64) {
            m_builder.graph().values[static_cast<std::size_t>(ir)].dtype = type;
            m_dtype[ir] = type;
        }
        return ir;
    }
    // Floating and bool scalars are Constant nodes, not initializers: they are not parameters.
    TensorInfo t;
    t.dtype = type;
    if (type == DType::Bool) {
        t.intData = std::vector<std::int64_t>{value != 0.0 ? 1 : 0};
    } else {
        t.floatData = std::vector<double>{value};
    }
    const int ir = addNode(QStringLiteral("Constant"), {}, {{QStringLiteral("value"), Attribute::fromTensor(std::move(t))}}, type);
    m_rank[ir] = 0;
    return ir;
}

int AtenLowering::constantFromTensor(int tensorIndex) {
    const TorchScriptTensor &rec = m_source.tensors[static_cast<std::size_t>(tensorIndex)];
    TensorInfo t;
    t.dtype = rec.dtype;
    t.dims = rec.dims;
    t.intData = rec.intData;
    t.floatData = rec.floatData;
    const int ir = addNode(QStringLiteral("Constant"), {}, {{QStringLiteral("value"), Attribute::fromTensor(std::move(t))}},
                        rec.dtype);
    m_rank[ir] = static_cast<int>(rec.dims.size());
    return ir;
}

int AtenLowering::moduleTensorValue(int tensorIndex, bool transposed) {
    const TorchScriptTensor &rec = m_source.tensors[static_cast<std::size_t>(tensorIndex)];
    auto &cache = transposed ? m_transposedTensor : m_plainTensor;
    if (auto it = cache.find(tensorIndex); it != cache.end()) {
        return it->second;
    }
    const bool small = rec.intData || rec.floatData;
    if (rec.origin == TorchScriptTensor::Origin::Constant && small && !transposed) {
        // Constants of the code (0-d tensors of traced shape arithmetic...) keep their contents.
        const int ir = constantFromTensor(tensorIndex);
        cache[tensorIndex] = ir;
        return ir;
    }
    auto &other = transposed ? m_plainTensor : m_transposedTensor;
    if (auto it = other.find(tensorIndex); it != other.end() && rec.dims.size() == 2) {
        // Tied weights: read once, the second layout is a Transpose of the first.
        const int ir = addNode(QStringLiteral("Transpose"), {it->second}, {{QStringLiteral("perm"), Attribute::fromInts({1, 0})}});
        cache[tensorIndex] = ir;
        return ir;
    }
    Value v;
    v.name = rec.name;
    if (m_builder.graph().findValue(v.name) >= 0) {
        v.name = QStringLiteral("%1_%2").arg(rec.name).arg(tensorIndex);
    }
    v.dtype = rec.dtype;
    v.kind = ValueKind::Initializer;
    v.declaredRankKnown = true;
    Shape dims = rec.dims;
    if (transposed && dims.size() == 2) {
        std::swap(dims[0], dims[1]);
    }
    for (std::int64_t d : dims) {
        v.declared.push_back(Dim::fixed(d));
    }
    if (!transposed && rec.intData && !isFloating(rec.dtype)) {
        v.intData = rec.intData;
    }
    // Module buffers (BatchNorm running statistics, masks) take memory but are not parameters.
    v.buffer = rec.origin == TorchScriptTensor::Origin::Buffer;
    const int ir = m_builder.graph().addValue(std::move(v));
    m_dtype[ir] = rec.dtype;
    m_rank[ir] = static_cast<int>(dims.size());
    cache[tensorIndex] = ir;
    std::int64_t elements = 1;
    for (std::int64_t d : rec.dims) {
        elements *= d;
    }
    if (rec.origin == TorchScriptTensor::Origin::Parameter) {
        m_parameters += elements;
    } else if (rec.origin == TorchScriptTensor::Origin::Buffer && isFloating(rec.dtype)) {
        m_buffers += elements;
    }
    return ir;
}

int AtenLowering::cast(int ir, DType to) {
    if (ir >= 0 && dtype(ir) == to) {
        return ir;
    }
    return addNode(QStringLiteral("Cast"), {ir}, {{QStringLiteral("to"), Attribute::fromInt(static_cast<int>(to))}}, to);
}

// ---- facts about IR values ---------------------------------------------------------------------

const Value &AtenLowering::propagated(int ir) {
    Graph &g = m_builder.graph();
    if (static_cast<std::size_t>(ir) >= m_propagatedValues) {
        propagateShapes(g, m_bindings);
        m_propagatedValues = g.values.size();
    }
    return g.values[static_cast<std::size_t>(ir)];
}

DType AtenLowering::dtype(int ir) {
    if (ir < 0) {
        return DType::Undefined;
    }
    if (auto it = m_dtype.find(ir); it != m_dtype.end()) {
        return it->second;
    }
    const DType t = propagated(ir).dtype;
    if (t != DType::Undefined) {
        m_dtype[ir] = t;
    }
    return t;
}

int AtenLowering::rank(int ir) {
    if (ir < 0) {
        return -1;
    }
    if (auto it = m_rank.find(ir); it != m_rank.end()) {
        return it->second;
    }
    const Value &v = propagated(ir);
    if (!v.rankKnown) {
        return -1;
    }
    const int r = static_cast<int>(v.shape.size());
    m_rank[ir] = r;
    return r;
}

std::int64_t AtenLowering::dimSize(int ir, std::int64_t axis) {
    const Value &v = propagated(ir);
    if (!v.rankKnown) {
        return -1;
    }
    const std::int64_t a = normalizeAxis(axis, static_cast<int>(v.shape.size()));
    if (a < 0 || a >= static_cast<std::int64_t>(v.shape.size())) {
        return -1;
    }
    return v.shape[static_cast<std::size_t>(a)];
}

// ---- input guessing ----------------------------------------------------------------------------

namespace {

struct FirstUse {
    const TorchScriptNode *node = nullptr;
    int position = -1;
};

void collectUses(const TorchScriptBlock &block, int value, std::vector<FirstUse> &uses) {
    for (const TorchScriptNode &n : block.nodes) {
        for (std::size_t i = 0; i < n.inputs.size(); ++i) {
            if (n.inputs[i] == value) {
                uses.push_back({&n, static_cast<int>(i)});
            }
        }
        for (const TorchScriptBlock &b : n.blocks) {
            collectUses(b, value, uses);
        }
    }
}

// The first use that tells the input's shape: a convolution, an embedding lookup or a linear
// layer, following ops that keep the tensor as it is (casts, copies) on the way.
FirstUse meaningfulUse(const TorchScriptGraph &g, int value) {
    static const QSet<QString> passThrough{
        QStringLiteral("aten::to"), QStringLiteral("aten::contiguous"), QStringLiteral("aten::clone"),
        QStringLiteral("aten::detach"), QStringLiteral("aten::dropout"), QStringLiteral("aten::float"),
        QStringLiteral("aten::type_as"), QStringLiteral("prim::unchecked_cast")};
    static const QSet<QString> telling{
        QStringLiteral("aten::_convolution"), QStringLiteral("aten::conv1d"), QStringLiteral("aten::conv2d"),
        QStringLiteral("aten::conv3d"), QStringLiteral("aten::embedding"), QStringLiteral("aten::linear")};
    std::vector<int> frontier{value};
    for (int hops = 0; hops < 8 && !frontier.empty(); ++hops) {
        std::vector<int> next;
        for (int v : frontier) {
            std::vector<FirstUse> uses;
            collectUses(g.body, v, uses);
            for (const FirstUse &use : uses) {
                if (telling.contains(use.node->kind)) {
                    return use;
                }
                if (passThrough.contains(use.node->kind) && use.position == 0 && !use.node->outputs.empty()) {
                    next.push_back(use.node->outputs.front());
                }
            }
        }
        frontier = std::move(next);
    }
    return {};
}

const TorchScriptTensor *tensorArgument(const TorchScriptGraph &g, const TorchScriptNode &n, const QString &name, int position) {
    qsizetype index = n.argumentNames.indexOf(name);
    if (index < 0) {
        index = position;
    }
    if (index < 0 || index >= static_cast<qsizetype>(n.inputs.size())) {
        return nullptr;
    }
    const TorchScriptValue &v = g.values[static_cast<std::size_t>(n.inputs[static_cast<std::size_t>(index)])];
    int t = v.tensor;
    if (t < 0 && v.constant && v.constant->kind == TorchScriptConstant::Kind::Tensor) {
        t = v.constant->tensor;
    }
    return t >= 0 ? &g.tensors[static_cast<std::size_t>(t)] : nullptr;
}

std::int64_t intArgument(const TorchScriptGraph &g, const TorchScriptNode &n, const QString &name, int position,
                         std::int64_t fallback) {
    qsizetype index = n.argumentNames.indexOf(name);
    if (index < 0) {
        index = position;
    }
    if (index < 0 || index >= static_cast<qsizetype>(n.inputs.size())) {
        return fallback;
    }
    const TorchScriptValue &v = g.values[static_cast<std::size_t>(n.inputs[static_cast<std::size_t>(index)])];
    if (v.constant && (v.constant->kind == TorchScriptConstant::Kind::Int || v.constant->kind == TorchScriptConstant::Kind::Bool)) {
        return v.constant->i;
    }
    return fallback;
}

// A symbolic dim without a value: the knobs' defaults apply (batch 1, image 224, sequence 128).
Dim named(const char *symbol) { return Dim{-1, QString::fromLatin1(symbol), DimRole::Other}; }

}  // namespace

Result<std::vector<TorchScriptInputSpec>> AtenLowering::guessInputs(const TorchScriptGraph &source, QStringList *notes) {
    std::vector<TorchScriptInputSpec> specs;
    const auto arguments = forwardArguments(source);
    for (std::size_t i = 1; i < source.body.inputs.size(); ++i) {
        const int value = source.body.inputs[i];
        const TorchScriptValue &tv = source.values[static_cast<std::size_t>(value)];
        const QString &name = arguments[i - 1].first;
        if (arguments[i - 1].second) {
            break;  // optional arguments and everything after them stay None
        }
        if (tv.type != TorchScriptType::Tensor) {
            return Error{QStringLiteral("forward() argument '%1' is a %2, not a tensor; only tensor arguments are supported")
                             .arg(name, tv.typeName)};
        }
        TorchScriptInputSpec spec;
        QString why;
        const FirstUse use = meaningfulUse(source, value);
        const QString kind = use.node ? use.node->kind : QString();
        const bool conv = kind == QLatin1String("aten::_convolution") || kind == QLatin1String("aten::conv1d") ||
                          kind == QLatin1String("aten::conv2d") || kind == QLatin1String("aten::conv3d");
        if (conv && use.position == 0) {
            if (const TorchScriptTensor *w = tensorArgument(source, *use.node, QStringLiteral("weight"), 1)) {
                const std::int64_t groups = intArgument(source, *use.node, QStringLiteral("groups"),
                                                        kind == QLatin1String("aten::_convolution") ? 8 : 6, 1);
                const bool transposedConv = kind == QLatin1String("aten::_convolution") &&
                                            intArgument(source, *use.node, QStringLiteral("transposed"), 6, 0) != 0;
                const std::int64_t channels =
                    w->dims.size() >= 2 ? (transposedConv ? w->dims[0] : w->dims[1] * groups) : 3;
                spec.shape.push_back(named("N"));
                spec.shape.push_back(Dim::fixed(channels));
                if (w->dims.size() == 3) {
                    spec.shape.push_back(named("length"));
                } else if (w->dims.size() == 5) {
                    spec.shape.push_back(Dim::fixed(16));
                    spec.shape.push_back(named("H"));
                    spec.shape.push_back(named("W"));
                } else {
                    spec.shape.push_back(named("H"));
                    spec.shape.push_back(named("W"));
                }
                why = QStringLiteral("its first use is a convolution with %1 input channels").arg(channels);
            }
        } else if (kind == QLatin1String("aten::embedding") && use.position == 1) {
            spec.shape = {named("N"), named("seq")};
            spec.dtype = DType::I64;
            why = QStringLiteral("its first use is an embedding lookup");
        } else if (kind == QLatin1String("aten::linear") && use.position == 0) {
            if (const TorchScriptTensor *w = tensorArgument(source, *use.node, QStringLiteral("weight"), 1);
                w && w->dims.size() == 2) {
                spec.shape = {named("N"), Dim::fixed(w->dims[1])};
                why = QStringLiteral("its first use is a linear layer with %1 inputs").arg(w->dims[1]);
            }
        }
        if (spec.shape.empty()) {
            spec.shape = {named("N"), Dim::fixed(3), named("H"), named("W")};
            why = QStringLiteral("nothing in the graph tells its shape, so an image is assumed");
        }
        if (notes) {
            notes->push_back(QStringLiteral("input '%1' taken as %2 (%3) because %4; give the input shapes to change it")
                                 .arg(name, spec.toString(), dtypeName(spec.dtype), why));
        }
        specs.push_back(std::move(spec));
    }
    return specs;
}

}  // namespace infersight
