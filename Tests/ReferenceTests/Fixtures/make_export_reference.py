"""Regenerates export_reference.json: reference values for `refine export` and the
export.R it writes (Sources/Reports/Export/), computed by R (lme4, survival) on a
table exported by refine itself.

    REFINE=.build/debug/refine python3 Tests/ReferenceTests/Fixtures/make_export_reference.py

Needs a built refine, numpy, and Rscript with the packages lme4, survival and
jsonlite (Debian: apt-get install r-base-core r-cran-lme4 r-cran-survival
r-cran-jsonlite). Steps:

1. `refine run export_fixture.yaml` into a temporary database: 8 participants ×
   3 strategies × 2 devices × 3 tasks (each on its own photo) × 2 replications =
   288 trials, a balanced, completely crossed design.
2. Every metric but session_trial is replaced by a synthetic value drawn with
   numpy from a known model (participant and photo effects, strategy and device
   shifts, noise), so the references depend on this design only, never on how the
   simulated people behave. first_touch_s is left out of ~10% of trials (missing
   values).
3. `refine export` writes trials.csv and trials.parquet; Rscript runs the
   export.R written beside trials.csv, which writes models.csv (its fits) and
   design.csv (trials per level of each factor, values per metric, as R read them).
4. From the same trials.csv, R fits the balanced models the Swift estimates are
   checked against: lmer(y ~ strategy + (1 | participant) + (1 | photo)) for
   time_to_done_s, log(time_to_done_s) and reached_effect (a linear probability
   model), whose fixed effects are the marginal mean differences, and whose
   REML variance components the ANOVA estimates must equal. These fits use tight
   optimizer tolerances: the REML surface is flat near its optimum, and lme4's
   defaults leave variance components ~1e-7 to ~1e-5 from it.

The JSON keeps the trials (factors and metrics, so the Swift test can rebuild the
database), the SHA-256 of both exported tables, models.csv, design.csv and the
direct fits.
"""
import csv
import hashlib
import json
import math
import os
import sqlite3
import subprocess
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
REFINE = os.environ.get("REFINE", os.path.join(REPO, ".build", "debug", "refine"))
SPEC = os.path.join(HERE, "export_fixture.yaml")

DIRECT_R = r"""
suppressPackageStartupMessages({ library(lme4); library(jsonlite) })
args <- commandArgs(trailingOnly = TRUE)
d <- read.csv(args[1], na.strings = "", stringsAsFactors = FALSE, check.names = FALSE, encoding = "UTF-8")
d$strategy <- factor(d$strategy, levels = c("six-sliders", "exposure-control", "on-image"))
ctrl <- lmerControl(optimizer = "nloptwrap", optCtrl = list(xtol_abs = 1e-14, ftol_abs = 1e-15, xtol_rel = 0, ftol_rel = 0, maxeval = 1e5))
fits <- list(
  time_to_done_s = lmer(time_to_done_s ~ strategy + (1 | participant) + (1 | photo), data = d, control = ctrl),
  log_time_to_done_s = lmer(log(time_to_done_s) ~ strategy + (1 | participant) + (1 | photo), data = d, control = ctrl),
  reached_effect = lmer(reached_effect ~ strategy + (1 | participant) + (1 | photo), data = d, control = ctrl))
out <- lapply(fits, function(f) {
  vc <- as.data.frame(VarCorr(f))
  list(fixef = as.list(fixef(f)), variances = setNames(as.list(vc$vcov), vc$grp), singular = isSingular(f), n = nobs(f))
})
out$versions <- list(R = R.version.string, lme4 = as.character(packageVersion("lme4")),
                     survival = as.character(packageVersion("survival")))
writeLines(toJSON(out, digits = NA, auto_unbox = TRUE, pretty = TRUE), args[2])
"""


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def number(text):
    return None if text in ("", "NA") else float(text)


