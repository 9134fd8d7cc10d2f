import Foundation
import Testing

/// Issue 44: a gate's calibration is kept beside its baseline and re-proved only when its
/// spec or baseline changes; CI's step (`refine calibrate --ci`) fails on a missing or stale
/// record. Through the built executable, on a 24-trial gated spec.
@Suite("refine calibrate: kept records", .serialized)
struct CalibrationRecordTests {
    let fm = FileManager.default

    func project() throws -> URL {
        let dir = temporaryDirectory()
        try fm.createDirectory(at: dir.appendingPathComponent("Experiments"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("Data/baselines"), withIntermediateDirectories: true)
        let gate = "gate:\n  metrics:\n    time_to_effect_s: {worse: higher, relative: 0.1}\n"
        try tinySpec("kept", extra: gate)
            .write(to: dir.appendingPathComponent("Experiments/kept.yaml"), atomically: true, encoding: .utf8)
        let b = try CLI.run(["baseline", "update", "Experiments/kept.yaml"], in: dir)
        #expect(b.status == 0, "\(b.stderr)")
        return dir
    }

    let ci = ["calibrate", "--ci", "--pairs", "2", "--power", "0", "--reprove", "0123abcd"]

    @Test("missing → recorded → fresh and re-proved; a changed baseline or a planted stale record fails CI's step")
    func keptRecords() throws {
        let dir = try project()
        defer { try? fm.removeItem(at: dir) }
        let missing = try CLI.run(ci, in: dir)
        #expect(missing.status == 1 && missing.stdout.contains("kept: record missing"), "\(missing.stdout)\(missing.stderr)")

        let made = try CLI.run(["calibrate", "Experiments/kept.yaml", "--pairs", "2", "--power", "0", "--record"], in: dir)
        #expect(made.status == 0, "\(made.stdout)\(made.stderr)")
        let recordURL = dir.appendingPathComponent("Data/baselines/kept.calibration.json")
        #expect(fm.fileExists(atPath: recordURL.path))

        let status = try CLI.run(["calibrate", "--status"], in: dir)
        #expect(status.status == 0 && status.stdout.contains("fresh"), "\(status.stdout)\(status.stderr)")
        let fresh = try CLI.run(ci, in: dir)
        #expect(fresh.status == 0 && fresh.stdout.contains("re-proved kept"), "\(fresh.stdout)\(fresh.stderr)")
        #expect(!fresh.stdout.contains("DISAGREES"))

        // A planted stale record: made for another spec text.
        let original = try String(contentsOf: recordURL, encoding: .utf8)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(original.utf8)) as? [String: Any])
        object["spec_sha256"] = String(repeating: "0", count: 64)
        try JSONSerialization.data(withJSONObject: object).write(to: recordURL)
        let stale = try CLI.run(ci, in: dir)
        #expect(stale.status == 1 && stale.stdout.contains("record stale: the spec changed"), "\(stale.stdout)\(stale.stderr)")

        // A changed baseline makes the (otherwise right) record stale too.
        try original.write(to: recordURL, atomically: true, encoding: .utf8)
        let baseline = dir.appendingPathComponent("Data/baselines/kept.json")
        try (try String(contentsOf: baseline, encoding: .utf8) + "\n").write(to: baseline, atomically: true, encoding: .utf8)
        let changed = try CLI.run(ci, in: dir)
        #expect(changed.status == 1 && changed.stdout.contains("the baseline changed"), "\(changed.stdout)\(changed.stderr)")
    }
}
