import ArgumentParser
import Foundation
import Harness

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the runs in a results database and their status.",
        discussion: "A run whose process died without finishing shows as interrupted (its heartbeat stopped).")

    @Option(help: "Results database.")
    var db: String

    @Flag(help: "Print JSON.")
    var json = false

    struct RunJSON: Encodable {
        var run_id: Int64, experiment: String, status: String, shard: String, jobs: Int
        var planned_trials: Int, finished_trials: Int, seed: String, spec_sha256: String
        var started_at: String, finished_at: String?, heartbeat_at: String
    }

    func run() throws {
        try reportingErrors {
            let store = try RunStore(readingFrom: db)
            let runs = try store.runs()
            if json {
                try printJSON(runs.map {
                    RunJSON(run_id: $0.id, experiment: $0.experiment, status: $0.effectiveStatus, shard: "\($0.shardIndex)/\($0.shardCount)",
                            jobs: $0.jobs, planned_trials: $0.plannedTrials, finished_trials: $0.finishedTrials, seed: $0.seed,
                            spec_sha256: $0.specSHA256, started_at: $0.startedAt, finished_at: $0.finishedAt, heartbeat_at: $0.heartbeatAt)
                })
                return
            }
            if runs.isEmpty { print("\(db): no runs yet"); return }
            print("run  experiment      status       shard  trials        started")
            for r in runs {
                let trials = "\(r.finishedTrials)/\(r.plannedTrials)"
                print("\(pad(String(r.id), 4)) \(pad(r.experiment, 15)) \(pad(r.effectiveStatus, 12)) \(pad("\(r.shardIndex)/\(r.shardCount)", 6)) \(pad(trials, 13)) \(r.startedAt)")
            }
        }
    }

    private func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
}
