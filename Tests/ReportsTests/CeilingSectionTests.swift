import Foundation
@testable import Harness
import PropertyBased
import Randomness
@testable import Reports
@testable import TestSupport
@testable import Statistics
import Testing
import UserModels

/// The ceiling table read as a pass goes by (`CeilingSection.Tally`): the
/// counts a filter over every trial gives, and the median of the distances
/// above the ceiling exactly while nobody gave more than 256, within the
/// sketches' bucket width past that.
@Suite("Ceiling section")
struct CeilingSectionTests {
    static let ceilings = [DesignCeiling(strategy: "s", task: "a", deltaE: 1.5, tolerance: 3, setting: ""),
                           DesignCeiling(strategy: "s", task: "b", deltaE: 4, tolerance: 3, setting: "")]

    @Test("counts and median are a naive pass's; exact up to 256 values a person, within the bucket width past it")
    func sameAsNaive() async {
        await propertyCheck(count: 60, input: Gen.int(in: 1...4), Gen.int(in: 1...400), Gen.int(in: 0...1_000_000)) { people, each, seed in
            var g = SeededGenerator(seed: UInt64(seed))
            var tally = CeilingSection.Tally()
            var trials: [(reached: Bool, ceiling: DesignCeiling, final: Double)] = []
            for p in 0..<people {
                for _ in 0..<each {
                    let ceiling = Self.ceilings[Int.random(in: 0...1, using: &g)]
                    let t = (reached: Bool.random(using: &g), ceiling: ceiling, final: Double.random(in: 0...12, using: &g).rounded(toPlaces: 2))
                    trials.append(t)
                    tally.add(reached: t.reached, ceiling: t.ceiling, final: t.final, participant: p)
                }
            }
            #expect(tally.trials == trials.count)
            #expect(tally.reached == trials.filter(\.reached).count)
            #expect(tally.cannot == trials.filter { !$0.reached && !$0.ceiling.expressible }.count)
            #expect(tally.expressible == trials.filter(\.ceiling.expressible).count)
            #expect(tally.reachedWhereExpressible == trials.filter { $0.reached && $0.ceiling.expressible }.count)
            let median = Descriptive.median(trials.map { $0.final - $0.ceiling.deltaE })
            if each <= ValueSketch.exactLimit {
                #expect(tally.medianAbove == median)
            } else {
                #expect(abs(tally.medianAbove - median) <= ValueBuckets.relativeWidth * abs(median) + 1e-12, "\(tally.medianAbove) against \(median)")
            }
        }
    }

    @Test("a ceiling without a number (NaN) counts its trials but gives no distance; none at all gives a NaN median")
    func nanCeiling() {
        let unknown = DesignCeiling(strategy: "s", task: "c", deltaE: .nan, tolerance: 3, setting: "")
        var tally = CeilingSection.Tally()
        tally.add(reached: false, ceiling: unknown, final: 2, participant: 0)
        #expect(tally.trials == 1 && tally.medianAbove.isNaN)
        tally.add(reached: true, ceiling: Self.ceilings[0], final: 2, participant: 1)
        #expect(tally.trials == 2 && tally.medianAbove == 0.5)
    }

    @Test("the reader's tallies, read as a run's stored rows go by, are those a filter over the loaded trials gives")
    func readerSameAsLoaded() throws {
        // A PIP run given a final ΔE00 (not on every trial) and ceilings on some of its tasks.
        var n = 0
        let (store, ids, results, folder) = try TrialLoadTests.database(runs: 1, batch: 4, seed: 9) { r in
            n += 1
            // PIP's trials nearly all reach: fail every third, so every count is exercised.
            if n % 3 == 0, let i = r.outcome.metrics.firstIndex(where: { $0.name == "reached_effect" }) { r.outcome.metrics[i].value = 0 }
            if n % 7 != 0 { r.outcome.metrics.append(Metric("final_delta_e00", Double(n % 13) * 0.5)) }
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let strategies = Array(Set(results.map(\.trial.strategy))).sorted()
        let tasks = Array(Set(results.map(\.trial.task.id))).sorted()
        try #require(strategies.count >= 2 && tasks.count >= 2)
        // Each strategy: an expressible ceiling on one task, one it cannot reach on another, none on the rest.
        let ceilings = strategies.enumerated().flatMap { i, s in
            [DesignCeiling(strategy: s, task: tasks[i % tasks.count], deltaE: 1.25, tolerance: 3, setting: ""),
             DesignCeiling(strategy: s, task: tasks[(i + 1) % tasks.count], deltaE: 4, tolerance: 3, setting: "")]
        }
        let reader = CeilingSection.Reader(ceilings)
        let loaded = try LoadedRun.load(from: store, head: ResultSet.head(from: store, experiment: "pip", runID: ids[0]), alongside: [reader])
        for s in strategies {
            var naive = CeilingSection.Tally()
            var people: [String: Int] = [:]
            for t in loaded.trials where t.strategy == s {
                guard let final = t["final_delta_e00"], let c = ceilings.first(where: { $0.strategy == s && $0.task == t.task }) else { continue }
                naive.add(reached: t["reached_effect"] == 1, ceiling: c, final: final,
                          participant: people[t.participant] ?? { people[t.participant] = people.count; return people.count - 1 }())
            }
            let read = try #require(reader.tallies[s])
            #expect(naive.trials > 0 && naive.reached > 0 && naive.cannot > 0, "the run exercises every count")
            let counts: (CeilingSection.Tally) -> [Int] = { [$0.trials, $0.reached, $0.cannot, $0.expressible, $0.reachedWhereExpressible] }
            #expect(counts(read) == counts(naive), "\(s)")
            #expect(read.medianAbove == naive.medianAbove, "\(s)")
        }
    }
}

private extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
