import Foundation
import Harness
import Statistics

/// The headline ranked again on other data: a subset of the tasks (`TaskMix`) or a run with a mechanism of the
/// people switched off (`AblationSection`). The headline holds when its best strategy still ranks first, or the
/// one that ranks first instead is not measurably better (the one contrast, `Contrast`, and `Verdict`).
public struct HeadlineVariation: Sendable, Codable, Hashable {
    /// "without t03 (…)", "only intent: cancel (2 tasks)", "learning".
    public var name: String
    /// The task ids ranked on (nil: every task).
    public var tasks: [String]?
    /// Who ranks first here.
    public var first: String
    /// The headline's best: its rank here (from 1) and its value.
    public var bestRank: Int
    public var bestValue: Double
    public var firstValue: Double
    /// The best minus the one ranked first, with its interval; nil when the best is first.
    public var bestMinusFirst: Estimate?
    /// The best against the one ranked first (`Verdict.judge`); nil when the best is first.
    public var verdict: Verdict?

    /// The best ranks first, or the first is not measurably better than it.
    public var holds: Bool { verdict != .worse }

    static func selection(_ strategy: String, _ tasks: [String]?) -> TrialSelection {
        TrialSelection(strategy: strategy, tasks: tasks.map(Set.init))
    }

    /// What `make` reads of a run: each strategy's headline metric on `tasks`, by participant.
    static func requests(spec: ExperimentSpec, metric: String, tasks: [String]?, into r: inout SelectionRequests) {
        for s in spec.strategies {
            let selection = selection(s.label, tasks)
            if Contrast.isSurvival(metric) {
                r.add(selection, survival: true)
            } else {
                r.add(selection, byParticipant: [metric])
            }
        }
    }

    /// The strategies ranked on `tasks` of `results` as the Answer ranks them (ties keep the spec's order), and
    /// `best` against the first; nil when `best` has too few trials there.
    static func make(
        name: String, tasks: [String]?, spec: ExperimentSpec, results: ResultSet, metric: String, best: String
    ) -> HeadlineVariation? {
        let better = spec.better(metric), survival = Contrast.isSurvival(metric)
        let settings = Contrast.Settings(spec)
        // Each strategy's side is read once: the ranking and the contrast of the best with the first share them.
        var sides: [String: ContrastSide] = [:]
        for s in spec.strategies {
            let selected = results.selected(selection(s.label, tasks))
            sides[s.label] =
                survival
                ? ContrastSide(survival: SurvivalData(selected)) : ContrastSide(sample: selected.sample(metric))
        }
        func value(_ side: ContrastSide) -> Double? {
            if survival {
                guard let d = side.survival, d.sample.trialCount >= Contrast.fewestTrials else { return nil }
                return d.curve.restrictedMean(tau: settings.timeLimit)
            }
            guard let x = side.sample, x.trialCount >= Contrast.fewestTrials else { return nil }
            return x.statistic(.mean)
        }
        let values = spec.strategies.compactMap { s in value(sides[s.label]!).map { (s.label, $0) } }
        let ranked = AnswerRanking.order(values, better: better)
        guard let first = ranked.first, let rank = ranked.firstIndex(where: { $0.0 == best }) else { return nil }
        var variation = HeadlineVariation(
            name: name, tasks: tasks, first: first.0, bestRank: rank + 1, bestValue: ranked[rank].1,
            firstValue: first.1)
        guard rank > 0 else { return variation }
        let contrast = Contrast.make(
            metric, base: sides[first.0]!, other: sides[best]!, names: (first.0, best), paired: true,
            settings: settings)
        variation.bestMinusFirst = contrast?.difference
        variation.verdict = contrast?.verdict(better: better, margin: spec.practical[metric]) ?? .inconclusive
        return variation
    }
}
