// SPDX-License-Identifier: MIT
// The LibTorch side of TorchScript import: the only translation unit that includes LibTorch. It is
// built into the module libinfersight_torch.so, which infersight_core loads with QLibrary the
// first time a TorchScript file is opened (torchscript_module.cpp), so that the GUI and the CLI
// never pay for LibTorch (~250 shared libraries, ~0.5 s, ~160 MB) unless they need it.
//
// What it does: torch::jit::load on the CPU (this deserialises the archive; forward() is never
// run), module.eval(), freeze_module with the parameters and buffers kept as attributes (folds
// attributes such as `training` or `use_res_connect` into constants and inlines every call),
// specialisation to the caller's inputs (absent optional arguments become None; inputs get their
// rank and dtype; the module's tensors their full types) followed by LibTorch's own graph passes
// (constant propagation, peephole, removal of exception branches, list-mutation removal, constant
// loop unrolling, dead code elimination), then a copy of the resulting graph into the torch-free
// TorchScriptGraph. Every exception stays inside this file and becomes an error message.
// LibTorch first and Qt without its keyword macros: Qt's `slots` macro breaks LibTorch's headers.
#define QT_NO_KEYWORDS

#include <torch/csrc/jit/ir/scope.h>
#include <torch/csrc/jit/passes/constant_propagation.h>
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/csrc/jit/passes/freeze_module.h>
#include <torch/csrc/jit/passes/inliner.h>
#include <torch/csrc/jit/passes/loop_unrolling.h>
#include <torch/csrc/jit/passes/peephole.h>
#include <torch/csrc/jit/passes/remove_exceptions.h>
#include <torch/csrc/jit/passes/remove_mutation.h>
#include <torch/script.h>
#include <torch/version.h>

#include "importers/torchscript/torchscript_abi.h"

#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <unordered_map>

namespace infersight {
namespace {

namespace jit = torch::jit;

QString qs(const std::string &s) { return QString::fromStdString(s); }

// The first line of an exception message, without LibTorch's C++ backtrace. An allocation that
// failed (the reader runs under an address-space limit) may be reported deep inside an interpreter
// traceback: that line is the one that tells.
QString firstLine(const char *what) {
    QString message = QString::fromUtf8(what).trimmed();
    for (const char *marker : {"can't allocate memory", "std::bad_alloc"}) {
        const qsizetype at = message.indexOf(QLatin1String(marker));
        if (at >= 0) {
            const qsizetype start = message.lastIndexOf(QLatin1Char('\n'), at) + 1;
            message = message.mid(start);
            break;
        }
    }
    const qsizetype newline = message.indexOf(QLatin1Char('\n'));
    if (newline >= 0) {
        message.truncate(newline);
    }
    return message.trimmed();
}

DType dtypeOf(at::ScalarType t) {
    switch (t) {
    case at::kFloat: return DType::F32;
    case at::kHalf: return DType::F16;
    case at::kBFloat16: return DType::BF16;
    case at::kDouble: return DType::F64;
    case at::kByte: return DType::U8;
    case at::kChar: return DType::I8;
    case at::kShort: return DType::I16;
    case at::kInt: return DType::I32;
    case at::kLong: return DType::I64;
    case at::kBool: return DType::Bool;
    case at::kComplexFloat: return DType::Complex64;
    case at::kComplexDouble: return DType::Complex128;
    default: return DType::Undefined;
    }
}

std::optional<at::ScalarType> scalarTypeOf(DType t) {
    switch (t) {
    case DType::F32: return at::kFloat;
    case DType::F16: return at::kHalf;
    case DType::BF16: return at::kBFloat16;
    case DType::F64: return at::kDouble;
    case DType::U8: return at::kByte;
    case DType::I8: return at::kChar;
    case DType::I16: return at::kShort;
    case DType::I32: return at::kInt;
    case DType::I64: return at::kLong;
    case DType::Bool: return at::kBool;
    default: return std::nullopt;
    }
}

TorchScriptType classify(const c10::TypePtr &type, TorchScriptType *element) {
    *element = TorchScriptType::Other;
    switch (type->kind()) {
    case c10::TypeKind::TensorType: return TorchScriptType::Tensor;
    case c10::TypeKind::IntType: return TorchScriptType::Int;
    case c10::TypeKind::FloatType: return TorchScriptType::Float;
    case c10::TypeKind::BoolType: return TorchScriptType::Bool;
    case c10::TypeKind::StringType: return TorchScriptType::String;
    case c10::TypeKind::NoneType: return TorchScriptType::None;
    case c10::TypeKind::DeviceObjType: return TorchScriptType::Device;
    case c10::TypeKind::ListType: {
        TorchScriptType inner = TorchScriptType::Other;
        *element = classify(type->expectRef<c10::ListType>().getElementType(), &inner);
        return TorchScriptType::List;
    }
    case c10::TypeKind::OptionalType: {
        TorchScriptType inner = TorchScriptType::Other;
        *element = classify(type->expectRef<c10::OptionalType>().getElementType(), &inner);
        return TorchScriptType::Optional;
    }
    case c10::TypeKind::TupleType: return TorchScriptType::Tuple;
    case c10::TypeKind::DictType: return TorchScriptType::Dict;
    case c10::TypeKind::ClassType:
    case c10::TypeKind::InterfaceType: return TorchScriptType::Module;
    default: return TorchScriptType::Other;
    }
}

// Copies a LibTorch graph into a TorchScriptGraph, resolving prim::GetAttr chains on the module.
class GraphExport {
public:
    explicit GraphExport(TorchScriptGraph &out) : m_out(out) {}

