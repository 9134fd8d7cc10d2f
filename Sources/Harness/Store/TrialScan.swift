import GRDB
import GRDBSQLite

/// One trial of a scan (`RunStore.scanTrials`), valid only inside the call that
/// receives it: its text points into SQLite's row buffer.
public struct ScannedTrial: ~Copyable {
    /// The factor fields, in this order.
    public enum Field: Int32, CaseIterable, Sendable { case key, strategy, device, participant, group, task, taskLabel }
    let handle: OpaquePointer
    /// v5: the fields' bytes, decoded from `level` codes by the scan (the row holds codes).
    let decoded: UnsafePointer<UnsafeBufferPointer<UInt8>>?
    /// The column of the first metric.
    let firstMetric: Int32
    /// The trial's replication (block), 1-based.
    public let replication: Int64

    /// The field's UTF-8 bytes (no copy).
    public func bytes(_ field: Field) -> UnsafeBufferPointer<UInt8> {
        if let decoded { return decoded[Int(field.rawValue)] }
        let n = Int(sqlite3_column_bytes(handle, field.rawValue))
        guard let p = sqlite3_column_text(handle, field.rawValue) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: p, count: n)
    }

    /// Up to v4, a row starts with `textColumns`' fields: the key, the six factors as
    /// text, the replication; then the metrics.
    static let textFieldCount: Int32 = 8

    init(
        handle: OpaquePointer, decoded: UnsafePointer<UnsafeBufferPointer<UInt8>>?, firstMetric: Int32,
        replication: Int64
    ) {
        self.handle = handle
        self.decoded = decoded
        self.firstMetric = firstMetric
        self.replication = replication
    }

    /// A row laid out by `textColumns` (v3, v4).
    init(textRow handle: OpaquePointer) {
        self.init(
            handle: handle, decoded: nil, firstMetric: Self.textFieldCount,
            replication: sqlite3_column_int64(handle, Self.textFieldCount - 1))
    }

    public func string(_ field: Field) -> String { String(decoding: bytes(field), as: UTF8.self) }

    /// Metric `i` (in the order of the names the scan reported), nil where the trial did not record it.
    public func metric(_ i: Int) -> Double? {
        let column = firstMetric + Int32(i)
        return sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_double(handle, column)
    }
}

extension RunStore {
    /// Reads run `runID`'s trials one row at a time with all their metrics:
    /// memory stays that of one row plus 4 bytes a trial, whatever the run's
    /// size. Calls `names` once with the metric names (in `metric_name` order)
    /// and the number of trials, then `body` for each trial. Returns the key
    /// order: `order[k]` is the index, in the order `body` saw them, of the
    /// trial with the k-th key.
    ///
    /// The rows come in the order they are stored (rowid order), not by key:
    /// since schema v6 that is the plan's order (`TrialIdentity`), which is not
    /// the keys' (before, trials were stored as they finished), so reading them by key jumps
    /// around the file, and once a database outgrows the page cache (a
    /// 10⁷-trial run is 3.8 GB) each jump may be a disk read. The key order
    /// comes from the key index alone (read in order), the rows from one pass
    /// over the run's rowid range. Where that range holds many other runs' rows
    /// too (at least 4× the run's trials) the rows are read by key instead.
    ///
    /// Reads v5 databases from `trial_row` (`scanCodedTrials`), v4 ones from the
    /// metric columns of `trial`, v3 ones from their long `metric` table.
    @discardableResult
    public func scanTrials(
        runID: Int64, names: ([String], Int) throws -> Void, _ body: (borrowing ScannedTrial) throws -> Void
    ) throws -> [Int32] {
        try reader.read { db in
            if try TrialRows.isCoded(db) { return try Self.scanCodedTrials(db, runID: runID, names: names, body) }
            let (fields, metricNames, values) = try Self.textColumns(db)
            // The run's rowids in key order (the covering key index, read in order).
            var ids: [Int64] = []
            let keyed = try db.makeStatement(sql: "SELECT id FROM trial WHERE run_id = ? ORDER BY key")
            try keyed.setArguments([runID])
            try Self.step(keyed, in: db) { ids.append(sqlite3_column_int64($0, 0)) }
            // In this read transaction: the rows below are exactly these.
            try names(metricNames, ids.count)
            guard let first = ids.min(), let last = ids.max() else { return [] }
            let span = Int(last - first) + 1
            if span >= 4 * ids.count {
                let statement = try db.makeStatement(
                    sql: "SELECT \(fields)\(values) FROM trial t WHERE t.run_id = ? ORDER BY t.key")
                try statement.setArguments([runID])
                try Self.step(statement, in: db) { try body(ScannedTrial(textRow: $0)) }
                return (0..<ids.count).map { Int32($0) }
            }
            // `+t.run_id` keeps SQLite off the key index: the rowid range is read as stored.
            let statement = try db.makeStatement(
                sql:
                    "SELECT \(fields)\(values), t.id FROM trial t WHERE t.id BETWEEN ? AND ? AND +t.run_id = ? ORDER "
                        + "BY t.id"
            )
            try statement.setArguments([first, last, runID])
            var seen = [Int32](repeating: -1, count: span)
            let idColumn = ScannedTrial.textFieldCount + Int32(metricNames.count)
            var index: Int32 = 0
            try Self.step(statement, in: db) { handle in
                seen[Int(sqlite3_column_int64(handle, idColumn) - first)] = index
                index += 1
                try body(ScannedTrial(textRow: handle))
            }
            return ids.map { seen[Int($0 - first)] }
        }
    }

