import ArgumentParser
import Foundation
import Harness

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the runs in a results database and their status.",
        discussion: """
            A run whose process died without finishing shows as interrupted (its heartbeat stopped). The model \
            column is the start of the SHA-256 of the user model the run's people were drawn from, starred when \
            it is not this refine's ("?": stored before schema v7); runs of two models are not resumed, merged or \
            reported together.
            """)

    @Option(help: "Results database.")
    var db: String

    @Flag(help: "Print JSON.")
    var json = false

    struct RunJSON: Encodable {
        var run_id: Int64, experiment: String, variant: String, status: String, shard: String, jobs: Int
        var planned_trials: Int, finished_trials: Int, seed: String, participants: Int?, expert_fraction: Double?
        var spec_sha256: String, started_at: String, finished_at: String?, heartbeat_at: String
        /// The SHA-256 of the user model the run's people were drawn from; '' when stored before schema v7.
        var model_sha256: String
    }

    func run() throws {
        try reportingErrors {
            let store = try RunStore(readingFrom: db)
            let runs = try store.runs()
            // The people each run asked for, read once per distinct spec (a sweep's runs share theirs).
            var peopleBySpec: [String: (participants: Int, expertFraction: Double)?] = [:]
            func people(_ r: RunRecord) throws -> (participants: Int, expertFraction: Double)? {
                if let known = peopleBySpec[r.specSHA256] { return known }
                let found = TrialDefinition.people(try store.specText(runID: r.id))
                peopleBySpec[r.specSHA256] = found
                return found
            }
            if json {
                try printJSON(
                    runs.map { r in
                        let p = try people(r)
                        return RunJSON(
                            run_id: r.id, experiment: r.experiment, variant: r.variant,
                            status: r.effectiveStatus, shard: "\(r.shardIndex)/\(r.shardCount)", jobs: r.jobs,
                            planned_trials: r.plannedTrials, finished_trials: r.finishedTrials, seed: r.seed,
                            participants: p?.participants, expert_fraction: p?.expertFraction,
                            spec_sha256: r.specSHA256, started_at: r.startedAt, finished_at: r.finishedAt,
                            heartbeat_at: r.heartbeatAt, model_sha256: r.modelSHA256)
                    })
                return
            }
            if runs.isEmpty { print("\(db): no runs yet"); return }
            // Variant and seed tell apart a sweep's runs and reruns with another seed or population.
            let width = max(7, runs.map(\.variant.count).max() ?? 0)
            let gap = String(repeating: " ", count: width - 7)
            print(
                "run  experiment      variant\(gap) status       shard  trials        "
                    + "seed                  people          model      started")
            for r in runs {
                let trials = "\(r.finishedTrials)/\(r.plannedTrials)"
                let p = try people(r).map { "\($0.participants) (\(formatPercent($0.expertFraction)) expert)" } ?? "?"
                let variant = r.variant.isEmpty ? "–" : r.variant
                // A star marks people drawn from another model than this refine's; "?" a run stored before v7.
                let model =
                    r.modelSHA256.isEmpty
                    ? "?" : String(r.modelSHA256.prefix(8)) + (r.modelSHA256 == Provenance.modelSHA256 ? "" : "*")
                print(
                    "\(pad(String(r.id), 4)) \(pad(r.experiment, 15)) \(pad(variant, width)) "
                        + "\(pad(r.effectiveStatus, 12)) \(pad("\(r.shardIndex)/\(r.shardCount)", 6)) "
                            + "\(pad(trials, 13)) "
                        + "\(pad(r.seed, 21)) \(pad(p, 15)) \(pad(model, 10)) \(r.startedAt)")
            }
        }
    }

    private func formatPercent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

    private func pad(_ s: String, _ n: Int) -> String {
        s.count >= n ? s : s + String(repeating: " ", count: n - s.count)
    }
}
