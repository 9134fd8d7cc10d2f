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
            for the values whose replicated findings sit closest to the published ones (each finding's miss \
            in 25 % steps, squared, at most two steps' worth), once with every study \
            and once leaving each study out; each left-out study is then predicted by the others' fit. Prints \
            the fitted values with jackknife intervals and the catalogue, in-sample and out-of-sample \
            agreement (the last is the headline). The catalogue is not changed. `refine validate --replications \
            --fit SETTINGS` puts the same fit in the validation report.
            """)

    @Option(help: "The fit settings: which parameters, between which bounds.")
    var settings = "Experiments/fit/parameters.yaml"

    @OptionGroup var replicationOptions: ReplicationOptions

    @Option(help: "Seed.")
    var seed: UInt64 = 9241

    @Flag(help: "Print the fit as JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            let fit = try replicationOptions.fit(try replicationOptions.suite(seed: seed), settings: settings)
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
