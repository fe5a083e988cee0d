// SPDX-License-Identifier: MIT
#include "graph/node_hierarchy.h"

#include <QHash>

#include <algorithm>
#include <functional>
#include <limits>
#include <optional>
#include <unordered_map>

namespace infersight {

namespace {

bool isIndex(const QString &token) {
    if (token.isEmpty()) {
        return false;
    }
    return std::all_of(token.begin(), token.end(), [](QChar c) { return c.isDigit(); });
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    // splitmix64 step over the running hash and the new value
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h += 0x9e3779b97f4a7c15ULL;
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
    return h ^ (h >> 31);
}

// Scratch tree while building.
struct DraftGroup {
    QStringList tokens;      // path tokens
    int parent = -1;
    std::vector<HierarchyMember> members;
    QString label;
    bool synthetic = false;
    int first = std::numeric_limits<int>::max();
};

}  // namespace

QStringList scopeTokens(const QString &nodeName) {
    const QStringList parts = nodeName.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QStringList tokens;
    QString accumulated;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        QString part = parts[i];
        const bool scope = i + 1 < parts.size();
        if (scope && !accumulated.isEmpty()) {
            // ONNX scopes repeat the parent's path: "/layer1/layer1.0/..." -> "0".
            if (part == accumulated) {
                continue;
            }
            if (part.startsWith(accumulated + QLatin1Char('.'))) {
                part = part.mid(accumulated.size() + 1);
            }
        }
        const QStringList sub = part.split(QLatin1Char('.'), Qt::SkipEmptyParts);
        if (sub.isEmpty()) {
            continue;
        }
        tokens << sub;
        accumulated = tokens.join(QLatin1Char('.'));
    }
    return tokens;
}

QString scopeLabel(const QStringList &tokens) {
    if (tokens.isEmpty()) {
        return {};
    }
    QString label = tokens.back();
    // "layer1", "0" -> "layer1.0"; "layer", "3" -> "layer.3"; several indices "features", "1", "0"
    // -> "features.1.0" (the index alone says nothing).
    qsizetype i = tokens.size() - 1;
    while (i > 0 && isIndex(tokens[i])) {
        label = tokens[i - 1] + QLatin1Char('.') + label;
        --i;
    }
    return label;
}

int NodeHierarchy::elementValue(int element) const {
    if (element < m_nodeCount) {
        return -1;
    }
    const int i = element - m_nodeCount;
    if (i < inputCount()) {
        return m_inputValues[static_cast<std::size_t>(i)];
    }
    return m_outputValues[static_cast<std::size_t>(i - inputCount())];
}

std::vector<int> NodeHierarchy::ancestors(int element) const {
    std::vector<int> chain;
    for (int g = parentOf(element); g >= 0; g = m_groups[static_cast<std::size_t>(g)].parent) {
        chain.push_back(g);
    }
    std::reverse(chain.begin(), chain.end());
    return chain;
}

bool NodeHierarchy::isAncestor(int group, int element) const {
    for (int g = parentOf(element); g >= 0; g = m_groups[static_cast<std::size_t>(g)].parent) {
        if (g == group) {
            return true;
        }
    }
    return false;
}

bool NodeHierarchy::isGroupAncestor(int ancestor, int g) const {
    for (int p = g; p >= 0; p = m_groups[static_cast<std::size_t>(p)].parent) {
        if (p == ancestor) {
            return true;
        }
    }
    return false;
}

int NodeHierarchy::findGroup(const QString &path) const {
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        if (!m_groups[g].synthetic && m_groups[g].path == path) {
            return static_cast<int>(g);
        }
    }
    return -1;
}

