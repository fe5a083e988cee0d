# SPDX-License-Identifier: MIT
"""Train on the launched tile (oracle), predict as the minimum over candidate tile/split-K configurations."""
import sys; sys.path.insert(0, __file__.rsplit('/', 1)[0])
import proto_gemm3 as P
from proto_gemm3 import *
variant = sys.argv[1] if len(sys.argv) > 1 else 'oracle,slope'
X, roof = features(variant)
dur = np.clip(np.log10(roof * 1e3), 0, 3)
tr = np.where(split == 'train')[0]; te = np.where(split == 'test')[0]
pr = train(X, roof, lat, tr, hidden=64 if 'h64' in variant else 32, dur=dur)
report(roof / pr(X), tr, te, 'oracle tile, generic')
report(roof / pr(X, gidx, dur), tr, te, 'oracle tile, level')
cands = [(128, 128), (128, 64), (64, 64), (128, 32), (32, 128), (64, 32), (32, 32)]
best0 = np.full(len(rows), np.inf); best1 = np.full(len(rows), np.inf); choice = np.zeros(len(rows), int)
saved = (P.tk_o.copy(), P.tm_o.copy(), P.sp_o.copy())
ci = 0
for (tk, tm) in cands:
    for sp in [1, 2, 4, 8]:
        P.tk_o[:] = tk; P.tm_o[:] = tm; P.sp_o[:] = sp
        Xc, _ = features(variant)
        ok = (N / sp >= 32) | (sp == 1)
        l0 = np.where(ok, roof / pr(Xc), np.inf); l1 = np.where(ok, roof / pr(Xc, gidx, dur), np.inf)
        better = l0 < best0
        choice[better] = ci
        best0 = np.minimum(best0, l0); best1 = np.minimum(best1, l1)
        ci += 1
report(best0, tr, te, 'min over candidates, generic')
report(best1, tr, te, 'min over candidates, level')
