# SPDX-License-Identifier: MIT
"""Prototype of the GEMM utilisation model (numpy + torch CPU). Run: /usr/bin/python3 proto_matmul.py [variant]"""
import sys, re, time
sys.path.insert(0, __file__.rsplit('/', 1)[0])
from common import *
import torch
torch.set_num_threads(1)

rows = load('kernels_matmul.csv')
g = [GPUS[r['gpu']] for r in rows]
C = cols(rows, ['B', 'M', 'N', 'K', 'latency_ms', 'grid_x', 'grid_y', 'grid_z'])
split = np.array([r['split'] for r in rows])
gid = np.array([s['id'] for s in g])
op_bmm = np.array([r['op'] == 'bmm' for r in rows], dtype=float)
sms = np.array([s['sms'] for s in g], float); peak = np.array([s['peak'] for s in g]); bw = np.array([s['bw'] for s in g]) * 1e9
l2 = np.array([s['l2'] for s in g]) * 1e6; mhz = np.array([s['mhz'] for s in g], float); smem = np.array([s['smem'] for s in g], float)
B, M, N, K = C['B'], C['M'], C['N'], C['K']
lat = C['latency_ms'] * 1e-3
ES = 4.0

def wave_feats(tm, tk, bps):
    tiles = B * np.ceil(M / tm) * np.ceil(K / tk)
    slots = sms * bps
    waves = tiles / slots
    full = np.ceil(waves)
    eff = waves / full                     # last-wave fill
    pad = (M * K) / (np.ceil(M / tm) * tm * np.ceil(K / tk) * tk)
    return waves, eff, pad

def features(variant):
    flops = 2 * B * M * N * K
    bytes_ = ES * B * (M * N + N * K + M * K)
    t_c = flops / peak; t_m = bytes_ / bw
    t_roof = np.maximum(t_c, t_m)
    F = []
    sat = 'sat' in variant
    F.append(np.clip(np.log10(t_roof * 1e6), -1, 3 if sat else 3.5))         # roofline time, us (launch scale)
    F.append(np.clip(np.log2(t_c / t_m), -6 if sat else -8, 6 if sat else 8))                # intensity / machine balance
    F.append(np.clip(np.log2(N), 2 if sat else 0, 12 if sat else 16) / 4)                    # reduction depth
    F.append(np.clip(np.log2(bytes_ / l2), -10, 3 if sat else 8) / 4)          # working set vs L2
    F.append(np.clip(np.log2(B), 0, 8 if sat else 16) / 4)
    F.append(op_bmm)
    for (tm, tk, bps) in [(128, 128, 1), (64, 128, 2), (64, 64, 4), (32, 32, 8)]:
        w, e, p = wave_feats(tm, tk, bps)
        F.append(np.clip(np.log2(w), -6, 5 if sat else 10) / 4); F.append(e); F.append(p)
    if 'gpu' in variant:
        F.append(np.log2(peak / bw / 1e3) )     # machine balance flop/byte /1e3
        F.append(np.log2(l2 / sms / 1e5))
        F.append(np.log2(peak / sms / mhz / 1e6 / 128))  # flops/clk/SM /128
    X = np.stack(F, 1).astype(np.float32)
    return X, t_roof

def train(X, y_roof, lat, idx, seed=0, epochs=60, hidden=32, umax=1.0):
    torch.manual_seed(seed)
    Xt = torch.tensor(X[idx]); rt = torch.tensor(np.log(y_roof[idx] / lat[idx]), dtype=torch.float32)  # log(roof/lat) = log u
    mu = Xt.mean(0); sd = Xt.std(0) + 1e-6
    net = torch.nn.Sequential(torch.nn.Linear(X.shape[1], hidden), torch.nn.Tanh(), torch.nn.Linear(hidden, hidden), torch.nn.Tanh(), torch.nn.Linear(hidden, 1))
    opt = torch.optim.Adam(net.parameters(), lr=3e-3)
    n = len(idx); bs = 512
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, epochs)
    for ep in range(epochs):
        perm = torch.randperm(n)
        for i in range(0, n, bs):
            b = perm[i:i + bs]
            z = net((Xt[b] - mu) / sd).squeeze(1)
            logu = torch.log(umax * torch.sigmoid(z))
            # pred/meas = u_true/u_pred -> loss = |exp(log u_true - log u_pred) - 1| (MAPE)
            loss = (torch.exp(rt[b] - logu) - 1).abs().mean()
            opt.zero_grad(); loss.backward(); opt.step()
        sched.step()
    def predict(Xe):
        with torch.no_grad():
            z = net((torch.tensor(Xe) - mu) / sd).squeeze(1)
            return (umax * torch.sigmoid(z)).numpy()
    return predict

def mape(p, t): return np.mean(np.abs(p / t - 1)) * 100

if __name__ == '__main__':
    variant = sys.argv[1] if len(sys.argv) > 1 else ''
    X, roof = features(variant)
    tr = np.where((split == 'train') & ~(('nop4' in variant) & (gid == 'p4')))[0]; te = np.where(split == 'test')[0]
    t0 = time.time()
    pred = train(X, roof, lat, tr)
    u = pred(X); p = roof / u
    print('variant', variant, 'train %.1fs' % (time.time() - t0))
    print('train MAPE %.2f  test MAPE %.2f' % (mape(p[tr], lat[tr]), mape(p[te], lat[te])))
    for gg in sorted(set(gid)):
        s = te[gid[te] == gg]; s2 = tr[gid[tr] == gg]
        print('  %-8s test %.2f (n=%d) train %.2f' % (gg, mape(p[s], lat[s]), len(s), mape(p[s2], lat[s2]) if len(s2) else float('nan')))
    if 'loo' in variant:
        for gg in ['p4', 'p100', 'v100', 't4', 'a100-40']:
            trl = tr[gid[tr] != gg]
            pr = train(X, roof, lat, trl)
            sel = np.where(gid == gg)[0]
            p = roof[sel] / pr(X[sel])
            a80 = np.where(gid == 'a100-80')[0]
            print('  LOO %-8s all rows %.2f  test rows %.2f' % (gg, mape(p, lat[sel]), mape(p[split[sel] == 'test'], lat[sel][split[sel] == 'test'])))
