import Foundation
import Testing

/// Every question's report on the smallest runs it can meet (issue 43): a completed run with
/// no trials (an empty shard), a run of one person, and one whose every trial is cut off. Each must report (exit 0), saying what
/// it cannot estimate, never stopping on a precondition. Through the built executable.
@Suite("refine report, every question on empty and one-person runs")
struct EveryReportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let specs = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Experiments").path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted()

    /// `name`'s spec with its population cut to one person, in `dir/specs/` beside a link to Data/
    /// (photo paths are relative to the spec's folder, as `../Data/photos/…`). `censored`: every
    /// trial is cut off at once (0.1 s, one attempt), so no time to effect is ever observed.
    func onePersonSpec(_ name: String, in dir: URL, censored: Bool = false) throws -> URL {
        let specs = dir.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let data = dir.appendingPathComponent("Data")
        if !FileManager.default.fileExists(atPath: data.path) {
            try FileManager.default.createSymbolicLink(at: data, withDestinationURL: Self.root.appendingPathComponent("Data"))
        }
        var lines = try String(contentsOf: Self.root.appendingPathComponent("Experiments/\(name)"), encoding: .utf8)
            .components(separatedBy: "\n")
        let population = try #require(lines.firstIndex(of: "population:"))
        let people = try #require(lines[population...].firstIndex { $0.hasPrefix("  participants:") })
        lines[people] = "  participants: 1"
        if censored {
            if let limits = lines.firstIndex(of: "limits:") {
                let end = lines[(limits + 1)...].firstIndex { !$0.hasPrefix("  ") } ?? lines.endIndex
                lines.removeSubrange(limits..<end)
            }
            lines += ["limits:", "  time_limit_s: 0.1", "  max_attempts: 1"]
        }
        let url = specs.appendingPathComponent(censored ? "censored-" + name : name)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("an empty shard, a one-person run and an all-censored run of every spec report with exit 0", arguments: specs)
    func smallestRunsReport(_ name: String) throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try onePersonSpec(name, in: dir).path
        var empty: Int?
        for i in 1...64 {
            let r = try CLI.run(["run", spec, "--db", "empty.sqlite", "--shard", "\(i)/64", "--json", "--quiet"], in: dir)
            #expect(r.status == 0, "\(name): \(r.stderr)")
            if r.stdout.contains("\"planned\" : 0") { empty = i; break }
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("empty.sqlite"))
        }
        #expect(empty != nil, "\(name): no empty shard among 64")
        let report = try CLI.run(["report", spec, "--db", "empty.sqlite", "--out", "empty"], in: dir)
        #expect(report.status == 0, "\(name), empty shard: \(report.stderr)")
        let md = (try? String(contentsOf: dir.appendingPathComponent("empty/report.md"), encoding: .utf8)) ?? ""
        #expect(md.contains("holds no trials"), "\(name)")

        let run = try CLI.run(["run", spec, "--db", "one.sqlite", "--quiet"], in: dir)
        #expect(run.status == 0, "\(name), one person: \(run.stderr)")
        let one = try CLI.run(["report", spec, "--db", "one.sqlite", "--out", "one"], in: dir)
        #expect(one.status == 0, "\(name), one person: \(one.stderr)")

        // All censored: nobody reaches the goal in any trial.
        let censored = try onePersonSpec(name, in: dir, censored: true).path
        let cut = try CLI.run(["run", censored, "--db", "censored.sqlite", "--quiet"], in: dir)
        #expect(cut.status == 0, "\(name), all censored: \(cut.stderr)")
        let none = try CLI.run(["report", censored, "--db", "censored.sqlite", "--out", "censored"], in: dir)
        #expect(none.status == 0, "\(name), all censored: \(none.stderr)")
    }
}