    /// `scanTrials` of a v5 database: rows read in rowid order with their factor
    /// codes, decoded through the `level` table (read once), the plan key rebuilt
    /// in a scratch buffer. The key order is computed, not read: for plan keys,
    /// comparing two keys `q/s/d/p/t/rN` is comparing `s + "/"`, then `d + "/"`,
    /// `p + "/"`, `t + "/"`, then `"r" + N` as text (values hold no "/"), so each
    /// trial's order is a tuple of ranks, packed in one or two 64-bit words and
    /// sorted (`KeyOrder`). Runs holding keys that are not the plan's (or values
    /// with "/") sort the rebuilt key text instead.
    static func scanCodedTrials(
        _ db: Database, runID: Int64, names: ([String], Int) throws -> Void,
        _ body: (borrowing ScannedTrial) throws -> Void
    ) throws -> [Int32] {
        let columns = try MetricColumns.load(db)
        let values = columns.map { ", t." + MetricColumns.quoted($0.column) }.joined()
        let runRows = try TrialIdentity.rows(of: runID, "t", in: db)
        let range = try Row.fetchOne(db, sql: "SELECT min(id), max(id), count(*) FROM trial_row t WHERE \(runRows)")!
        let count: Int = range[2]
        try names(columns.map(\.name), count)
        guard count > 0, let first: Int64 = range[0], let last: Int64 = range[1] else { return [] }
        let fields =
            "t.strategy, t.device, t.participant, t.participant_group, t.task, t.task_label, t.replication, t.key"
        let statement: Statement
        if Int(last - first) + 1 >= 4 * count {
            statement = try db.makeStatement(
                sql: "SELECT \(fields)\(values) FROM trial_row t WHERE \(runRows) ORDER BY t.id")
        } else {
            // `+t.run_id` keeps SQLite off the identity index: the rowid range is read as stored.
            statement = try db.makeStatement(
                sql:
                    "SELECT \(fields)\(values) FROM trial_row t WHERE t.id BETWEEN ? AND ? AND +t.run_id = ? ORDER BY "
                        + "t.id"
            )
            try statement.setArguments([first, last, runID])
        }
        var order = try KeyOrder(run: runID, in: db, capacity: count)
        var decoder = CodedRow.Decoder(levels: order.levels, question: order.question, runID: runID)
        try Self.step(statement, in: db) { handle in
            try decoder.decode(
                handle,
                seen: { codes, replication, key in
                    try order.append(codes: codes, replication: replication, key: key)
                }, body: { try body($0) })
        }
        return order.sorted()
    }

