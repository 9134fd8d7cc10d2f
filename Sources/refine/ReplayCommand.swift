import ArgumentParser
import Foundation
import Harness
import Interaction
import Questions
import Reports

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Watch one trial: an animated page and a filmstrip of what the simulated person saw and did.",
        discussion: """
            The trial is simulated again from its key with the spec stored in the run (its session relived from the \
            first trial, since the person learns), in memory and traced, so runs need no --trace. The output folder \
            holds index.html (self-contained: the screen's wireframe, the photo as rendered at each step, the finger's \
            path, taps and misses, the PIP in flight; play, pause and a slider), filmstrip.png (one frame for the \
            screen as first seen, then one per gesture: each touch-down … lift-off in the trace) and replay.json.

            The replayed metrics are checked against the stored ones; if they differ (the code or the photos changed \
            since the run) the replay is still written, the page says so, and the exit code is 1.

            --typical S and --worst S choose a trial of strategy S: trials with a goal ranked by time to effect (those \
            that reached it, sooner first, then those that did not, sooner stopped first); typical is the median of \
            that ranking, worst the last (the failure that took longest, or the slowest success).
            """)

    @Argument(help: "The trial's key, e.g. pip/nearest-corner/iphone-15-portrait/p0003/t07/r1 (see --list).")
    var key: String?

    @Option(help: "Results database.")
    var db: String

    @Option(
        name: .customLong("run"),
        help:
            ArgumentHelp(
                "The run (default: the latest ordinary run holding the trial; with --typical/--worst the latest "
                + "completed one with the strategy).")
    )
    var runID: Int64?

    @Option(help: "Output folder (default: out/replay/<key with / as ->).")
    var out: String?

    @Option(help: "Replay a typical trial of this strategy (the median of the ranking above).")
    var typical: String?

    @Option(help: "Replay the worst trial of this strategy.")
    var worst: String?

    @Flag(help: "List the keys of the run (one a line) instead of replaying.")
    var list = false

    @Flag(help: "Print the replay's summary (frames, metrics stored and replayed, filmstrip geometry) as JSON.")
    var json = false

    func validate() throws {
        let chosen = [key != nil, typical != nil, worst != nil, list].filter { $0 }.count
        guard chosen == 1 else {
            throw ValidationError(
                chosen == 0
                    ? "name a trial: a KEY, --typical STRATEGY, --worst STRATEGY, or --list to see the keys"
                    : "give one of KEY, --typical, --worst and --list")
        }
        if list {
            guard out == nil, !json else {
                throw ValidationError("--list prints keys; --out and --json are for a replay")
            }
        }
    }

    func run() throws {
        try reportingErrors {
            if let out { try StagedFolder.claim(URL(fileURLWithPath: out), inputs: [db]) }
            let store = try RunStore(readingFrom: db)
            do {
                if list { return try listKeys(store) }
                var key = self.key ?? ""
                var runID = self.runID
                var chosen: (choice: TrialChoice, strategy: String)?
                if let strategy = typical ?? worst {
                    let run = try chosenRun(store, strategy: strategy)
                    let choice: TrialChoice = typical != nil ? .typical : .worst
                    guard let picked = try choice.pick(strategy: strategy, store: store, runID: run.id) else {
                        throw InputError("\(db): run \(run.id) has no trial of '\(strategy)' with a goal to rank")
                    }
                    (key, runID, chosen) = (picked, run.id, (choice, strategy))
                }
                let stored = try StoredTrial.load(key: key, store: store, runID: runID)
                if let chosen, !json {
                    print(
                        "\(chosen.choice.rawValue) trial of \(chosen.strategy) in run \(stored.run.id): \(key) "
                            + "(\(TrialChoice.outcome(stored.metrics)))"
                    )
                }
                let output = URL(fileURLWithPath: out ?? "out/replay/" + key.replacingOccurrences(of: "/", with: "-"))
                try StagedFolder.claim(output, inputs: [db])
                announce(Leftovers.clean(for: output.path, hidden: true))
                let replayer = try TrialReplayer(spec: try stored.spec(catalog: .standard))
                let command = "refine replay \(key) --db \(db) --run \(stored.run.id)"
                let summary = try ReplayWriter.write(stored, replayer: replayer, to: output, command: command)
                if json {
                    try printJSON(summary)
                } else {
                    print(
                        "\(key): \(summary.gestures) "
                            + "gesture\(summary.gestures == 1 ? "" : "s"), \(summary.frames.count) frames; "
                            + (summary.metrics_equal
                                ? "the \(summary.metrics.count) metrics equal run \(stored.run.id)'s"
                                : "metrics DIFFER from run \(stored.run.id)'s"))
                    print("replay written to \(output.path)/index.html (filmstrip.png beside it)")
                }
                if !summary.metrics_equal {
                    let names = summary.metrics.filter { !$0.equal }.map(\.name).joined(separator: ", ")
                    FileHandle.standardError.write(
                        Data(
                            ("refine: the replay of \(key) differs from run \(stored.run.id) in \(names): the code or "
                                + "the photos changed since the run; the page shows what the current code does\n")
                                .utf8))
                    throw ExitCode(ExitCodes.checkFailed)
                }
            } catch let e as ReportError {
                throw InputError(e.description)
            }
        }
    }

    /// The run to choose from: `--run`, or the latest completed ordinary run with
    /// the strategy. Runs are asked whether they have it (`RunStore.hasTrials`);
    /// only the chosen one is read (`TrialChoice.pick(strategy:store:runID:)`).
    func chosenRun(_ store: RunStore, strategy: String) throws -> RunRecord {
        let runs = try store.runs().filter { $0.variant.isEmpty }
        if let runID {
            guard let r = runs.first(where: { $0.id == runID }) else {
                throw InputError("\(db): no ordinary run \(runID); `refine show --db \(db)` lists the runs")
            }
            guard try store.hasTrials(runID: r.id, strategy: strategy) else {
                let labels = try store.strategies(runID: r.id)
                let near = nearestName(to: strategy, in: labels).map { "; did you mean '\($0)'?" } ?? ""
                throw InputError(
                    "\(db): run \(r.id) has no strategy '\(strategy)'\(near) "
                        + "(strategies: \(labels.joined(separator: ", ")))"
                )
            }
            return r
        }
        if let r = try store.latestCompletedRun(withStrategy: strategy) { return r }
        var labels: Set<String> = []
        for r in runs where r.effectiveStatus == "completed" { labels.formUnion(try store.strategies(runID: r.id)) }
        let near = nearestName(to: strategy, in: labels.sorted()).map { "; did you mean '\($0)'?" } ?? ""
        throw InputError(
            "\(db): no completed run has strategy '\(strategy)'\(near) "
                + "(strategies: \(labels.sorted().joined(separator: ", ")))"
        )
    }

    func listKeys(_ store: RunStore) throws {
        let runs = try store.runs().filter { $0.variant.isEmpty }
        guard let run = runID.flatMap({ id in runs.first { $0.id == id } }) ?? (runID == nil ? runs.last : nil) else {
            throw InputError(
                runID.map { "\(db): no ordinary run \($0); `refine show --db \(db)` lists the runs" }
                    ?? "\(db): no runs yet")
        }
        for key in try StoredTrial.keys(store: store, runID: run.id) { print(key) }
    }
}
