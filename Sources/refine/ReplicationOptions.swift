import ArgumentParser
import Harness
import Questions
import Reports

/// Where the replications and the corpus are, at what size, and how long a fit
/// searches: shared by `refine validate --replications` and `refine fit`.
struct ReplicationOptions: ParsableArguments {
    @Option(name: .customLong("replications-folder"), help: "Replication files (one per study).")
    var replicationsFolder = "Experiments/replications"

    @Option(help: "The human-results corpus the replications are scored against.")
    var corpus = "Data/human"

    @Option(help: "Multiply every replication's sample size by this (CI runs a smaller one).")
    var scale = 1.0

    @Option(help: "Evaluations per fit (each re-runs every replication).")
    var evaluations = 120

    func validate() throws {
        guard evaluations >= 10 else {
            throw ValidationError("--evaluations: expected at least 10, got \(evaluations)")
        }
        guard scale > 0, scale <= 10 else {
            throw ValidationError("--scale: expected a number in (0, 10], got \(scale)")
        }
    }

    func suite(seed: UInt64) throws -> ReplicationSuite {
        try ReplicationSuite(
            folder: replicationsFolder, corpus: corpus, seed: seed, scale: scale,
            tasks: QuestionCatalog.replicationTasks)
    }

    /// The fit that `settings` asks for, leave-one-study-out included.
    func fit(_ suite: ReplicationSuite, settings: String) throws -> FitReport {
        try ReplicationFit(suite: suite, settings: try FitSettings.load(path: settings), evaluations: evaluations).run()
    }
}
