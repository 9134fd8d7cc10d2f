import ArgumentParser
import Foundation
import Harness
import Interaction
import Questions
import Reports

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract:
            "Lay out every strategy's screens in every configuration and report layout, text and colour violations.",
        discussion: """
            Every strategy of every registered question (with default parameters, plus the parameter variants the \
            specs in --experiments list) is asked for its screens on every device in the catalogue, in both \
            orientations, each window the device offers (full screen; on iPad Slide Over and Split View at a third, \
            half and two thirds), at every Dynamic Type size (xS … AX5), with English and translated text (words ≤ \
            10 characters 3×, phrases 2×, sentences 1.3×), left to right and right to left (mirrored). Each screen \
            is checked for targets under 44 × 44 pt, overlapping controls, controls off screen or under the unsafe \
            areas, text that no longer fits (an estimated width), WCAG contrast of every label (AA a violation, AAA a \
            note), and whether each warning colour stays distinguishable (ΔE00) from its surroundings for normal, \
            protan, deutan and tritan viewers. A strategy whose question gives no screens is listed as not audited, \
            and the summary prints the coverage (registered strategies that gave screens). A finding repeated on \
            several screens of one strategy in one configuration counts once.

            Writes --out (index.html, report.md, audit.json, a wireframe PNG of every screen with a violation). \
            --check compares with the baseline (per configuration and strategy) and fails (exit 1) when a strategy \
            that was clean in a configuration gains a violation there, when any has more violations of a kind than \
            the baseline, or when a strategy the baseline audited gives no screens. \
            --update-baseline rewrites the baseline.

            Exit codes: 0 pass, 1 the check failed, 2 invalid input (a missing or foreign baseline, a bad spec), \
            3 internal error.
            """)

    @Option(help: "The report folder (replaced whole when Refine wrote it; refused when it holds anything else).")
    var out = "Reports/audit"

    @Flag(
        help:
            ArgumentHelp(
                "List every finding of every configuration in the report, with a wireframe of every distinct "
                + "violating screen (large).")
    )
    var full = false

    @Flag(help: "Do not write the report (the check alone).")
    var noReport = false

    @Flag(help: "Compare with the baseline; exit 1 when a configuration gained a violation.")
    var check = false

    @Flag(help: "Write the baseline from this audit.")
    var updateBaseline = false

    @Option(help: "The audit baseline.")
    var baseline = "Data/baselines/audit.json"

    @Option(
        help: "A folder of specs whose strategy parameter variants are audited too (empty: registered strategies only)."
    )
    var experiments = "Experiments"

    @Option(help: "Audit only these devices (repeatable), e.g. --device iphone-se.")
    var device: [String] = []

    @Flag(help: "Print the audit (summary, comparison, every configuration's violations) as JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            var devices = DeviceCatalog.all
            if updateBaseline && !device.isEmpty {
                throw InputError("--update-baseline: the baseline covers every device; drop --device")
            }
            if !device.isEmpty {
                devices = try device.map { name in
                    guard let d = DeviceCatalog.all.first(where: { $0.name == name }) else {
                        throw InputError(
                            "--device: unknown device '\(name)' "
                                + "(known: \(DeviceCatalog.all.map(\.name).joined(separator: ", ")))"
                        )
                    }
                    return d
                }
            }
            if !noReport { try StagedFolder.claim(URL(fileURLWithPath: out), inputs: [baseline, experiments]) }
            let specs = try loadSpecs()
            let strategies = AuditedStrategy.all(catalog: .standard, specs: specs)
            let result = try LayoutAudit.run(strategies, configurations: AuditConfiguration.all(devices: devices))
            var comparison: AuditComparison?
            if check {
                do { comparison = try AuditBaseline.load(baseline).compare(result) } catch let e as AuditBaselineError {
                    throw InputError(e.description)
                }
            }
            if updateBaseline {
                try AuditBaseline(result).encoded().write(to: URL(fileURLWithPath: baseline))
            }
            var wireframes = 0
            if !noReport {
                let argv = (["refine"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
                wireframes = try AuditReport.write(
                    result, comparison: comparison, to: URL(fileURLWithPath: out), command: argv, full: full)
            }
            if json {
                try printJSON(AuditSummary(result, comparison: comparison))
            } else {
                printSummary(result, comparison: comparison, wireframes: wireframes)
            }
            if let c = comparison, !c.passed { throw ExitCode(ExitCodes.checkFailed) }
        }
    }

    func loadSpecs() throws -> [ExperimentSpec] {
        guard !experiments.isEmpty else { return [] }
        let dir = URL(fileURLWithPath: experiments)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else {
            throw InputError("--experiments: cannot read the folder '\(experiments)'")
        }
        return try names.filter { $0.hasSuffix(".yaml") }.sorted().map {
            try SpecLoader.load(path: dir.appendingPathComponent($0).path, catalog: .standard)
        }
    }

    func printSummary(_ r: AuditResult, comparison: AuditComparison?, wireframes: Int) {
        let totals = r.totals
        let clean = r.configurations.filter { $0.findings == 0 }.count
        let pairs = r.configurations.flatMap { $0.countsByStrategy.values }
        print(
            "audit: \(r.configurations.count) configurations, \(r.configurations.reduce(0) { $0 + $1.screens.count }) "
                + "screens, \(clean) configurations clean for every strategy, \(pairs.filter(\.isEmpty).count) "
                + "of \(pairs.count) strategy × configuration pairs clean"
        )
        for k in ViolationKind.allCases {
            print("  \(k.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0)) \(totals[k] ?? 0)")
        }
        let asked = r.audited.count + r.notAudited.count
        print(
            "coverage: \(r.audited.count) of \(asked) strategies (\(r.covered.count) of \(r.registered.count) "
                + "registered designs, with the specs' parameter variants) give screens "
                + "(\(Int((r.coverage * 100).rounded(.down)))%)"
        )
        print("audited: \(r.audited.joined(separator: ", "))")
        print("not audited (no screens): \(r.notAudited.isEmpty ? "none" : r.notAudited.joined(separator: ", "))")
        if !noReport { print("report: \(out)/index.html (\(wireframes) wireframes)") }
        if updateBaseline { print("baseline written: \(baseline)") }
        if let c = comparison {
            for x in c.regressions {
                let tag = (x.wasClean ? "NEWLY DIRTY" : "MORE").padding(toLength: 12, withPad: " ", startingAt: 0)
                print("  \(tag)\(x.configuration) \(x.strategy) \(x.kind.rawValue): \(x.was) → \(x.now)")
            }
            for s in c.noLongerAudited { print("  NO LONGER AUDITED \(s)") }
            if !c.improvements.isEmpty {
                print("  \(c.improvements.count) counts fell (record them with --update-baseline)")
            }
            if !c.unknown.isEmpty { print("  \(c.unknown.count) configurations not in the baseline (not gated)") }
            print(
                c.passed
                    ? "check: pass against \(baseline)"
                    : "check: FAIL against \(baseline): \(c.regressions.count) rises, \(c.newlyDirty.count) where a "
                        + "strategy was clean"
            )
        }
    }
}
