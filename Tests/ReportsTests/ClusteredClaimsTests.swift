import Foundation
import Randomness
@testable import Reports
@testable import Statistics
import Testing
import UserModels

/// Claims compare strategies over people, not over trials: one person's trials
/// share that person's speed and habits, so they are not independent evidence.
/// `Comparisons.difference` only accepts values tagged with their participant
/// (the trial-level overload is gone), and these tests check that what it
/// returns is as uncertain as the number of people warrants.
@Suite("Claims use the participant-level bootstrap")
struct ClusteredClaimsTests {
    /// Paired data: every person uses both strategies `trials` times. Each
    /// person's own effect of B over A varies a lot between people (sd 1) and
    /// hardly within a person (sd 0.05), as with real habits.
    static func study(people: Int, trials: Int, seed: UInt64) -> (ParticipantValues, ParticipantValues) {
        var g = SeededGenerator(seed: seed)
        var a = ParticipantValues(), b = ParticipantValues()
        for p in 0..<people {
            let speed = g.normal(mean: 5, sd: 1), effect = g.normal(mean: 0.5, sd: 1)
            for _ in 0..<trials {
                a.append(speed + g.normal(mean: 0, sd: 0.05), participant: "p\(p)")
                b.append(speed + effect + g.normal(mean: 0, sd: 0.05), participant: "p\(p)")
            }
        }
        return (a, b)
    }

    static func width(_ e: Estimate) -> Double { e.upper - e.lower }

    @Test("many trials of few people give an interval as wide as the people allow, not as narrow as the trials would")
    func manyTrialsDoNotNarrowTheInterval() {
        let (a, b) = Self.study(people: 8, trials: 40, seed: 7)
        let clustered = Comparisons.difference(a, b, metric: "time_to_effect_s", paired: true, confidence: 0.95, resamples: 1000, seed: 3)
        #expect(clustered.statistic == "mean" || clustered.statistic == "median")
        // The same values read as 320 independent trials a side.
        let naive = Intervals.bootstrapTwoSample(b.values, a.values, confidence: 0.95, resamples: 1000, seed: 3) {
            Descriptive.median($0) - Descriptive.median($1)
        }
        #expect(Self.width(clustered.estimate) > 2 * Self.width(naive),
                "clustered \(clustered.estimate) vs trial-level \(naive)")
    }

    @Test("forty trials a person narrow the interval little more than one trial a person does")
    func widthFollowsPeople() {
        var ratios: [Double] = []
        for seed in UInt64(1)...6 {
            let (a1, b1) = Self.study(people: 12, trials: 1, seed: seed)
            let (a40, b40) = Self.study(people: 12, trials: 40, seed: seed)
            let one = Comparisons.difference(a1, b1, metric: "time_to_effect_s", paired: true, confidence: 0.95, resamples: 800, seed: seed)
            let forty = Comparisons.difference(a40, b40, metric: "time_to_effect_s", paired: true, confidence: 0.95, resamples: 800, seed: seed)
            ratios.append(Self.width(forty.estimate) / Self.width(one.estimate))
        }
        // Independent trials would shrink the width by √40 ≈ 6.3; people do not.
        let median = ratios.sorted()[ratios.count / 2]
        #expect(median > 0.5, "width ratios 40 vs 1 trial per person: \(ratios)")
    }
}
