import Foundation
import GRDB
import Testing
import UserModels
@testable import Harness

/// Schema v6 (`TrialIdentity`): a trial's row id is its run and plan index, so no
/// second index keeps a key once per run.
@Suite("Storage (schema v6: ids as identity)")
struct TrialIdentityTests {
    @Test("a run's trials take ids from the plan; a trial stored twice, or under another's plan index, is refused by name")
    func planIDs() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try parse(smallSpec())
        let path = dir.appendingPathComponent("r.sqlite").path
        let store = try RunStore(path: path)
        let summary = try ExperimentRunner.run(spec: spec, store: store, options: RunOptions(jobs: 2, batchSize: 7))
        let rows = try store.reader.read { db in try Row.fetchAll(db, sql: "SELECT id, key FROM trial ORDER BY id") }
        let plan = TrialPlan(spec: spec).trials
        #expect(rows.map { $0["id"] as Int64 } == plan.indices.map { summary.runID << 40 | Int64($0) })
        #expect(rows.map { $0["key"] as String } == plan.map(\.key))
        #expect(try store.reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM trial_row WHERE key <> ''") } == 0)
        #expect(try store.reader.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'trial_row'")
        } == ["trial_row_other_key"])
        #expect(try store.finishedCount(runID: summary.runID) == plan.count)

        // The same trial again, and another trial carrying the first one's plan index.
        let first = try ExperimentRunner.simulate(spec: spec)[0]
        var impostor = try ExperimentRunner.simulate(spec: spec)[1]
        impostor.planIndex = first.planIndex
        for result in [first, impostor] {
            #expect { try store.record(runID: summary.runID, [result]) } throws: { error in
                "\(error)".contains("trial \(result.trial.key): run \(summary.runID) already holds")
            }
        }
        #expect(try store.finishedCount(runID: summary.runID) == plan.count)
        try store.close()
    }

    @Test("trials without a plan index take the upper half of their run's range, keys as text, unique; ranges keep runs apart")
    func otherRows() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try parse(smallSpec())
        let store = try RunStore(path: dir.appendingPathComponent("r.sqlite").path)
        var results = try ExperimentRunner.simulate(spec: spec)
        for i in results.indices { results[i].planIndex = nil }
        let runs = try (0..<2).map { _ in
            try store.beginRun(spec: spec, provenance: .current(gitDirectory: dir), shard: .whole, jobs: 1, trace: false, plannedTrials: results.count)
        }
        for run in runs {
            try store.record(runID: run, Array(results.prefix(5)))
            try store.record(runID: run, Array(results.dropFirst(5)))
        }
        for run in runs {
            let rows = try store.reader.read { db in
                try Row.fetchAll(db, sql: "SELECT id, key FROM trial_row WHERE run_id = ? ORDER BY id", arguments: [run])
            }
            #expect(rows.map { $0["id"] as Int64 } == results.indices.map { run << 40 | 1 << 39 | Int64($0) })
            #expect(rows.map { $0["key"] as String } == results.map(\.trial.key))
            #expect(try store.finishedCount(runID: run) == results.count)
            #expect(try store.finishedKeys(runID: run) == Set(results.map(\.trial.key)))
        }
        #expect { try store.record(runID: runs[0], [results[3]]) } throws: { "\($0)".contains("already holds a trial with its key") }
        try store.close()
    }
}
