import Foundation
import Randomness
@testable import Reports
@testable import Statistics
import Testing
import UserModels
@testable import TestSupport

/// The per-participant survival summary behind the resampled Kaplan–Meier
/// curves and restricted means (issue 17): exact where it keeps every time,
/// the curve of the rounded-up times on a grid, and on a grid no larger with
/// ten times the trials from the same people.
@Suite("Survival summaries per participant")
struct SurvivalGridTests {
    /// `people` participants with `each` trials, continuous times (seconds), a
    /// fifth censored and one in twenty stopped by a 30 s time limit.
    static func observations(people: Int, each: Int, seed: UInt64) -> (times: [Double], events: [Bool], owners: [Int32]) {
        var g = SeededGenerator(seed: seed)
        var rows: [(Double, Bool, Int32)] = []
        for p in 0..<people {
            let speed = 1 + Double.random(in: 0..<3, using: &g)
            for _ in 0..<each {
                let limited = Double.random(in: 0..<1, using: &g) < 0.05
                rows.append((limited ? 30 : speed * (0.5 + Double.random(in: 0..<1, using: &g)),
                             !limited && Double.random(in: 0..<1, using: &g) > 0.2, Int32(p)))
            }
        }
        rows.sort { $0.0 < $1.0 }
        return (rows.map(\.0), rows.map(\.1), rows.map(\.2))
    }

    /// The Kaplan–Meier curve of the gathered resample (participant c's observations `w[c]` times).
    static func gathered(_ o: (times: [Double], events: [Bool], owners: [Int32]), _ w: [Int32], round step: Double?) -> KaplanMeier {
        var sample: [SurvivalObservation] = []
        for i in o.times.indices {
            let t = step.map { $0 * (o.times[i] / $0).rounded(.up) } ?? o.times[i]
            for _ in 0..<Int(w[Int(o.owners[i])]) { sample.append(SurvivalObservation(time: t, event: o.events[i])) }
        }
        return KaplanMeier(sample)
    }

    static func curve(_ grid: SurvivalGrid, _ w: [Int32]) -> [(Double, Double)] {
        var times = [Double](repeating: 0, count: grid.cellCount), survival = times
        let n = w.withUnsafeBufferPointer { w in
            times.withUnsafeMutableBufferPointer { t in survival.withUnsafeMutableBufferPointer { s in
                grid.curve(weights: w, until: -1, through: .infinity, stepTimes: t, survival: s)
            } }
        }
        return (0..<n).map { (times[$0], survival[$0]) }
    }

    @Test("a resampled curve from the summary is the Kaplan–Meier curve of the gathered trials, to the bit: exact, and of the rounded-up times on a grid")
    func weightedCurveIsGathered() {
        let o = Self.observations(people: 25, each: 30, seed: 4)
        var g = SeededGenerator(seed: 8)
        var w = [Int32](repeating: 0, count: 25)
        for step in [nil, 0.01, 0.25] as [Double?] {
            let grid = SurvivalGrid(sortedTimes: o.times, events: o.events, owners: o.owners, participants: 25, step: step)
            for _ in 0..<20 {
                ClusterBootstrap.draw(&w, &g)
                let km = Self.gathered(o, w, round: step)
                let mine = Self.curve(grid, w)
                #expect(mine.map(\.0) == km.steps.map(\.time))
                #expect(mine.map(\.1) == km.steps.map(\.survival))
                let rmst = w.withUnsafeBufferPointer { grid.restrictedMean(tau: 3, weights: $0) }
                #expect(rmst == km.restrictedMean(tau: 3))
            }
        }
    }

    /// (Where a resample's S is ½ exactly on a flat stretch — an even count, half
    /// reached — rounding in either product decides which end is the median, for
    /// the exact curve as for the grid's: such resamples would be left out; with
    /// an odd count there are none.)
    @Test("with no censoring, a replicate's median on a grid lies within one step above the exact one")
    func gridMedianWithinAStep() {
        // An odd number of trials in every resample (31 × 41), so S is never ½ exactly.
        var o = Self.observations(people: 31, each: 41, seed: 5)
        o.events = o.events.map { _ in true }
        let h = 0.05
        let exact = SurvivalGrid(sortedTimes: o.times, events: o.events, owners: o.owners, participants: 31, step: nil)
        let grid = SurvivalGrid(sortedTimes: o.times, events: o.events, owners: o.owners, participants: 31, step: h)
        var g = SeededGenerator(seed: 2)
        var w = [Int32](repeating: 0, count: 31)
        var checked = 0
        for _ in 0..<50 {
            ClusterBootstrap.draw(&w, &g)
            let exactCurve = Self.curve(exact, w)
            if exactCurve.contains(where: { abs($0.1 - 0.5) < 1e-9 }) { continue }
            let a = exactCurve.first { $0.1 <= 0.5 }!.0, b = Self.curve(grid, w).first { $0.1 <= 0.5 }!.0
            #expect(b >= a && b - a < h + 1e-12, "\(a) vs \(b)")
            checked += 1
        }
        #expect(checked == 50)
    }

    @Test("the grid is taken only where it at least halves the entries: few trials per person stay exact")
    func gridOnlyWhereItPays() {
        let few = Self.observations(people: 200, each: 3, seed: 6)
        #expect(SurvivalGrid.make(sortedTimes: few.times, events: few.events, owners: few.owners, participants: 200).step == nil)
        let many = Self.observations(people: 20, each: 2000, seed: 6)
        let grid = SurvivalGrid.make(sortedTimes: many.times, events: many.events, owners: many.owners, participants: 20)
        #expect(grid.step == 0.01)   // times up to 30 s: a thousandth, rounded down to a power of ten
    }

    @Test("the resampled-curve summary does not grow with trials at fixed participants (20 vs 200 replications)")
    func summaryFlatInTrials() {
        // 60 trials per replication and person, as in a session of a question's tasks.
        let small = Self.observations(people: 20, each: 20 * 60, seed: 7), large = Self.observations(people: 20, each: 200 * 60, seed: 7)
        let a = SurvivalGrid.make(sortedTimes: small.times, events: small.events, owners: small.owners, participants: 20)
        let b = SurvivalGrid.make(sortedTimes: large.times, events: large.events, owners: large.owners, participants: 20)
        #expect(a.step != nil && b.step != nil)
        // Bounded by participants × grid times, however many trials.
        #expect(b.entryCount <= 20 * b.cellCount)
        #expect(Double(b.heldBytes) <= 1.6 * Double(a.heldBytes), "\(a.heldBytes) → \(b.heldBytes) bytes for 10× the trials")
        #expect(b.heldBytes < large.times.count * 4, "under 4 bytes a trial at 200 replications")
    }
}
