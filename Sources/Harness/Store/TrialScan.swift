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
    /// Reads run `runID`'s trials in key order, one row at a time with all their
    /// metrics, in one query: memory stays that of one row, whatever the run's
    /// size. Calls `names` once with the metric names (in `metric_name` order),
    /// then `body` for each trial. Reads v4 databases from the metric columns of
    /// `trial`, v3 ones from their long `metric` table.
    public func scanTrials(runID: Int64, names: ([String]) throws -> Void, _ body: (borrowing ScannedTrial) throws -> Void) throws {
        try reader.read { db in
            let fields = "t.key, t.strategy, t.device, t.participant, t.participant_group, t.task, t.task_label"
            let sql: String
            let metricNames: [String]
            if try db.tableExists("metric_name") {
                let columns = try MetricColumns.load(db)
                metricNames = columns.map(\.name)
                sql = "SELECT \(fields)\(columns.map { ", t." + MetricColumns.quoted($0.column) }.joined()) FROM trial t WHERE t.run_id = ? ORDER BY t.key"
            } else {
                // v3: one lookup per metric in the long table's primary key.
                metricNames = try String.fetchAll(db, sql: "SELECT DISTINCT name FROM metric ORDER BY name")
                sql = "SELECT \(fields)" + metricNames.map {
                    ", (SELECT value FROM metric m WHERE m.trial_id = t.id AND m.name = \(MetricColumns.literal($0)))"
                }.joined() + " FROM trial t WHERE t.run_id = ? ORDER BY t.key"
            }
            try names(metricNames)
            let statement = try db.makeStatement(sql: sql)
            try statement.setArguments([runID])
            let handle = statement.sqliteStatement
            while true {
                let code = sqlite3_step(handle)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
                try body(ScannedTrial(handle: handle))
            }
        }
    }
}
