import Foundation
import Harness

/// What `refine check` found, whole: the verdict, both sides' seeds and people, whether they were
/// paired, what makes the comparison weaker than it looks, every finding, and the command that
/// accepts the change. Printed, written as JSON (`--json`), JUnit XML (`--junit`) and Markdown (`--summary`).
public struct CheckReport: Sendable, Encodable {
    /// One side of the check: the baseline's reference run or the run checked.
    public struct Side: Sendable, Encodable {
        public var run: String
        public var seed: String
        public var specSHA256: String
        /// People who gave a gated value.
        public var participants: Int
    }

    public var experiment: String
    public var spec: String
    public var baselineFile: String
    /// "pass" or "regression".
    public var verdict: String
    public var regressions: Int
    public var baseline: Side
    public var current: Side
    /// True when every finding was resampled in pairs (the same people on both sides).
    public var paired: Bool
    /// Why the check is weaker than it looks, or not like for like (empty when neither).
    public var warnings: [String]
    public var findings: [GateFinding]
    /// The command that makes this run the baseline, when the change is meant.
    public var accept: String

    public init(experiment: ExperimentSpec, specPath: String, baselineFile: String, base: Baseline,
                run: RunRecord, runParticipants: Int, findings: [GateFinding], accept: String) {
        self.experiment = experiment.name
        spec = specPath
        self.baselineFile = baselineFile
        regressions = findings.filter { $0.verdict == .regression }.count
        verdict = regressions == 0 ? "pass" : "regression"
        let people = Set(base.values.values.flatMap { $0.values.flatMap(\.participantIDs) }).count
        baseline = Side(run: base.run["id"] ?? "?", seed: base.seed, specSHA256: base.specSHA256, participants: people)
        current = Side(run: String(run.id), seed: run.seed, specSHA256: run.specSHA256, participants: runParticipants)
        paired = !findings.isEmpty && findings.allSatisfy(\.paired)
        var warnings: [String] = []
        if !paired {
            warnings.append("unpaired: the baseline (seed \(base.seed)) and this run (seed \(run.seed)) met different "
                + "people, so each interval is wider and a small regression can pass; "
                + "check a run of the baseline's seed")
        }
        if people != runParticipants {
            warnings.append("population: the baseline has \(people) people, this run \(runParticipants); "
                + "a check compares like with like only on the same population")
        }
        if base.specSHA256 != run.specSHA256 {
            warnings.append("spec: this run was made from another spec than the baseline's (SHA-256 "
                + "\(run.specSHA256.prefix(12))… vs \(base.specSHA256.prefix(12))…): "
                + "tasks, devices, limits or people "
                + "may differ as well as the code")
        }
        self.warnings = warnings
        self.findings = findings.sorted { ($0.verdict == .regression ? 0 : 1, $0.strategy, $0.metric)
            < ($1.verdict == .regression ? 0 : 1, $1.strategy, $1.metric) }
        self.accept = accept
    }

    /// The lines `refine check` prints.
    public var lines: [String] {
        var out = ["check \(experiment): run \(current.run) against \(baselineFile) (baseline run \(baseline.run)); "
                   + (paired ? "paired: the same \(current.participants) people" : "unpaired")]
        out += warnings.map { "warning: \($0)" }
        for f in findings {
            let mark = f.verdict == .regression ? "REGRESSION" : f.verdict == .improvement ? "improved" : "ok"
            out.append("  \(mark.padding(toLength: 10, withPad: " ", startingAt: 0)) \(f.strategy) \(f.metric): "
                + "\(f.statistic) \(formatNumber(f.baseline)) → \(formatNumber(f.change)), change "
                + "\(formatEstimate(f.difference, digits: 3))\(f.paired ? " paired" : ""), allowed "
                + "\(f.worse == .higher ? "+" : "-")\(formatNumber(f.allowance))")
        }
        if regressions == 0 {
            out.append("pass")
        } else {
            out.append("\(regressions) regression(s). If the change is meant, accept it: `\(accept)` and commit the "
                + "baseline (then `refine calibrate \(spec) --record`); if not, the findings above say where to look.")
        }
        return out
    }

    /// JUnit XML: one test case per strategy and metric, a failure per regression.
    public var junit: String {
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<!-- written by refine check -->",
                   "<testsuites name=\"refine check\" tests=\"\(findings.count)\" failures=\"\(regressions)\">",
                   "  <testsuite name=\"\(Self.escape(experiment))\" tests=\"\(findings.count)\" "
                   + "failures=\"\(regressions)\" errors=\"0\">"]
        if !warnings.isEmpty {
            let text = warnings.map { "warning: \($0)" }.joined(separator: "\n")
            xml.append("    <system-out>\(Self.escape(text))</system-out>")
        }
        for f in findings {
            let name = "\(f.strategy) \(f.metric)"
            let head = "    <testcase classname=\"\(Self.escape(experiment))\" name=\"\(Self.escape(name))\""
            if f.verdict == .regression {
                xml += [head + ">",
                        "      <failure message=\"\(Self.escape(Self.sentence(f)))\">"
                        + "\(Self.escape("accept if meant: \(accept)"))</failure>",
                        "    </testcase>"]
            } else {
                xml.append(head + "/>")
            }
        }
        xml += ["  </testsuite>", "</testsuites>"]
        return xml.joined(separator: "\n") + "\n"
    }

    /// A Markdown summary for a pull request: the verdict, failures first with their size and
    /// interval, the warnings, and the command that accepts the change.
    public var markdown: String {
        var md = ["<!-- refine check summary -->",
                  "### refine check \(experiment): \(regressions == 0 ? "pass" : "\(regressions) regression(s)")", "",
                  "Run \(current.run) (seed \(current.seed), \(current.participants) people) against `\(baselineFile)` "
                  + "(run \(baseline.run), seed \(baseline.seed), \(baseline.participants) people), "
                  + (paired ? "paired." : "**unpaired**."), ""]
        md += warnings.map { "> **Warning:** \($0)" }
        if !warnings.isEmpty { md.append("") }
        md += ["| | strategy | metric | baseline | this run | change (interval) | allowed |",
               "|---|---|---|---|---|---|---|"]
        for f in findings {
            let mark = f.verdict == .regression ? "❌ regression"
                : f.verdict == .improvement ? "✅ improved" : "✅ ok"
            md.append("| \(mark) | \(f.strategy) | \(f.metric) (\(f.statistic)) | \(formatNumber(f.baseline)) | "
                + "\(formatNumber(f.change)) | \(formatEstimate(f.difference, digits: 3)) | "
                + "\(f.worse == .higher ? "+" : "-")\(formatNumber(f.allowance)) |")
        }
        if regressions > 0 {
            md += ["", "If the change is meant, accept it and commit the new baseline:", "", "```sh", accept, "```"]
        }
        return md.joined(separator: "\n") + "\n"
    }

    /// "nearest-corner settle_time_s: median 0.42 → 1.3, change +0.88 [0.8, 0.95] beyond the allowed +0.05".
    static func sentence(_ f: GateFinding) -> String {
        "\(f.strategy) \(f.metric): \(f.statistic) \(formatNumber(f.baseline)) → \(formatNumber(f.change)), change "
            + "\(formatEstimate(f.difference, digits: 3)) beyond the allowed \(f.worse == .higher ? "+" : "-")"
            + formatNumber(f.allowance)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

extension BaselineSample {
    /// The people who gave this sample's values (each once).
    var participantIDs: [String] {
        switch self {
        case .values(let v): Array(Set(v.participants))
        case .sketches(let participants, _): participants
        }
    }
}
