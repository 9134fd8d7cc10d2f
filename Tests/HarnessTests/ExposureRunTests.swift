import Foundation
import GRDB
@testable import Harness
@testable import Questions
import Reports
import Testing

@Suite("The exposure question end to end")
struct ExposureRunTests {
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/photos").path

    func spec(goal: String = "{shadows: 0.7}", participants: Int = 2, ablate: String = "[]") -> String {
        """
        name: exposure-test
        question: exposure
        seed: 3
        devices: [ipad-pro-12.9-landscape, iphone-15-portrait]
        strategies: [six-sliders, exposure-control, on-image]
        population: {participants: \(participants), ablate: \(ablate)}
        tasks:
          - id: rocket
            photo: \(Self.photos)/rocket.png
            goal: \(goal)
        limits: {time_limit_s: 40, max_attempts: 30}
        """
    }

    @Test("trials run through the real engine, deterministically, with their photos' SHA-256 in the provenance")
    func runs() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try SpecLoader.parse(spec(), file: dir.appendingPathComponent("e.yaml").path, catalog: .standard)
        let store = try RunStore(path: dir.appendingPathComponent("e.sqlite").path)
        let a = try ExperimentRunner.run(spec: s, store: store, options: RunOptions(jobs: 1, trace: true))
        let b = try ExperimentRunner.run(spec: s, store: store, options: RunOptions(jobs: 2))
        let rows = try store.reader.read { db in
            try Row.fetchAll(db, sql: "SELECT run_id, key, metric, value FROM trial_metric ORDER BY key, metric")
        }
        let first = rows.filter { $0["run_id"] == a.runID }.map { "\($0["key"] as String)#\($0["metric"] as String)=\($0["value"] as Double)" }
        let second = rows.filter { $0["run_id"] == b.runID }.map { "\($0["key"] as String)#\($0["metric"] as String)=\($0["value"] as Double)" }
        #expect(first.count > 0 && first == second)
        #expect(rows.contains { ($0["metric"] as String) == "final_delta_e00" })
        let files = try store.reader.read { try Row.fetchAll($0, sql: "SELECT path, sha256 FROM data_file WHERE run_id = ?", arguments: [a.runID]) }
        #expect(files.count == 1 && (files[0]["path"] as String).hasSuffix("rocket.png") && (files[0]["sha256"] as String).count == 64)
        let kinds = try store.reader.read { try String.fetchAll($0, sql: "SELECT DISTINCT kind FROM trace WHERE run_id = ?", arguments: [a.runID]) }
        #expect(Set(kinds).isSuperset(of: ["read", "perceive", "decide", "touch", "learn"]))
    }

    @Test("a goal the photo already meets is refused with the task's field")
    func trivialGoal() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("e.yaml").path
        try spec(goal: "{shadows: 0.01}").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SpecError.self) { try SpecLoader.load(path: path, catalog: .standard) }
        try spec(goal: "{shadow: 0.5}").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SpecError.self) { try SpecLoader.load(path: path, catalog: .standard) }
    }

    @Test("people watch the photo while a drag moves and take some drags back; switched off (closed_loop), none")
    func watchedDrags() throws {
        func corrected(_ ablate: String) throws -> [Double] {
            let s = try SpecLoader.parse(
                spec(participants: 6, ablate: ablate), file: "e.yaml", catalog: .standard)
            return try ExperimentRunner.simulate(spec: s, jobs: 2)
                .compactMap { $0.outcome.metrics.first { $0.name == "corrected_drags" }?.value }
        }
        let watched = try corrected("[]"), blind = try corrected("[closed_loop]")
        #expect(!watched.isEmpty && watched.count == blind.count)
        #expect(blind.allSatisfy { $0 == 0 })
        #expect(watched.reduce(0, +) > 0)
    }
}
