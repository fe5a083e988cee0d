# SPDX-License-Identifier: MIT
"""GEMM prototype with per-GPU nuisance terms (level + duration slope) learned in training only."""
import sys, time
sys.path.insert(0, __file__.rsplit('/', 1)[0])
from proto_matmul import *

GIDS = ['p4', 'p100', 'v100', 't4', 'a100-40', 'a100-80']
gidx = np.array([GIDS.index(x) for x in gid])

def train2(X, roof, lat, idx, seed=0, epochs=40, hidden=32, dur=None):
    torch.manual_seed(seed)
    Xt = torch.tensor(X[idx]); rt = torch.tensor(np.log(roof[idx] / lat[idx]), dtype=torch.float32)
    gt = torch.tensor(gidx[idx]); dt = torch.tensor(dur[idx], dtype=torch.float32)
    mu = Xt.mean(0); sd = Xt.std(0) + 1e-6
    net = torch.nn.Sequential(torch.nn.Linear(X.shape[1], hidden), torch.nn.Tanh(), torch.nn.Linear(hidden, hidden), torch.nn.Tanh(), torch.nn.Linear(hidden, 1))
    lvl = torch.nn.Parameter(torch.zeros(len(GIDS))); slope = torch.nn.Parameter(torch.zeros(len(GIDS)))
    opt = torch.optim.Adam(list(net.parameters()) + [lvl, slope], lr=3e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, epochs)
    n = len(idx); bs = 512
    for ep in range(epochs):
        perm = torch.randperm(n)
        for i in range(0, n, bs):
            b = perm[i:i + bs]
            z = net((Xt[b] - mu) / sd).squeeze(1)
            logu = torch.nn.functional.logsigmoid(z) + lvl[gt[b]] + slope[gt[b]] * dt[b]
            loss = (torch.exp(rt[b] - logu) - 1).abs().mean() + 1e-2 * (lvl.mean() ** 2)
            opt.zero_grad(); loss.backward(); opt.step()
        sched.step()
    print('  levels', np.round(lvl.detach().numpy(), 3), 'slopes', np.round(slope.detach().numpy(), 3))
    def predict(Xe, ge=None, de=None):
        with torch.no_grad():
            z = net((torch.tensor(Xe) - mu) / sd).squeeze(1)
            logu = torch.nn.functional.logsigmoid(z)
            if ge is not None:
                logu = logu + lvl[torch.tensor(ge)] + slope[torch.tensor(ge)] * torch.tensor(de, dtype=torch.float32)
            return torch.exp(logu).numpy()
    return predict

if __name__ == '__main__':
    variant = sys.argv[1] if len(sys.argv) > 1 else ''
    X, roof = features(variant)
    dur = np.clip(np.log10(roof * 1e3), 0, 3)   # log10(roofline ms), 0 below 1 ms
    tr = np.where(split == 'train')[0]; te = np.where(split == 'test')[0]
    t0 = time.time()
    pred = train2(X, roof, lat, tr, dur=dur)
    print('train %.1fs' % (time.time() - t0))
    p0 = roof / pred(X); p1 = roof / pred(X, gidx, dur)
    print('generic: train %.2f test %.2f | with nuisance: train %.2f test %.2f' % (mape(p0[tr], lat[tr]), mape(p0[te], lat[te]), mape(p1[tr], lat[tr]), mape(p1[te], lat[te])))
    for gg in GIDS:
        s = te[gid[te] == gg]; s2 = tr[gid[tr] == gg]
        print('  %-8s test generic %.2f nuisance %.2f | train generic %.2f nuisance %.2f' % (gg, mape(p0[s], lat[s]), mape(p1[s], lat[s]),
              mape(p0[s2], lat[s2]) if len(s2) else np.nan, mape(p1[s2], lat[s2]) if len(s2) else np.nan))
