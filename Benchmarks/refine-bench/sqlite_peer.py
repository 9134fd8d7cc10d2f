"""Python's sqlite3 peer for refine-bench: inserts the same trial and metric rows
into a database with Refine's schema (created by refine-bench) using
executemany in one transaction, and prints rows per second as JSON."""
import json
import sqlite3
import sys
import time


def main(db_path: str, trials_tsv: str, metrics_tsv: str) -> None:
    with open(trials_tsv, encoding="utf-8") as f:
        trials = [tuple(line.rstrip("\n").split("\t")) for line in f]
    with open(metrics_tsv, encoding="utf-8") as f:
        metrics = [(int(a), b, float(c)) for a, b, c in (line.rstrip("\n").split("\t") for line in f)]
    con = sqlite3.connect(db_path)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA foreign_keys=OFF")  # as the store: it assigns the keys itself
    con.execute("PRAGMA synchronous=NORMAL")  # as the store (WAL)
    start = time.perf_counter()
    with con:
        con.executemany(
            "INSERT INTO trial (id, run_id, key, strategy, device, participant, participant_group, task, task_label, replication, seed)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", trials)
        con.executemany("INSERT INTO metric (trial_id, name, value) VALUES (?, ?, ?)", metrics)
    elapsed = time.perf_counter() - start
    con.close()
    rows = len(trials) + len(metrics)
    print(json.dumps({"rows": rows, "seconds": elapsed, "rows_per_s": rows / elapsed}))


if __name__ == "__main__":
    main(*sys.argv[1:4])
