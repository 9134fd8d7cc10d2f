import GRDB

/// Where each metric's values live since schema v4: one REAL column of `trial`
/// (`trial_row` since v5, `TrialRows`) per metric name (NULL where a trial did not record it), listed in
/// `metric_name(id, name, column_name)`. Storing a trial is then one row instead
/// of one per metric, which is what made storing a large share of a cheap run.
///
/// The long form stays readable under its old names: `metric(trial_id, name,
/// value)` and `trial_metric` are views over those columns, and `metric` takes
/// INSERT, UPDATE and DELETE through triggers, so SQL written for the table keeps
/// working. The views and triggers name every column, so they are rebuilt
/// whenever a column is added (in the same transaction).
///
/// Column and metric names are written into DDL quoted (identifiers cannot be
/// bound); values are always bound.
enum MetricColumns {
    /// `trial`'s own columns, which no metric column may take.
    static let trialColumns = [
        "id", "run_id", "key", "strategy", "device", "participant", "participant_group",
        "task", "task_label", "replication", "seed"
    ]

    /// One metric's column.
    struct Column: Sendable, Hashable {
        var id: Int64
        var name: String
        var column: String
    }

    /// Every metric's column, in `metric_name` id order.
    static func load(_ db: Database) throws -> [Column] {
        try Row.fetchAll(db, sql: "SELECT id, name, column_name FROM metric_name ORDER BY id").map {
            Column(id: $0[0], name: $0[1], column: $0[2])
        }
    }

    /// Adds a column for each of `names` that has none yet, rebuilding the views
    /// if any was added; returns every column. Call inside a write transaction.
    @discardableResult
    static func ensure(_ names: some Sequence<String>, in db: Database) throws -> [Column] {
        var known = try load(db)
        let new = names.filter { name in !known.contains { $0.name == name } }
        guard !new.isEmpty else { return known }
        // Every ALTER TABLE makes SQLite parse the whole schema again; the views that
        // name every column are most of it, and are made again below anyway (a run's
        // first batch adds some twenty columns: 28 → 9 ms in a Python replay).
        try db.execute(sql: "DROP VIEW IF EXISTS main.trial_metric; DROP VIEW IF EXISTS main.metric")
        if try TrialRows.isCoded(db) { try db.execute(sql: "DROP VIEW IF EXISTS main.trial") }
        for name in new where !known.contains(where: { $0.name == name }) {
            known.append(try add(name, after: known, in: db))
        }
        try rebuildViews(known, in: db)
        return known
    }

    /// A new column for `name`: the name itself unless a trial column or another
    /// metric's column has it (SQLite ignores ASCII case in column names).
    private static func add(_ name: String, after known: [Column], in db: Database) throws -> Column {
        let taken = Set((trialColumns + known.map(\.column)).map { $0.lowercased() })
        var column = name
        var n = 1
        while taken.contains(column.lowercased()) { column = n == 1 ? "metric_" + name : "metric_\(n)_" + name; n += 1 }
        try db.execute(sql: "INSERT INTO metric_name (name, column_name) VALUES (?, ?)", arguments: [name, column])
        try db.execute(sql: "ALTER TABLE \(try TrialRows.rowTable(db)) ADD COLUMN \(quoted(column)) REAL")
        return Column(id: db.lastInsertedRowID, name: name, column: column)
    }

