"""Regenerates cluster_reference.json: reference values for Refine's cluster
bootstrap over participants (Sources/Statistics/ClusterBootstrap.swift),
computed with numpy and scipy, independently of the Swift code.

    python3 make_cluster_reference.py > cluster_reference.json

Three kinds of reference:
- replicates for explicit resample draws: numpy draws participant indices (into
  the sorted participant ids), concatenates the drawn participants' trials and
  takes np.mean / np.median; Swift is fed the same draws and must agree to
  rounding, and so must the percentile interval (np.quantile, linear = type 7);
- standard errors: the bootstrap SE of a clustered mean (numpy Monte Carlo, many
  resamples) and the cluster-robust CR0 standard error it approaches, for one
  group, a paired and an unpaired difference;
- the small-sample expansion of the tail probability, with scipy's t and normal.
"""
import json

import numpy as np
import scipy
from scipy import stats

rng = np.random.default_rng(20250611)


def clustered(ids, shift, sd_person, sd_trial, rng, person=None, sizes=None):
    """Trials of participants `ids`: a person effect plus trial noise, shuffled."""
    person = rng.normal(0, sd_person, len(ids)) if person is None else person
    sizes = rng.integers(3, 9, len(ids)) if sizes is None else sizes
    values, owners = [], []
    for pid, effect, n in zip(ids, person, sizes):
        for _ in range(n):
            values.append(round(float(np.exp(1.0 + shift + effect + rng.normal(0, sd_trial))), 6))
            owners.append(pid)
    order = rng.permutation(len(values))
    return [values[i] for i in order], [owners[i] for i in order], person, sizes


def groups(values, owners):
    ids = sorted(set(owners))
    return ids, [np.array([v for v, o in zip(values, owners) if o == pid]) for pid in ids]


def resampled(per, draw):
    return np.concatenate([per[i] for i in draw])


# A small dataset: A and B are the same 12 people (B correlated with A through the
# person effect), C are 9 other people; R is a 0/1 metric of the same 12.
ids = [f"p{i:04d}" for i in range(12)]
a_v, a_o, person, sizes = clustered(ids, 0.0, 0.5, 0.3, rng)
b_v, b_o, _, _ = clustered(ids, 0.1, 0.5, 0.3, rng, person=person)
c_v, c_o, _, _ = clustered([f"q{i:04d}" for i in range(9)], 0.05, 0.5, 0.3, rng)
r_v, r_o = [], []
for pid, p in zip(ids, rng.uniform(0.2, 0.9, len(ids))):
    for _ in range(rng.integers(2, 7)):
        r_v.append(float(rng.random() < p)); r_o.append(pid)

ga, gb, gc, gr = groups(a_v, a_o), groups(b_v, b_o), groups(c_v, c_o), groups(r_v, r_o)
B = 300
draws = rng.integers(0, len(ids), size=(B, len(ids)))
draws_c = rng.integers(0, 9, size=(B, 9))

tail = 0.05
def interval(value, reps):
    return [float(value), float(np.quantile(reps, tail)), float(np.quantile(reps, 1 - tail))]

cases = []
for name, stat in (("mean", np.mean), ("median", np.median)):
    one = np.array([stat(resampled(ga[1], d)) for d in draws])
    paired = np.array([stat(resampled(ga[1], d)) - stat(resampled(gb[1], d)) for d in draws])
    unpaired = np.array([stat(resampled(ga[1], d)) - stat(resampled(gc[1], e)) for d, e in zip(draws, draws_c)])
    cases.append({"statistic": name, "kind": "one", "replicates": one.tolist(),
                  "interval": interval(stat(np.array(a_v)), one)})
    cases.append({"statistic": name, "kind": "paired", "replicates": paired.tolist(),
                  "interval": interval(stat(np.array(a_v)) - stat(np.array(b_v)), paired)})
    cases.append({"statistic": name, "kind": "unpaired", "replicates": unpaired.tolist(),
                  "interval": interval(stat(np.array(a_v)) - stat(np.array(c_v)), unpaired)})