    void setRoot(const jit::Value *self, const c10::IValue &module) {
        m_objects[self] = module;
        m_paths[self] = std::string();
    }

    TorchScriptBlock exportBlock(const jit::Block *block) {
        TorchScriptBlock result;
        for (const jit::Value *v : block->inputs()) {
            result.inputs.push_back(valueId(v));
        }
        for (const jit::Node *n : block->nodes()) {
            result.nodes.push_back(exportNode(n));
        }
        for (const jit::Value *v : block->outputs()) {
            result.outputs.push_back(valueId(v));
        }
        return result;
    }

    int addTensor(const at::Tensor &t, const QString &name, TorchScriptTensor::Origin origin) {
        const void *key = t.unsafeGetTensorImpl();
        auto it = m_tensorIds.find(key);
        if (it != m_tensorIds.end()) {
            return it->second;
        }
        TorchScriptTensor rec;
        rec.name = name.isEmpty() ? QStringLiteral("constant_%1").arg(m_out.tensors.size()) : name;
        rec.origin = origin;
        rec.dtype = dtypeOf(t.scalar_type());
        for (std::int64_t d : t.sizes()) {
            rec.dims.push_back(d);
        }
        if (t.layout() == at::kStrided && !t.is_quantized() && t.numel() <= TorchScriptTensor::kSmallTensor &&
            t.device().is_cpu()) {
            if (t.is_floating_point()) {
                const at::Tensor d = t.to(at::kDouble).contiguous();
                const double *p = d.data_ptr<double>();
                rec.floatData = std::vector<double>(p, p + d.numel());
            } else if (!t.is_complex()) {
                const at::Tensor l = t.to(at::kLong).contiguous();
                const std::int64_t *p = l.data_ptr<std::int64_t>();
                rec.intData = std::vector<std::int64_t>(p, p + l.numel());
            }
        }
        const int id = static_cast<int>(m_out.tensors.size());
        m_out.tensors.push_back(std::move(rec));
        m_tensorIds.emplace(key, id);
        return id;
    }

