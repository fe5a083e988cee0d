# SPDX-License-Identifier: MIT
"""Prototype of the element-wise / row-wise (softmax, layernorm) utilisation model."""
import sys, time
sys.path.insert(0, __file__.rsplit('/', 1)[0])
from common import *
import torch
VARIANT = sys.argv[1] if len(sys.argv) > 1 else ''
torch.set_num_threads(1)
GIDS = ['p4', 'p100', 'v100', 't4', 'a100-40', 'a100-80']
rows = load('kernels_vec.csv')
g = [GPUS[r['gpu']] for r in rows]
C = cols(rows, ['B', 'H', 'latency_ms'])
split = np.array([r['split'] for r in rows]); gid = np.array([s['id'] for s in g]); gidx = np.array([GIDS.index(x) for x in gid])
ops = np.array([r['op'] for r in rows])
sms = np.array([s['sms'] for s in g], float); peak = np.array([s['peak'] for s in g]); bw = np.array([s['bw'] for s in g]) * 1e9
l2 = np.array([s['l2'] for s in g]) * 1e6
maxthr = np.array([{'t4': 1024}.get(s['id'], 2048) for s in g], float)
Bv, H, lat = C['B'], C['H'], C['latency_ms'] * 1e-3
E = Bv * H
# arrays touched per element, flops per element (FP32 instruction-equivalents; transcendental ~ 8)
ARR = {'add': 3, 'mul': 3, 'div': 3, 'pow': 3, 'addu': 2, 'mulu': 2, 'divu': 2, 'powu': 2, 'relu': 2, 'tanh': 2, 'gelu': 2, 'ln': 2, 'softmax': 2}
FLOP = {'add': 1, 'mul': 1, 'div': 4, 'pow': 16, 'addu': 1, 'mulu': 1, 'divu': 4, 'powu': 8, 'relu': 1, 'tanh': 8, 'gelu': 12, 'ln': 8, 'softmax': 6}
rowwise = np.isin(ops, ['ln', 'softmax']).astype(float)
arr = np.array([ARR[o] for o in ops], float); fpe = np.array([FLOP[o] for o in ops], float)

def features(variant):
    bytes_ = 4.0 * arr * E
    t_m = bytes_ / bw; t_c = fpe * E / peak
    t_roof = np.maximum(t_m, t_c)
    blocks = np.where(rowwise > 0, Bv, np.ceil(E / 512))
    slots = sms * maxthr / 128
    w = blocks / slots
    F = [np.clip(np.log10(t_roof * 1e6), -1, 3),
         np.clip(np.log2(t_c / t_m), -8, 4) / 4,
         np.clip(np.log2(bytes_ / l2), -8, 4) / 4,
         np.clip(np.log2(w), -6, 6) / 4,
         np.minimum(w / np.ceil(w), 1),
         rowwise,
         np.where(rowwise > 0, np.clip(np.log2(H), 4, 14) / 4, 0),
         (arr - 2), np.log2(fpe) / 4]
    if 'opid' in variant:
        F += [(ops == o).astype(float) for o in ['ln', 'softmax']]
    return np.stack(F, 1).astype(np.float32), t_roof

def train(X, roof, idx, seed=0, epochs=40, hidden=32, levels=True):
    torch.manual_seed(seed)
    Xt = torch.tensor(X[idx]); rt = torch.tensor(np.log(roof[idx] / lat[idx]), dtype=torch.float32); gt = torch.tensor(gidx[idx])
    mu = Xt.mean(0); sd = Xt.std(0) + 1e-6
    net = torch.nn.Sequential(torch.nn.Linear(X.shape[1], hidden), (torch.nn.ReLU() if 'relu' in VARIANT else torch.nn.Tanh()), torch.nn.Linear(hidden, hidden), (torch.nn.ReLU() if 'relu' in VARIANT else torch.nn.Tanh()), torch.nn.Linear(hidden, 1))
    lvl = torch.nn.Parameter(torch.zeros(len(GIDS)))
    opt = torch.optim.Adam(list(net.parameters()) + ([lvl] if levels else []), lr=3e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, epochs)
    n = len(idx); bs = 512
    for ep in range(epochs):
        perm = torch.randperm(n)
        for i in range(0, n, bs):
            b = perm[i:i + bs]
            logu = torch.nn.functional.logsigmoid(net((Xt[b] - mu) / sd).squeeze(1)) + lvl[gt[b]]
            loss = (torch.exp(rt[b] - logu) - 1).abs().mean()
            opt.zero_grad(); loss.backward(); opt.step()
        sched.step()
    L = lvl.detach().numpy().copy()
    def predict(Xe, ge=None):
        with torch.no_grad():
            u = torch.sigmoid(net((torch.tensor(Xe) - mu) / sd).squeeze(1)).numpy()
        return u * (np.exp(L[ge]) if ge is not None else 1)
    predict.levels = L
    return predict

def mape(p, t): return np.mean(np.abs(p / t - 1)) * 100

def report(p, tr, te, label):
    print('%s: train %.2f test %.2f' % (label, mape(p[tr], lat[tr]), mape(p[te], lat[te])))
    print('   test : ' + '  '.join('%s %.1f' % (gg, mape(p[te[gid[te] == gg]], lat[te[gid[te] == gg]])) for gg in GIDS))
    print('   ops  : ' + '  '.join('%s %.1f' % (o, mape(p[te[ops[te] == o]], lat[te[ops[te] == o]])) for o in sorted(set(ops))))

if __name__ == '__main__':
    variant = sys.argv[1] if len(sys.argv) > 1 else ''
    X, roof = features(variant)
    tr = np.where(split == 'train')[0]; te = np.where(split == 'test')[0]
    t0 = time.time()
    pr = train(X, roof, tr, levels='nolevel' not in variant)
    print(variant, 'train %.0fs' % (time.time() - t0), 'levels', np.round(pr.levels, 3))
    report(roof / pr(X), tr, te, 'generic')
    report(roof / pr(X, gidx), tr, te, 'with level')
    if 'loo' in variant:
        for gg in GIDS[:5]:
            p2 = train(X, roof, tr[gid[tr] != gg], levels='nolevel' not in variant)
            s = np.where(gid == gg)[0]
            print('  LOO %s all rows %.1f test rows %.1f' % (gg, mape(roof[s] / p2(X[s]), lat[s]), mape(roof[s][split[s] == 'test'] / p2(X[s][split[s] == 'test']), lat[s][split[s] == 'test'])))