NodeHierarchy NodeHierarchy::build(const Graph &graph, const HierarchyOptions &options) {
    NodeHierarchy h;
    const int nodeCount = static_cast<int>(graph.nodes.size());
    h.m_nodeCount = nodeCount;
    for (int v : graph.inputs) {
        if (v >= 0 && !graph.values[static_cast<std::size_t>(v)].isInitializer()) {
            h.m_inputValues.push_back(v);
        }
    }
    for (int v : graph.outputs) {
        if (v >= 0) {
            h.m_outputValues.push_back(v);
        }
    }
    const int elementCount = nodeCount + h.inputCount() + h.outputCount();
    h.m_elementParent.assign(static_cast<std::size_t>(elementCount), 0);
    h.m_elementSlot.assign(static_cast<std::size_t>(elementCount), 0);
    h.m_localNames.resize(static_cast<std::size_t>(elementCount));

    // --- 1. scope groups from the node names
    std::vector<DraftGroup> draft(1);  // 0: root
    QHash<QString, int> byPath;
    byPath.insert(QString(), 0);
    std::vector<QStringList> nodeTokens(static_cast<std::size_t>(nodeCount));
    std::vector<bool> slashBeforeLeaf(static_cast<std::size_t>(nodeCount), false);
    std::vector<int> elementGroup(static_cast<std::size_t>(elementCount), 0);
    auto groupFor = [&](const QStringList &tokens, qsizetype count) {
        int parent = 0;
        QString path;
        for (qsizetype i = 0; i < count; ++i) {
            path = i == 0 ? tokens[0] : path + QLatin1Char('.') + tokens[i];
            auto it = byPath.find(path);
            if (it == byPath.end()) {
                DraftGroup g;
                g.tokens = tokens.mid(0, i + 1);
                g.parent = parent;
                draft.push_back(std::move(g));
                it = byPath.insert(path, static_cast<int>(draft.size()) - 1);
            }
            parent = it.value();
        }
        return parent;
    };
    for (int n = 0; n < nodeCount; ++n) {
        const Node &node = graph.nodes[static_cast<std::size_t>(n)];
        QStringList tokens = scopeTokens(node.name);
        if (tokens.isEmpty()) {
            tokens << (node.name.isEmpty() ? node.opType : node.name);
        }
        const int lastSlash = static_cast<int>(node.name.lastIndexOf(QLatin1Char('/')));
        slashBeforeLeaf[static_cast<std::size_t>(n)] =
            lastSlash >= 0 && !node.name.mid(lastSlash + 1).contains(QLatin1Char('.'));
        elementGroup[static_cast<std::size_t>(n)] = groupFor(tokens, tokens.size() - 1);
        nodeTokens[static_cast<std::size_t>(n)] = std::move(tokens);
    }
    // A node named exactly like a group is that group's first member.
    for (int n = 0; n < nodeCount; ++n) {
        const QString full = nodeTokens[static_cast<std::size_t>(n)].join(QLatin1Char('.'));
        if (auto it = byPath.constFind(full); it != byPath.constEnd()) {
            elementGroup[static_cast<std::size_t>(n)] = it.value();
        }
    }
    // A node without a scope of its own and without data inputs (an exporter's anonymous
    // "Constant_43", a shape constant) belongs where it is used: the deepest group holding all of
    // its consumers.
    {
        std::vector<std::vector<int>> consumers(graph.values.size());
        for (int n = 0; n < nodeCount; ++n) {
            for (int v : graph.nodes[static_cast<std::size_t>(n)].inputs) {
                if (v >= 0) {
                    consumers[static_cast<std::size_t>(v)].push_back(n);
                }
            }
        }
        auto draftChain = [&](int g) {
            std::vector<int> chain;
            for (; g >= 0; g = draft[static_cast<std::size_t>(g)].parent) {
                chain.push_back(g);
            }
            std::reverse(chain.begin(), chain.end());
            return chain;
        };
        // consumers come later in execution order: walk backwards so that chains of such nodes
        // (Constant -> Unsqueeze of a constant) follow their final user
        for (int n = nodeCount - 1; n >= 0; --n) {
            const Node &node = graph.nodes[static_cast<std::size_t>(n)];
            if (nodeTokens[static_cast<std::size_t>(n)].size() != 1 || elementGroup[static_cast<std::size_t>(n)] != 0) {
                continue;
            }
            const bool hasDataInput = std::any_of(node.inputs.begin(), node.inputs.end(), [&](int v) {
                if (v < 0) {
                    return false;
                }
                const Value &value = graph.values[static_cast<std::size_t>(v)];
                return value.producer >= 0 || value.isGraphInput();
            });
            if (hasDataInput) {
                continue;
            }
            std::vector<int> common;
            bool first = true;
            for (int out : node.outputs) {
                if (out < 0) {
                    continue;
                }
                for (int c : consumers[static_cast<std::size_t>(out)]) {
                    const std::vector<int> chain = draftChain(elementGroup[static_cast<std::size_t>(c)]);
                    if (first) {
                        common = chain;
                        first = false;
                    } else {
                        std::size_t k = 0;
                        while (k < common.size() && k < chain.size() && common[k] == chain[k]) {
                            ++k;
                        }
                        common.resize(k);
                    }
                }
            }
            if (!common.empty()) {
                elementGroup[static_cast<std::size_t>(n)] = common.back();
            }
        }
    }
    for (int e = 0; e < elementCount; ++e) {
        draft[static_cast<std::size_t>(elementGroup[static_cast<std::size_t>(e)])].members.push_back({false, e});
    }
    for (std::size_t g = 1; g < draft.size(); ++g) {
        draft[static_cast<std::size_t>(draft[g].parent)].members.push_back({true, static_cast<int>(g)});
    }

    // --- 2. execution order of members: by their first node (inputs first, outputs last)
    auto elementKey = [&](int e) {
        if (e < nodeCount) {
            return e;
        }
        return e < nodeCount + h.inputCount() ? -1 : nodeCount + e;
    };
    // first node of each draft group, children before parents (children have larger indices)
    for (std::size_t g = draft.size(); g-- > 0;) {
        for (const HierarchyMember &m : draft[g].members) {
            const int key = m.group ? draft[static_cast<std::size_t>(m.index)].first : elementKey(m.index);
            draft[g].first = std::min(draft[g].first, key);
        }
    }
    auto memberKey = [&](const HierarchyMember &m) {
        return m.group ? draft[static_cast<std::size_t>(m.index)].first : elementKey(m.index);
    };
    for (DraftGroup &g : draft) {
        std::stable_sort(g.members.begin(), g.members.end(),
                         [&](const HierarchyMember &a, const HierarchyMember &b) { return memberKey(a) < memberKey(b); });
    }

    // --- 3. readability: dissolve one-member groups, merge single-child chains (post-order)
    // Returns the member that replaces draft group `g` in its parent.
    std::vector<bool> alive(draft.size(), true);
    std::function<HierarchyMember(int)> simplify = [&](int g) -> HierarchyMember {
        DraftGroup &group = draft[static_cast<std::size_t>(g)];
        std::vector<HierarchyMember> members;
        members.reserve(group.members.size());
        for (const HierarchyMember &m : group.members) {
            members.push_back(m.group ? simplify(m.index) : m);
        }
        group.members = std::move(members);
        if (g != 0 && group.members.size() == 1) {
            alive[static_cast<std::size_t>(g)] = false;
            const HierarchyMember only = group.members.front();
            if (only.group) {
                draft[static_cast<std::size_t>(only.index)].parent = group.parent;
            }
            return only;
        }
        return {true, g};
    };
    simplify(0);
    // parents after dissolving
    for (std::size_t g = 0; g < draft.size(); ++g) {
        if (!alive[g]) {
            continue;
        }
        for (const HierarchyMember &m : draft[g].members) {
            if (m.group) {
                draft[static_cast<std::size_t>(m.index)].parent = static_cast<int>(g);
            }
        }
    }
    // labels relative to the surviving parent
    for (std::size_t g = 1; g < draft.size(); ++g) {
        if (!alive[g]) {
            continue;
        }
        DraftGroup &group = draft[g];
        const QStringList &parentTokens = draft[static_cast<std::size_t>(group.parent)].tokens;
        QStringList relative = group.tokens.mid(parentTokens.size());
        QString label = relative.join(QLatin1Char('.'));
        if (!relative.isEmpty() && isIndex(relative.front()) && !parentTokens.isEmpty()) {
            label = scopeLabel(group.tokens.mid(0, parentTokens.size() + 1)) +
                    (relative.size() > 1 ? QLatin1Char('.') + relative.mid(1).join(QLatin1Char('.')) : QString());
        }
        group.label = label;
    }

    // --- 4. split groups with too many members into synthetic chunks of execution order
    auto memberLabel = [&](const HierarchyMember &m) -> QString {
        if (m.group) {
            return draft[static_cast<std::size_t>(m.index)].label;
        }
        const int e = m.index;
        if (e < nodeCount) {
            return nodeTokens[static_cast<std::size_t>(e)].back();
        }
        return {};
    };
    const int maxChildren = std::max(options.maxChildren, 4);
    const int chunkSize = std::clamp(options.chunkSize, 2, maxChildren);
    for (std::size_t g = 0; g < draft.size(); ++g) {
        if (!alive[g]) {
            continue;
        }
        while (static_cast<int>(draft[g].members.size()) > maxChildren) {
            std::vector<HierarchyMember> head, body, tail;
            for (const HierarchyMember &m : draft[g].members) {
                if (!m.group && m.index >= nodeCount) {
                    (m.index < nodeCount + h.inputCount() ? head : tail).push_back(m);
                } else {
                    body.push_back(m);
                }
            }
            std::vector<HierarchyMember> chunked = head;
            for (std::size_t begin = 0; begin < body.size(); begin += static_cast<std::size_t>(chunkSize)) {
                const std::size_t end = std::min(body.size(), begin + static_cast<std::size_t>(chunkSize));
                DraftGroup chunk;
                chunk.tokens = draft[g].tokens;
                chunk.parent = static_cast<int>(g);
                chunk.synthetic = true;
                chunk.members.assign(body.begin() + static_cast<std::ptrdiff_t>(begin),
                                     body.begin() + static_cast<std::ptrdiff_t>(end));
                chunk.first = memberKey(chunk.members.front());
                const QString firstLabel = memberLabel(chunk.members.front());
                const QString lastLabel = memberLabel(chunk.members.back());
                chunk.label = firstLabel.isEmpty() || lastLabel.isEmpty()
                                  ? QStringLiteral("%1–%2").arg(begin + 1).arg(end)
                                  : QStringLiteral("%1 … %2").arg(firstLabel, lastLabel);
                draft.push_back(std::move(chunk));
                alive.push_back(true);
                const int id = static_cast<int>(draft.size()) - 1;
                for (const HierarchyMember &m : draft.back().members) {
                    if (m.group) {
                        draft[static_cast<std::size_t>(m.index)].parent = id;
                    }
                }
                chunked.push_back({true, id});
            }
            chunked.insert(chunked.end(), tail.begin(), tail.end());
            draft[g].members = std::move(chunked);
        }
    }

    // --- 5. final groups in depth-first order; contiguous node ranges
    h.m_groups.reserve(draft.size());
    h.m_groupSlot.clear();
    std::vector<int> finalId(draft.size(), -1);
    std::function<void(int, int, int)> emitGroup = [&](int d, int parent, int depth) {
        const int id = static_cast<int>(h.m_groups.size());
        finalId[static_cast<std::size_t>(d)] = id;
        HierarchyGroup out;
        const DraftGroup &src = draft[static_cast<std::size_t>(d)];
        out.path = src.tokens.join(QLatin1Char('.'));
        out.label = src.label;
        out.parent = parent;
        out.depth = depth;
        out.synthetic = src.synthetic;
        out.nodeBegin = static_cast<int>(h.m_ordered.size());
        out.firstNode = std::max(0, std::min(src.first, nodeCount - 1));
        h.m_groups.push_back(out);
        h.m_groupSlot.push_back(0);
        std::vector<HierarchyMember> members;
        members.reserve(src.members.size());
        int slot = 0;
        for (const HierarchyMember &m : src.members) {
            if (m.group) {
                const int childId = static_cast<int>(h.m_groups.size());
                emitGroup(m.index, id, depth + 1);
                h.m_groupSlot[static_cast<std::size_t>(childId)] = slot;
                members.push_back({true, childId});
            } else {
                h.m_elementParent[static_cast<std::size_t>(m.index)] = id;
                h.m_elementSlot[static_cast<std::size_t>(m.index)] = slot;
                if (m.index < nodeCount) {
                    h.m_ordered.push_back(m.index);
                }
                members.push_back(m);
            }
            ++slot;
        }
        HierarchyGroup &self = h.m_groups[static_cast<std::size_t>(id)];
        self.members = std::move(members);
        self.nodeEnd = static_cast<int>(h.m_ordered.size());
    };
    emitGroup(0, -1, 0);

    // local names: the node's tokens below its group's path
    for (int n = 0; n < nodeCount; ++n) {
        const QStringList &tokens = nodeTokens[static_cast<std::size_t>(n)];
        const HierarchyGroup &parent = h.m_groups[static_cast<std::size_t>(h.m_elementParent[static_cast<std::size_t>(n)])];
        const qsizetype prefix = parent.path.isEmpty() ? 0 : parent.path.count(QLatin1Char('.')) + 1;
        QStringList rest = tokens.mid(std::min(prefix, tokens.size() - 1));
        QString name;
        if (rest.size() > 1 && slashBeforeLeaf[static_cast<std::size_t>(n)]) {
            name = rest.mid(0, rest.size() - 1).join(QLatin1Char('.')) + QLatin1Char('/') + rest.back();
        } else {
            name = rest.join(QLatin1Char('.'));
        }
        h.m_localNames[static_cast<std::size_t>(n)] = name;
    }
    for (int i = 0; i < h.inputCount(); ++i) {
        h.m_localNames[static_cast<std::size_t>(h.elementOfInput(i))] =
            graph.values[static_cast<std::size_t>(h.m_inputValues[static_cast<std::size_t>(i)])].name;
    }
    for (int i = 0; i < h.outputCount(); ++i) {
        h.m_localNames[static_cast<std::size_t>(h.elementOfOutput(i))] =
            graph.values[static_cast<std::size_t>(h.m_outputValues[static_cast<std::size_t>(i)])].name;
    }

    // --- 6. edges between elements
    {
        std::unordered_map<std::uint64_t, int> pairIndex;
        std::vector<int> inputElement(graph.values.size(), -1);
        for (int i = 0; i < h.inputCount(); ++i) {
            inputElement[static_cast<std::size_t>(h.m_inputValues[static_cast<std::size_t>(i)])] = h.elementOfInput(i);
        }
        auto add = [&](int from, int to, int value) {
            const std::uint64_t key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(from)) << 32) |
                                      static_cast<std::uint32_t>(to);
            auto [it, inserted] = pairIndex.emplace(key, static_cast<int>(h.m_edges.size()));
            if (inserted) {
                h.m_edges.push_back({from, to, {value}});
            } else {
                std::vector<int> &values = h.m_edges[static_cast<std::size_t>(it->second)].values;
                if (std::find(values.begin(), values.end(), value) == values.end()) {
                    values.push_back(value);
                }
            }
        };
        auto sourceOf = [&](int v) {
            const Value &value = graph.values[static_cast<std::size_t>(v)];
            if (value.producer >= 0) {
                return value.producer;
            }
            return inputElement[static_cast<std::size_t>(v)];
        };
        for (int n = 0; n < nodeCount; ++n) {
            for (int v : graph.nodes[static_cast<std::size_t>(n)].inputs) {
                if (v < 0) {
                    continue;
                }
                const int from = sourceOf(v);
                if (from >= 0 && from != n) {
                    add(from, n, v);
                }
            }
        }
        for (int i = 0; i < h.outputCount(); ++i) {
            const int v = h.m_outputValues[static_cast<std::size_t>(i)];
            const int from = sourceOf(v);
            if (from >= 0) {
                add(from, h.elementOfOutput(i), v);
            }
        }
    }

    // --- 7. blocks and structure
    // "layer.3", "layer1.0", "encoder_layer_3", "3": an index after '.' or '_' (or alone); the rest
    // is the list's name, shared by the siblings of one ModuleList / Sequential.
    auto listName = [](const QString &label) -> std::optional<QString> {
        const qsizetype cut = std::max(label.lastIndexOf(QLatin1Char('.')), label.lastIndexOf(QLatin1Char('_')));
        if (!isIndex(label.mid(cut + 1))) {
            return std::nullopt;
        }
        return label.left(std::max<qsizetype>(cut, 0));
    };
    for (HierarchyGroup &g : h.m_groups) {
        QHash<QString, int> prefixCount;
        for (const HierarchyMember &m : g.members) {
            if (m.group) {
                if (auto name = listName(h.m_groups[static_cast<std::size_t>(m.index)].label)) {
                    ++prefixCount[*name];
                }
            }
        }
        for (const HierarchyMember &m : g.members) {
            if (!m.group) {
                continue;
            }
            HierarchyGroup &child = h.m_groups[static_cast<std::size_t>(m.index)];
            if (auto name = listName(child.label); name && prefixCount.value(*name) >= 2) {
                child.block = true;
                ++g.blocks;
            }
        }
    }
    // internal wiring of each group: (member slot -> member slot) pairs plus which members talk to
    // the outside, found from each edge's lowest common group
    const int groupCount = h.groupCount();
    std::vector<std::vector<std::uint64_t>> wiring(static_cast<std::size_t>(groupCount));
    auto memberOf = [&](int group, int element) {
        // slot of the member of `group` that contains `element`
        int g = h.parentOf(element);
        if (g == group) {
            return h.memberIndexOfElement(element);
        }
        while (h.m_groups[static_cast<std::size_t>(g)].parent != group) {
            g = h.m_groups[static_cast<std::size_t>(g)].parent;
        }
        return h.memberIndexOfGroup(g);
    };
    for (const Edge &e : h.m_edges) {
        std::vector<int> a = h.ancestors(e.from);
        std::vector<int> b = h.ancestors(e.to);
        std::size_t common = 0;
        while (common < a.size() && common < b.size() && a[common] == b[common]) {
            ++common;
        }
        const int lca = a[common - 1];
        const std::uint64_t from = static_cast<std::uint64_t>(memberOf(lca, e.from));
        const std::uint64_t to = static_cast<std::uint64_t>(memberOf(lca, e.to));
        wiring[static_cast<std::size_t>(lca)].push_back((from << 32) | to);
        constexpr std::uint64_t kOut = 0xFFFFFFFFULL;
        constexpr std::uint64_t kIn = 0xFFFFFFFEULL;
        for (std::size_t i = common; i < a.size(); ++i) {
            wiring[static_cast<std::size_t>(a[i])].push_back((static_cast<std::uint64_t>(memberOf(a[i], e.from)) << 32) | kOut);
        }
        for (std::size_t i = common; i < b.size(); ++i) {
            wiring[static_cast<std::size_t>(b[i])].push_back((kIn << 32) | static_cast<std::uint64_t>(memberOf(b[i], e.to)));
        }
    }
    // children have larger ids than parents (depth-first emission): post-order is reverse id order
    for (int g = groupCount - 1; g >= 0; --g) {
        HierarchyGroup &group = h.m_groups[static_cast<std::size_t>(g)];
        std::uint64_t hash = mix(0x51ed270b27aULL, group.members.size());
        for (const HierarchyMember &m : group.members) {
            if (m.group) {
                hash = mix(hash, h.m_groups[static_cast<std::size_t>(m.index)].structure);
            } else if (m.index < nodeCount) {
                hash = mix(hash, qHash(graph.nodes[static_cast<std::size_t>(m.index)].qualifiedOp(), 17));
            } else {
                hash = mix(hash, m.index < nodeCount + h.inputCount() ? 0x1111 : 0x2222);
            }
        }
        std::vector<std::uint64_t> &w = wiring[static_cast<std::size_t>(g)];
        std::sort(w.begin(), w.end());
        w.erase(std::unique(w.begin(), w.end()), w.end());
        for (std::uint64_t pair : w) {
            hash = mix(hash, pair);
        }
        group.structure = hash;
    }
    for (HierarchyGroup &g : h.m_groups) {
        QHash<std::uint64_t, int> count;
        for (const HierarchyMember &m : g.members) {
            if (m.group) {
                ++count[h.m_groups[static_cast<std::size_t>(m.index)].structure];
            }
        }
        for (const HierarchyMember &m : g.members) {
            if (m.group) {
                HierarchyGroup &child = h.m_groups[static_cast<std::size_t>(m.index)];
                child.identical = count.value(child.structure, 1);
            }
        }
    }
    return h;
}

}  // namespace infersight
