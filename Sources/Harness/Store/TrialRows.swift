import GRDB

/// Schema v5: a trial's factors stored as small integer codes.
///
/// Up to v4 every `trial` row carried its key, six factor values and its seed as
/// text (≈ 180 bytes of a 370-byte row in the PIP spec) and a unique index on the
/// text key (≈ 80 bytes a trial). Writing that text and keeping that index
/// sorted was most of the writer thread's work, and reading it most of a large
/// report's. Since v5:
///
/// - `level(id, value)` holds each distinct factor value once (strategy labels,
///   device names, participant ids, groups, task ids and labels share it);
/// - `trial_row` holds the trials: the six factors as `level` ids, the
///   replication, the seed, one REAL column per metric (`MetricColumns`), and
///   `key` only where it is not the plan's key (`question/strategy/device/
///   participant/task/rN`, which every `refine run` trial has): '' otherwise;
/// - its unique index `trial_row_identity (run_id, strategy, device,
///   participant, task, replication, key)` made `(run_id, key)` unique for plan
///   keys, in integers (v5 only: since v6 the row id does, `TrialIdentity`);
/// - `trial_row_other_key (run_id, key) WHERE key <> ''` keeps those other keys
///   unique in a run. (A hand-made key equal to another trial's plan key is not
///   caught; `refine run` never makes one.)
/// - `trial` is a view with v4's columns, names and order (key rebuilt, factor
///   text joined back), which takes INSERT, UPDATE (seed and metrics) and DELETE
///   through triggers, so SQL, pandas and R code written against v1–v4 keeps
///   reading and mostly keeps writing. An INSERT through a view does not set
///   `last_insert_rowid()`: read the new id back by key.
enum TrialRows {
    /// The physical table.
    static let table = "trial_row"

    /// True when the database has schema v5's `trial_row`.
    static func isCoded(_ db: Database) throws -> Bool {
        try db.tableExists(table)
    }

    /// The table that holds one row per trial and the metric columns: `trial_row`
    /// since v5, `trial` before (counting through v5's `trial` view would join every row).
    static func rowTable(_ db: Database) throws -> String {
        try isCoded(db) ? table : "trial"
    }

    /// What `trial_row.key` stores for row `t` (text factors, as v1–v4's `trial`
    /// or v5's view have them) of a run whose question is `question`: '' when the
    /// key is the plan's, else the key itself.
    static func storedKeySQL(_ t: String, question: String) -> String {
        """
        CASE WHEN \(t).key = \(question) || '/' || \(t).strategy || '/' || \(t).device || '/' || \(t).participant || '/'
                              || \(t).task || '/r' || \(t).replication
             THEN '' ELSE \(t).key END
        """
    }

    /// The plan's key of a `trial_row` row `r` of run `u`, in SQL.
    static let planKeySQL = planKeySQL(
        question: "u.question", strategy: "s.value", device: "d.value", participant: "p.value",
        task: "k.value", replication: "r.replication")

    /// The plan's key (`question/strategy/device/participant/task/rN`) from SQL
    /// expressions for its parts.
    static func planKeySQL(
        question: String, strategy: String, device: String, participant: String, task: String,
        replication: String
    ) -> String {
        [question, strategy, device, participant, task].joined(separator: " || '/' || ") + " || '/r' || " + replication
    }

    /// The joins that turn `trial_row r` back into text.
    static let joinsSQL = """
        LEFT JOIN run u ON u.id = r.run_id
        JOIN level s ON s.id = r.strategy JOIN level d ON d.id = r.device JOIN level p ON p.id = r.participant
        JOIN level g ON g.id = r.participant_group JOIN level k ON k.id = r.task JOIN level l ON l.id = r.task_label
        """

