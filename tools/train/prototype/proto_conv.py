# SPDX-License-Identifier: MIT
"""Prototype of the conv (implicit GEMM) utilisation model. Test split: FNV-1a hash of the shape % 5 == 0."""
import sys, time
sys.path.insert(0, __file__.rsplit('/', 1)[0])
from common import *
import torch
torch.set_num_threads(1)
GIDS = ['p4', 'p100', 'v100', 't4', 'a100-40', 'a100-80']
rows = load('kernels_conv.csv')
def fnv1a(s):
    h = 0xcbf29ce484222325
    for c in s.encode():
        h ^= c; h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h
KEYS = ['B', 'Input_Channel', 'Output_Channel', 'Kernel_Szie', 'Input_Size', 'Stride', 'Padding']
split = np.array(['test' if fnv1a(','.join(r[k] for k in KEYS)) % 5 == 0 else 'train' for r in rows])
g = [GPUS[r['gpu']] for r in rows]
C = cols(rows, KEYS + ['latency_ms'])
gid = np.array([s['id'] for s in g]); gidx = np.array([GIDS.index(x) for x in gid])
sms = np.array([s['sms'] for s in g], float); peak = np.array([s['peak'] for s in g]); bw = np.array([s['bw'] for s in g]) * 1e9
l2 = np.array([s['l2'] for s in g]) * 1e6
Bc, Ci, Co, R, Hs, St, Pd = [C[k] for k in KEYS]; lat = C['latency_ms'] * 1e-3
OH = np.floor((Hs + 2 * Pd - R) / St) + 1
Mg = Bc * OH * OH; Ng = Ci * R * R; Kg = Co
UMAX = 2.5

def features(variant):
    flops = 2 * Mg * Ng * Kg
    bytes_ = 4.0 * (Bc * Ci * Hs * Hs + Co * Ci * R * R + Bc * Co * OH * OH)
    t_c = flops / peak; t_m = bytes_ / bw; t_roof = np.maximum(t_c, t_m)
    F = [np.clip(np.log10(t_roof * 1e6), -1, 3), np.clip(np.log2(t_c / t_m), -6, 6) / 4,
         np.clip(np.log2(Ng), 2, 14) / 4, np.clip(np.log2(bytes_ / l2), -10, 3) / 4]
    for (tm, tk) in [(128, 128), (64, 128), (64, 64), (32, 32)]:
        tiles = np.ceil(Mg / tm) * np.ceil(Kg / tk)
        bps = np.clip(2 * 128 * 128 / (tm * tk), 1, 8)
        w = tiles / (sms * bps)
        F += [np.clip(np.log2(w), -6, 5) / 4, w / np.ceil(w), (Mg * Kg) / (np.ceil(Mg / tm) * tm * np.ceil(Kg / tk) * tk)]
    F += [np.clip(np.log2(OH * OH), 0, 14) / 4, np.clip(np.log2(Ci), 0, 12) / 4, np.clip(np.log2(Co), 0, 12) / 4]
    if 'wino' in variant:
        for t in (2, 4, 8):
            F.append(OH / (np.ceil(OH / t) * t))
        for c in (Ci, Co):
            F.append(c / (np.ceil(c / 32) * 32))
        F.append(np.clip(np.log2(Bc), 0, 6) / 4)
    return np.stack(F, 1).astype(np.float32), t_roof

def train(X, roof, idx, seed=0, epochs=60, hidden=32, levels=True):
    torch.manual_seed(seed)
    Xt = torch.tensor(X[idx]); rt = torch.tensor(np.log(roof[idx] / lat[idx]), dtype=torch.float32); gt = torch.tensor(gidx[idx])
    mu = Xt.mean(0); sd = Xt.std(0) + 1e-6
    net = torch.nn.Sequential(torch.nn.Linear(X.shape[1], hidden), torch.nn.Tanh(), torch.nn.Linear(hidden, hidden), torch.nn.Tanh(), torch.nn.Linear(hidden, 1))
    lvl = torch.nn.Parameter(torch.zeros(len(GIDS)))
    opt = torch.optim.Adam(list(net.parameters()) + ([lvl] if levels else []), lr=3e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, epochs)
    n = len(idx); bs = 256
    for ep in range(epochs):
        perm = torch.randperm(n)
        for i in range(0, n, bs):
            b = perm[i:i + bs]
            lv = lvl - lvl[torch.unique(gt)].mean()
            logu = np.log(UMAX) + torch.nn.functional.logsigmoid(net((Xt[b] - mu) / sd).squeeze(1)) + lv[gt[b]]
            loss = (torch.exp(rt[b] - logu) - 1).abs().mean()
            opt.zero_grad(); loss.backward(); opt.step()
        sched.step()
    L = (lvl - lvl[torch.unique(gt)].mean()).detach().numpy().copy()
    present = np.unique(gidx[idx])
    def predict(Xe, ge=None):
        with torch.no_grad():
            u = UMAX * torch.sigmoid(net((torch.tensor(Xe) - mu) / sd).squeeze(1)).numpy()
        if ge is None: return u
        return u * np.exp(np.where(np.isin(ge, present), L[ge], 0))
    predict.levels = L
    return predict

def mape(p, t): return np.mean(np.abs(p / t - 1)) * 100

if __name__ == '__main__':
    variant = sys.argv[1] if len(sys.argv) > 1 else ''
    X, roof = features(variant)
    tr = np.where(split == 'train')[0]; te = np.where(split == 'test')[0]
    t0 = time.time()
    pr = train(X, roof, tr)
    print(variant, 'train %.0fs' % (time.time() - t0), 'levels', np.round(pr.levels, 3))
    for lab, p in [('generic', roof / pr(X)), ('level', roof / pr(X, gidx))]:
        print('%s: train %.2f test %.2f | ' % (lab, mape(p[tr], lat[tr]), mape(p[te], lat[te])) + '  '.join('%s %.1f' % (gg, mape(p[te[gid[te] == gg]], lat[te[gid[te] == gg]])) for gg in GIDS if (gid[te] == gg).any()))
    if 'loo' in variant:
        for gg in ['p4', 'p100', 'v100', 't4', 'a100-80']:
            p2 = train(X, roof, tr[gid[tr] != gg])
            s = np.where(gid == gg)[0]
            print('  LOO %s all rows %.1f' % (gg, mape(roof[s] / p2(X[s]), lat[s])))
