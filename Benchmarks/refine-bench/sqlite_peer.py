"""Python's sqlite3 peer for refine-bench: inserts the same trials, each with its
metric values in their columns (schema v4, created by refine-bench), using
executemany in one transaction, and prints rows per second as JSON. A "row" is
counted as the store counts it: the trial plus one per metric value."""
import json
import sqlite3
import sys
import time


def main(db_path: str, trials_tsv: str) -> None:
    with open(trials_tsv, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        first_metric = header.index("seed") + 1
        trials = []
        for line in f:
            fields = line.rstrip("\n").split("\t")
            trials.append(tuple(fields[:first_metric]) + tuple(float(v) if v else None for v in fields[first_metric:]))
    values = sum(v is not None for t in trials for v in t[first_metric:])
    columns = ", ".join('"' + c.replace('"', '""') + '"' for c in header)
    con = sqlite3.connect(db_path)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA foreign_keys=OFF")  # as the store: it assigns the keys itself
    con.execute("PRAGMA synchronous=NORMAL")  # as the store (WAL)
    start = time.perf_counter()
    with con:
        con.executemany(f"INSERT INTO trial ({columns}) VALUES ({', '.join('?' * len(header))})", trials)
    elapsed = time.perf_counter() - start
    con.close()
    rows = len(trials) + values
    print(json.dumps({"rows": rows, "trials": len(trials), "seconds": elapsed, "rows_per_s": rows / elapsed,
                      "trials_per_s": len(trials) / elapsed}))


if __name__ == "__main__":
    main(*sys.argv[1:3])
