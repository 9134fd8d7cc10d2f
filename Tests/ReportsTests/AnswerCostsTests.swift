import Foundation
import Harness
@testable import Reports
import Statistics
import Testing

/// The Answer's costs (`report: {costs: [...]}`): what the strategy ranked first gives up against the next, on
/// metrics other than the headline, with the same paired interval and verdict as every comparison.
@Suite("Answer costs")
struct AnswerCostsTests {
    @Test("each cost is the first minus the next, paired over people, with its verdict; none without costs")
    func costSentence() throws {
        let (store, ids, _, folder) = try TrialLoadTests.database(runs: 1, batch: 50, seed: 3)
        defer { try? FileManager.default.removeItem(at: folder) }
        var (spec, _) = try TrialLoadTests.simulated(replications: nil)
        let (first, next) = (spec.strategies[1].label, spec.strategies[0].label)
        let ranking = [RankedStrategy(strategy: first, value: 1), RankedStrategy(strategy: next, value: 2)]
        let samples = try RunSamples(store: store, runID: ids[0], metrics: ["corrections", "settle_time_s"])
        spec.report.costs = []
        #expect(AnswerSection.costSentence(spec: spec, samples: samples, ranking: ranking) == nil)
        spec.report.costs = ["settle_time_s", "corrections"]
        let sentence = try #require(AnswerSection.costSentence(spec: spec, samples: samples, ranking: ranking))
        #expect(sentence.hasPrefix("On other measures, \(first) minus the next-ranked \(next): settle time "))
        // The difference and its interval are the paired contrast's, as `refine compare` would give them.
        let contrast = try #require(
            Contrast.make(
                "settle_time_s",
                base: ContrastSide(sample: samples.sample(strategy: next, metric: "settle_time_s")?.clustered),
                other: ContrastSide(sample: samples.sample(strategy: first, metric: "settle_time_s")?.clustered),
                names: (next, first), paired: true, settings: Contrast.Settings(spec)))
        let verdict = Verdict.judge(contrast.difference, better: spec.better("settle_time_s"))
        let word = verdict == .inconclusive ? "no clear difference" : verdict.rawValue
        #expect(sentence.contains(formatEstimate(contrast.difference, digits: 3) + " s (\(word))"))
        #expect(sentence.contains("; corrections "))
        // Read the other way round (higher better), the same difference earns the opposite verdict.
        if verdict != .inconclusive {
            let opposite: WorseDirection = spec.better("settle_time_s") == .lower ? .higher : .lower
            spec.sensitivity?.metric = "settle_time_s"
            spec.sensitivity?.better = opposite
            let flipped = try #require(AnswerSection.costSentence(spec: spec, samples: samples, ranking: ranking))
            #expect(flipped.contains("(\(verdict == .better ? "worse" : "better"))"))
        }
        // The answer's reader reads the costs too, beside a survival headline (pip's) that it reads apart.
        #expect(AnswerSection.reader(spec: spec) != nil)
        // A survival headline with costs: the set-up says nothing of the time limit it cannot measure.
        #expect(AnswerSection.timeLimitShares(spec: spec, samples: samples, metric: "time_to_effect_s") == nil)
        // One strategy ranked: nothing to weigh against.
        #expect(AnswerSection.costSentence(spec: spec, samples: samples, ranking: [ranking[0]]) == nil)
    }
}
