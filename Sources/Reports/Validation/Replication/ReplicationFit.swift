import Foundation
import Harness
import Statistics
import UserModels

/// Estimates parameters from the replications (`refine fit`): a seeded Nelder–Mead
/// search, on a log scale between each parameter's bounds, for the values whose
/// simulated findings sit closest to the published ones. Every evaluation runs
/// the replications with the same seed (common random numbers), so the distance
/// changes only with the parameters (a point asked for before reuses what the
/// replications did there: `ObservationMemo`). Leave-one-study-out: each study is scored
/// with parameters fitted to the others, which is the figure that says how well
/// the people predict a study they were not fitted to.
public struct ReplicationFit: Sendable {
    public var suite: ReplicationSuite
    public var settings: FitSettings
    /// Evaluations per fit (each runs every replication once).
    public var evaluations: Int

    public init(suite: ReplicationSuite, settings: FitSettings, evaluations: Int = 120) {
        self.suite = suite; self.settings = settings; self.evaluations = evaluations
    }

    /// The most one finding's magnitude can add to the distance: a miss of two 25 % steps (a value off by
    /// more than half again, or less than two thirds) is a disagreement, and missing by more costs no more.
    static let largestSquaredMiss = 4.0

    /// How far one finding is from its published value: squared log ratio in units of a 25 % miss,
    /// capped at `largestSquaredMiss`; a bound only on its wrong side; a direction 1 when it disagrees.
    ///
    /// The cap is a bounded loss (as in Beaton & Tukey 1974's biweight): a finding the people cannot come
    /// near for a reason no fitted parameter names (a mechanism they lack, a design that differs) would
    /// otherwise outweigh every finding they do come near, and the fit would bend shared parameters to
    /// absorb it, which carries to no other study (Docs/Validation.md, 2026-12-04).
    static func distance(_ s: FindingScore) -> Double {
        guard let p = s.published else { return s.directionAgrees == false ? 1 : 0 }
        if s.magnitudeAgrees == true, s.publishedLow == nil || s.publishedHigh == nil { return 0 }
        let miss = p > 0 && s.simulated > 0 ? log(s.simulated / p) / log(1.25) : (s.simulated - p) / (0.25 * abs(p))
        return min(miss * miss, largestSquaredMiss) + (s.directionAgrees == false ? 1 : 0)
    }

    func values(_ u: [Double]) -> [String: Double] {
        var v: [String: Double] = [:]
        for (p, x) in zip(settings.parameters, u) {
            v[p.path] = exp(log(p.lower) + min(max(x, 0), 1) * (log(p.upper) - log(p.lower)))
        }
        return v
    }

    func start() -> [Double] {
        settings.parameters.map { p in
            let c = ParameterCatalog.definition(p.path)!.novice.typical
            return min(max((log(c) - log(p.lower)) / (log(p.upper) - log(p.lower)), 0), 1)
        }
    }

    /// The values fitted to `studies` (all when nil) and the distance they reach.
    func fit(to studies: Set<String>?) throws -> (values: [String: Double], distance: Double) {
        var failure: Error?
        let best = NelderMead.minimise(start: start(), step: 0.15, evaluations: evaluations) { u in
            do {
                let scores = try suite.score(parameters: values(u), only: studies, resamples: 200)
                return scores.map(Self.distance).reduce(0, +)
            } catch {
                failure = error
                return .infinity
            }
        }
        if let failure { throw failure }
        return (values(best.point), best.value)
    }

    /// In-sample and leave-one-study-out fits and their scorecards.
    public func run() throws -> FitReport {
        let studies = suite.replications.map(\.study)
        let all = try fit(to: nil)
        let inSample = try suite.score(parameters: all.values)
        // The leave-one-out fits are independent and each deterministic: run side by side (one study's
        // replication can outweigh the rest of an evaluation, which leaves cores idle within one fit).
        let leftOut = ParallelMap.run(studies) { study in
            Result {
                let others = try fit(to: Set(studies).subtracting([study]))
                return (others.values, try suite.score(parameters: others.values, only: [study]))
            }
        }
        var outOfSample: [FindingScore] = [], perStudy: [[String: Double]] = []
        for result in leftOut {
            let (values, scores) = try result.get()
            perStudy.append(values)
            outOfSample += scores
        }
        let n = Double(studies.count)
        let parameters = settings.parameters.map { p in
            // Jackknife over studies: the spread of the leave-one-out estimates.
            let estimates = perStudy.map { $0[p.path]! }
            let mean = Descriptive.mean(estimates)
            let se = ((n - 1) / n * estimates.map { ($0 - mean) * ($0 - mean) }.reduce(0, +)).squareRoot()
            return FitReport.Parameter(path: p.path, catalogue: ParameterCatalog.definition(p.path)!.novice.typical,
                                       fitted: all.values[p.path]!, jackknifeSE: se, bounds: [p.lower, p.upper])
        }
        return FitReport(parameters: parameters, distance: all.distance, evaluations: evaluations,
                         catalogue: try suite.score(), inSample: inSample, outOfSample: outOfSample)
    }
}

/// Nelder & Mead's simplex search (1965) in the unit cube, deterministic.
enum NelderMead {
    static func minimise(start: [Double], step: Double, evaluations: Int,
                         _ f: ([Double]) -> Double) -> (point: [Double], value: Double) {
        let d = start.count
        var simplex: [([Double], Double)] = [(start, f(start))]
        for i in 0..<d {
            var p = start
            p[i] = p[i] + step <= 1 ? p[i] + step : p[i] - step
            simplex.append((p, f(p)))
        }
        var used = d + 1
        func clamp(_ p: [Double]) -> [Double] { p.map { min(max($0, 0), 1) } }
        while used < evaluations {
            simplex.sort { $0.1 < $1.1 }
            let centroid = (0..<d).map { i in simplex.dropLast().reduce(0) { $0 + $1.0[i] } / Double(d) }
            let worst = simplex[d]
            func along(_ t: Double) -> [Double] {
                clamp((0..<d).map { centroid[$0] + t * (worst.0[$0] - centroid[$0]) })
            }
            let reflected = along(-1), fr = f(reflected); used += 1
            if fr < simplex[0].1 {
                let expanded = along(-2), fe = f(expanded); used += 1
                simplex[d] = fe < fr ? (expanded, fe) : (reflected, fr)
            } else if fr < simplex[d - 1].1 {
                simplex[d] = (reflected, fr)
            } else {
                let contracted = along(fr < worst.1 ? -0.5 : 0.5), fc = f(contracted); used += 1
                if fc < min(fr, worst.1) {
                    simplex[d] = (contracted, fc)
                } else {
                    for i in 1...d {
                        let best = simplex[0].0, point = simplex[i].0
                        simplex[i].0 = clamp((0..<d).map { best[$0] + 0.5 * (point[$0] - best[$0]) })
                        simplex[i].1 = f(simplex[i].0); used += 1
                    }
                }
            }
        }
        simplex.sort { $0.1 < $1.1 }
        return (simplex[0].0, simplex[0].1)
    }
}