    /// (Re)creates the `trial` view and its triggers for `columns`. Call inside
    /// a write transaction, after any column was added.
    static func rebuildView(_ columns: [MetricColumns.Column], in db: Database) throws {
        let metrics = columns.map { ", r.\(MetricColumns.quoted($0.column)) AS \(MetricColumns.quoted($0.column))" }
            .joined()
        let metricNames = columns.map { ", " + MetricColumns.quoted($0.column) }.joined()
        let newMetrics = columns.map { ", NEW." + MetricColumns.quoted($0.column) }.joined()
        func code(_ field: String) -> String { "(SELECT id FROM level WHERE value = NEW.\(field))" }
        let setMetrics = columns.map { ", \(MetricColumns.quoted($0.column)) = NEW.\(MetricColumns.quoted($0.column))" }
            .joined()
        let isPlanKey = """
            typeof(NEW.replication) = 'integer'
                AND NEW.key = (SELECT question FROM run WHERE id = NEW.run_id) || '/' || NEW.strategy || '/'
                    || NEW.device || '/' || NEW.participant || '/' || NEW.task || '/r' || NEW.replication
            """
        // Since v6 a row's id holds its run (`TrialIdentity`): a row made here takes the
        // next id of its run's upper half, and a plan key is refused when the run's range
        // already holds it (no index says so any more; hand-made rows are few).
        let range = TrialIdentity.rangeSQL(of: "NEW.run_id"), otherStart = TrialIdentity.otherStartSQL(of: "NEW.run_id")
        let identity: (id: String, checks: String) =
            try TrialIdentity.isIdentityRowid(db)
            ? (
                id: """
                coalesce((SELECT id FROM trial_row WHERE id BETWEEN \(otherStart) AND \(range.last)
                          ORDER BY id DESC LIMIT 1), (\(otherStart)) - 1) + 1
                """,
                checks: """
                SELECT RAISE(ABORT, 'trial: a trial''s id is given by the database (it holds the run); leave id out') \
                WHERE NEW.id IS NOT NULL;
                SELECT RAISE(ABORT, 'UNIQUE constraint failed: trial.run_id, \
                trial.key (the run already holds this plan key)')
                    WHERE \(isPlanKey) AND EXISTS (
                        SELECT 1 FROM trial_row WHERE id BETWEEN \(range.first) AND \(range.last) AND key = ''
                            AND strategy = \(code("strategy")) AND device = \(code("device")) \
                AND participant = \(code("participant"))
                            AND task = \(code("task")) AND replication = NEW.replication);
                """
            ) : (id: "NEW.id", checks: "")
        let factorsKept = [
            "id", "run_id", "key", "strategy", "device", "participant", "participant_group", "task", "task_label",
            "replication"
        ]
        .map { "NEW.\($0) IS NOT OLD.\($0)" }.joined(separator: " OR ")
        try db.execute(
            sql: """
                DROP VIEW IF EXISTS main.trial;
                -- One row per trial, as the v1–v4 table was: factors as text, the key rebuilt.
                CREATE VIEW trial AS
                    SELECT r.id AS id, r.run_id AS run_id,
                           CASE WHEN r.key = '' THEN \(planKeySQL) ELSE r.key END AS key,
                           s.value AS strategy, d.value AS device, p.value AS participant, g.value AS participant_group,
                           k.value AS task, l.value AS task_label, r.replication AS replication, \
                r.seed AS seed\(metrics)
                    FROM trial_row r
                    \(joinsSQL);
                CREATE TRIGGER trial_insert INSTEAD OF INSERT ON trial BEGIN
                    -- '' stands for the plan's key in trial_row, so it cannot be a key itself.
                    SELECT RAISE(ABORT, 'trial: a key must not be empty') WHERE NEW.key = '';
                    INSERT OR IGNORE INTO level (value) VALUES
                        (NEW.strategy), (NEW.device), (NEW.participant), (NEW.participant_group), (NEW.task), \
                (NEW.task_label);
                    \(identity.checks)
                    INSERT INTO trial_row (id, run_id, strategy, device, participant, participant_group, task, \
                task_label,
                                           replication, key, seed\(metricNames))
                    VALUES (\(identity.id), NEW.run_id, \(code("strategy")), \(code("device")), \(code("participant")),
                            \(code("participant_group")), \(code("task")), \(code("task_label")), NEW.replication,
                            CASE WHEN \(isPlanKey) THEN '' ELSE NEW.key END,
                            NEW.seed\(newMetrics));
                END;
                CREATE TRIGGER trial_update INSTEAD OF UPDATE ON trial BEGIN
                    SELECT RAISE(ABORT, 'trial: only the seed and metrics can be changed through the view \
                (a trial''s id, run, key and factors are its identity)')
                        WHERE \(factorsKept);
                    UPDATE trial_row SET seed = NEW.seed\(setMetrics) WHERE id = OLD.id;
                END;
                CREATE TRIGGER trial_delete INSTEAD OF DELETE ON trial BEGIN
                    DELETE FROM trial_row WHERE id = OLD.id;
                END;
                """)
    }

