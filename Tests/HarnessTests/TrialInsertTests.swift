import Foundation
import GRDB
import GRDBSQLite
import Testing
import UserModels
@testable import Harness

/// `RunStore.record` inserts trials `TrialInsert.rowsPerStatement` a statement:
/// the rows, events and errors must be those of storing them one at a time.
@Suite("Storage: several rows a statement")
struct TrialInsertTests {
    /// `spec`'s trials, every `traceEvery`-th with two events, and a run to store them in.
    static func setUp(_ dir: URL, _ name: String, traceEvery: Int = 0) throws -> (RunStore, Int64, [TrialResult]) {
        let spec = try parse(smallSpec(participants: 6))
        // One trial short of a multiple of 16, so a remainder goes one at a time.
        var results = try Array(ExperimentRunner.simulate(spec: spec).dropLast())
        for i in results.indices where traceEvery > 0 && i % traceEvery == 3 {
            results[i].outcome.events = [TraceEvent(time: 0.5, kind: "touch", detail: "t\(i)"),
                                         TraceEvent(time: 1, kind: "lift", detail: "")]
        }
        let store = try RunStore(path: dir.appendingPathComponent(name).path)
        let run = try store.beginRun(spec: spec, provenance: .current(gitDirectory: dir), shard: .whole, jobs: 1,
                                     trace: traceEvery > 0, plannedTrials: results.count)
        return (store, run, results)
    }

    /// Every trial and event as text, the row ids included.
    static func contents(_ store: RunStore) throws -> [String] {
        try store.reader.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM trial ORDER BY id").map(\.description)
                + Row.fetchAll(db, sql: "SELECT * FROM event ORDER BY trial_id, seq").map(\.description)
        }
    }

    @Test("one batch (statements of 16, traced trials alone between them, a remainder) stores what one trial a batch does")
    func sameRows() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (whole, wholeRun, results) = try Self.setUp(dir, "whole.sqlite", traceEvery: 23)
        let (single, singleRun, _) = try Self.setUp(dir, "single.sqlite", traceEvery: 23)
        #expect(results.count > 3 * TrialInsert.rowsPerStatement && results.count % TrialInsert.rowsPerStatement != 0)
        // Half the trials without a plan index, a run of them mid-statement: ids from the upper half, keys as text.
        var mixed = results
        for i in mixed.indices where i % 5 == 1 || (20..<30).contains(i) { mixed[i].planIndex = nil }
        try whole.record(runID: wholeRun, mixed)
        for r in mixed { try single.record(runID: singleRun, [r]) }
        let stored = try Self.contents(whole)
        #expect(stored == (try Self.contents(single)))
        #expect(stored.count == results.count + 2 * results.indices.filter { $0 % 23 == 3 }.count)
        try whole.close(); try single.close()
    }

    @Test("a trial already stored, or twice in the batch, inside a 16-row statement is named, and nothing of the batch is stored")
    func duplicates() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (store, run, results) = try Self.setUp(dir, "d.sqlite")
        let n = 3 * TrialInsert.rowsPerStatement
        try store.record(runID: run, [results[21]])
        #expect { try store.record(runID: run, Array(results[0..<n])) } throws: { error in
            "\(error)".contains("trial \(results[21].trial.key): run \(run) already holds a trial with its key or its plan index 21")
        }
        // The second of two trials with one plan index, in the same statement as the first.
        var twice = Array(results[30..<(30 + n)])
        twice[6].planIndex = twice[2].planIndex
        #expect { try store.record(runID: run, twice) } throws: { error in
            "\(error)".contains("trial \(twice[6].trial.key): run \(run) already holds a trial with its key or its plan index 32")
        }
        #expect(try store.finishedKeys(runID: run) == [results[21].trial.key])
        // The store still writes after the errors.
        try store.record(runID: run, Array(results[0..<21]))
        #expect(try store.finishedCount(runID: run) == 22)
        try store.close()
    }

    @Test("batches recording different metrics reuse the cached statements without a value left over from the batch before")
    func changingMetrics() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (whole, wholeRun, results) = try Self.setUp(dir, "whole.sqlite")
        let (single, singleRun, _) = try Self.setUp(dir, "single.sqlite")
        let layouts: [[String]] = [["a", "b"], ["a"], ["c", "b"], ["a", "b", "c"], []]
        let batches = layouts.enumerated().map { n, names in
            (0..<(2 * TrialInsert.rowsPerStatement + 3)).map { i in
                StorageTests.result(results[0], key: "b\(n)-\(i)", metrics: names.map { Metric($0, Double(100 * n + i)) })
            }
        }
        for batch in batches {
            try whole.record(runID: wholeRun, batch)
            for r in batch { try single.record(runID: singleRun, [r]) }
        }
        let stored = try Self.contents(whole)
        #expect(stored == (try Self.contents(single)))
        let nulls = try whole.reader.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM trial WHERE key LIKE 'b1-%' AND a IS NOT NULL AND b IS NULL AND c IS NULL")
        }
        #expect(nulls == 2 * TrialInsert.rowsPerStatement + 3)
        try whole.close(); try single.close()
    }

    @Test("rows a statement stay within SQLite's limit on parameters")
    func parameterLimit() throws {
        let queue = try DatabaseQueue()
        queue.inDatabase { db in
            let columns = (0..<5).map { MetricColumns.Column(id: Int64($0), name: "m\($0)", column: "m\($0)") }
            #expect(TrialInsert(columns: columns, db).rowsPerStatement == TrialInsert.rowsPerStatement)
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, 100)
            #expect(TrialInsert(columns: columns, db).rowsPerStatement == 100 / 16)
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, 20)
            #expect(TrialInsert(columns: columns, db).rowsPerStatement == 1)
            let plan = TrialInsert(columns: columns, db)
            #expect(plan.width == 16 && plan.params["m0"] == 12 && plan.params["m4"] == 16)
            let row: String = "(" + Array(repeating: "?", count: 16).joined(separator: ", ") + ")"
            #expect(plan.oneRowSQL.hasSuffix("VALUES " + row))
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, 40)
            #expect(TrialInsert(columns: columns, db).manyRowsSQL.hasSuffix("VALUES " + row + ", " + row))
        }
    }
}
