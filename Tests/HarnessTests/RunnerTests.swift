import Foundation
import GRDB
import Testing
@testable import Harness

@Suite("Running and storing")
struct RunnerTests {
    /// Every metric of a run, by trial key and name.
    func metrics(_ store: RunStore, run: Int64) throws -> [String: Double] {
        try store.reader.read { db in
            var out: [String: Double] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, metric, value FROM trial_metric WHERE run_id = ?", arguments: [run]) {
                out["\(row["key"] as String)#\(row["metric"] as String)"] = row["value"]
            }
            return out
        }
    }

    @Test("one job and two jobs give identical metrics")
    func jobsDoNotMatter() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try parse(smallSpec())
        let store = try RunStore(path: dir.appendingPathComponent("r.sqlite").path)
        let one = try ExperimentRunner.run(spec: spec, store: store, options: RunOptions(jobs: 1))
        let two = try ExperimentRunner.run(spec: spec, store: store, options: RunOptions(jobs: 2, batchSize: 7))
        let a = try metrics(store, run: one.runID), b = try metrics(store, run: two.runID)
        #expect(!a.isEmpty && a == b)
        #expect(a.keys.contains { $0.hasSuffix("#time_to_effect_s") })
    }

    @Test("an interrupted run resumes with no trial missing or duplicated")
    func resume() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try parse(smallSpec())
        let store = try RunStore(path: dir.appendingPathComponent("r.sqlite").path)
        let reference = try ExperimentRunner.run(spec: spec, store: store, options: RunOptions(jobs: 2))
        // Stop after a few batches have been taken.
        let calls = Locked(0)
        #expect(throws: RunInterrupted.self) {
            try ExperimentRunner.run(spec: spec, store: store, options: RunOptions(jobs: 1, batchSize: 10),
                                     cancelled: { calls.withLock { $0 += 1; return $0 > 4 } })
        }
        let interrupted = try store.runs().last!
        #expect(interrupted.status == "interrupted" && interrupted.finishedTrials > 0 && interrupted.finishedTrials < interrupted.plannedTrials)
        let resumed = try ExperimentRunner.run(spec: spec, store: store, options: RunOptions(jobs: 2, resume: true))
        #expect(resumed.runID == interrupted.id && resumed.skipped == interrupted.finishedTrials)
        let counts = try store.reader.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM trial WHERE run_id = ?", arguments: [resumed.runID])!
        }
        #expect(counts == reference.planned)
        #expect(try metrics(store, run: resumed.runID) == metrics(store, run: reference.runID))
        #expect(try store.runs().last!.status == "completed")
    }

    @Test("a run stopped in the middle of a session resumes bit for bit: the session is relived, only missing trials stored")
    func resumeMidSession() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try parse(smallSpec())
        let reference = try RunStore(path: dir.appendingPathComponent("a.sqlite").path)
        let a = try ExperimentRunner.run(spec: spec, store: reference, options: RunOptions(jobs: 2))
        let path = dir.appendingPathComponent("b.sqlite").path
        var store: RunStore? = try RunStore(path: path)
        let b = try ExperimentRunner.run(spec: spec, store: store!, options: RunOptions(jobs: 1))
        try store!.close()
        store = nil
        // Lose the second half of one session, as if the run had died while storing it.
        let session = TrialPlan(spec: spec).sessions[1]
        let lost = TrialPlan(spec: spec).trials[session].suffix(6).map(\.key)
        let db = try DatabaseQueue(path: path)
        try db.write { db in
            for key in lost {
                let id = try Int64.fetchOne(db, sql: "SELECT id FROM trial WHERE run_id = ? AND key = ?", arguments: [b.runID, key])!
                try db.execute(sql: "DELETE FROM metric WHERE trial_id = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM event WHERE trial_id = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM trial WHERE id = ?", arguments: [id])
            }
            try db.execute(sql: "UPDATE run SET status = 'interrupted' WHERE id = ?", arguments: [b.runID])
        }
        try db.close()
        let resumedStore = try RunStore(path: path)
        let resumed = try ExperimentRunner.run(spec: spec, store: resumedStore, options: RunOptions(jobs: 2, resume: true))
        #expect(resumed.runID == b.runID && resumed.ran == lost.count)
        #expect(try metrics(resumedStore, run: b.runID) == metrics(reference, run: a.runID))
    }

    @Test("traces record every plan, touch and release")
    func trace() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try parse(smallSpec(participants: 1))
        let store = try RunStore(path: dir.appendingPathComponent("r.sqlite").path)
        let run = try ExperimentRunner.run(spec: spec, store: store, options: RunOptions(trace: true))
        let kinds = try store.reader.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT kind FROM trace WHERE run_id = ?", arguments: [run.runID])
        }
        #expect(Set(kinds).isSuperset(of: ["task", "plan", "touch", "release", "settled", "perceive", "done"]))
    }

    @Test("bad database paths are refused before anything is written")
    func badPaths() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: StoreError.self) { try RunStore(path: dir.appendingPathComponent("missing/r.sqlite").path) }
        let notSQLite = dir.appendingPathComponent("notes.sqlite")
        try "hello, I am not a database".write(to: notSQLite, atomically: true, encoding: .utf8)
        do {
            _ = try RunStore(path: notSQLite.path)
            Issue.record("expected an error")
        } catch let e as StoreError {
            #expect(e.message.contains("not a SQLite database"))
        }
        #expect(try String(contentsOf: notSQLite, encoding: .utf8) == "hello, I am not a database")
        if getuid() != 0 {  // root ignores permissions
            let readOnly = dir.appendingPathComponent("ro")
            try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o555])
            #expect(throws: StoreError.self) { try RunStore(path: readOnly.appendingPathComponent("r.sqlite").path) }
        }
    }
}
