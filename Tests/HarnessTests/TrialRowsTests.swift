import Foundation
import GRDB
@testable import Harness
@testable import Questions
import Randomness
import Testing
import UserModels

/// Schema v5 (`TrialRows`): factors as `level` codes in `trial_row`, the key kept
/// only where it is not the plan's, `trial` a view with v4's columns.
@Suite("Storage (schema v5)")
struct TrialRowsTests {
    /// A database migrated up to `version`, with one run of question `q` per entry of `runs`.
    static func database(_ path: String, upTo version: String? = nil, runs: Int = 1) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(path: path)
        if let version { try Schema.migrator.migrate(queue, upTo: version) } else { try Schema.migrator.migrate(queue) }
        try queue.write { db in
            for _ in 0..<runs {
                try db.execute(sql: """
                    INSERT INTO run (experiment, question, spec_path, spec_text, spec_sha256, seed, tool_version, git_commit,
                        git_dirty, os, swift_version, argv, host, pid, shard_index, shard_count, jobs, trace, planned_trials,
                        started_at, finished_at, heartbeat_at, status)
                    VALUES ('e', 'q', 'e.yaml', '', '', '1', 't', 't', 0, 't', 't', '[]', 't', 0, 1, 1, 1, 0, 0,
                            '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'completed')
                    """)
            }
            try MetricColumns.ensure(["time_s", "errors"], in: db)
        }
        return queue
    }

    /// Factor values chosen so that text order is not the order of the parts:
    /// "a/" sorts after "a-b/" and "a.b/", "r10" before "r2".
    static let strategies = ["a", "a-b", "a.b", "ab", "b"]
    static let replications = [1, 2, 10, 11]

    /// Inserts trials through the `trial` view (or table, before v5), in a scrambled order.
    static func insertTrials(_ db: Database, run: Int64, oddKeys: Bool = false, participants: [String] = ["p1", "p10", "p2"]) throws {
        var rows: [(String, String, Int)] = []
        for s in strategies { for p in participants { for r in replications { rows.append((s, p, r)) } } }
        var g = SeededGenerator(seed: UInt64(run))
        rows.shuffle(using: &g)
        for (i, (s, p, r)) in rows.enumerated() {
            let key = oddKeys && i % 7 == 0 ? "odd/\(s)-\(p)-\(r)" : "q/\(s)/phone/\(p)/t1/r\(r)"
            try db.execute(sql: """
                INSERT INTO trial (run_id, key, strategy, device, participant, participant_group, task, task_label, replication, seed, time_s, errors)
                VALUES (?, ?, ?, 'phone', ?, 'novice', 't1', 'top → bottom', ?, ?, ?, ?)
                """, arguments: [run, key, s, p, r, String(UInt64.max - UInt64(i)), Double(i) / 3, i % 3 == 0 ? nil : Double(i % 3)])
        }
    }

    @Test("a v4 database migrates to v6 with every trial, metric and event as it was; plan keys cost no bytes; ids move into their run's range")
    func migration() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("v4.sqlite").path
        let queue = try Self.database(path, upTo: "v4: metrics as columns of trial", runs: 2)
        try queue.write { db in
            try Self.insertTrials(db, run: 1)
            try Self.insertTrials(db, run: 2, oddKeys: true)
            try db.execute(sql: "INSERT INTO event (trial_id, seq, t, kind, detail) VALUES (3, 0, 0.5, 'touch', 'down')")
            // A trial whose run row was deleted by hand (foreign keys are off for the writer) is kept.
            try db.execute(sql: "INSERT INTO run SELECT 3, experiment, question, spec_path, spec_text, spec_sha256, seed, tool_version, git_commit, git_dirty, os, swift_version, argv, host, pid, shard_index, shard_count, jobs, trace, planned_trials, started_at, finished_at, heartbeat_at, status, variant, git_dirty_paths FROM run WHERE id = 1")
            try Self.insertTrials(db, run: 3, participants: ["p1"])
        }
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF; DELETE FROM run WHERE id = 3; PRAGMA foreign_keys = ON")
        }
        let before = try queue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM trial ORDER BY id") }
        let long = try queue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM trial_metric ORDER BY run_id, key, metric") }
        try queue.close()

        let store = try RunStore(path: path)
        try store.reader.read { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.version)
            // v6 moved each id into the upper half of its run's range (`TrialIdentity`), order kept.
            let after = try Row.fetchAll(db, sql: "SELECT * FROM trial ORDER BY id")
            func withoutID(_ rows: [Row]) -> [[DatabaseValue]] { rows.map { $0.dropFirst().map(\.1) } }
            #expect(withoutID(after) == withoutID(before))
            #expect(after.map { $0["id"] as Int64 } == before.map { ($0["run_id"] as Int64) << 40 | 1 << 39 | ($0["id"] as Int64) })
            #expect(try String.fetchOne(db, sql: "SELECT name FROM sqlite_master WHERE name = 'trial_row_identity'") == nil)
            #expect(try Row.fetchAll(db, sql: "SELECT * FROM trial_metric ORDER BY run_id, key, metric") == long)
            #expect(try Row.fetchAll(db, sql: "SELECT run_id, key, seq, kind FROM trace") == [["run_id": 1, "key": before[2]["key"] as String, "seq": 0, "kind": "touch"]])
            // Only the odd keys are stored as text.
            let stored = try String.fetchAll(db, sql: "SELECT key FROM trial_row WHERE key <> '' AND run_id <> 3 ORDER BY key")
            #expect(stored == before.map { $0["key"] as String }.filter { $0.hasPrefix("odd/") }.sorted())
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM level") == Self.strategies.count + 3 + 4)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM trial_row WHERE run_id = 3") == Self.strategies.count * Self.replications.count)
        }
        try store.close()
    }

    @Test("the trial view takes INSERT and DELETE; a key stored twice in a run is refused")
    func viewWrites() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let queue = try Self.database(dir.appendingPathComponent("v5.sqlite").path)
        try queue.write { db in
            try Self.insertTrials(db, run: 1)
            let count = Self.strategies.count * 3 * Self.replications.count
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM trial_row WHERE key = ''") == count)
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: """
                    INSERT INTO trial (run_id, key, strategy, device, participant, participant_group, task, task_label, replication, seed)
                    VALUES (1, 'q/a/phone/p1/t1/r1', 'a', 'phone', 'p1', 'novice', 't1', 'x', 1, '0')
                    """)
            }
            try db.execute(sql: "DELETE FROM trial WHERE strategy = 'b'")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM trial") == count - 3 * Self.replications.count)
            // Seed and metrics change through the view; identity does not.
            try db.execute(sql: "UPDATE trial SET time_s = 42, seed = '7' WHERE key = 'q/a/phone/p1/t1/r1'")
            #expect(try Row.fetchOne(db, sql: "SELECT time_s, seed FROM trial WHERE key = 'q/a/phone/p1/t1/r1'") == ["time_s": 42.0, "seed": "7"])
            #expect(throws: DatabaseError.self) { try db.execute(sql: "UPDATE trial SET participant = 'p9' WHERE key = 'q/a/phone/p1/t1/r1'") }
            func insert(_ key: String, replication: any DatabaseValueConvertible) throws {
                try db.execute(sql: """
                    INSERT INTO trial (run_id, key, strategy, device, participant, participant_group, task, task_label, replication, seed)
                    VALUES (1, ?, 'c', 'phone', 'p1', 'novice', 't1', 'x', ?, '0')
                    """, arguments: [key, replication])
            }
            // An empty key would read back as the plan's; a key unlike the plan's is kept, once per run.
            #expect(throws: DatabaseError.self) { try insert("", replication: 1) }
            try insert("q/c/phone/p1/t1/r01", replication: "01")
            #expect(try String.fetchAll(db, sql: "SELECT key FROM trial WHERE strategy = 'c'") == ["q/c/phone/p1/t1/r01"])
            try insert("hand-made", replication: 2)
            #expect(throws: DatabaseError.self) { try insert("hand-made", replication: 3) }
        }
    }

    @Test("a run's trials are scanned in key text order with their values, plan keys and odd keys, v5 and a v4 file as it is")
    func scanOrder() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("v5.sqlite").path
        let queue = try Self.database(path, runs: 2)
        try queue.write { db in
            try Self.insertTrials(db, run: 1)
            try Self.insertTrials(db, run: 2, oddKeys: true)
        }
        try queue.close()
        try Self.checkScanOrder(path)
        // A v4 file is read as it is (reports do not migrate): the text scan, by rowid range.
        let v4 = dir.appendingPathComponent("v4.sqlite").path
        let old = try Self.database(v4, upTo: "v4: metrics as columns of trial", runs: 2)
        try old.write { db in
            try Self.insertTrials(db, run: 1)
            try Self.insertTrials(db, run: 2, oddKeys: true)
        }
        try old.close()
        try Self.checkScanOrder(v4)
        // More than 4,096 levels: the ranks take two words.
        let many = try DatabaseQueue(path: path)
        try many.write { db in for i in 0..<5_000 { try db.execute(sql: "INSERT INTO level (value) VALUES (?)", arguments: ["filler-\(i)"]) } }
        try many.close()
        try Self.checkScanOrder(path)
    }

    static func checkScanOrder(_ path: String) throws {
        let store = try RunStore(readingFrom: path)
        for run: Int64 in [1, 2] {
            var seen: [String] = []
            let order = try store.scanTrials(runID: run, names: { names, _ in #expect(names == ["time_s", "errors"]) }) { row in
                seen.append("\(row.string(.key)) r\(row.replication) \(row.metric(0).map { "\($0)" } ?? "-") \(row.metric(1).map { "\($0)" } ?? "-")")
                #expect(row.string(.group) == "novice" && row.string(.taskLabel) == "top → bottom")
            }
            let expected = try store.reader.read { db in try Row.fetchAll(db, sql: "SELECT key, replication, time_s, errors FROM trial WHERE run_id = ?", arguments: [run]) }
                .sorted { Array(($0["key"] as String).utf8).lexicographicallyPrecedes(Array(($1["key"] as String).utf8)) }
                .map { "\($0["key"] as String) r\($0["replication"] as Int64) \(($0["time_s"] as Double?).map { "\($0)" } ?? "-") \(($0["errors"] as Double?).map { "\($0)" } ?? "-")" }
            #expect(order.map { seen[Int($0)] } == expected)
        }
        // Found by key through the indexes as the view finds it by text: plan keys, odd keys, unknown keys.
        let keys = try store.reader.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT key FROM trial") } + ["q/nobody/phone/p1/t1/r1", "q/a/phone/p1/t1/r01"]
        #expect(keys.contains { $0.hasPrefix("odd/") })
        for key in keys {
            let byText = try store.reader.read { db in
                try Row.fetchAll(db, sql: "SELECT run_id, id FROM trial WHERE key = ? ORDER BY run_id, id", arguments: [key]).map { "\($0[0] as Int64)/\($0[1] as Int64)" }
            }
            #expect(try store.trialLocations(key: key).map { "\($0.runID)/\($0.trialID)" } == byText, "\(key)")
        }
    }

    @Test("trials read by id, a run's keys, and the metrics it recorded are what the trial view holds (v4 and v5)")
    func readByID() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for version in ["v4: metrics as columns of trial", nil] {
            let path = dir.appendingPathComponent("\(version == nil ? "v5" : "v4").sqlite").path
            let queue = try Self.database(path, upTo: version, runs: 2)
            try queue.write { db in
                try MetricColumns.ensure(["late", "never"], in: db)
                try Self.insertTrials(db, run: 1)
                try Self.insertTrials(db, run: 2, oddKeys: true)
                // `late` only in run 2, `never` in no run.
                try db.execute(sql: "UPDATE \(try TrialRows.rowTable(db)) SET \(MetricColumns.quoted(try MetricColumns.load(db).first { $0.name == "late" }!.column)) = replication * 0.5 WHERE run_id = 2 AND replication > 2")
            }
            try queue.close()
            let store = try RunStore(readingFrom: path)
            #expect(try store.recordedMetricNames(runID: 1) == ["errors", "time_s"])
            #expect(try store.recordedMetricNames(runID: 2) == ["errors", "late", "time_s"])
            #expect(try store.recordedMetricNames(runID: 3) == [])
            for run: Int64 in [1, 2] {
                let rows = try store.reader.read { db in try Row.fetchAll(db, sql: "SELECT * FROM trial WHERE run_id = ?", arguments: [run]) }
                let other = try store.reader.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM trial WHERE run_id <> ?", arguments: [run])! }
                let ids = rows.map { $0["id"] as Int64 }.reversed() + [other]
                var names: [String] = [], seen: [[String: String]] = []
                try store.readTrials(runID: run, Array(ids), names: { names = $0 }) { t in
                    var fields = ["key": t.string(.key), "strategy": t.string(.strategy), "device": t.string(.device),
                                  "participant": t.string(.participant), "participant_group": t.string(.group), "task": t.string(.task),
                                  "task_label": t.string(.taskLabel), "replication": "\(t.replication)"]
                    for (i, name) in names.enumerated() { fields[name] = t.metric(i).map { "\($0)" } ?? "-" }
                    seen.append(fields)
                }
                #expect(names == ["time_s", "errors", "late", "never"], "\(path)")
                let expected = rows.reversed().map { row -> [String: String] in
                    var fields: [String: String] = [:]
                    for column in ["key", "strategy", "device", "participant", "participant_group", "task", "task_label"] { fields[column] = row[column] }
                    fields["replication"] = "\(row["replication"] as Int64)"
                    for name in names { fields[name] = (row[name] as Double?).map { "\($0)" } ?? "-" }
                    return fields
                }
                #expect(seen == expected, "\(path) run \(run)")
                #expect(try store.finishedKeys(runID: run) == Set(rows.map { $0["key"] as String }))
            }
        }
    }

    @Test("v5 shards merge code to code: the merged trials, keys, metrics and traces are the shards'")
    func merge() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var shards: [String] = []
        var expected: [Row] = [], traces: [Row] = []
        for (i, participants) in [["p1", "p10"], ["p2", "p3"]].enumerated() {
            let path = dir.appendingPathComponent("s\(i).sqlite").path
            let queue = try Self.database(path)
            try queue.write { db in
                // A shard's own first-seen level ids differ from the other's.
                if i == 1 { try db.execute(sql: "INSERT INTO level (value) VALUES ('unused'), ('p3')") }
                try Self.insertTrials(db, run: 1, oddKeys: i == 1, participants: participants)
                try db.execute(sql: "UPDATE run SET shard_index = ?, shard_count = 2", arguments: [i + 1])
                try db.execute(sql: "INSERT INTO event (trial_id, seq, t, kind, detail) VALUES ((SELECT id FROM trial_row ORDER BY id LIMIT 1 OFFSET 4), 0, 0.25, 'touch', ?)", arguments: ["shard \(i)"])
                expected += try Row.fetchAll(db, sql: "SELECT key, strategy, device, participant, participant_group, task, task_label, replication, seed, time_s, errors FROM trial")
                traces += try Row.fetchAll(db, sql: "SELECT key, seq, t, kind, detail FROM trace")
            }
            try queue.close()
            shards.append(path)
        }
        let merged = dir.appendingPathComponent("merged.sqlite").path
        #expect(try ShardMerge.merge(inputs: shards, output: merged, allowPartial: true, catalog: .standard).trials == expected.count)
        try DatabaseQueue(path: merged).read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT key, strategy, device, participant, participant_group, task, task_label, replication, seed, time_s, errors FROM trial")
            #expect(rows.sorted { ($0["key"] as String) < ($1["key"] as String) } == expected.sorted { ($0["key"] as String) < ($1["key"] as String) })
            #expect(Set(try Row.fetchAll(db, sql: "SELECT key, seq, t, kind, detail FROM trace")) == Set(traces))
            // Rows made through the view have no plan index: merged, their keys are text, kept unique by its index.
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM trial_row WHERE key <> ''") == expected.count)
        }
    }

    @Test("a factor code that names no level is an error that says so, not a crash")
    func unknownLevel() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("v5.sqlite").path
        let queue = try Self.database(path)
        try queue.write { db in
            try Self.insertTrials(db, run: 1)
            try db.execute(sql: "UPDATE trial_row SET device = 999 WHERE id = (SELECT id FROM trial_row ORDER BY id LIMIT 1 OFFSET 6)")
        }
        try queue.close()
        let store = try RunStore(readingFrom: path)
        #expect { try store.scanTrials(runID: 1, names: { _, _ in }) { _ in } } throws: { "\($0)".contains("names no row of `level`") }
    }
}
