import Foundation
import Harness

/// "Watch a trial": for each strategy, a typical and the worst trial
/// (`TrialChoice`), replayed into the report folder (`replays/<strategy>-typical/`,
/// `replays/<strategy>-worst/`) and listed with the `refine replay` commands that
/// make them again. The section names those folders but does not link them: git
/// does not keep them (≈ 20 MB a regeneration), so a committed report's link would
/// be dead in a clone; the commands make them anywhere. Replays are simulated from their keys, so runs need not store
/// traces; if they cannot be made (a photo changed since the run), the section
/// says why and keeps the commands; a question whose simulator films nothing
/// says only that (no command could make them either).
enum ReplaySection {
    /// What the section reads of the run, in the report's pass: each strategy's picks.
    static func reader(spec: ExperimentSpec) -> TrialChoice.Reader {
        TrialChoice.Reader(strategies: Set(spec.strategies.map(\.label)))
    }

    /// `chosen`: what `reader(spec:)` read of the run.
    static func build(
        spec: ExperimentSpec, results: ResultSet, chosen: TrialChoice.Reader, store: RunStore,
        into doc: inout ReportDocument, folder: URL
    ) {
        doc.add(.heading(level: 2, text: "Watch a trial"))
        var picks: [(strategy: String, choice: TrialChoice, key: String, stored: [String: Double])] = []
        for strategy in spec.strategies.map(\.label) {
            for choice in TrialChoice.allCases {
                if let pick = chosen.pick(choice, strategy: strategy) {
                    picks.append((strategy, choice, pick.key, pick.metrics))
                }
            }
        }
        guard !picks.isEmpty else {
            doc.add(
                .paragraph("No trial of this run has a goal to rank, so there is no typical or worst trial to watch."))
            return
        }
        var notes: [String] = []
        do {
            // Only the picked trials' sessions are planned (a replay relives its session).
            let replayer: TrialReplayer
            do {
                replayer = try TrialReplayer(spec: spec)
            } catch let error as SpecError
                where error.field == "question" && error.message == TrialReplayer.notFilmed(spec.question)
            {
                // No command would make them either: say what is missing rather than list commands that fail.
                doc.add(
                    .paragraph(
                        "The trials of this question cannot be replayed yet: its simulator does not film the gestures "
                            + "(it is not a FilmedSimulator). Every trial's metrics are in the run's database "
                            + "(`refine export` writes them out)."
                    ))
                return
            }
            doc.add(
                .paragraph(
                    "Each strategy's typical and worst trial, replayed: the screen's wireframe, the photo as "
                        + "rendered after each gesture, the finger's path with its taps and misses, and the PIP or "
                        + "preview in flight, as an animated page and a filmstrip at least 1,200 pixels wide (a long "
                        + "gesture also every 0.5 s while the finger is still down). They are written beside this "
                        + "report, into replays/ (which git does not keep: after `bash scripts/suite`, or the commands "
                        + "below, they are on your disk). Trials with a goal are ranked by time to effect (those that "
                        + "reached it, sooner first, then those that did not, sooner stopped first); the typical trial "
                        + "is the median of that ranking, the worst its last. A replay simulates the trial again from "
                        + "its key (its session relived from the first trial) and checks its metrics against the "
                            + "stored "
                        + "ones."))
            let now = Set(replayer.dataFiles.map(\.sha256))
            if let changed = results.dataFiles.first(where: { !now.contains($0.1) }) {
                throw ReportError("\(changed.0) has changed since run \(results.run.id) read it")
            }
            // Each replay is independent (its own session, its own folder): made side by side.
            let made = ParallelMap.run(picks) { pick in
                Result {
                    guard let replay = replayer.replay(pick.key) else {
                        throw ReportError("\(pick.key): not in the run's plan")
                    }
                    let inReport = "replays/\(pick.strategy)-\(pick.choice.rawValue)"
                    return try ReplayWriter.write(
                        replay, stored: pick.stored, run: results.run,
                        to: folder.appendingPathComponent(inReport), named: inReport,
                        command: command(pick.key, results, store))
                }
            }
            for (pick, result) in zip(picks, made) {
                let name = "\(pick.strategy)-\(pick.choice.rawValue)"
                let summary = try result.get()
                let gestures = "\(summary.gestures) gesture\(summary.gestures == 1 ? "" : "s")"
                doc.add(
                    .paragraph(
                        "\(pick.strategy), \(pick.choice.rawValue): \(pick.key) — "
                            + "\(TrialChoice.outcome(pick.stored)); \(gestures)"
                            + (summary.metrics_equal ? "" : " (its replay differs from the stored trial)")
                            + " — replays/\(name)/index.html"))
                if !summary.metrics_equal { notes.append(name) }
            }
        } catch {
            doc.add(.paragraph("The replays could not be made here (\(error)); the commands below make them."))
        }
        if !notes.isEmpty {
            doc.add(
                .paragraph(
                    "The replays of \(notes.joined(separator: ", ")) differ from the stored trials: the code or the "
                        + "photos have changed since run \(results.run.id); each page lists the metrics that differ."
                ))
        }
        doc.add(
            .paragraph(
                "To make these replays again (into out/replay/ unless given --out), or one of any other trial "
                    + "(`refine replay --list --db \(store.path) --run \(results.run.id)` lists the keys):"
            ))
        doc.add(.code(picks.map { command($0.key, results, store) }.joined(separator: "\n")))
    }

    /// Replays made on several threads, by pick.
    static func command(_ key: String, _ results: ResultSet, _ store: RunStore) -> String {
        "refine replay \(key) --db \(store.path) --run \(results.run.id)"
    }
}
