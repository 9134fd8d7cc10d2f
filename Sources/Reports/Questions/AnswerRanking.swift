import Foundation
import Harness
import Statistics

/// One strategy's line in the Answer's ranking on the headline metric.
public struct RankedStrategy: Sendable, Codable, Hashable {
    public var strategy: String
    /// The headline value: a mean, a rate, or for time to effect the restricted mean up to the time limit.
    public var value: Double
    /// This strategy minus the best, with its interval (paired over people); nil for the best.
    public var fromBest: Estimate?
    /// This strategy against the best (`Verdict.judge`); nil for the best.
    public var verdict: Verdict?
    /// Not measurably worse than the best: the interval of `fromBest` includes no difference on the bad
    /// side, or lies within the spec's practical margin.
    public var sameAsBest: Bool { verdict != .worse }
}

/// The strategies ranked best first on the headline metric (in the spec's order when neither way is
/// better), each against the best with the same test and interval as the Answer's comparisons.
enum AnswerRanking {
    static func rank(spec: ExperimentSpec, results: ResultSet, samples: RunSamples?, metric: String,
                     better: MetricDefinition.Better) -> [RankedStrategy] {
        let tau = spec.limits.timeLimit
        var values: [(String, Double)] = []
        for s in spec.strategies.map(\.label) {
            if AnswerSection.isSurvival(metric) {
                let d = SurvivalData(results.selected(TrialSelection(strategy: s)))
                if d.sample.trialCount >= 3 { values.append((s, d.curve.restrictedMean(tau: tau))) }
            } else if let x = samples?.sample(strategy: s, metric: metric), x.trialCount >= 3 {
                values.append((s, x.mean))
            }
        }
        guard !values.isEmpty else { return [] }
        guard better != .neither else {
            return values.map { RankedStrategy(strategy: $0.0, value: $0.1, fromBest: nil, verdict: nil) }
        }
        let ordered = order(values, better: better)
        let best = ordered[0].0
        return ordered.enumerated().map { i, entry in
            guard i > 0 else {
                return RankedStrategy(strategy: best, value: entry.1, fromBest: nil, verdict: nil)
            }
            let d = difference(best, entry.0, spec: spec, results: results, samples: samples, metric: metric)
            // The same rule as every comparison (`Verdict`); no estimate (too few trials): not told apart.
            let verdict = d.map { Verdict.judge($0, better: better, margin: spec.practical[metric]) } ?? .inconclusive
            return RankedStrategy(strategy: entry.0, value: entry.1, fromBest: d, verdict: verdict)
        }
    }

    /// Strategies' values best first; ties keep the order given (the spec's).
    static func order(_ values: [(String, Double)], better: MetricDefinition.Better) -> [(String, Double)] {
        values.enumerated().sorted { x, y in
            let (a, b) = (x.element.1, y.element.1)
            if a != b { return better == .lower ? a < b : a > b }
            return x.offset < y.offset
        }.map(\.element)
    }

    /// `other` − `best` by the one contrast of two strategies (`Contrast`), as the comparisons below the ranking,
    /// `refine compare` and `refine power --compare` make it. `results` is read only for a time to effect.
    static func difference(_ best: String, _ other: String, spec: ExperimentSpec, results: ResultSet?,
                           samples: RunSamples?, metric: String) -> Estimate? {
        func side(_ s: String) -> ContrastSide {
            AnswerSection.isSurvival(metric)
                ? ContrastSide(survival: results.map { SurvivalData($0.selected(TrialSelection(strategy: s))) })
                : ContrastSide(sample: samples?.sample(strategy: s, metric: metric)?.clustered)
        }
        return Contrast.make(metric, base: side(best), other: side(other), names: (best, other), paired: true,
                             settings: Contrast.Settings(spec))?.difference
    }

    /// A headline value as a reader takes it in: a rate as a percentage, else the number (with its unit
    /// in a sentence; a table says the unit in its header).
    static func text(_ value: Double, _ definition: MetricDefinition, withUnit: Bool = true) -> String {
        if definition.kind == .outcome { return "\(formatNumber(value * 100, digits: 0))%" }
        let unit = !withUnit || definition.unit.isEmpty || definition.unit == "share" ? "" : " " + definition.unit
        return formatNumber(value, digits: 3) + unit
    }

    /// `withUnit`: a difference in a sentence says its unit (a table says it in its header).
    static func differenceText(_ d: Estimate, _ definition: MetricDefinition, withUnit: Bool = false) -> String {
        guard definition.kind == .outcome else {
            let plain = !withUnit || definition.unit.isEmpty || definition.unit == "share"
            return formatEstimate(d, digits: 3) + (plain ? "" : " " + definition.unit)
        }
        let points = Estimate(value: d.value * 100, lower: d.lower * 100, upper: d.upper * 100)
        return formatEstimate(points, digits: 1) + " points"
    }
}
