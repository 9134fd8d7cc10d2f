import Foundation
import GRDB
@testable import Harness
@testable import Questions
import Randomness
import Reports
import Testing
import UserModels

/// Schema v4: metrics as columns of `trial`, the long `metric` and `trial_metric`
/// as views, and v3 databases (the long table) read, migrated, resumed and merged.
@Suite("Storage (schema v4)")
struct StorageTests {
    /// Every metric of a database as plain SQL reads it, by trial key and name.
    static func longForm(_ path: String) throws -> [String: Double] {
        try DatabaseQueue(path: path).read { db in
            var out: [String: Double] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT t.key, m.name, m.value FROM metric m JOIN trial t ON t.id = m.trial_id") {
                out["\(row[0] as String)#\(row[1] as String)"] = row[2]
            }
            return out
        }
    }

    /// The results of a run of `spec`, as `ExperimentRunner` hands them to the store.
    static func results(_ spec: ExperimentSpec, shard: Shard = .whole) throws -> [TrialResult] {
        try ExperimentRunner.simulate(spec: spec, shard: shard)
    }

    /// A database written as refine did before v4: schema v3, the long `metric` table.
    static func makeV3(_ path: String, spec: ExperimentSpec, results: [TrialResult], shard: Shard = .whole,
                       planned: Int, status: String) throws {
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v3: what made a run dirty")
        try queue.write { db in
            let now = RunStore.timestamp()
            try db.execute(sql: """
                INSERT INTO run (experiment, question, spec_path, spec_text, spec_sha256, seed, tool_version, git_commit,
                    git_dirty, os, swift_version, argv, host, pid, shard_index, shard_count, jobs, trace, planned_trials,
                    started_at, finished_at, heartbeat_at, status, variant, git_dirty_paths)
                VALUES (?, ?, ?, ?, ?, ?, 'old', 'old', 0, 'test', 'test', '[]', 'test', 0, ?, ?, 1, 0, ?, ?, ?, ?, ?, '', '[]')
                """, arguments: [spec.name, spec.question, spec.path, spec.text, spec.sha256, String(spec.seed),
                                 shard.index, shard.count, planned, now, now, now, status])
            let runID = db.lastInsertedRowID
            for r in results {
                let t = r.trial
                try db.execute(sql: """
                    INSERT INTO trial (run_id, key, strategy, device, participant, participant_group, task, task_label, replication, seed)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [runID, t.key, t.strategy, t.device.name, r.participantID, r.participantGroup,
                                     t.task.id, t.task.label, t.replication, String(t.seed)])
                let id = db.lastInsertedRowID
                for m in r.outcome.metrics {
                    try db.execute(sql: "INSERT INTO metric (trial_id, name, value) VALUES (?, ?, ?)", arguments: [id, m.name, m.value])
                }
            }
        }
        try queue.close()
    }

    /// A result with the given metrics, for round trips.
    static func result(_ template: TrialResult, key: String, metrics: [Metric]) -> TrialResult {
        var r = template
        r.trial.key = key
        r.planIndex = nil  // made by hand: not the plan's trial any more
        r.outcome = TrialOutcome(metrics: metrics, events: [])
        return r
    }

    @Test("metric values round-trip bit for bit, as the v3 table kept them, through every view and the columns")
    func roundTrip() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let template = try Self.results(parse(smallSpec(participants: 1)))[0]
        var random = SeededGenerator(seed: 20_261_124)
        let special: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                 .leastNonzeroMagnitude, .leastNormalMagnitude, 0.1, 1e300, -1e-300, 9_007_199_254_740_992, 9_007_199_254_740_994,
                                 Double(Int64.max), Double(Int64.min), 4_503_599_627_370_496.5, 123_456]
        // Random names (quotes, a trial column's name, case twins), random values, some absent.
        let names = ["time_to_effect_s", "it's \"quoted\"", "key", "Seed", "seed_like", "CamelCase", "camelcase", "a b"]
        var trials: [TrialResult] = []
        for i in 0..<300 {
            var metrics: [Metric] = []
            for name in names.shuffled(using: &random) where Double.random(in: 0..<1, using: &random) < 0.7 {
                let value = Bool.random(using: &random) ? special.randomElement(using: &random)!
                    : Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &random))
                metrics.append(Metric(name, value.isNaN ? 0.5 : value))
            }
            trials.append(Self.result(template, key: "k\(i)", metrics: metrics))
        }
        let store = try RunStore(path: dir.appendingPathComponent("v4.sqlite").path)
        let run = try store.beginRun(spec: parse(smallSpec()), provenance: .current(gitDirectory: dir), shard: .whole, jobs: 1,
                                     trace: false, plannedTrials: trials.count)
        for start in stride(from: 0, to: trials.count, by: 37) { try store.record(runID: run, Array(trials[start..<min(start + 37, trials.count)])) }
        try store.close()
        // The same values through the v3 table.
        let old = dir.appendingPathComponent("v3.sqlite").path
        try Self.makeV3(old, spec: parse(smallSpec()), results: trials, planned: trials.count, status: "completed")

        let stored = try Self.longForm(store.path), v3 = try Self.longForm(old)
        #expect(stored.count == trials.reduce(0) { $0 + $1.outcome.metrics.count })
        #expect(stored.keys.sorted() == v3.keys.sorted())
        for (key, value) in v3 { #expect(stored[key]!.bitPattern == value.bitPattern, "\(key)") }
        for r in trials {
            for m in r.outcome.metrics {
                // What SQLite gives back for a REAL: -0.0 comes back as 0 (it stores integral reals as integers), in v3 as in v4.
                let expected = m.value == 0 ? 0 : m.value
                #expect(stored["\(r.trial.key)#\(m.name)"]?.bitPattern == expected.bitPattern, "\(r.trial.key) \(m.name) \(m.value)")
            }
        }
        // trial_metric and the wide columns agree with metric.
        try DatabaseQueue(path: store.path).read { db in
            let viaView = try Row.fetchAll(db, sql: "SELECT key, metric, value FROM trial_metric")
            #expect(viaView.count == stored.count)
            for row in viaView { #expect((row[2] as Double).bitPattern == stored["\(row[0] as String)#\(row[1] as String)"]!.bitPattern) }
            let columns = try Row.fetchAll(db, sql: "SELECT name, column_name FROM metric_name")
            #expect(Set(columns.map { $0[0] as String }) == Set(names))
            #expect(Set(columns.map { ($0[1] as String).lowercased() }).count == names.count)
            for c in columns {
                let values = try Row.fetchAll(db, sql: "SELECT key, \(MetricColumns.quoted(c[1])) FROM trial WHERE \(MetricColumns.quoted(c[1])) IS NOT NULL")
                for v in values { #expect((v[1] as Double).bitPattern == stored["\(v[0] as String)#\(c[0] as String)"]!.bitPattern) }
            }
        }
    }

    @Test("a NaN or twice-recorded metric is refused, naming the trial and metric, and nothing of the batch is stored")
    func refusals() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let template = try Self.results(parse(smallSpec(participants: 1)))[0]
        let store = try RunStore(path: dir.appendingPathComponent("r.sqlite").path)
        let run = try store.beginRun(spec: parse(smallSpec()), provenance: .current(gitDirectory: dir), shard: .whole, jobs: 1,
                                     trace: false, plannedTrials: 2)
        let good = Self.result(template, key: "good", metrics: [Metric("a", 1)])
        for (bad, words) in [([Metric("a", .nan)], "'a' as NaN"), ([Metric("a", 1), Metric("b", 2), Metric("a", 3)], "'a' twice")] {
            let error = #expect(throws: StoreError.self) { try store.record(runID: run, [good, Self.result(template, key: "bad", metrics: bad)]) }
            #expect(error?.message.contains("trial bad") == true && error?.message.contains(words) == true, "\(String(describing: error))")
        }
        #expect(try store.finishedKeys(runID: run).isEmpty)
    }

    @Test("metric and trial_metric are plain SQL views; writes to metric go through its triggers")
    func viewsAndTriggers() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try parse(smallSpec())
        let store = try RunStore(path: dir.appendingPathComponent("r.sqlite").path)
        _ = try ExperimentRunner.run(spec: spec, store: store, options: RunOptions(jobs: 2))
        try store.close()
        let before = try Self.longForm(store.path)
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in
            let kinds = try Row.fetchAll(db, sql: "SELECT name, type FROM sqlite_master WHERE name IN ('metric', 'trial_metric')")
            #expect(Set(kinds.map { "\($0[0] as String):\($0[1] as String)" }) == ["metric:view", "trial_metric:view"])
            // The README's query.
            let rows = try Row.fetchAll(db, sql: "SELECT strategy, avg(value) FROM trial_metric WHERE metric = 'landed_intended' GROUP BY strategy")
            #expect(rows.count == 2)
            let id = try Int64.fetchOne(db, sql: "SELECT max(id) FROM trial")!
            let value = try Double.fetchOne(db, sql: "SELECT value FROM metric WHERE trial_id = ? AND name = 'session_trial'", arguments: [id])!
            try db.execute(sql: "UPDATE metric SET value = value + 1 WHERE trial_id = ? AND name = 'session_trial'", arguments: [id])
            #expect(try Double.fetchOne(db, sql: "SELECT session_trial FROM trial WHERE id = ?", arguments: [id]) == value + 1)
            try db.execute(sql: "DELETE FROM metric WHERE trial_id = ? AND name = 'session_trial'", arguments: [id])
            #expect(try Double.fetchOne(db, sql: "SELECT session_trial FROM trial WHERE id = ?", arguments: [id]) == nil)
            try db.execute(sql: "INSERT INTO metric (trial_id, name, value) VALUES (?, 'session_trial', ?)", arguments: [id, value])
            #expect(throws: DatabaseError.self) { try db.execute(sql: "INSERT INTO metric VALUES (?, 'session_trial', 0)", arguments: [id]) }
            #expect(throws: DatabaseError.self) { try db.execute(sql: "INSERT INTO metric VALUES (?, 'no_such_metric', 0)", arguments: [id]) }
        }
        #expect(try Self.longForm(store.path) == before)
    }

    @Test("a v3 database is read as it is, migrates with the same metrics, resumes and merges")
    func fromV3() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try parse(smallSpec(extra: "replications: 2"))
        let all = try Self.results(spec)
        let reference = dir.appendingPathComponent("v4.sqlite").path
        let referenceStore = try RunStore(path: reference)
        _ = try ExperimentRunner.run(spec: spec, store: referenceStore, options: RunOptions(jobs: 2))
        // Closed before it is read: its checkpointer may still hold the file (a plain queue has no busy timeout).
        try referenceStore.close()
        let expected = try Self.longForm(reference)

        // Read-only, unmigrated: the same metrics, and the file is left at v3.
        let whole = dir.appendingPathComponent("whole.sqlite").path
        try Self.makeV3(whole, spec: spec, results: all, planned: all.count, status: "completed")
        let reader = try RunStore(readingFrom: whole)
        #expect(try reader.runs().first?.finishedTrials == all.count)
        #expect(try Self.longForm(whole) == expected)
        #expect(try DatabaseQueue(path: whole).read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 3)
        try reader.close()

        // Interrupted under v3 (a session half stored), resumed by this refine: migrated, completed, equal.
        let plan = TrialPlan(spec: spec)
        let lost = Set(plan.trials[plan.sessions[1]].suffix(5).map(\.key))
        let partial = dir.appendingPathComponent("partial.sqlite").path
        try Self.makeV3(partial, spec: spec, results: all.filter { !lost.contains($0.trial.key) }, planned: all.count, status: "interrupted")
        let resumedStore = try RunStore(path: partial)
        #expect(try DatabaseQueue(path: partial).read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == Schema.version)
        let resumed = try ExperimentRunner.run(spec: spec, store: resumedStore, options: RunOptions(jobs: 2, resume: true))
        #expect(resumed.resumed && resumed.ran == lost.count && resumed.runID == 1)
        try resumedStore.close()
        #expect(try Self.longForm(partial) == expected)

        // v3 shards merge into a v4 database equal to the one-machine run.
        let shards = try (1...2).map { i -> String in
            let path = dir.appendingPathComponent("s\(i).sqlite").path
            let shard = Shard(index: i, count: 2)
            let mine = try Self.results(spec, shard: shard)
            try Self.makeV3(path, spec: spec, results: mine, shard: shard, planned: mine.count, status: "completed")
            return path
        }
        let merged = dir.appendingPathComponent("merged.sqlite").path
        #expect(try ShardMerge.merge(inputs: shards, output: merged, catalog: .standard).trials == all.count)
        #expect(try Self.longForm(merged) == expected)
        #expect(try DatabaseQueue(path: merged).read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == Schema.version)
    }
}