    /// Trials `ids` of run `runID`, read one at a time in the order given (ids not
    /// in the run are skipped), with every metric column: `names` gets the metric
    /// names once (in `metric_name` order), then `body` each trial. With
    /// `trialIDsInKeyOrder`, a run in key order a row at a time (`refine export`):
    /// v5 rows are read from `trial_row` and decoded through `level` (read once),
    /// not through the `trial` view's seven joins.
    public func readTrials(
        runID: Int64, _ ids: [Int64], names: ([String]) throws -> Void,
        _ body: (borrowing ScannedTrial) throws -> Void
    ) throws {
        try reader.read { db in
            let statement: Statement
            if try TrialRows.isCoded(db) {
                let columns = try MetricColumns.load(db)
                try names(columns.map(\.name))
                statement = try db.makeStatement(
                    sql: """
                        SELECT t.strategy, t.device, t.participant, t.participant_group, t.task, t.task_label, \
                        t.replication, t.key\(columns.map { ", t." + MetricColumns.quoted($0.column) }.joined())
                        FROM trial_row t WHERE t.id = ? AND t.run_id = ?
                        """)
                let question = try CodedRow.question(of: runID, in: db)
                var decoder = CodedRow.Decoder(levels: try LevelTable(db), question: question, runID: runID)
                for id in ids {
                    try statement.setArguments([id, runID])
                    try Self.step(statement, in: db) { handle in try decoder.decode(handle, body: { try body($0) }) }
                }
            } else {
                let (fields, metricNames, values) = try Self.textColumns(db)
                try names(metricNames)
                statement = try db.makeStatement(
                    sql: "SELECT \(fields)\(values) FROM trial t WHERE t.id = ? AND t.run_id = ?")
                for id in ids {
                    try statement.setArguments([id, runID])
                    try Self.step(statement, in: db) { try body(ScannedTrial(textRow: $0)) }
                }
            }
        }
    }

    /// The keys of run `runID`'s stored trials (what `--resume` skips). v5 keys are
    /// rebuilt from the rows' codes (`CodedRow`), not through the `trial` view.
    public func finishedKeys(runID: Int64) throws -> Set<String> {
        try reader.read { db in
            guard try TrialRows.isCoded(db) else {
                return Set(try String.fetchAll(db, sql: "SELECT key FROM trial WHERE run_id = ?", arguments: [runID]))
            }
            let question = try CodedRow.question(of: runID, in: db)
            let levels = try LevelTable(db)
            let statement = try db.makeStatement(
                sql: """
                    SELECT strategy, device, participant, participant_group, task, task_label, replication, key \
                    FROM trial_row
                    WHERE \(try TrialIdentity.rows(of: runID, in: db))
                    """)
            var keys: Set<String> = [], key: [UInt8] = []
            try Self.step(statement, in: db) { handle in
                _ = try CodedRow.read(handle, levels: levels, question: question, runID: runID, key: &key)
                keys.insert(String(decoding: key, as: UTF8.self))
            }
            return keys
        }
    }

    /// The metrics at least one of run `runID`'s trials recorded, in byte order of
    /// their names: one pass over the run's rows counting each metric column
    /// (v4, v5), or the long table's names (v3).
    public func recordedMetricNames(runID: Int64) throws -> [String] {
        try reader.read { db in
            guard try db.tableExists("metric_name") else {
                return try String.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT m.name FROM trial t JOIN metric m ON m.trial_id = t.id \
                        WHERE t.run_id = ? ORDER BY m.name
                        """, arguments: [runID])
            }
            let columns = try MetricColumns.load(db), table = try TrialRows.rowTable(db)
            let runRows = table == TrialRows.table ? try TrialIdentity.rows(of: runID, in: db) : "run_id = \(runID)"
            guard !columns.isEmpty,
                let range = try Row.fetchOne(db, sql: "SELECT min(id), max(id) FROM \(table) WHERE \(runRows)"),
                let first: Int64 = range[0], let last: Int64 = range[1]
            else { return [] }
            // `+run_id`: the run's rowid range read as stored, not through an index.
            let counts = try Row.fetchOne(
                db,
                sql: """
                    SELECT \(columns.map { "count(" + MetricColumns.quoted($0.column) + ")" }.joined(separator: ", "))
                    FROM \(table) WHERE id BETWEEN ? AND ? AND +run_id = ?
                    """, arguments: [first, last, runID])!
            return zip(columns, 0...).filter { (counts[$0.1] as Int64) > 0 }.map(\.0.name)
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
    }

    /// Whether run `runID` has a trial of `strategy`: the first such row ends the
    /// search (v5 compares the strategy's `level` code, not text joined back per row).
    public func hasTrials(runID: Int64, strategy: String) throws -> Bool {
        try reader.read { db in
            guard try TrialRows.isCoded(db) else {
                return try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM trial WHERE run_id = ? AND strategy = ?)",
                    arguments: [runID, strategy]) ?? false
            }
            return try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM trial_row WHERE \(try TrialIdentity.rows(of: runID, in: db))
                                   AND strategy = (SELECT id FROM level WHERE value = ?))
                    """, arguments: [strategy]) ?? false
        }
    }

