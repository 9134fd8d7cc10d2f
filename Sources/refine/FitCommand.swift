import ArgumentParser
import Foundation
import Harness
import Reports

struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Fit parameters of the simulated people to the replicated published studies.",
        discussion: """
            Searches the parameters named in the settings file (Nelder–Mead on a log scale between their bounds) \
            for the values whose replicated findings sit closest to the published ones, once with every study \
            and once leaving each study out; each left-out study is then predicted by the others' fit. Prints \
            the fitted values with jackknife intervals and the catalogue, in-sample and out-of-sample \
            agreement (the last is the headline). The catalogue is not changed. `refine validate --replications \
            --fit SETTINGS` puts the same fit in the validation report.
            """)

    @Option(help: "The fit settings: which parameters, between which bounds.")
    var settings = "Experiments/fit/parameters.yaml"

    @Option(name: .customLong("replications-folder"), help: "Replication files (one per study).")
    var replicationsFolder = "Experiments/replications"

    @Option(help: "The human-results corpus the replications are scored against.")
    var corpus = "Data/human"

    @Option(help: "Evaluations per fit (each re-runs every replication).")
    var evaluations = 120

    @Option(help: "Multiply every replication's sample size by this.")
    var scale = 1.0

    @Option(help: "Seed.")
    var seed: UInt64 = 9241

    @Flag(help: "Print the fit as JSON.")
    var json = false

    func validate() throws {
        guard evaluations >= 10 else {
            throw ValidationError("--evaluations: expected at least 10, got \(evaluations)")
        }
        guard scale > 0, scale <= 10 else {
            throw ValidationError("--scale: expected a number in (0, 10], got \(scale)")
        }
    }

    func run() throws {
        try reportingErrors {
            let suite = try ReplicationSuite(folder: replicationsFolder, corpus: corpus, seed: seed, scale: scale)
            let fit = try ReplicationFit(suite: suite, settings: try FitSettings.load(path: settings),
                                         evaluations: evaluations).run()
            if json { return try printJSON(fit) }
            for p in fit.parameters {
                print("\(p.path): catalogue \(formatNumber(p.catalogue, digits: 4)), fitted "
                      + "\(formatNumber(p.fitted, digits: 4)) [\(formatNumber(p.interval[0], digits: 4)), "
                      + "\(formatNumber(p.interval[1], digits: 4))]")
            }
            print("catalogue: \(ReplicationReport.Tally(fit.catalogue).sentence)")
            print(fit.headline)
        }
    }
}
