"""Python's sqlite3 peer for refine-bench: inserts the same trials, each with its
metric values in their columns and its factors as `level` codes (schema v5,
created by refine-bench), using executemany in one transaction (rows
PER_STATEMENT a statement, as the store does; the rest one a statement), and
prints rows per second as JSON. Like the store, it codes the factor values with a dict
(adding the values new to `level`) and stores the key only where it is not the
plan's. A "row" is counted as the store counts it: the trial plus one per metric
value.

Usage: sqlite_peer.py DB TRIALS_TSV [PER_STATEMENT]"""
import json
from itertools import chain
import sqlite3
import sys
import time


def main(db_path: str, trials_tsv: str, per_statement: int = 1) -> None:
    with open(trials_tsv, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        first_metric = header.index("seed") + 1
        trials = []
        for line in f:
            fields = line.rstrip("\n").split("\t")
            trials.append(tuple(fields[:first_metric]) + tuple(float(v) if v else None for v in fields[first_metric:]))
    values = sum(v is not None for t in trials for v in t[first_metric:])
    metric_columns = "".join(', "' + c.replace('"', '""') + '"' for c in header[first_metric:])
    con = sqlite3.connect(db_path)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA foreign_keys=OFF")  # as the store: it assigns the keys itself
    con.execute("PRAGMA synchronous=NORMAL")  # as the store (WAL)
    start = time.perf_counter()
    with con:
        question = dict(con.execute("SELECT id, question FROM run"))
        level = dict(con.execute("SELECT value, id FROM level"))

        def code(value):
            if value not in level:
                level[value] = con.execute("INSERT INTO level (value) VALUES (?)", (value,)).lastrowid
            return level[value]

        def row(t):
            # id, run_id, key, strategy, device, participant, participant_group, task, task_label, replication, seed, metrics…
            plan = f"{question[int(t[1])]}/{t[3]}/{t[4]}/{t[5]}/{t[7]}/r{t[9]}"
            return ((t[0], t[1]) + tuple(code(v) for v in t[3:9]) + (t[9], "" if t[2] == plan else t[2], t[10])
                    + t[first_metric:])

        insert = (f"INSERT INTO trial_row (id, run_id, strategy, device, participant, participant_group, task, "
                  f"task_label, replication, key, seed{metric_columns}) VALUES ")
        marks = f"({', '.join('?' * len(header))})"
        rows = [row(t) for t in trials]
        # The rows that fill whole statements of several; the rest go one a statement.
        whole = len(rows) - len(rows) % per_statement if per_statement > 1 else 0
        if whole:
            # As the store: several rows a statement, their parameters flattened.
            con.executemany(insert + ", ".join([marks] * per_statement),
                            (tuple(chain.from_iterable(rows[i:i + per_statement])) for i in range(0, whole, per_statement)))
        con.executemany(insert + marks, rows[whole:])
    elapsed = time.perf_counter() - start
    con.close()
    rows = len(trials) + values
    print(json.dumps({"rows": rows, "trials": len(trials), "seconds": elapsed, "rows_per_s": rows / elapsed,
                      "trials_per_s": len(trials) / elapsed}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1)