    /// (Re)creates `metric`, its triggers and `trial_metric` for `columns` (and,
    /// since v5, the `trial` view, which names them too).
    static func rebuildViews(_ columns: [Column], in db: Database) throws {
        // The table holding the metric columns; `trial_metric` reads the factors from `trial` either way.
        let table = try TrialRows.rowTable(db)
        if table == TrialRows.table { try TrialRows.rebuildView(columns, in: db) }
        // The CASE picks the metric's column by `metric_name.id`: one pass over
        // `trial`, each row crossed with the (few) names.
        let pick =
            columns.isEmpty
            ? "CAST(NULL AS REAL)"
            : "CASE n.id " + columns.map { "WHEN \($0.id) THEN t.\(quoted($0.column))" }.joined(separator: " ") + " END"
        func set(_ row: String, _ value: String) -> String {
            columns.map {
                "\(quoted($0.column)) = CASE WHEN \(row).name = \(literal($0.name)) THEN \(value) "
                    + "ELSE \(quoted($0.column)) END"
            }
            .joined(separator: ", ")
        }
        let noName =
            "SELECT RAISE(ABORT, 'metric: no column for this metric name (refine run adds one for a new metric)') "
                + "WHERE NOT EXISTS (SELECT 1 FROM metric_name WHERE name = NEW.name);"
        let noValue = "SELECT RAISE(ABORT, 'NOT NULL constraint failed: metric.value') WHERE NEW.value IS NULL;"
        var sql = """
            DROP VIEW IF EXISTS main.trial_metric;
            DROP VIEW IF EXISTS main.metric;
            -- One row per trial and recorded metric, as the v1–v3 table was.
            CREATE VIEW metric AS
                SELECT trial_id, name, value FROM (
                    SELECT t.id AS trial_id, n.name AS name, \(pick) AS value FROM \(table) t, metric_name n)
                WHERE value IS NOT NULL;
            -- One row per trial and metric, with the trial's factors: the view to pivot in pandas or R.
            CREATE VIEW trial_metric AS
                SELECT run_id, key, strategy, device, participant, participant_group, task, task_label, replication, \
            metric, value FROM (
                    SELECT t.run_id, t.key, t.strategy, t.device, t.participant, t.participant_group, t.task, \
            t.task_label,
                           t.replication, n.name AS metric, \(pick) AS value FROM trial t, metric_name n)
                WHERE value IS NOT NULL;
            """
        if !columns.isEmpty {
            sql += """

                CREATE TRIGGER metric_insert INSTEAD OF INSERT ON metric BEGIN
                    \(noName)
                    \(noValue)
                    SELECT RAISE(ABORT, 'metric: no such trial') WHERE NOT EXISTS (SELECT 1 FROM \(table) \
                WHERE id = NEW.trial_id);
                    SELECT RAISE(ABORT, 'UNIQUE constraint failed: metric.trial_id, metric.name')
                        WHERE EXISTS (SELECT 1 FROM metric WHERE trial_id = NEW.trial_id AND name = NEW.name);
                    UPDATE \(table) SET \(set("NEW", "CAST(NEW.value AS REAL)")) WHERE id = NEW.trial_id;
                END;
                CREATE TRIGGER metric_update INSTEAD OF UPDATE ON metric BEGIN
                    \(noName)
                    \(noValue)
                    UPDATE \(table) SET \(set("OLD", "NULL")) WHERE id = OLD.trial_id;
                    UPDATE \(table) SET \(set("NEW", "CAST(NEW.value AS REAL)")) WHERE id = NEW.trial_id;
                END;
                CREATE TRIGGER metric_delete INSTEAD OF DELETE ON metric BEGIN
                    UPDATE \(table) SET \(set("OLD", "NULL")) WHERE id = OLD.trial_id;
                END;
                """
        }
        try db.execute(sql: sql)
    }

    /// Schema v4 from v3: the long `metric` table's values move into `trial`'s
    /// columns (one UPDATE writing each trial once), then the table becomes the view.
    static func migrateLongTable(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE metric_name (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    column_name TEXT NOT NULL UNIQUE COLLATE NOCASE
                );
                DROP VIEW trial_metric;
                """)
        var columns: [Column] = []
        for name in try String.fetchAll(db, sql: "SELECT DISTINCT name FROM metric ORDER BY name") {
            columns.append(try add(name, after: columns, in: db))
        }
        if !columns.isEmpty {
            let assignments = columns.map {
                "\(quoted($0.column)) = (SELECT value FROM metric m WHERE m.trial_id = trial.id AND m.name "
                    + "= \(literal($0.name)))"
            }.joined(separator: ", ")
            try db.execute(sql: "UPDATE trial SET \(assignments)")
        }
        try db.execute(sql: "DROP TABLE metric")
        try rebuildViews(columns, in: db)
    }

    /// A quoted SQL identifier.
    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A quoted SQL string literal.
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
