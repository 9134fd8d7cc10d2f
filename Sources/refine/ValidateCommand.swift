import ArgumentParser
import Foundation
import Harness
import Questions
import Reports
import UserModels

/// What `refine validate --json` prints.
struct ValidationFigures: Encodable {
    var checks: [LawCheck]
    var replications: [FindingScore]
    var tally: ReplicationReport.Tally
}

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that the simulated users reproduce published human-performance laws.",
        discussion: """
            ISO 9241-9 multidirectional tapping (effective throughput), the Fitts regression, hit rate against \
            target size (the dual-Gaussian prediction, and 44 pt on a phone), the Hick–Hyman slope and the \
            visual-search slopes; the speed–accuracy pattern of taps (error rate and effective width against size), \
            the steering law for constrained drags, the learning curve of the editing agent over repeated trials, \
            and name invariance (an experiment run twice, every strategy relabelled the second time, must give the \
            same metrics bit for bit). Each check is labelled emergent, partly emergent or restates an input. \
            Writes a report with each law's published line and the models' points; exits 1 if a figure leaves its \
            documented band.
            """)

    @Option(help: "Simulated participants.")
    var participants: Int = 16

    @Option(help: "Seed.")
    var seed: UInt64 = 9241

    @Option(help: "Report folder.")
    var out: String = "Reports/validation"

    @Option(
        name: .customLong("invariance-spec"),
        help: "Spec for the name-invariance check (default: a small built-in PIP spec).")
    var invarianceSpec: String?

    @Flag(help: "Also re-run the published studies in --replications-folder and score their findings.")
    var replications = false

    @OptionGroup var replicationOptions: ReplicationOptions

    @Option(
        help: """
            With --replications: also fit the parameters these settings name and report leave-one-study-out agreement.
            """)
    var fit: String?

    @Flag(help: "Print the figures as JSON.")
    var json = false

    func validate() throws {
        guard fit == nil || replications else { throw ValidationError("--fit needs --replications") }
    }

    func run() throws {
        try reportingErrors {
            guard participants >= 2 else { throw InputError("--participants: expected at least 2") }
            let inputs = [invarianceSpec, fit].compactMap { $0 }
            try StagedFolder.claim(URL(fileURLWithPath: out), inputs: inputs)
            announce(Leftovers.clean(for: out, hidden: true))
            let subject =
                try invarianceSpec.map { try SpecLoader.load(path: $0, catalog: .standard) }
                ?? SpecLoader.parse(NameInvariance.defaultSpec, file: "name-invariance.yaml", catalog: .standard)
            let checks =
                ValidationSuite(participants: participants, seed: seed).run()
                + [try NameInvariance.check(spec: subject, jobs: 2)]
            let suite = try replications ? replicationOptions.suite(seed: seed) : nil
            let fitted = try fit.map { try replicationOptions.fit(suite!, settings: $0) }
            // A fit scores the catalogue too: its scorecard is the one reported.
            let scores = try fitted?.catalogue ?? suite?.score()
            try ValidationReport.write(
                checks, replications: scores, fit: fitted, participants: participants,
                seed: seed, to: URL(fileURLWithPath: out))
            if json {
                // Without replications, the array of checks as before; with them, an object holding both.
                if let scores {
                    try printJSON(
                        ValidationFigures(
                            checks: checks, replications: scores,
                            tally: ReplicationReport.Tally(scores)))
                } else {
                    try printJSON(checks)
                }
            } else {
                for c in checks {
                    print("\(c.passed ? "pass" : "FAIL")  \(c.id) [\(c.origin.rawValue)] — \(c.originReason)")
                    for f in c.figures {
                        print(
                            "  \(f.passed ? "pass" : "FAIL")  \(c.id) \(f.name) "
                                + "= \(formatNumber(f.value, digits: 4))  (band \(formatNumber(f.lower, digits: 4)) "
                                + "… \(formatNumber(f.upper, digits: 4)))"
                        )
                    }
                }
                for s in scores ?? [] {
                    let mark = s.agrees ? "pass" : s.regressed ? "FAIL" : "known"
                    print("\(mark)  \(s.study): \(s.finding) — \(s.status)")
                }
                if let scores { print("replications: \(ReplicationReport.Tally(scores).sentence)") }
                if let fitted { print(fitted.headline) }
                print("report: \(out)/index.html")
            }
            let regressed = scores?.filter(\.regressed) ?? []
            if !regressed.isEmpty {
                notice(
                    "\(regressed.count) replicated finding(s) no longer agree: "
                        + regressed.map { "\($0.study): \($0.finding)" }.joined(separator: ", ")
                        + ". Fix the model, or record each as known: disagrees with a why in its replication file.")
            }
            if checks.contains(where: { !$0.passed }) || !regressed.isEmpty { throw ExitCode(ExitCodes.checkFailed) }
        }
    }
}
