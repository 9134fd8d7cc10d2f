import GRDB
import GRDBSQLite

/// The INSERT that `RunStore.record` steps: the `trial_row` columns it names
/// (every metric column the database has) and where a metric's parameter sits
/// in a row. Rebuilt when a batch brings a metric new to the database.
struct TrialInsert: Sendable {
    /// Rows per multi-row statement. SQLite runs a statement's program once
    /// per step, so binding 16 rows and stepping once does a 16th of the
    /// per-statement work: in C, inserting a 2-job PIP run's 43,200 rows
    /// 16 a statement took 0.80 of the CPU of one a statement (8 a statement
    /// 0.85; median of 25 alternated rounds, 2026-11-27). The rows, the file
    /// and its page layout are the same.
    static let rowsPerStatement = 16

    /// The columns before the metrics, in the order `BatchRows` binds them.
    static let fixedColumns = [
        "id", "run_id", "strategy", "device", "participant", "participant_group",
        "task", "task_label", "replication", "key", "seed"
    ]

    /// `trial_row (…)` with every column named.
    let target: String
    /// Parameters a row takes.
    let width: Int
    /// Each metric's parameter in the first row (1-based, after the fixed columns).
    let params: [String: Int32]
    /// Rows per multi-row statement on this connection (1 when SQLite's limit
    /// on parameters leaves no room for more).
    let rowsPerStatement: Int
    /// The INSERT of one row, and of `rowsPerStatement` rows (built once per
    /// plan, not per batch: each is about 2 kB of text).
    let oneRowSQL: String, manyRowsSQL: String

    /// The plan for `columns` (every metric column, in table order) on `db`.
    init(columns: [MetricColumns.Column], _ db: Database) {
        target =
            "trial_row ("
            + (Self.fixedColumns + columns.map { MetricColumns.quoted($0.column) }).joined(separator: ", ") + ")"
        width = Self.fixedColumns.count + columns.count
        params = Dictionary(
            uniqueKeysWithValues: columns.enumerated().map {
                ($0.element.name, Int32(Self.fixedColumns.count + 1 + $0.offset))
            })
        // SQLite's bound on parameters was 999 before 3.32 and can be set lower at build time.
        let limit = Int(sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        rowsPerStatement = max(1, min(Self.rowsPerStatement, limit / width))
        let row = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        let insert = "INSERT INTO \(target) VALUES "
        oneRowSQL = insert + row
        manyRowsSQL = insert + Array(repeating: row, count: rowsPerStatement).joined(separator: ", ")
    }
}

/// A `TrialBatch`'s trials as `trial_row` parameters: everything per batch
/// resolved once (level ids, row ids, which keys are the plan's), so binding a
/// row only reads arrays.
struct BatchRows {
    let batch: TrialBatch
    let runID: Int64
    /// Parameters a row takes (`TrialInsert.width`).
    let width: Int
    /// The `level` id of each of `batch.levels`.
    let levelIDs: [Int64]
    /// Per question of `batch.questions`, whether it is the run's (its plan keys are stored as '').
    let isRunQuestion: [Bool]
    /// Each trial's row id (`TrialIdentity`).
    let ids: [Int64]
    /// The parameter of each of `batch.names` in the first row.
    let metricParams: [Int32]
    /// `batch.text`'s bytes, pinned for the statement's in-place bindings.
    let text: UnsafePointer<UInt8>

    /// Binds trial `i` as the statement's row `row`.
    func bind(_ i: Int, to statement: RawStatement, row: Int) {
        let o = Int32(row * width)
        statement.bind(o + 1, ids[i])
        statement.bind(o + 2, runID)
        for f in 0..<TrialBatch.factorFields {
            statement.bind(o + Int32(f) + 3, levelIDs[Int(batch.codes[i * TrialBatch.factorFields + f])])
        }
        statement.bind(o + 9, batch.replications[i])
        // '' for a plan key only where the id is the trial's identity.
        let q = batch.keyQuestion[i]
        if q >= 0 && isRunQuestion[Int(q)] && batch.planIndices[i] >= 0 {
            statement.bindInPlace(o + 10, text, 0)
        } else {
            statement.bind(o + 10, batch.keys[i])
        }
        statement.bindInPlace(o + 11, text + Int(batch.spans[2 * i]), batch.spans[2 * i + 1])
        let start = batch.starts[i], recorded = batch.widths[i]
        for (slot, param) in metricParams.enumerated() {
            let value = slot < recorded ? batch.values[start + slot] : .nan
            if value.isNaN { statement.bindNull(o + param) } else { statement.bind(o + param, value) }
        }
    }
}