rate = np.array([np.mean(resampled(gr[1], d)) for d in draws])
cases.append({"statistic": "mean", "kind": "rate", "replicates": rate.tolist(), "interval": interval(np.mean(r_v), rate)})


# Standard errors on a larger dataset (80 people, 60 others), where the bootstrap
# SE of a clustered mean is close to the CR0 sandwich it approximates.
big_ids = [f"p{i:04d}" for i in range(80)]
x_v, x_o, person, _ = clustered(big_ids, 0.0, 0.5, 0.3, rng)
y_v, y_o, _, _ = clustered(big_ids, 0.1, 0.5, 0.3, rng, person=person)
z_v, z_o, _, _ = clustered([f"q{i:04d}" for i in range(60)], 0.0, 0.5, 0.3, rng)
gx, gy, gz = groups(x_v, x_o), groups(y_v, y_o), groups(z_v, z_o)


def residuals(g):
    per = g[1]
    n = sum(len(p) for p in per)
    m = sum(p.sum() for p in per) / n
    return np.array([p.sum() - m * len(p) for p in per]), n


ex, nx = residuals(gx); ey, ny = residuals(gy); ez, nz = residuals(gz)
cr0 = {
    "one": float(np.sqrt((ex ** 2).sum()) / nx),
    "paired": float(np.sqrt(((ex / nx - ey / ny) ** 2).sum())),
    "unpaired": float(np.sqrt((ex ** 2).sum() / nx ** 2 + (ez ** 2).sum() / nz ** 2)),
}
sums = lambda g: (np.array([p.sum() for p in g[1]]), np.array([len(p) for p in g[1]]))
(sx, cx), (sy, cy), (sz, cz) = sums(gx), sums(gy), sums(gz)
M = 200_000
w = rng.multinomial(len(big_ids), [1 / len(big_ids)] * len(big_ids), size=M)
wz = rng.multinomial(60, [1 / 60] * 60, size=M)
mx, my, mz = (w @ sx) / (w @ cx), (w @ sy) / (w @ cy), (wz @ sz) / (wz @ cz)
boot = {"one": float(mx.std()), "paired": float((mx - my).std()), "unpaired": float((mx - mz).std())}

expansion = []
for confidence, n, df in ((0.95, 20, 19), (0.95 ** (1 / 1), 200, 199), (1 - 0.05 / 12, 20, 19), (1 - 0.05 / 8, 20, 38),
                          (0.9, 5, 4), (0.99, 3, 2), (0.999, 12, 11)):
    t = (1 - confidence) / 2
    expansion.append({"confidence": confidence, "clusters": n, "df": df,
                      "t": float(stats.t.ppf(1 - t, df)),
                      "tail": float(stats.norm.cdf(-np.sqrt(n / (n - 1)) * stats.t.ppf(1 - t, df)))})
central = [{"t": t, "df": df, "p": float(stats.t.cdf(t, df) - stats.t.cdf(-t, df))}
           for t in (0.3, 1.0, 2.5, 4.0) for df in (1, 2, 3, 7, 30, 151)]

print(json.dumps({
    "generated_by": f"numpy {np.__version__}, scipy {scipy.__version__}",
    "tail": tail,
    "a": {"values": a_v, "participants": a_o},
    "b": {"values": b_v, "participants": b_o},
    "c": {"values": c_v, "participants": c_o},
    "r": {"values": r_v, "participants": r_o},
    "draws": draws.tolist(), "draws_c": draws_c.tolist(),
    "cases": cases,
    "x": {"values": x_v, "participants": x_o},
    "y": {"values": y_v, "participants": y_o},
    "z": {"values": z_v, "participants": z_o},
    "cr0_se": cr0, "bootstrap_se": boot,
    "expansion": expansion, "t_central": central,
}, indent=None, separators=(",", ":")))
