import Foundation
import Testing

/// Issue 17's test: a report's peak memory is bounded by participants ×
/// strategies × metrics, not by trials, so ten times the replications at the
/// same people must not cost the report ten times the memory, nor much more at
/// all. Measured as a user would see it: `refine report --json`'s peak resident
/// memory (the process's own high-water mark, `PeakMemory`).
@Suite("refine report, memory against trials")
struct ReportMemoryTests {
    /// Runs and reports the CLI's PIP spec for 2 people at `replications`:
    /// the report's `--json` summary.
    static func report(replications: Int, in dir: URL) throws -> [String: Any] {
        let spec = try writeSpec(dir, participants: 2, name: "pip-\(replications).yaml", replace: ("seed: 11", "seed: 11\nreplications: \(replications)"))
        let db = dir.appendingPathComponent("r\(replications).sqlite").path
        let run = try CLI.run(["run", spec.path, "--db", db])
        try #require(run.status == 0, "\(run.stderr)")
        let report = try CLI.run(["report", spec.path, "--db", db, "--out", dir.appendingPathComponent("report-\(replications)").path, "--json"])
        try #require(report.status == 0, "\(report.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    }

    @Test("report memory at 200 replications is within 10% of that at 20 (same 2 people, 10 times the trials)")
    func flatInReplications() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let few = try Self.report(replications: 20, in: dir), many = try Self.report(replications: 200, in: dir)
        let (trialsFew, trialsMany) = (try #require(few["trials"] as? Int), try #require(many["trials"] as? Int))
        #expect(trialsMany == 10 * trialsFew)
        let (peakFew, peakMany) = (try #require(few["peakResidentMB"] as? Double), try #require(many["peakResidentMB"] as? Double))
        #expect(peakFew > 1, "a peak was read")
        // PIP's sections read selections summarised in the pass (`Question.reportSections`), so its
        // report loads no trial store; the rest is the replay picks' exact phase and sketches' buckets.
        #expect(peakMany <= peakFew * 1.1, "\(peakMany) MB at \(trialsMany) trials against \(peakFew) MB at \(trialsFew)")
    }
}