    /// Schema v5 from v4: levels collected, every trial copied into `trial_row`
    /// (ids kept, so `event` rows still point at their trials), `trial` dropped
    /// and made the view. `event` is rebuilt to reference `trial_row`, since a
    /// foreign key may not name a view.
    static func migrate(_ db: Database) throws {
        let columns = try MetricColumns.load(db)
        let metricDDL = columns.map { ", \(MetricColumns.quoted($0.column)) REAL" }.joined()
        let metricNames = columns.map { ", " + MetricColumns.quoted($0.column) }.joined()
        let fromTrial = columns.map { ", t." + MetricColumns.quoted($0.column) }.joined()
        try db.execute(
            sql: """
                DROP VIEW IF EXISTS trial_metric;
                DROP VIEW IF EXISTS metric;
                CREATE TABLE level (
                    id INTEGER PRIMARY KEY,
                    value TEXT NOT NULL UNIQUE
                );
                INSERT INTO level (value)
                    SELECT strategy FROM trial UNION SELECT device FROM trial UNION SELECT participant FROM trial
                    UNION SELECT participant_group FROM trial UNION SELECT task FROM trial \
                UNION SELECT task_label FROM trial
                    ORDER BY 1;
                CREATE TABLE trial_row (
                    id INTEGER PRIMARY KEY,
                    run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                    strategy INTEGER NOT NULL,
                    device INTEGER NOT NULL,
                    participant INTEGER NOT NULL,
                    participant_group INTEGER NOT NULL,
                    task INTEGER NOT NULL,
                    task_label INTEGER NOT NULL,
                    replication INTEGER NOT NULL,
                    key TEXT NOT NULL,
                    seed TEXT NOT NULL\(metricDDL)
                );
                INSERT INTO trial_row (id, run_id, strategy, device, participant, participant_group, task, task_label,
                                       replication, key, seed\(metricNames))
                    SELECT t.id, t.run_id, s.id, d.id, p.id, g.id, k.id, l.id, t.replication,
                           \(storedKeySQL("t", question: "u.question")),
                           t.seed\(fromTrial)
                    FROM trial t LEFT JOIN run u ON u.id = t.run_id
                    JOIN level s ON s.value = t.strategy JOIN level d ON d.value = t.device \
                JOIN level p ON p.value = t.participant
                    JOIN level g ON g.value = t.participant_group JOIN level k ON k.value = t.task \
                JOIN level l ON l.value = t.task_label
                    ORDER BY t.id;
                CREATE TABLE event_v5 (
                    trial_id INTEGER NOT NULL REFERENCES trial_row(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    t REAL NOT NULL,
                    kind TEXT NOT NULL,
                    detail TEXT NOT NULL,
                    PRIMARY KEY (trial_id, seq)
                ) WITHOUT ROWID;
                INSERT INTO event_v5 SELECT trial_id, seq, t, kind, detail FROM event ORDER BY trial_id, seq;
                DROP VIEW trace;
                DROP VIEW run_progress;
                DROP TABLE event;
                ALTER TABLE event_v5 RENAME TO event;
                DROP TABLE trial;
                CREATE UNIQUE INDEX trial_row_identity ON trial_row (run_id, strategy, device, participant, task, \
                replication, key);
                -- Keys that are not the plan's (trials stored by hand or by tests): unique in a run, as
                -- every key was in v1–v4, and found by text.
                CREATE UNIQUE INDEX trial_row_other_key ON trial_row (run_id, key) WHERE key <> '';
                -- Every run with its progress.
                CREATE VIEW run_progress AS
                    SELECT r.id AS run_id, r.experiment, r.variant, r.status, r.started_at, r.finished_at, \
                r.heartbeat_at,
                           r.shard_index, r.shard_count, r.planned_trials,
                           (SELECT count(*) FROM trial_row WHERE run_id = r.id) AS finished_trials
                    FROM run r;
                -- A trial's trace in order, for replaying why it took as long as it did.
                CREATE VIEW trace AS
                    SELECT t.run_id, t.key, e.seq, e.t, e.kind, e.detail
                    FROM event e JOIN trial t ON t.id = e.trial_id;
                """)
        try MetricColumns.rebuildViews(columns, in: db)
    }
}

