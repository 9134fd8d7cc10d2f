import Foundation
import GRDB
@testable import Harness
@testable import Questions
@testable import Reports
import Testing
import UserModels

/// Every run stores the SHA-256 of the user model its people were drawn from (schema v7), so runs made under
/// another parameter catalogue are neither resumed, nor merged, nor reported together with this one's.
@Suite("Runs remember the user model their people came from")
struct ModelFingerprintTests {
    /// Marks run `id` of the database at `path` as drawn from another catalogue, as an older refine would have.
    func pretendOtherModel(_ path: String, run id: Int64, model: String = "older") throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "UPDATE run SET model_sha256 = ? WHERE id = ?", arguments: [model, id]) }
        try queue.close()
    }

    @Test("the description names every catalogued parameter once and every ablation; a run stores its hash")
    func stored() throws {
        let lines = ModelDescription.text.split(separator: "\n")
        for def in ParameterCatalog.all {
            #expect(lines.filter { $0.hasPrefix(def.path + " ") }.count == 1, "\(def.path)")
        }
        #expect(lines.filter { $0.hasPrefix("ablate ") }.count == Ablation.allCases.count)
        #expect(Provenance.modelSHA256.count == 64)
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("r.sqlite").path
        let store = try RunStore(path: path)
        _ = try ExperimentRunner.run(spec: try parse(smallSpec()), store: store, options: RunOptions(jobs: 1))
        try store.close()
        #expect(try RunStore(readingFrom: path).runs().map(\.modelSHA256) == [Provenance.modelSHA256])
    }

    @Test("an interrupted run drawn from another catalogue is not resumed")
    func noMixedResume() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("r.sqlite").path, spec = try parse(smallSpec())
        let store = try RunStore(path: path)
        let id = try store.beginRun(
            spec: spec, provenance: Provenance.current(gitDirectory: dir), shard: .whole, jobs: 1, trace: false,
            plannedTrials: 10)
        try store.finish(runID: id, status: "interrupted")
        #expect(try store.resumableRun(spec: spec, shard: .whole)?.id == id)
        try store.close()
        try pretendOtherModel(path, run: id)
        let reopened = try RunStore(path: path)
        #expect(try reopened.resumableRun(spec: spec, shard: .whole) == nil)
        try reopened.close()
    }

    @Test("a report will not set a sweep drawn from another catalogue against the main run, and says what to re-run")
    func noMixedReport() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("r.sqlite").path, spec = try parse(smallSpec())
        let store = try RunStore(path: path)
        _ = try ExperimentRunner.run(spec: spec, store: store, options: RunOptions(jobs: 1))
        var options = RunOptions(jobs: 1)
        options.variant = "motor.fitts_a_s=0.2"
        let sweep = try ExperimentRunner.run(spec: spec, store: store, options: options)
        #expect(try ResultSet.latestVariantRuns(of: spec, in: store) { _ in true }.count == 1)
        try store.close()
        try pretendOtherModel(path, run: sweep.runID)
        let reading = try RunStore(readingFrom: path)
        #expect {
            try ResultSet.latestVariantRuns(of: spec, in: reading) { _ in true }
        } throws: { error in
            let said = "\(error)"
            return error is ReportError && said.contains("another user model")
                && said.contains("refine sensitivity test.yaml")
        }
        // The other way round (sweeps run again by a newer refine, the main run not): the main run is run again.
        try pretendOtherModel(path, run: sweep.runID, model: Provenance.modelSHA256)
        try pretendOtherModel(path, run: 1)
        #expect {
            try ResultSet.latestVariantRuns(of: spec, in: try RunStore(readingFrom: path)) { _ in true }
        } throws: { "\($0)".contains("run `refine run test.yaml`") }
    }

    @Test("shards whose people came from different catalogues are not merged")
    func noMixedMerge() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try parse(smallSpec())
        let shards = try (1...2).map { i -> String in
            let p = dir.appendingPathComponent("s\(i).sqlite").path
            let store = try RunStore(path: p)
            _ = try ExperimentRunner.run(spec: spec, store: store, options: RunOptions(jobs: 1, shard: Shard(index: i, count: 2)))
            try store.close()
            return p
        }
        try pretendOtherModel(shards[1], run: 1)
        let out = dir.appendingPathComponent("merged.sqlite").path
        #expect {
            try ShardMerge.merge(inputs: shards, output: out, catalog: .standard)
        } throws: { "\($0)".contains("another user model") }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
