import Foundation
import Harness
import Randomness
import Statistics
import UserModels

/// What each simulated study of a power analysis must detect.
public enum PowerTarget: Sendable {
    /// The regression gate catches `regression` planted into the run's own
    /// people (`sameSeed`, paired: as `refine check` sees a code change against a
    /// baseline of the same seed) or into a second run of other people (unpaired).
    case gate(PlantedRegression, GateSettings, sameSeed: Bool)
    /// The report's Answer would find `b` better or worse than `a` on `metric`: the one contrast of two
    /// strategies (`Contrast`, at the spec's level, over the same people) judged by the one rule (`Verdict`),
    /// so neither equivalent within the spec's practical margin nor inconclusive. The difference the models
    /// predict between two strategies, with no plant.
    case difference(a: String, b: String, metric: String)

    /// One line saying what is detected.
    public var description: String {
        switch self {
        case .gate(let r, let g, let same):
            return
                "the gate (confidence \(formatNumber(g.confidence, digits: 3)), Bonferroni over \(g.tolerances.count) "
                    + "metric(s) × strategies) catches \(r.label) planted "
                    + "into \(same ? "the same people (paired)" : "a run of other people (unpaired)")"
        case .difference(let a, let b, let metric):
            return "the report's verdict on \(metric), \(b) against \(a) (its paired interval and practical margin), "
                + "is better or worse"
        }
    }

    var metrics: [String] {
        switch self {
        case .gate(_, let g, _): return g.tolerances.map(\.metric)
        case .difference(_, _, let metric): return [metric]
        }
    }
}

/// Power at one number of participants.
public struct PowerPoint: Sendable, Codable, Hashable {
    public var participants: Int
    public var simulations: Int
    public var detected: Int
    /// detected / simulations with its Wilson interval (simulations are independent).
    public var power: Estimate
    /// For a difference: the median estimated difference over the simulations; for the gate: the median change of the
    /// planted metric.
    public var medianEffect: Double
}

/// Power against participants, and the smallest number that reaches the required power.
public struct PowerCurve: Sendable, Codable, Hashable {
    public var experiment: String
    public var target: String
    public var requiredPower: Double
    public var points: [PowerPoint]
    /// The smallest participant count whose estimated power reaches `requiredPower`, if any does.
    public var smallestSufficient: Int?
    /// The same, for the lower end of the power's interval: a cautious answer.
    public var smallestSufficientCautious: Int?
}

/// "How many participants to detect this with 80% power?", answered by
/// simulation with the harness itself: for each participant count, many
/// studies of different people (seeded), each run through the real models and
/// judged as the report or the gate would judge it.
///
/// Study i uses the same seed at every participant count, so the first 20
/// people of a 40-person study are the people of the 20-person study (common
/// random numbers): the curve is smoother than with fresh people at each point.
public enum PowerAnalysis {
    public static func run(
        spec: ExperimentSpec, target: PowerTarget, participants: [Int], simulations: Int,
        requiredPower: Double, jobs: Int, progress: (String) -> Void = { _ in }
    ) throws -> PowerCurve {
        var points: [PowerPoint] = []
        for n in participants {
            var detected = 0
            var effects: [Double] = []
            for i in 0..<simulations {
                var study = spec
                study.population.participants = n
                // Study 0 is the spec's own people: at the spec's size it is the run its report reads.
                study.seed = i == 0 ? spec.seed : Seed.derive(spec.seed, "power/\(i)")
                let results = try ExperimentRunner.simulate(spec: study, jobs: jobs)
                let values = Baseline.group(results, metrics: target.metrics)
                let (hit, effect) = try judge(target, values, results: results, study: study, jobs: jobs)
                if hit { detected += 1 }
                if effect.isFinite { effects.append(effect) }
                progress("\(spec.name): \(n) participants, study \(i + 1)/\(simulations): \(detected) detected so far")
            }
            points.append(
                PowerPoint(
                    participants: n, simulations: simulations, detected: detected,
                    power: Intervals.wilson(successes: detected, n: simulations),
                    medianEffect: effects.isEmpty ? .nan : Descriptive.median(effects)))
        }
        let sorted = points.sorted { $0.participants < $1.participants }
        return PowerCurve(
            experiment: spec.name, target: target.description, requiredPower: requiredPower, points: sorted,
            smallestSufficient: sorted.first { $0.power.value >= requiredPower }?.participants,
            smallestSufficientCautious: sorted.first { $0.power.lower >= requiredPower }?.participants)
    }

    /// Whether one simulated study detects the target, and the effect it estimated.
    static func judge(
        _ target: PowerTarget, _ values: [String: [String: ParticipantValues]], results: [TrialResult],
        study: ExperimentSpec, jobs: Int
    ) throws -> (Bool, Double) {
        switch target {
        case .gate(let regression, let gate, let sameSeed):
            var change = values
            if !sameSeed {
                var other = study
                other.seed = Seed.derive(study.seed, "other people")
                change = Baseline.group(
                    try ExperimentRunner.simulate(spec: other, jobs: jobs), metrics: gate.tolerances.map(\.metric))
            }
            let changed = regression.planted(into: change, seed: study.seed)
            let caught = try regression.isFlagged(baseline: values, planted: changed, gate: gate, sameSeed: sameSeed)
            let before = values[regression.strategy]?[regression.metric].map { Descriptive.mean($0.values) } ?? .nan
            let after = changed[regression.strategy]?[regression.metric].map { Descriptive.mean($0.values) } ?? .nan
            return (caught, after - before)
        case .difference(let a, let b, let metric):
            guard
                let (contrast, verdict) = differenceVerdict(
                    a: a, b: b, metric: metric, values: values,
                    results: results, study: study)
            else { return (false, .nan) }
            // Detected: the rule every comparison ends with (`Verdict`) finds a difference, not "equivalent"
            // within the spec's practical margin nor "inconclusive".
            return (![.equivalent, .inconclusive].contains(verdict), contrast.difference.value)
        }
    }

    /// `b` against `a` on `metric` in one study, as its report's Answer would judge it (`Contrast`, `Verdict`).
    static func differenceVerdict(
        a: String, b: String, metric: String, values: [String: [String: ParticipantValues]],
        results: [TrialResult], study: ExperimentSpec
    ) -> (Contrast, Verdict)? {
        func side(_ s: String) -> ContrastSide {
            Contrast.isSurvival(metric)
                ? ContrastSide(survival: SurvivalData(results, strategy: s))
                : ContrastSide(sample: values[s]?[metric].map { ClusteredSample($0) })
        }
        guard
            let contrast = Contrast.make(
                metric, base: side(a), other: side(b), names: (a, b), paired: true,
                settings: Contrast.Settings(study))
        else { return nil }
        return (contrast, contrast.verdict(better: study.better(metric), margin: study.practical[metric]))
    }
}
