import Foundation
import Harness

/// What each design can express (DESIGN §2): the ceiling of every strategy on
/// every task with a goal look, and each trial that missed the goal classed as
/// "the design cannot express it" or "the person stopped short of what the
/// design allows"; people's final distance is shown relative to the ceiling.
enum CeilingSection {
    static func build(spec: ExperimentSpec, results: ResultSet, into doc: inout ReportDocument) throws {
        guard let ceilings = try Ceilings.analyse(spec), !ceilings.isEmpty else { return }
        let byKey = Dictionary(uniqueKeysWithValues: ceilings.map { ("\($0.strategy)/\($0.task)", $0) })
        let tasks = Array(Set(ceilings.map(\.task))).sorted()
        doc.add(.heading(level: 2, text: "What each design can express (ceilings)"))
        doc.add(.paragraph("For every strategy and task the harness searched the design's controls (slider values, knob positions, swipe positions; seeded Nelder–Mead with restarts) for the setting that comes closest to the goal look, with no person in the loop. A ceiling at or above the task's tolerance means no one could reach the goal with that design. Misses are then split: the design could not express the goal, or the person stopped short of what the design allows."))
        doc.add(.table(header: ["strategy"] + tasks, rows: spec.strategies.map(\.label).map { s in
            [s] + tasks.map { t in
                guard let c = byKey["\(s)/\(t)"] else { return "–" }
                return "\(formatNumber(c.deltaE, digits: 2))\(c.expressible ? "" : " ✗")"
            }
        }))
        doc.add(.paragraph("Ceiling mean ΔE00 per task (✗: at or above the task's tolerance, so the design cannot express the goal)."))
        var rows: [[String]] = []
        for s in spec.strategies.map(\.label) {
            let t = results.trials.filter { $0.strategy == s && byKey["\(s)/\($0.task)"] != nil && $0["final_delta_e00"] != nil }
            guard !t.isEmpty else { continue }
            let reached = t.filter { $0["reached_effect"] == 1 }.count
            let cannot = t.filter { $0["reached_effect"] != 1 && !byKey["\(s)/\($0.task)"]!.expressible }.count
            let short = t.count - reached - cannot
            let expressibleTrials = t.filter { byKey["\(s)/\($0.task)"]!.expressible }
            let reachedWhereExpressible = expressibleTrials.filter { $0["reached_effect"] == 1 }.count
            let above = t.map { $0["final_delta_e00"]! - byKey["\(s)/\($0.task)"]!.deltaE }
            rows.append([s, "\(t.count)", pct(reached, t.count), pct(cannot, t.count), pct(short, t.count),
                         pct(reachedWhereExpressible, expressibleTrials.count), formatNumber(Descriptive.median(above), digits: 2)])
        }
        doc.add(.table(header: ["strategy", "n", "reached", "missed: design cannot express", "missed: stopped short",
                                "reached where expressible", "median final ΔE00 above the ceiling"], rows: rows))
    }

    static func pct(_ k: Int, _ n: Int) -> String { n == 0 ? "–" : "\(formatNumber(Double(k) * 100 / Double(n), digits: 0))%" }
}
