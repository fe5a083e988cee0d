# SPDX-License-Identifier: MIT
"""Prototype mirroring the C++ kernel model (core/predict/kernel_features.cpp, tools/train):
per class a ReLU MLP predicts utilisation u = umax * sigmoid(z); latency = floor + roofline / u.
During training each GPU gets nuisance terms (level + duration slope, mean-zero over the training
GPUs) that absorb measurement conditions (clocks, thermals); they are stored as calibration for
the measured GPUs. Usage: proto_final.py CLASS [options...]  CLASS in gemm, vec, conv."""
import sys, os, json, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import load, np
import torch
torch.set_num_threads(1)
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
CAT = {g['device_name']: g for g in json.load(open(os.path.join(ROOT, 'resources/gpus/catalogue.json')))['gpus']}
FAMILY = {g['id']: g['memory_type'] for g in CAT.values()}
def max_threads(cc):
    return {'7.5': 1024, '8.6': 1536, '8.9': 1536}.get(cc, 2048)

def device_arrays(rows):
    gs = [CAT[r['gpu']] for r in rows]
    d = dict(id=np.array([g['id'] for g in gs]),
             sms=np.array([g['sms'] for g in gs], float),
             peak=np.array([g['peak_tflops']['fp32'] for g in gs]) * 1e12,
             bw=np.array([g['bandwidth_gbps'] for g in gs]) * 1e9,
             l2=np.array([g['l2_mb'] for g in gs]) * 1048576.0,
             thr=np.array([max_threads(g['compute_capability']) for g in gs], float))
    return d

def clip_log2(x, lo, hi): return np.clip(np.log2(x), lo, hi)

GEMM_VARIANT = os.environ.get('GEMM_VARIANT', '')
def gemm_features(batch, m, n, k, linear, d, extra=None):
    flops = 2 * batch * m * n * k
    bytes_ = 4.0 * batch * (m * k + k * n + m * n)
    t_c = flops / d['peak']; t_m = bytes_ / d['bw']; roof = np.maximum(t_c, t_m)
    F = [np.clip(np.log10(roof * 1e6), -1, 3), clip_log2(t_c / t_m, -6, 6) / 4, clip_log2(k, 2, 16 if 'k16' in GEMM_VARIANT else 12) / 4,
         clip_log2(bytes_ / d['l2'], -10, 3) / 4, clip_log2(batch, 0, 8) / 4, linear]
    tiles = [(128, 128), (64, 128), (64, 64), (32, 32)] + ([(32, 128), (128, 32)] if 'tiles6' in GEMM_VARIANT else [])
    for (tm, tn) in tiles:
        tiles = batch * np.ceil(m / tm) * np.ceil(n / tn)
        bps = np.clip(2 * 128 * 128 / (tm * tn), 1, 8)
        w = tiles / (d['sms'] * bps)
        F += [clip_log2(w, -6, 5) / 4, w / np.ceil(w), (m * n) / (np.ceil(m / tm) * tm * np.ceil(n / tn) * tn)]
    if extra is not None: F += extra
    return np.stack(F, 1).astype(np.float32), roof

