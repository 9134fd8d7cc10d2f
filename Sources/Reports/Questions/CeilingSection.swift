import Foundation
import Harness
import Statistics

/// What each design can express (DESIGN §2): the ceiling of every strategy on
/// every task with a goal look, and each trial that missed the goal classed as
/// "the design cannot express it" or "the person stopped short of what the
/// design allows"; people's final distance is shown relative to the ceiling.
///
/// The trials are read in the report's pass (`Reader`), as counts per
/// strategy and each person's distances above the ceiling, not kept.
enum CeilingSection {
    /// What the section reads of the run, in the report's pass; nil when the
    /// question has no ceilings (its simulator does not search its controls).
    static func reader(spec: ExperimentSpec) throws -> Reader? {
        guard let ceilings = try Ceilings.analyse(spec), !ceilings.isEmpty else { return nil }
        return Reader(ceilings)
    }

    /// `reader`: what `reader(spec:)` read of the run (nil: no section).
    static func build(spec: ExperimentSpec, reader: Reader?, into doc: inout ReportDocument) {
        guard let reader else { return }
        let ceilings = reader.ceilings
        let tasks = Array(Set(ceilings.map(\.task))).sorted()
        doc.add(.heading(level: 2, text: "What each design can express (ceilings)"))
        doc.add(
            .paragraph(
                "For every strategy and task the harness searched the design's controls (slider values, knob "
                    + "positions, swipe positions; seeded Nelder–Mead with restarts) for the setting that comes "
                    + "closest to the goal look, with no person in the loop. A ceiling at or above the task's "
                    + "tolerance means no one could reach the goal with that design. Misses are then split: the "
                    + "design could not express the goal, or the person stopped short of what the design allows."
            ))
        doc.add(
            .table(
                header: ["strategy"] + tasks,
                rows: spec.strategies.map(\.label).map { s in
                    [s]
                        + tasks.map { t in
                            guard let c = reader.ceiling(strategy: s, task: t) else { return "–" }
                            return "\(formatNumber(c.deltaE, digits: 2))\(c.expressible ? "" : " ✗")"
                        }
                }))
        doc.add(
            .paragraph(
                "Ceiling mean ΔE00 per task (✗: at or above the task's tolerance, so the design cannot express the "
                    + "goal)."
            ))
        var rows: [[String]] = []
        for s in spec.strategies.map(\.label) {
            guard let t = reader.tallies[s], t.trials > 0 else { continue }
            rows.append([
                s, "\(t.trials)", pct(t.reached, t.trials), pct(t.cannot, t.trials),
                pct(t.trials - t.reached - t.cannot, t.trials),
                pct(t.reachedWhereExpressible, t.expressible), formatNumber(t.medianAbove, digits: 2)
            ])
        }
        doc.add(
            .table(
                header: [
                    "strategy", "n", "reached", "missed: design cannot express", "missed: stopped short",
                    "reached where expressible", "median final ΔE00 above the ceiling"
                ], rows: rows))
    }

    static func pct(_ k: Int, _ n: Int) -> String {
        n == 0 ? "–" : "\(formatNumber(Double(k) * 100 / Double(n), digits: 0))%"
    }

    /// How one strategy's trials on tasks with a ceiling ended (those that
    /// recorded a final ΔE00).
    struct Tally {
        var trials = 0, reached = 0, cannot = 0, expressible = 0, reachedWhereExpressible = 0
        /// Each person's final ΔE00 minus the task's ceiling, by participant code.
        var above: [ValueSketch] = []

        mutating func add(reached: Bool, ceiling: DesignCeiling, final: Double, participant: Int) {
            trials += 1
            if reached { self.reached += 1 }
            if ceiling.expressible {
                expressible += 1
                if reached { reachedWhereExpressible += 1 }
            } else if !reached {
                cannot += 1
            }
            // A ceiling the search could not put a number on (NaN) has no distance above it.
            let distance = final - ceiling.deltaE
            guard !distance.isNaN else { return }
            if above.count <= participant {
                above += Array(repeating: ValueSketch(), count: participant + 1 - above.count)
            }
            above[participant].add(distance)
        }

        /// The median of every trial's distance above the ceiling: exact while
        /// nobody gave more than `ValueSketch.exactLimit` of them, else that of
        /// their buckets (within `ValueBuckets.relativeWidth`).
        var medianAbove: Double {
            guard above.contains(where: { $0.count > 0 }) else { return .nan }
            if above.allSatisfy(\.isExact) { return Descriptive.median(above.flatMap { $0.exactValues! }) }
            return Cells(above).median
        }
    }

    /// Reads, per strategy, the trials on tasks with a ceiling as the report's pass goes by.
    final class Reader: RunReader {
        let ceilings: [DesignCeiling]
        /// strategy → task → ceiling.
        private let byTask: [String: [String: DesignCeiling]]
        private(set) var tallies: [String: Tally] = [:]
        private var participants = ScanCodes()
        private var final: Int?, reached: Int?

        init(_ ceilings: [DesignCeiling]) {
            self.ceilings = ceilings
            byTask = Dictionary(grouping: ceilings, by: \.strategy).mapValues {
                Dictionary(uniqueKeysWithValues: $0.map { ($0.task, $0) })
            }
        }

        func ceiling(strategy: String, task: String) -> DesignCeiling? { byTask[strategy]?[task] }

        func start(metrics names: [String], trials _: Int) {
            (final, reached) = (names.firstIndex(of: "final_delta_e00"), names.firstIndex(of: "reached_effect"))
        }

        func read(_ row: borrowing ScannedTrial) {
            guard let final, let value = row.metric(final) else { return }
            let strategy = row.string(.strategy)
            guard let ceiling = byTask[strategy]?[row.string(.task)] else { return }
            tallies[strategy, default: Tally()].add(
                reached: reached.flatMap { row.metric($0) } == 1, ceiling: ceiling, final: value,
                participant: participants.code(row.bytes(.participant)))
        }

        func finish(keyOrder _: [Int32]) {}
    }
}