    std::optional<TorchScriptConstant> constantOf(const c10::IValue &v, const QString &tensorName,
                                                  TorchScriptTensor::Origin origin) {
        TorchScriptConstant c;
        if (v.isNone()) {
            c.kind = TorchScriptConstant::Kind::None;
        } else if (v.isBool()) {
            c.kind = TorchScriptConstant::Kind::Bool;
            c.i = v.toBool() ? 1 : 0;
        } else if (v.isInt()) {
            c.kind = TorchScriptConstant::Kind::Int;
            c.i = v.toInt();
        } else if (v.isDouble()) {
            c.kind = TorchScriptConstant::Kind::Float;
            c.f = v.toDouble();
        } else if (v.isString()) {
            c.kind = TorchScriptConstant::Kind::String;
            c.s = qs(v.toStringRef());
        } else if (v.isDevice()) {
            c.kind = TorchScriptConstant::Kind::Device;
            c.s = qs(v.toDevice().str());
        } else if (v.isIntList()) {
            c.kind = TorchScriptConstant::Kind::Ints;
            c.ints = v.toIntVector();
        } else if (v.isDoubleList()) {
            c.kind = TorchScriptConstant::Kind::Floats;
            c.floats = v.toDoubleVector();
        } else if (v.isBoolList()) {
            c.kind = TorchScriptConstant::Kind::Bools;
            for (bool b : v.toBoolList()) {
                c.ints.push_back(b ? 1 : 0);
            }
        } else if (v.isList()) {
            const auto list = v.toListRef();
            bool allStrings = true;
            for (const c10::IValue &e : list) {
                allStrings = allStrings && e.isString();
            }
            if (!allStrings) {
                return std::nullopt;
            }
            c.kind = TorchScriptConstant::Kind::Strings;
            for (const c10::IValue &e : list) {
                c.strings.push_back(qs(e.toStringRef()));
            }
        } else if (v.isTensor()) {
            const at::Tensor &t = v.toTensor();
            if (!t.defined()) {
                c.kind = TorchScriptConstant::Kind::None;
            } else {
                c.kind = TorchScriptConstant::Kind::Tensor;
                c.tensor = addTensor(t, tensorName, origin);
            }
        } else {
            return std::nullopt;
        }
        return c;
    }

private:
    int valueId(const jit::Value *v) {
        auto it = m_ids.find(v);
        if (it != m_ids.end()) {
            return it->second;
        }
        TorchScriptValue out;
        out.name = qs(v->debugName());
        out.typeName = qs(v->type()->repr_str());
        out.type = classify(v->type(), &out.elementType);
        if (v->node()->kind() == c10::prim::Constant) {
            if (auto iv = jit::toIValue(v)) {
                out.constant = constantOf(*iv, QString(), TorchScriptTensor::Origin::Constant);
            }
        }
        const int id = static_cast<int>(m_out.values.size());
        m_out.values.push_back(std::move(out));
        m_ids.emplace(v, id);
        return id;
    }

    static QString scopeOf(const jit::Node *n) {
        QStringList names;
        if (auto cs = n->callstack()) {
            for (const auto &entry : (*cs)->vec()) {
                const auto &info = std::get<2>(entry);
                if (info && !info->instance_name().empty()) {
                    names.push_back(qs(info->instance_name()));
                }
            }
        }
        return names.join(QLatin1Char('.'));
    }

    void resolveAttribute(const jit::Node *n, int outputId) {
        const jit::Value *owner = n->input(0);
        auto obj = m_objects.find(owner);
        if (obj == m_objects.end() || !obj->second.isObject()) {
            return;
        }
        const std::string name = n->s(c10::attr::name);
        const auto object = obj->second.toObject();
        if (!object->type()->hasAttribute(name)) {
            return;
        }
        const c10::IValue attr = object->getAttr(name);
        const std::string &ownerPath = m_paths[owner];
        const std::string path = ownerPath.empty() ? name : ownerPath + "." + name;
        const jit::Value *out = n->output();
        if (attr.isObject()) {
            m_objects[out] = attr;
            m_paths[out] = path;
            return;
        }
        if (attr.isTensor() && attr.toTensor().defined()) {
            const bool isParameter = object->type()->is_parameter(object->type()->getAttributeSlot(name));
            const int tensor = addTensor(attr.toTensor(), qs(path),
                                         isParameter ? TorchScriptTensor::Origin::Parameter
                                                     : TorchScriptTensor::Origin::Buffer);
            m_out.values[static_cast<std::size_t>(outputId)].tensor = tensor;
            return;
        }
        m_out.values[static_cast<std::size_t>(outputId)].constant =
            constantOf(attr, qs(path), TorchScriptTensor::Origin::Buffer);
    }

    TorchScriptNode exportNode(const jit::Node *n) {
        TorchScriptNode out;
        out.kind = qs(n->kind().toQualString());
        if (const c10::FunctionSchema *schema = n->maybeSchema()) {
            out.overload = qs(schema->overload_name());
            for (const c10::Argument &arg : schema->arguments()) {
                out.argumentNames.push_back(qs(arg.name()));
            }
        }
        for (const jit::Value *v : n->inputs()) {
            out.inputs.push_back(valueId(v));
        }
        for (const jit::Value *v : n->outputs()) {
            out.outputs.push_back(valueId(v));
        }
        out.scope = scopeOf(n);
        if (n->kind() == c10::prim::GetAttr) {
            out.attribute = qs(n->s(c10::attr::name));
            resolveAttribute(n, out.outputs.front());
        }
        for (const jit::Block *b : n->blocks()) {
            out.blocks.push_back(exportBlock(b));
        }
        return out;
    }