def synthesize(db):
    """Replaces the run's metrics (all but session_trial) with synthetic values."""
    rng = np.random.default_rng(20261124)
    con = sqlite3.connect(db)
    trials = con.execute("""
        SELECT t.id, t.key, t.strategy, t.device, t.participant, t.participant_group, t.task, t.task_label, t.replication,
               m.value FROM trial t JOIN metric m ON m.trial_id = t.id AND m.name = 'session_trial' ORDER BY t.key
        """).fetchall()
    participants = sorted({t[4] for t in trials})
    tasks = sorted({t[6] for t in trials})
    person = dict(zip(participants, rng.normal(0, 0.35, len(participants))))
    photo = dict(zip(tasks, rng.normal(0, 0.3, len(tasks))))
    strategy = {"six-sliders": 0.0, "exposure-control": -0.25, "on-image": 0.2}
    device = {"ipad-pro-12.9-landscape": 0.0, "iphone-15-portrait": 0.12}
    con.execute("DELETE FROM metric WHERE name != 'session_trial'")
    out = []
    for (tid, key, s, d, p, group, task, label, replication, session_trial) in trials:
        shift = strategy[s] + device[d] + person[p] + photo[task]
        done = round(math.exp(2.3 + shift + rng.normal(0, 0.3)), 6)
        reached = int(rng.random() < 1 / (1 + math.exp(-(0.6 - 2 * strategy[s] - 1.5 * person[p] + photo[task]))))
        metrics = {"session_trial": session_trial, "time_to_done_s": done, "reached_effect": float(reached),
                   "gave_up": float(1 - reached), "touches": float(rng.poisson(math.exp(1.2 + 0.5 * person[p] + strategy[s])))}
        if reached:
            metrics["time_to_effect_s"] = round(done * rng.uniform(0.4, 0.95), 6)
        metrics["within_10s"] = float(reached and metrics["time_to_effect_s"] <= 10)
        if rng.random() < 0.9:
            metrics["first_touch_s"] = round(math.exp(0.3 + 0.5 * person[p] + rng.normal(0, 0.3)), 6)
        for name, value in metrics.items():
            if name != "session_trial":
                con.execute("INSERT INTO metric (trial_id, name, value) VALUES (?, ?, ?)", (tid, name, value))
        out.append({"key": key, "strategy": s, "device": d, "participant": p, "group": group, "task": task,
                    "task_label": label, "replication": replication, "metrics": metrics})
    con.commit()
    con.close()
    return out


def main():
    with tempfile.TemporaryDirectory(prefix="refine-export-reference.") as tmp:
        db = os.path.join(tmp, "fixture.sqlite")
        subprocess.run([REFINE, "run", SPEC, "--db", db, "--quiet"], check=True)
        trials = synthesize(db)
        for fmt in ("csv", "parquet"):
            subprocess.run([REFINE, "export", SPEC, "--db", db, "--format", fmt, "--out", os.path.join(tmp, fmt)],
                           check=True, stdout=subprocess.DEVNULL)
        table = os.path.join(tmp, "csv", "trials.csv")
        subprocess.run(["Rscript", os.path.join(tmp, "csv", "export.R")], check=True, stdout=subprocess.DEVNULL)
        script = os.path.join(tmp, "direct.R")
        with open(script, "w") as f:
            f.write(DIRECT_R)
        subprocess.run(["Rscript", script, table, os.path.join(tmp, "direct.json")], check=True)
        with open(os.path.join(tmp, "direct.json")) as f:
            direct = json.load(f)
        models = [{"metric": r["metric"], "model": r["model"], "n": int(r["n"]), "term": r["term"],
                   "estimate": number(r["estimate"]), "std_error": number(r["std_error"])}
                  for r in read_csv(os.path.join(tmp, "csv", "models.csv"))]
        design = [{"factor": r["factor"], "level": r["level"], "n": int(r["n"])}
                  for r in read_csv(os.path.join(tmp, "csv", "design.csv"))]
        out = {
            "versions": direct.pop("versions"),
            "csv_sha256": sha256(table),
            "parquet_sha256": sha256(os.path.join(tmp, "parquet", "trials.parquet")),
            "export_r": {"models": models, "design": design},
            "direct": direct,
            "trials": trials,
        }
    with open(os.path.join(HERE, "export_reference.json"), "w") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"wrote export_reference.json: {len(trials)} trials, {len(models)} model rows, {len(design)} design rows")


if __name__ == "__main__":
    main()