def load_class(cls):
    if cls == 'gemm':
        rows = load('kernels_matmul.csv')
        f = lambda k: np.array([float(r[k]) for r in rows])
        d = device_arrays(rows)
        lin = np.array([r['op'] == 'linear' for r in rows], float)
        # data: out[B,M,K] = A[B,M,N] x W[B,N,K] -> m=M, n=K (output columns), k=N (reduction)
        X, roof = gemm_features(f('B'), f('M'), f('K'), f('N'), lin, d)
        split = np.array([r['split'] for r in rows]); label = np.array([r['op'] for r in rows])
    elif cls == 'conv':
        rows = load('kernels_conv.csv')
        KEYS = ['B', 'Input_Channel', 'Output_Channel', 'Kernel_Szie', 'Input_Size', 'Stride', 'Padding']
        def fnv1a(s):
            h = 0xcbf29ce484222325
            for c in s.encode(): h ^= c; h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
            return h
        split = np.array(['test' if fnv1a(','.join(r[k] for k in KEYS)) % 5 == 0 else 'train' for r in rows])
        f = lambda k: np.array([float(r[k]) for r in rows])
        B, Ci, Co, R, H, S, P = [f(k) for k in KEYS]
        OH = np.floor((H + 2 * P - R) / S) + 1
        d = device_arrays(rows)
        M = B * OH * OH; K = Ci * R * R
        extra = [OH / (np.ceil(OH / 2) * 2), OH / (np.ceil(OH / 4) * 4), OH / (np.ceil(OH / 8) * 8),
                 Ci / (np.ceil(Ci / 32) * 32), Co / (np.ceil(Co / 32) * 32),
                 clip_log2(OH * OH, 0, 14) / 4, clip_log2(Ci, 0, 12) / 4, clip_log2(Co, 0, 12) / 4]
        X, roof = gemm_features(np.ones_like(M), M, Co, K, np.ones_like(M), d, extra)
        # roofline bytes of a conv: input + weights + output (not the im2col matrix)
        bytes_ = 4.0 * (B * Ci * H * H + Co * Ci * R * R + B * Co * OH * OH)
        t_c = 2 * M * Co * K / d['peak']; t_m = bytes_ / d['bw']; roof = np.maximum(t_c, t_m)
        X[:, 0] = np.clip(np.log10(roof * 1e6), -1, 3); X[:, 1] = clip_log2(t_c / t_m, -6, 6) / 4
        X[:, 3] = clip_log2(bytes_ / d['l2'], -10, 3) / 4
        label = np.array(['conv'] * len(rows))
    else:
        rows = load('kernels_vec.csv')
        f = lambda k: np.array([float(r[k]) for r in rows])
        d = device_arrays(rows)
        ops = np.array([r['op'] for r in rows])
        ARR = {'add': 3, 'mul': 3, 'div': 3, 'pow': 3, 'addu': 2, 'mulu': 2, 'divu': 2, 'powu': 2, 'relu': 2, 'tanh': 2, 'gelu': 2, 'ln': 2, 'softmax': 2}
        FPE = {'add': 1, 'mul': 1, 'div': 4, 'pow': 16, 'addu': 1, 'mulu': 1, 'divu': 4, 'powu': 8, 'relu': 1, 'tanh': 8, 'gelu': 12, 'ln': 8, 'softmax': 6}
        rowwise = np.isin(ops, ['ln', 'softmax']).astype(float)
        arr = np.array([ARR[o] for o in ops], float); fpe = np.array([FPE[o] for o in ops], float)
        Bv, H = f('B'), f('H'); E = Bv * H
        bytes_ = 4.0 * arr * E; t_m = bytes_ / d['bw']; t_c = fpe * E / d['peak']; roof = np.maximum(t_m, t_c)
        blocks = np.where(rowwise > 0, Bv, np.ceil(E / 512))
        w = blocks / (d['sms'] * d['thr'] / 128)
        X = np.stack([np.clip(np.log10(roof * 1e6), -1, 3), clip_log2(t_c / t_m, -8, 4) / 4, clip_log2(bytes_ / d['l2'], -8, 4) / 4,
                      clip_log2(w, -6, 6) / 4, w / np.ceil(w), rowwise, np.where(rowwise > 0, clip_log2(H, 4, 14) / 4, 0),
                      np.clip(arr - 2, 0, 2), clip_log2(fpe, 0, 5) / 4], 1).astype(np.float32)
        split = np.array([r['split'] for r in rows]); label = ops
    lat = np.array([float(r['latency_ms']) for r in rows]) * 1e-3
    return dict(X=X, roof=roof, lat=lat, split=split, gpu=d['id'], label=label)

UMAX = {'gemm': 1.0, 'vec': 1.0, 'conv': 2.5}