    TorchScriptGraph &m_out;
    std::unordered_map<const jit::Value *, int> m_ids;
    std::unordered_map<const jit::Value *, c10::IValue> m_objects;
    std::unordered_map<const jit::Value *, std::string> m_paths;
    std::unordered_map<const void *, int> m_tensorIds;
};

// Resolves prim::GetAttr chains from `self` and gives tensor attributes their complete types
// (sizes, dtype, device, requires_grad), so that LibTorch's passes can fold size, dtype and device
// queries on them.
void typeModuleTensors(jit::Block *block, std::unordered_map<const jit::Value *, c10::IValue> &objects) {
    for (jit::Node *n : block->nodes()) {
        if (n->kind() == c10::prim::GetAttr) {
            auto obj = objects.find(n->input(0));
            if (obj != objects.end() && obj->second.isObject()) {
                const auto object = obj->second.toObject();
                const std::string name = n->s(c10::attr::name);
                if (object->type()->hasAttribute(name)) {
                    const c10::IValue attr = object->getAttr(name);
                    if (attr.isObject()) {
                        objects[n->output()] = attr;
                    } else if (attr.isTensor() && attr.toTensor().defined()) {
                        n->output()->setType(c10::TensorType::create(attr.toTensor()));
                    }
                }
            }
        }
        for (jit::Block *b : n->blocks()) {
            typeModuleTensors(b, objects);
        }
    }
}

// Replaces run-time queries of the execution environment with the answers of the world the
// prediction describes. Grad mode counts as enabled so that modules with a fused inference fast
// path (nn.TransformerEncoderLayer, nn.MultiheadAttention) take their plain path, whose operators
// describe the same math in parts the IR knows.
bool foldEnvironmentQueries(jit::Graph &graph, jit::Block *block) {
    bool changed = false;
    for (auto it = block->nodes().begin(); it != block->nodes().end();) {
        jit::Node *n = *it;
        ++it;
        for (jit::Block *b : n->blocks()) {
            changed = foldEnvironmentQueries(graph, b) || changed;
        }
        std::optional<bool> answer;
        const std::string kind = n->kind().toQualString();
        if (kind == "aten::is_grad_enabled") {
            answer = true;
        } else if (kind == "aten::is_autocast_enabled" || kind == "aten::is_autocast_cpu_enabled" ||
                   kind == "prim::is_nested" || kind == "aten::is_inference_mode_enabled" ||
                   kind == "aten::has_torch_function") {
            answer = false;
        }
        if (answer && n->outputs().size() == 1) {
            jit::WithInsertPoint guard(n);
            jit::Value *c = graph.insertConstant(*answer);
            n->output()->replaceAllUsesWith(c);
            n->destroy();
            changed = true;
        }
    }
    return changed;
}

// Specialises the graph to the caller's inputs and runs LibTorch's folding passes until nothing
// changes (at most a few rounds).
void specialize(std::shared_ptr<jit::Graph> &graph, const TorchScriptReadRequest &request,
                const c10::IValue &module) {
    auto inputs = graph->inputs();
    for (std::size_t i = 1; i < inputs.size(); ++i) {
        jit::Value *in = inputs[i];
        const std::size_t argument = i - 1;
        const auto kind = in->type()->kind();
        const bool optional = kind == c10::TypeKind::OptionalType || kind == c10::TypeKind::NoneType;
        const bool given = request.givenInputs < 0 ? !optional : argument < static_cast<std::size_t>(request.givenInputs);
        if (!given) {
            if (optional) {
                jit::WithInsertPoint guard(graph->block()->param_node()->next());
                in->replaceAllUsesWith(graph->insertConstant(c10::IValue()));
            }
            continue;
        }
        const bool tensorArgument =
            kind == c10::TypeKind::TensorType ||
            (kind == c10::TypeKind::OptionalType &&
             in->type()->expectRef<c10::OptionalType>().getElementType()->kind() == c10::TypeKind::TensorType);
        if (!tensorArgument) {
            continue;
        }
        // Inputs live on the CPU, where the module was loaded, and need no gradient.
        c10::optional<at::ScalarType> scalarType;
        c10::optional<std::size_t> rank;
        if (argument < request.inputRanks.size() && request.inputRanks[argument] >= 0) {
            rank = static_cast<std::size_t>(request.inputRanks[argument]);
        }
        if (argument < request.inputDTypes.size()) {
            if (auto st = scalarTypeOf(request.inputDTypes[argument])) {
                scalarType = *st;
            }
        }
        const auto type = c10::TensorType::create(scalarType, c10::Device(c10::kCPU), rank, /*requires_grad=*/false);
        in->setType(type);
    }
    std::unordered_map<const jit::Value *, c10::IValue> objects{{graph->inputs()[0], module}};
    typeModuleTensors(graph->block(), objects);
    for (int round = 0; round < 6; ++round) {
        bool changed = foldEnvironmentQueries(*graph, graph->block());
        changed = jit::PeepholeOptimize(graph) || changed;
        changed = jit::ConstantPropagation(graph) || changed;
        jit::EliminateExceptions(graph);
        changed = jit::RemoveListMutation(graph) || changed;
        changed = jit::UnrollConstantLoops(graph) || changed;
        jit::EliminateDeadCode(graph);
        if (!changed) {
            break;
        }
    }
}

// Translates LibTorch's messages about broken archives into what the user can act on.
QString explainLoadError(const QString &message) {
    if (message.contains(QLatin1String("constants.pkl")) || message.contains(QLatin1String("data.pkl")) ||
        message.contains(QLatin1String("code/"))) {
        return QStringLiteral("the archive holds no TorchScript module (written by torch.save rather than "
                              "torch.jit.save?): %1").arg(message);
    }
    if (message.contains(QLatin1String("PytorchStreamReader")) || message.contains(QLatin1String("zip"))) {
        return QStringLiteral("broken archive: %1").arg(message);
    }
    return QStringLiteral("LibTorch cannot load it: %1").arg(message);
}

bool read(const TorchScriptReadRequest &request, TorchScriptReadReply &reply) {
    torch::NoGradGuard noGrad;
    jit::Module module;
    try {
        module = jit::load(request.path.toStdString(), c10::Device(c10::kCPU));
    } catch (const c10::Error &e) {
        reply.error = explainLoadError(firstLine(e.what_without_backtrace()));
        return false;
    } catch (const std::exception &e) {
        reply.error = explainLoadError(firstLine(e.what()));
        return false;
    }
    TorchScriptGraph &out = reply.graph;
    out.reader = QStringLiteral("libtorch %1").arg(QLatin1String(TORCH_VERSION));
    out.moduleType = qs(module.type()->name() ? module.type()->name()->qualifiedName() : std::string("module"));
    if (!module.find_method("forward")) {
        reply.error = QStringLiteral("the TorchScript module has no forward() method");
        return false;
    }
    module.eval();
    // In place: a frozen clone would hold a second copy of the weights.
    jit::Module work = module;
    try {
        jit::freeze_module_inplace(&work, {}, /*freezeInterfaces=*/true, /*preserveParameters=*/true);
        out.frozen = true;
    } catch (const std::exception &e) {
        out.notes.push_back(QStringLiteral("module attributes were not folded (freezing failed: %1)")
                                .arg(firstLine(e.what())));
        work = jit::load(request.path.toStdString(), c10::Device(c10::kCPU));
        work.eval();
    }
    std::shared_ptr<jit::Graph> graph = work.get_method("forward").graph()->copy();
    jit::Inline(*graph);
    {
        std::shared_ptr<jit::Graph> specialized = graph->copy();
        try {
            specialize(specialized, request, work._ivalue());
            graph = specialized;
        } catch (const std::exception &e) {
            out.notes.push_back(QStringLiteral("the graph was not specialised to the inputs (%1)").arg(firstLine(e.what())));
        }
    }
    if (qEnvironmentVariableIsSet("INFERSIGHT_TORCHSCRIPT_DUMP")) {
        // For diagnosing imports: the graph as LibTorch holds it after specialisation.
        std::fprintf(stderr, "%s\n", graph->toString().c_str());
    }
    GraphExport exporter(out);
    exporter.setRoot(graph->inputs()[0], work._ivalue());
    out.body = exporter.exportBlock(graph->block());
    return true;
}

}  // namespace
}  // namespace infersight

extern "C" {

__attribute__((visibility("default"))) void infersight_torchscript_abi(infersight::TorchScriptAbiInfo *info) {
    if (info) {
        *info = infersight::torchScriptAbiInfo();
    }
}

__attribute__((visibility("default"))) bool infersight_torchscript_read(const infersight::TorchScriptReadRequest *request,
                                                                        infersight::TorchScriptReadReply *reply) {
    if (!request || !reply) {
        return false;
    }
    reply->ok = false;
    try {
        reply->ok = infersight::read(*request, *reply);
    } catch (const c10::Error &e) {
        reply->error = QStringLiteral("LibTorch failed reading the graph: %1")
                           .arg(infersight::firstLine(e.what_without_backtrace()));
    } catch (const std::exception &e) {
        reply->error = QStringLiteral("reading the graph failed: %1").arg(infersight::firstLine(e.what()));
    } catch (...) {
        reply->error = QStringLiteral("reading the graph failed with an unknown exception");
    }
    if (!reply->ok) {
        reply->graph = {};
    }
    return reply->ok;
}

}  // extern "C"
