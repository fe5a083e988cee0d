# SPDX-License-Identifier: MIT
"""Model-free check of the train->test shift: predict each test GEMM from its nearest train GEMM of the same GPU
and op (latency scaled by the FLOP ratio). A perfect interpolator of the train split cannot do better than this
on shapes that have a close train neighbour."""
import sys; sys.path.insert(0, __file__.rsplit('/', 1)[0])
from common import *
m = load('kernels_matmul.csv')
for gname, s in GPUS.items():
    out = []
    for op in ['bmm', 'linear']:
        tr = [r for r in m if r['gpu'] == gname and r['split'] == 'train' and r['op'] == op]
        te = [r for r in m if r['gpu'] == gname and r['split'] == 'test' and r['op'] == op]
        if not tr or not te: continue
        f = lambda rs: np.log2(np.array([[float(r['B']), float(r['M']), float(r['N']), float(r['K'])] for r in rs]))
        A = f(tr); T = f(te)
        fl = lambda x: x.sum(1)
        la = np.log([float(r['latency_ms']) for r in tr]); lt = np.log([float(r['latency_ms']) for r in te])
        errs = []
        for i in range(len(te)):
            d = np.abs(A - T[i]).max(1); j = d.argmin()
            if d[j] < 0.25:
                pred = la[j] + (fl(T[i:i+1])[0] - fl(A[j:j+1])[0]) * np.log(2)
                errs.append(abs(np.exp(pred - lt[i]) - 1))
        if errs: out.append('%s: %d test rows with a train neighbour, MAPE %.1f%%' % (op, len(errs), 100 * np.mean(errs)))
    print(s['id'], '; '.join(out))
