"""Reference values for Refine's Kaplan–Meier, median, restricted mean and
log-rank test (Sources/Statistics/KaplanMeier.swift), from lifelines.

Run: python3 Tests/ReferenceTests/Fixtures/make_survival_reference.py
Writes survival_reference.json beside this script. Two groups with ties between
events and censorings, censoring at the time limit and early give-ups.
"""
import json, os
import numpy as np
import lifelines
from lifelines import KaplanMeierFitter
from lifelines.statistics import logrank_test
from lifelines.utils import median_survival_times, restricted_mean_survival_time

rng = np.random.default_rng(20261123)
def group(n, scale, limit):
    t = np.round(rng.exponential(scale, n), 1) + 0.5
    give_up = rng.random(n) < 0.15
    stop = np.round(rng.uniform(2, limit, n), 1)
    time = np.where(give_up, np.minimum(t, stop), np.minimum(t, limit))
    event = (~give_up | (t <= stop)) & (t <= limit)
    return time.tolist(), event.tolist()

ta, ea = group(60, 6.0, 20.0)
tb, eb = group(50, 9.0, 20.0)
out = {"lifelines": lifelines.__version__, "a": {"time": ta, "event": ea}, "b": {"time": tb, "event": eb}}
for name, t, e in (("a", ta, ea), ("b", tb, eb)):
    k = KaplanMeierFitter(alpha=0.05).fit(t, e)
    sf = k.survival_function_.iloc[:, 0]
    ci = k.confidence_interval_
    steps = []
    for time in sorted(set(x for x, ev in zip(t, e) if ev)):
        steps.append({"time": time, "survival": float(sf.loc[time]),
                      "lower": float(ci.iloc[:, 0].loc[time]), "upper": float(ci.iloc[:, 1].loc[time])})
    m = median_survival_times(k.confidence_interval_)
    out[name]["steps"] = steps
    out[name]["median"] = float(k.median_survival_time_)
    out[name]["median_ci"] = [float(m.iloc[0, 0]), float(m.iloc[0, 1])]
    out[name]["rmst_20"] = float(restricted_mean_survival_time(k, t=20.0))
r = logrank_test(ta, tb, event_observed_A=ea, event_observed_B=eb)
out["logrank"] = {"chi_square": float(r.test_statistic), "p": float(r.p_value)}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "survival_reference.json"), "w") as f:
    json.dump(out, f, indent=1)
print("wrote survival_reference.json")
