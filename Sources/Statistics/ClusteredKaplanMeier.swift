import Foundation
import Randomness

/// The Kaplan–Meier curve with intervals from a bootstrap over participants.
///
/// Why: a person contributes many trials, and their trials are alike (a slow
/// thrower is slow every time). Greenwood's variance (`KaplanMeier`'s bands)
/// treats every trial as independent, so with many trials per person its bands
/// come out too narrow. Here a person's trials are resampled together, as in
/// every other interval of the reports (`ClusterBootstrap`), with the same
/// small-sample expansion of the percentile tails.
public struct ClusteredKaplanMeier: Sendable {
    /// The point estimate (no Greenwood bands: the intervals are the resamples').
    public let curve: SurvivalCurve
    /// The observations summed per participant at each time (or grid time) for
    /// the resampled curves (`SurvivalGrid`: exact, or on a grid when that at
    /// least halves what a resample reads).
    public let grid: SurvivalGrid
    private var participantCount: Int { grid.participantCount }
    private let confidence: Double, resamples: Int, seed: UInt64

    public init(
        _ observations: [SurvivalObservation], participants: [String], confidence: Double = 0.95,
        resamples: Int = 1000, seed: UInt64
    ) {
        precondition(observations.count == participants.count, "one participant per observation")
        let (ids, owners) = participants.participantIndex()
        self.init(
            encoded: observations.map(\.encoded), owners: owners, clusters: ids.count, confidence: confidence,
            resamples: resamples, seed: seed)
    }

    /// Encoded observations (`SurvivalObservation.encoded`; times > 0), value i
    /// given by participant `owners[i]` of `clusters`: no participant string per trial.
    package init(
        encoded values: [Double], owners: [Int32], clusters: Int, confidence: Double = 0.95, resamples: Int = 1000,
        seed: UInt64
    ) {
        self.init(
            SurvivalEntries(values: values, owners: owners), clusters: clusters, confidence: confidence,
            resamples: resamples, seed: seed)
    }

    /// Observations with multiplicities (`SurvivalEntries`), their owners among `clusters` participants.
    package init(
        _ entries: SurvivalEntries, clusters: Int, confidence: Double = 0.95, resamples: Int = 1000, seed: UInt64
    ) {
        // One sort for the point curve and the resamples' summary (neither depends on the order among equal times).
        let sorted = entries.sortedByTime()
        curve = SurvivalCurve(sortedTimes: sorted.times, events: sorted.events, counts: sorted.counts)
        grid = SurvivalGrid.make(
            sortedTimes: sorted.times, events: sorted.events, owners: sorted.owners, participants: clusters,
            weights: sorted.counts)
        self.confidence = confidence
        self.resamples = resamples
        self.seed = seed
    }

    /// The fraction who reached the goal by `t` (1 − S(t)) with its interval.
    public func reached(by t: Double) -> Estimate {
        // S(t) needs each replicate's steps up to t only.
        var replicates = replicateSurvival(at: [t], through: t).map { 1 - $0 }
        return interval(value: curve.reached(by: t), &replicates)
    }

    /// The median time to the event with its interval; nil parts: not reached
    /// within the observed times (∞).
    public var median: (value: Double?, lower: Double?, upper: Double?) {
        // Each replicate's curve is needed only down to ½.
        var replicates = replicateFirstStep(atOrBelow: 0.5)
        let value = curve.median
        let e = interval(value: value ?? .infinity, &replicates)
        func finite(_ x: Double) -> Double? { x.isFinite ? x : nil }
        return (value, finite(e.lower), finite(e.upper))
    }

    /// A pointwise band of the fraction reached (1 − S) at each of `grid`.
    public func reachedBand(at grid: [Double]) -> [Estimate] {
        let flat = replicateSurvival(at: grid)
        let count = flat.count / max(grid.count, 1)
        return grid.indices.map { i in
            var replicates = (0..<count).map { 1 - flat[$0 * grid.count + i] }
            return interval(value: curve.reached(by: grid[i]), &replicates)
        }
    }

    // MARK: Resampling

    private func interval(value: Double, _ replicates: inout [Double]) -> Estimate {
        let tail = ClusterBootstrap.tailProbability(
            confidence: confidence, clusters: participantCount,
            df: participantCount - 1, expanded: true)
        return ClusterBootstrap.interval(value: value, replicates: &replicates, tail: tail)
    }

    /// Each replicate's S at each of `times` (row r holds replicate r's, in
    /// the order given), from its cells up to `through`: eight replicates a
    /// pass (`SurvivalGrid.survivalLanes`, the same draws and values as one at
    /// a time), on every core.
    private func replicateSurvival(at times: [Double], through: Double = .infinity) -> [Double] {
        guard participantCount > 0 else { return [] }
        let lanes = ParallelReplicates.lanes
        let order = times.indices.sorted { times[$0] < times[$1] }
        let queries = order.map { times[$0] }
        return ParallelReplicates.runLanes(
            resamples: resamples, seed: seed, clustersA: participantCount, outputs: times.count
        ) { w, _, out in
            var first = [Double](repeating: 0, count: lanes), at = [Double](repeating: 0, count: queries.count * lanes)
            grid.survivalLanes(weights: w, until: -1, through: through, queries: queries, first: &first, atQuery: &at)
            for k in 0..<lanes { for (q, i) in order.enumerated() { out[k * times.count + i] = at[q * lanes + k] } }
        }
    }

    /// Each replicate's first step time with S ≤ `level` (+∞ if none), eight a pass.
    private func replicateFirstStep(atOrBelow level: Double) -> [Double] {
        guard participantCount > 0 else { return [] }
        return ParallelReplicates.runLanes(resamples: resamples, seed: seed, clustersA: participantCount) { w, _, out in
            var none = 0.0
            grid.survivalLanes(weights: w, until: level, through: .infinity, queries: [], first: out, atQuery: &none)
        }
    }
}
