import GRDB

/// The results database's schema, one migration per version (DESIGN §7).
/// Tables `run`, `trial_row` (one row per trial, its factors as `level` codes
/// since v5, one REAL column per metric since v4, its id its identity since v6:
/// `TrialIdentity`), `level`, `metric_name` and
/// `event`, plus views that read well from sqlite3, pandas and R: `trial` (one
/// row per trial with its factors as text, as the v1–v4 table was), and
/// `metric` and `trial_metric` for the long form (README, "Querying the database"). `PRAGMA user_version` mirrors the
/// schema version
/// for tools that do not know GRDB's migration table.
enum Schema {
    static let version = 7
    /// The oldest schema the read-only path reads as it is: its `metric` is the
    /// long table whose shape the v4 view keeps.
    static let oldestReadable = "v3: what made a run dirty"

    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1: runs, trials, metrics, events") { db in
            try db.execute(
                sql: """
                    CREATE TABLE run (
                        id INTEGER PRIMARY KEY,
                        experiment TEXT NOT NULL,
                        question TEXT NOT NULL,
                        spec_path TEXT NOT NULL,
                        spec_text TEXT NOT NULL,
                        spec_sha256 TEXT NOT NULL,
                        seed TEXT NOT NULL,
                        tool_version TEXT NOT NULL,
                        git_commit TEXT NOT NULL,
                        git_dirty INTEGER NOT NULL,
                        os TEXT NOT NULL,
                        swift_version TEXT NOT NULL,
                        argv TEXT NOT NULL,
                        host TEXT NOT NULL,
                        pid INTEGER NOT NULL,
                        shard_index INTEGER NOT NULL,
                        shard_count INTEGER NOT NULL,
                        jobs INTEGER NOT NULL,
                        trace INTEGER NOT NULL,
                        planned_trials INTEGER NOT NULL,
                        started_at TEXT NOT NULL,
                        finished_at TEXT,
                        heartbeat_at TEXT NOT NULL,
                        status TEXT NOT NULL CHECK (status IN ('running', 'completed', 'interrupted', 'failed'))
                    );
                    CREATE TABLE data_file (
                        run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                        path TEXT NOT NULL,
                        sha256 TEXT NOT NULL,
                        PRIMARY KEY (run_id, path)
                    ) WITHOUT ROWID;
                    CREATE TABLE trial (
                        id INTEGER PRIMARY KEY,
                        run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                        key TEXT NOT NULL,
                        strategy TEXT NOT NULL,
                        device TEXT NOT NULL,
                        participant TEXT NOT NULL,
                        participant_group TEXT NOT NULL,
                        task TEXT NOT NULL,
                        task_label TEXT NOT NULL,
                        replication INTEGER NOT NULL,
                        seed TEXT NOT NULL,
                        UNIQUE (run_id, key)
                    );
                    CREATE TABLE metric (
                        trial_id INTEGER NOT NULL REFERENCES trial(id) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        value REAL NOT NULL,
                        PRIMARY KEY (trial_id, name)
                    ) WITHOUT ROWID;
                    CREATE TABLE event (
                        trial_id INTEGER NOT NULL REFERENCES trial(id) ON DELETE CASCADE,
                        seq INTEGER NOT NULL,
                        t REAL NOT NULL,
                        kind TEXT NOT NULL,
                        detail TEXT NOT NULL,
                        PRIMARY KEY (trial_id, seq)
                    ) WITHOUT ROWID;

                    -- One row per trial and metric, with the trial's factors: the view to
                    -- pivot in pandas or R.
                    CREATE VIEW trial_metric AS
                        SELECT t.run_id, t.key, t.strategy, t.device, t.participant, t.participant_group,
                               t.task, t.task_label, t.replication, m.name AS metric, m.value
                        FROM trial t JOIN metric m ON m.trial_id = t.id;
                    -- Every run with its progress.
                    CREATE VIEW run_progress AS
                        SELECT r.id AS run_id, r.experiment, r.status, r.started_at, r.finished_at, r.heartbeat_at,
                               r.shard_index, r.shard_count, r.planned_trials,
                               (SELECT count(*) FROM trial WHERE run_id = r.id) AS finished_trials
                        FROM run r;
                    -- A trial's trace in order, for replaying why it took as long as it did.
                    CREATE VIEW trace AS
                        SELECT t.run_id, t.key, e.seq, e.t, e.kind, e.detail
                        FROM event e JOIN trial t ON t.id = e.trial_id;
                    PRAGMA user_version = 1;
                    """)
        }
        m.registerMigration("v2: sensitivity variants") { db in
            // A run made for a sensitivity sweep names the parameter value it set,
            // e.g. `motor.release_speed_pt_s=500`; ordinary runs have ''.
            try db.execute(
                sql: """
                    ALTER TABLE run ADD COLUMN variant TEXT NOT NULL DEFAULT '';
                    DROP VIEW run_progress;
                    CREATE VIEW run_progress AS
                        SELECT r.id AS run_id, r.experiment, r.variant, r.status,
                               r.started_at, r.finished_at, r.heartbeat_at,
                               r.shard_index, r.shard_count, r.planned_trials,
                               (SELECT count(*) FROM trial WHERE run_id = r.id) AS finished_trials
                        FROM run r;
                    PRAGMA user_version = 2;
                    """)
        }
        m.registerMigration("v3: what made a run dirty") { db in
            // `git_dirty` now counts only what affects results (Provenance.resultPaths);
            // the paths that made it dirty are kept as a JSON array of `git status` lines.
            try db.execute(
                sql: """
                    ALTER TABLE run ADD COLUMN git_dirty_paths TEXT NOT NULL DEFAULT '[]';
                    PRAGMA user_version = 3;
                    """)
        }
        m.registerMigration("v4: metrics as columns of trial") { db in
            try MetricColumns.migrateLongTable(db)
            try db.execute(sql: "PRAGMA user_version = 4")
        }
        m.registerMigration("v5: factors as level codes") { db in
            try TrialRows.migrate(db)
            try db.execute(sql: "PRAGMA user_version = 5")
        }
        m.registerMigration("v6: a trial's id is its identity") { db in
            try TrialIdentity.migrate(db)
            // Set first: the view's insert trigger is made for the version it finds.
            try db.execute(sql: "PRAGMA user_version = 6")
            try TrialRows.rebuildView(try MetricColumns.load(db), in: db)
        }
        m.registerMigration("v7: the people a run drew") { db in
            // The SHA-256 of the user model's catalogue the run's people were drawn from (`ModelDescription`);
            // '' for runs stored before v7, whose model is unknown.
            try db.execute(
                sql: """
                    ALTER TABLE run ADD COLUMN model_sha256 TEXT NOT NULL DEFAULT '';
                    PRAGMA user_version = 7;
                    """)
        }
        return m
    }
}