extension RunStore {
    /// Every stored trial with key `key`: its run and row id, by run. A plan key
    /// is found by its parts' level ids, run by run (a scan of each run's id range
    /// since v6, the identity index in v5), any other key through the index of
    /// keys that are not the plan's; older databases are searched by text.
    public func trialLocations(key: String) throws -> [(runID: Int64, trialID: Int64)] {
        try reader.read { db in
            guard try TrialRows.isCoded(db) else {
                return try Row.fetchAll(
                    db, sql: "SELECT run_id, id FROM trial WHERE key = ? ORDER BY run_id", arguments: [key]
                ).map { ($0[0], $0[1]) }
            }
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM level WHERE instr(value, '/') > 0)")! {
                // A factor value with "/" makes a key's parts ambiguous: rebuild every key.
                return try Row.fetchAll(
                    db, sql: "SELECT run_id, id FROM trial WHERE key = ? ORDER BY run_id, id", arguments: [key]
                ).map { ($0[0], $0[1]) }
            }
            var found = try Row.fetchAll(
                db, sql: "SELECT run_id, id FROM trial_row WHERE key = ? AND key <> ''", arguments: [key]
            )
            .map { (runID: $0[0] as Int64, trialID: $0[1] as Int64) }
            let parts = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if parts.count == 6, parts[5].hasPrefix("r"), let replication = Int64(parts[5].dropFirst()),
                "r\(replication)" == parts[5]
            {
                func code(_ value: String) -> String {
                    "(SELECT id FROM level WHERE value = \(MetricColumns.literal(value)))"
                }
                // CROSS JOIN: run by run (few), each through its id range since v6 (a scan of
                // the run's rows: no index names a trial's factors), the identity index before.
                let run = TrialIdentity.rangeSQL(of: "u.id")
                let inRun =
                    try TrialIdentity.isIdentityRowid(db)
                    ? "r.id BETWEEN \(run.first) AND \(run.last) AND +r.run_id = u.id" : "r.run_id = u.id"
                found += try Row.fetchAll(
                    db,
                    sql: """
                        SELECT u.id, r.id FROM run u CROSS JOIN trial_row r
                        WHERE u.question = ? AND \(inRun) AND r.strategy = \(code(parts[1])) \
                        AND r.device = \(code(parts[2]))
                          AND r.participant = \(code(parts[3])) AND r.task = \(code(parts[4])) \
                        AND r.replication = ? AND r.key = ''
                        """, arguments: [parts[0], replication]
                ).map { ($0[0], $0[1]) }
            }
            return found.sorted { ($0.runID, $0.trialID) < ($1.runID, $1.trialID) }
        }
    }
}