def train(D, idx, cls, hidden=64, epochs=30, seed=0, lr=3e-3, bs=512, act='relu', floor_on=True, slope_on=True):
    torch.manual_seed(seed)
    gids = sorted(set(D['gpu'][idx])); gmap = {g: i for i, g in enumerate(gids)}
    X = torch.tensor(D['X'][idx]); y = torch.tensor(D['lat'][idx], dtype=torch.float32)
    roof = torch.tensor(D['roof'][idx], dtype=torch.float32)
    g = torch.tensor([gmap[x] for x in D['gpu'][idx]])
    dur = torch.tensor(np.clip(np.log10(D['roof'][idx] * 1e3), 0, 3), dtype=torch.float32)
    mu = X.mean(0); sd = X.std(0) + 1e-6
    A = {'relu': torch.nn.ReLU, 'tanh': torch.nn.Tanh, 'hardtanh': torch.nn.Hardtanh, 'softsign': torch.nn.Softsign}[act]
    net = torch.nn.Sequential(torch.nn.Linear(X.shape[1], hidden), A(), torch.nn.Linear(hidden, hidden), A(), torch.nn.Linear(hidden, 1))
    lvl = torch.nn.Parameter(torch.zeros(len(gids))); slope = torch.nn.Parameter(torch.zeros(len(gids)))
    fl = torch.nn.Parameter(torch.tensor(0.0))
    params = list(net.parameters()) + [lvl] + ([slope] if slope_on else []) + ([fl] if floor_on else [])
    opt = torch.optim.Adam(params, lr=lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, epochs)
    n = len(idx); umax = UMAX[cls]
    def forward(b):
        z = net((X[b] - mu) / sd).squeeze(1)
        lv = lvl - lvl.mean()
        logu = np.log(umax) + torch.nn.functional.logsigmoid(z) + lv[g[b]] + (slope[g[b]] * dur[b] if slope_on else 0)
        pred = roof[b] / torch.exp(logu) + (1e-5 * torch.nn.functional.softplus(fl) if floor_on else 0)
        return pred
    for ep in range(epochs):
        perm = torch.randperm(n)
        for i in range(0, n, bs):
            b = perm[i:i + bs]
            loss = (forward(b) / y[b] - 1).abs().mean()
            opt.zero_grad(); loss.backward(); opt.step()
        sched.step()
    L = (lvl - lvl.mean()).detach().numpy(); S = slope.detach().numpy(); F0 = float(1e-5 * torch.nn.functional.softplus(fl)) if floor_on else 0.0
    calib = {gg: (L[i], S[i]) for gg, i in gmap.items()}
    fam = lambda gid: 'hbm' if FAMILY[gid].startswith('HBM') else 'gddr'
    famlv = {}
    for gg in calib: famlv.setdefault(fam(gg), []).append(calib[gg][0])
    famlv = {k: float(np.mean(v)) for k, v in famlv.items()}
    def level_of(x):
        if x in calib: return calib[x][0]
        return famlv.get(fam(x), 0.0)
    def predict(Xe, roofe, gpus=None, calibrated=True):
        with torch.no_grad():
            u = umax * torch.sigmoid(net((torch.tensor(Xe) - mu) / sd).squeeze(1)).numpy()
        if calibrated and gpus is not None:
            du = np.clip(np.log10(roofe * 1e3), 0, 3)
            lv = np.array([level_of(x) for x in gpus]); sl = np.array([calib[x][1] if x in calib else 0.0 for x in gpus])
            u = u * np.exp(lv + (sl * du if calibrated == 'slope' else 0))
        return roofe / u + F0
    predict.calib = calib; predict.floor = F0
    return predict

def mape(p, t): return 100 * np.mean(np.abs(p / t - 1))

if __name__ == '__main__':
    cls = sys.argv[1]; opts = dict(a.split('=') for a in sys.argv[2:] if '=' in a); flags = [a for a in sys.argv[2:] if '=' not in a]
    kw = dict(hidden=int(opts.get('hidden', 64)), epochs=int(opts.get('epochs', 30)), act=opts.get('act', 'relu'),
              floor_on='nofloor' not in flags, slope_on='noslope' not in flags, bs=int(opts.get('bs', 512)))
    t0 = time.time(); D = load_class(cls); print('loaded %.0fs' % (time.time() - t0), D['X'].shape)
    tr = np.where(D['split'] == 'train')[0]; te = np.where(D['split'] == 'test')[0]
    t0 = time.time(); pr = train(D, tr, cls, **kw); print(cls, kw, 'train %.0fs floor %.1f us' % (time.time() - t0, pr.floor * 1e6))
    print('  calib', {k: (round(float(v[0]), 3), round(float(v[1]), 3)) for k, v in pr.calib.items()})
    G = sorted(set(D['gpu']))
    for lab, cal in [('generic', False), ('level', True), ('level+slope', 'slope')]:
        p = pr(D['X'], D['roof'], D['gpu'], cal)
        print('  %-10s train %.2f test %.2f | ' % (lab, mape(p[tr], D['lat'][tr]), mape(p[te], D['lat'][te])) +
              ' '.join('%s %.1f' % (gg, mape(p[te][D['gpu'][te] == gg], D['lat'][te][D['gpu'][te] == gg])) for gg in G if (D['gpu'][te] == gg).any()))
    if 'loo' in flags:
        for gg in G:
            trl = tr[D['gpu'][tr] != gg]
            if len(trl) == len(tr): continue
            p2 = train(D, trl, cls, **kw)
            s = np.where(D['gpu'] == gg)[0]
            p = p2(D['X'][s], D['roof'][s], D['gpu'][s], True)
            st = s[D['split'][s] == 'test']
            print('  LOO %-16s all rows %.1f  test rows %.1f' % (gg, mape(p, D['lat'][s]), mape(p2(D['X'][st], D['roof'][st], D['gpu'][st], True), D['lat'][st]) if len(st) else float('nan')))