    /// The latest completed ordinary run (no variant) with a trial of `strategy`,
    /// asked run by run from the newest (`hasTrials`), none of them loaded.
    public func latestCompletedRun(withStrategy strategy: String) throws -> RunRecord? {
        try runs().reversed().first { r in
            try r.effectiveStatus == "completed" && r.variant.isEmpty && hasTrials(runID: r.id, strategy: strategy)
        }
    }

    /// The strategies run `runID`'s trials used, in byte order: one pass over the
    /// run's rows (for an error message that lists them, not a hot path).
    public func strategies(runID: Int64) throws -> [String] {
        try reader.read { db in
            guard try TrialRows.isCoded(db) else {
                return try String.fetchAll(
                    db, sql: "SELECT DISTINCT strategy FROM trial WHERE run_id = ?", arguments: [runID]
                )
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            }
            return try String.fetchAll(
                db,
                sql: """
                    SELECT value FROM level WHERE id IN (SELECT strategy FROM trial_row \
                    WHERE \(try TrialIdentity.rows(of: runID, in: db)))
                    """
            ).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
    }

    /// Up to v4: the factor columns of `trial` (key, the six factors, replication)
    /// and an expression per metric, with the metric names: the v4 metric columns,
    /// or (v3) one lookup per metric in the long table's primary key.
    private static func textColumns(_ db: Database) throws -> (fields: String, names: [String], values: String) {
        let fields =
            "t.key, t.strategy, t.device, t.participant, t.participant_group, t.task, t.task_label, t.replication"
        if try db.tableExists("metric_name") {
            let columns = try MetricColumns.load(db)
            return (fields, columns.map(\.name), columns.map { ", t." + MetricColumns.quoted($0.column) }.joined())
        }
        let names = try String.fetchAll(db, sql: "SELECT DISTINCT name FROM metric ORDER BY name")
        return (
            fields, names,
            names.map {
                ", (SELECT value FROM metric m WHERE m.trial_id = t.id AND m.name = \(MetricColumns.literal($0)))"
            }.joined()
        )
    }

    /// Run `runID`'s trial ids in key order, without reading their metrics: from
    /// the key index up to v4, computed from level ranks in v5 (`KeyOrder`). For
    /// reading rows one at a time in key order (`refine export`).
    public func trialIDsInKeyOrder(runID: Int64) throws -> [Int64] {
        try reader.read { db in
            guard try TrialRows.isCoded(db) else {
                return try Int64.fetchAll(
                    db, sql: "SELECT id FROM trial WHERE run_id = ? ORDER BY key", arguments: [runID])
            }
            let runRows = try TrialIdentity.rows(of: runID, in: db)
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM trial_row WHERE \(runRows)")!
            var order = try KeyOrder(run: runID, in: db, capacity: count)
            var ids: [Int64] = []
            ids.reserveCapacity(count)
            var key: [UInt8] = []
            let statement = try db.makeStatement(
                sql: """
                    SELECT strategy, device, participant, participant_group, task, task_label, replication, key, id
                    FROM trial_row WHERE \(runRows) ORDER BY id
                    """)
            try Self.step(statement, in: db) { handle in
                let (codes, replication) = try CodedRow.read(
                    handle, levels: order.levels, question: order.question, runID: runID, key: &key)
                try order.append(codes: codes, replication: replication, key: key)
                ids.append(sqlite3_column_int64(handle, 8))
            }
            return order.sorted().map { ids[Int($0)] }
        }
    }

    /// Steps `statement` to the end, calling `row` with its handle at each row.
    private static func step(_ statement: Statement, in db: Database, _ row: (OpaquePointer) throws -> Void) throws {
        let handle = statement.sqliteStatement
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            try row(handle)
        }
    }
}
