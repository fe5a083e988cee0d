# SPDX-License-Identifier: MIT
"""Shared loading for the kernel-model prototypes (numpy only)."""
import csv, os
import numpy as np

DATA = os.environ.get('NEUSIGHT_DIR', '/work/shared/data/neusight')

# GPU figures from /work/shared/data/gpus/REFERENCE.md (sections 1a-1c): sms, cores/SM,
# boost MHz, DRAM GB/s, L2 MB, smem/SM KB.
GPUS = {
    'Tesla P4':              dict(id='p4', sms=20, cores=128, mhz=1063, bw=192, l2=2, smem=96),
    'Tesla P100-PCIE-16GB':  dict(id='p100', sms=56, cores=64, mhz=1300, bw=732, l2=4, smem=64),
    'Tesla V100-PCIE-32GB':  dict(id='v100', sms=80, cores=64, mhz=1380, bw=900, l2=6, smem=96),
    'Tesla T4':              dict(id='t4', sms=40, cores=64, mhz=1590, bw=320, l2=4, smem=64),
    'NVIDIA A100-PCIE-40GB': dict(id='a100-40', sms=108, cores=64, mhz=1410, bw=1555, l2=40, smem=164),
    'NVIDIA A100 80GB PCIe': dict(id='a100-80', sms=108, cores=64, mhz=1410, bw=1935, l2=40, smem=164),
}
for g in GPUS.values():
    g['peak'] = 2 * g['sms'] * g['cores'] * g['mhz'] * 1e6  # FLOP/s fp32

def load(name):
    with open(os.path.join(DATA, name)) as fh:
        return list(csv.DictReader(fh))

def cols(rows, keys, dtype=float):
    return {k: np.array([dtype(r[k]) for r in rows]) for k in keys}
