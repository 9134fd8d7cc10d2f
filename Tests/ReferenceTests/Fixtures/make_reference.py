"""Regenerates scipy_reference.json: reference values for Refine's statistics tests,
computed with scipy and numpy (independent implementations of the same definitions).

    python3 make_reference.py > scipy_reference.json
"""
import json

import numpy as np
import scipy
from scipy import stats

rng = np.random.default_rng(20181)
cases = []
samples = {
    "continuous": (rng.lognormal(1.0, 0.4, 57).round(6), rng.lognormal(1.15, 0.4, 43).round(6)),
    "ties": (rng.integers(0, 6, 40).astype(float), rng.integers(1, 7, 35).astype(float)),
    "small": (np.array([1.1, 2.2, 3.3, 4.4, 5.5]), np.array([2.0, 3.0, 6.0, 7.0, 8.0, 9.0])),
    "identical": (np.array([1.0, 2.0, 3.0, 4.0]), np.array([1.0, 2.0, 3.0, 4.0])),
}
for name, (a, b) in samples.items():
    res = stats.mannwhitneyu(a, b, alternative="two-sided", method="asymptotic", use_continuity=True)
    greater = sum((x > y) for x in a for y in b)
    less = sum((x < y) for x in a for y in b)
    cases.append({
        "name": name, "a": a.tolist(), "b": b.tolist(),
        "u": float(res.statistic), "p": float(res.pvalue),
        "cliffs_delta": (greater - less) / (len(a) * len(b)),
        "median_a": float(np.median(a)), "median_b": float(np.median(b)),
        "quantiles_a": [float(np.quantile(a, q)) for q in (0.1, 0.25, 0.75, 0.9)],
    })

# Paired differences (per-participant B − A), with zeros and tied magnitudes.
signed = []
paired_samples = {
    "shifted": (rng.normal(0.3, 1.0, 40).round(4)),
    "ties_and_zeros": np.array([0, 0, 1, -1, 2, 2, -2, 3, 3, 3, -0.5, 0.5, 4, 1, 1]).astype(float),
    "small": np.array([0.2, -0.1, 0.4, 0.3, 0.5, -0.2]),
}
for name, d in paired_samples.items():
    res = stats.wilcoxon(d, zero_method="wilcox", correction=True, method="approx")
    signed.append({"name": name, "d": d.tolist(), "w": float(res.statistic), "p": float(res.pvalue)})

pvalues = [0.01, 0.04, 0.03, 0.005, 0.20, 0.049]
m = len(pvalues)
order = np.argsort(pvalues)
holm = np.empty(m)
running = 0.0
for rank, i in enumerate(order):
    running = max(running, min(1.0, (m - rank) * pvalues[i]))
    holm[i] = running
bh = stats.false_discovery_control(pvalues, method="bh")

print(json.dumps({
    "generated_by": f"scipy {scipy.__version__}, numpy {np.__version__}",
    "mann_whitney": cases,
    "signed_rank": signed,
    "pvalues": pvalues, "holm": holm.tolist(), "benjamini_hochberg": [float(x) for x in bh],
}, indent=1))
