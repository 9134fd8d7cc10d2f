import Foundation
import GRDB
@testable import Harness
@testable import Questions
import Reports
import Testing

@Suite("Sharding and merging")
struct MergeTests {
    func metrics(_ path: String) throws -> [String: Double] {
        let store = try RunStore(readingFrom: path)
        return try store.reader.read { db in
            var out: [String: Double] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, metric, value FROM trial_metric") {
                out["\(row["key"] as String)#\(row["metric"] as String)"] = row["value"]
            }
            return out
        }
    }

    func runShard(_ spec: ExperimentSpec, _ shard: Shard, _ path: String) throws {
        let store = try RunStore(path: path)
        _ = try ExperimentRunner.run(spec: spec, store: store, options: RunOptions(jobs: 1, shard: shard))
        // Closed before anything reads the file: its checkpointer may still hold it.
        try store.close()
    }

    @Test("four shards merged equal a one-machine run, metric for metric")
    func mergeEqualsWhole() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try parse(smallSpec(extra: "replications: 2"))
        let whole = dir.appendingPathComponent("whole.sqlite").path
        try runShard(spec, .whole, whole)
        let shards = try (1...4).map { i -> String in
            let p = dir.appendingPathComponent("s\(i).sqlite").path
            try runShard(spec, Shard(index: i, count: 4), p)
            return p
        }
        let merged = dir.appendingPathComponent("merged.sqlite").path
        let summary = try ShardMerge.merge(inputs: shards, output: merged, catalog: .standard)
        #expect(summary.trials == TrialPlan(spec: spec).trials.count)
        let a = try metrics(whole), b = try metrics(merged)
        #expect(!a.isEmpty && a == b)
        // Ids are the run and the plan index (`TrialIdentity`): the merged run's are the
        // one-machine run's, every trial in the plan's half of the range, keys not stored.
        func ids(_ path: String) throws -> [Row] {
            try RunStore(readingFrom: path).reader.read { db in try Row.fetchAll(db, sql: "SELECT id, key FROM trial ORDER BY id") }
        }
        #expect(try ids(whole) == ids(merged))
        let plan = TrialPlan(spec: spec).trials.map(\.key)
        #expect(try ids(merged).map { $0["id"] as Int64 } == plan.indices.map { 1 << 40 | Int64($0) })
        #expect(try ids(merged).map { $0["key"] as String } == plan)
        let run = try RunStore(readingFrom: merged).runs().first!
        #expect(run.status == "completed" && run.shardCount == 1 && run.finishedTrials == summary.trials)
    }

    @Test("merging refuses mismatched seeds, duplicate shards and missing shards, and writes nothing")
    func refusals() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try parse(smallSpec())
        let s1 = dir.appendingPathComponent("s1.sqlite").path, s2 = dir.appendingPathComponent("s2.sqlite").path
        try runShard(spec, Shard(index: 1, count: 2), s1)
        try runShard(spec, Shard(index: 2, count: 2), s2)
        var other = spec
        other.seed = 8
        let wrongSeed = dir.appendingPathComponent("seed.sqlite").path
        try runShard(other, Shard(index: 2, count: 2), wrongSeed)
        let out = dir.appendingPathComponent("out.sqlite").path
        func refusal(_ inputs: [String]) -> String? {
            do { _ = try ShardMerge.merge(inputs: inputs, output: out, catalog: .standard); return nil } catch let e as StoreError { return e.message } catch { return "\(error)" }
        }
        #expect(refusal([s1, wrongSeed])?.contains("seed") == true)
        #expect(refusal([s1, s1])?.contains("also in") == true)
        #expect(refusal([s1])?.contains("missing") == true)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).allSatisfy { !$0.contains("partial") })
        #expect(refusal([s1, s2]) == nil)
        #expect(refusal([s1, s2])?.contains("already exists") == true)
    }
}
