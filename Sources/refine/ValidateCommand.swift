import ArgumentParser
import Foundation
import Harness
import Reports
import UserModels

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

    @Option(name: .customLong("invariance-spec"), help: "Spec for the name-invariance check (default: a small built-in PIP spec).")
    var invarianceSpec: String?

    @Flag(help: "Print the figures as JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            guard participants >= 2 else { throw InputError("--participants: expected at least 2") }
            try StagedFolder.claim(URL(fileURLWithPath: out), inputs: invarianceSpec.map { [$0] } ?? [])
            announce(Leftovers.clean(for: out, hidden: true))
            let subject = try invarianceSpec.map { try SpecLoader.load(path: $0, catalog: .standard) }
                ?? SpecLoader.parse(NameInvariance.defaultSpec, file: "name-invariance.yaml", catalog: .standard)
            let checks = ValidationSuite(participants: participants, seed: seed).run()
                + [try NameInvariance.check(spec: subject, jobs: 2)]
            try ValidationReport.write(checks, participants: participants, seed: seed, to: URL(fileURLWithPath: out))
            if json {
                try printJSON(checks)
            } else {
                for c in checks {
                    print("\(c.passed ? "pass" : "FAIL")  \(c.id) [\(c.origin.rawValue)] — \(c.originReason)")
                    for f in c.figures {
                        print("  \(f.passed ? "pass" : "FAIL")  \(c.id) \(f.name) = \(formatNumber(f.value, digits: 4))  (band \(formatNumber(f.lower, digits: 4)) … \(formatNumber(f.upper, digits: 4)))")
                    }
                }
                print("report: \(out)/index.html")
            }
            if checks.contains(where: { !$0.passed }) { throw ExitCode(ExitCodes.checkFailed) }
        }
    }
}
