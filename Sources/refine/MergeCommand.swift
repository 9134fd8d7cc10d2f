import ArgumentParser
import Foundation
import Harness
import Questions
import Reports

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the databases of `refine run --shard I/N` runs into one.",
        discussion: """
            The merged database holds one run equal, metric for metric, to a one-machine run of the whole spec. \
            Refuses shards of different specs, seeds or shard counts, a shard given twice, overlapping keys, and \
            (without --allow-partial) missing shards. The output is written under a temporary name and renamed \
            when complete. Each shard is copied in one transaction (ATTACH, then INSERT … SELECT of its trials \
            in key order, metric columns to metric columns), so memory does not grow with the shards' size; the \
            rate of each shard and of the whole merge is printed.
            """)

    @Argument(help: "Shard databases.")
    var shards: [String]

    @Option(name: [.short, .long], help: "The merged database to create.")
    var output: String

    @Flag(help: "Merge even if some shards are missing (the merged run is marked interrupted).")
    var allowPartial = false

    func run() throws {
        try reportingErrors {
            announce(Leftovers.clean(for: output, hidden: false))
            let summary = try ShardMerge.merge(
                inputs: shards, output: output, allowPartial: allowPartial, catalog: .standard
            ) { shard, trials, seconds in
                print(
                    "  \(shard): \(trials) trials in \(String(format: "%.1f", seconds)) s "
                        + "(\(Int(Double(trials) / max(seconds, 1e-9))) trials/s)"
                )
            }
            print(
                "merged \(summary.shards.count) shard(s), \(summary.trials) trials → \(summary.output) "
                    + "(run \(summary.runID)) in \(String(format: "%.1f", summary.seconds)) "
                    + "s, \(Int(summary.trialsPerSecond)) trials/s"
            )
        }
    }
}
