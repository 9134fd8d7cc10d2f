import GRDB
import GRDBSQLite

/// One trial of a scan (`RunStore.scanTrials`), valid only inside the call that
/// receives it: its text points into SQLite's row buffer.
public struct ScannedTrial: ~Copyable {
    /// The factor fields, in this order.
    public enum Field: Int32, CaseIterable, Sendable { case key, strategy, device, participant, group, task, taskLabel }
    let handle: OpaquePointer

    /// The field's UTF-8 bytes (no copy).
    public func bytes(_ field: Field) -> UnsafeBufferPointer<UInt8> {
        let n = Int(sqlite3_column_bytes(handle, field.rawValue))
        guard let p = sqlite3_column_text(handle, field.rawValue) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: p, count: n)
    }

    public func string(_ field: Field) -> String { String(decoding: bytes(field), as: UTF8.self) }

    /// Metric `i` (in the order of the names the scan reported), nil where the trial did not record it.
    public func metric(_ i: Int) -> Double? {
        let column = Int32(Field.allCases.count + i)
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
    /// The rows come in the order they are stored (rowid order), not by key: a
    /// run's trials are stored as they finished, so reading them by key jumps
    /// around the file, and once a database outgrows the page cache (a
    /// 10⁷-trial run is 3.8 GB) each jump may be a disk read. The key order
    /// comes from the key index alone (read in order), the rows from one pass
    /// over the run's rowid range. Where that range holds many other runs' rows
    /// too (at least 4× the run's trials) the rows are read by key instead.
    ///
    /// Reads v4 databases from the metric columns of `trial`, v3 ones from their
    /// long `metric` table.
    @discardableResult
    public func scanTrials(runID: Int64, names: ([String], Int) throws -> Void, _ body: (borrowing ScannedTrial) throws -> Void) throws -> [Int32] {
        try reader.read { db in
            let fields = "t.key, t.strategy, t.device, t.participant, t.participant_group, t.task, t.task_label"
            let metricNames: [String]
            let values: String
            if try db.tableExists("metric_name") {
                let columns = try MetricColumns.load(db)
                metricNames = columns.map(\.name)
                values = columns.map { ", t." + MetricColumns.quoted($0.column) }.joined()
            } else {
                // v3: one lookup per metric in the long table's primary key.
                metricNames = try String.fetchAll(db, sql: "SELECT DISTINCT name FROM metric ORDER BY name")
                values = metricNames.map {
                    ", (SELECT value FROM metric m WHERE m.trial_id = t.id AND m.name = \(MetricColumns.literal($0)))"
                }.joined()
            }
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
                let statement = try db.makeStatement(sql: "SELECT \(fields)\(values) FROM trial t WHERE t.run_id = ? ORDER BY t.key")
                try statement.setArguments([runID])
                try Self.step(statement, in: db) { try body(ScannedTrial(handle: $0)) }
                return (0..<ids.count).map { Int32($0) }
            }
            // `+t.run_id` keeps SQLite off the key index: the rowid range is read as stored.
            let statement = try db.makeStatement(sql: "SELECT \(fields)\(values), t.id FROM trial t WHERE t.id BETWEEN ? AND ? AND +t.run_id = ? ORDER BY t.id")
            try statement.setArguments([first, last, runID])
            var seen = [Int32](repeating: -1, count: span)
            let idColumn = Int32(ScannedTrial.Field.allCases.count + metricNames.count)
            var index: Int32 = 0
            try Self.step(statement, in: db) { handle in
                seen[Int(sqlite3_column_int64(handle, idColumn) - first)] = index
                index += 1
                try body(ScannedTrial(handle: handle))
            }
            return ids.map { seen[Int($0 - first)] }
        }
    }

    /// Steps `statement` to the end, calling `row` with its handle at each row.
    private static func step(_ statement: Statement, in db: Database, _ row: (OpaquePointer) throws -> Void) throws {
        let handle = statement.sqliteStatement
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            try row(handle)
        }
    }
}
