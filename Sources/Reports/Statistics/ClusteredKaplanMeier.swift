import Foundation
import UserModels

/// The Kaplan–Meier curve with intervals from a bootstrap over participants.
///
/// Why: a person contributes many trials, and their trials are alike (a slow
/// thrower is slow every time). Greenwood's variance (`KaplanMeier`'s bands)
/// treats every trial as independent, so with many trials per person its bands
/// come out too narrow. Here a person's trials are resampled together, as in
/// every other interval of the reports (`ClusterBootstrap`), with the same
/// small-sample expansion of the percentile tails.
public struct ClusteredKaplanMeier: Sendable {
    /// The point estimate (its own Greenwood bands are not used).
    public let curve: KaplanMeier
    /// The observations summed per participant at each time (or grid time) for
    /// the resampled curves (`SurvivalGrid`: exact, or on a grid when that at
    /// least halves what a resample reads).
    public let grid: SurvivalGrid
    private var participantCount: Int { grid.participantCount }
    private let confidence: Double, resamples: Int, seed: UInt64

    public init(_ observations: [SurvivalObservation], participants: [String], confidence: Double = 0.95,
                resamples: Int = 1000, seed: UInt64) {
        precondition(observations.count == participants.count, "one participant per observation")
        curve = KaplanMeier(observations, confidence: confidence)
        let index = Dictionary(zip(Set(participants).sorted(), 0...), uniquingKeysWith: { a, _ in a })
        let order = observations.indices.sorted { observations[$0].time < observations[$1].time }
        grid = SurvivalGrid.make(sortedTimes: order.map { observations[$0].time }, events: order.map { observations[$0].event },
                                 owners: order.map { Int32(index[participants[$0]]!) }, participants: index.count)
        self.confidence = confidence
        self.resamples = resamples
        self.seed = seed
    }

    /// The fraction who reached the goal by `t` (1 − S(t)) with its interval.
    public func reached(by t: Double) -> Estimate {
        // S(t) needs each replicate's steps up to t only.
        var replicates = replicateValues(through: t) { stepTimes, survival, out in out[0] = 1 - Self.survival(at: t, stepTimes, survival) }
        return interval(value: curve.reached(by: t).value, &replicates)
    }

    /// The median time to the event with its interval; nil parts: not reached
    /// within the observed times (∞).
    public var median: (value: Double?, lower: Double?, upper: Double?) {
        // Each replicate's curve is needed only down to ½.
        var replicates = replicateValues(until: 0.5) { stepTimes, survival, out in
            out[0] = survival.firstIndex { $0 <= 0.5 }.map { stepTimes[$0] } ?? .infinity
        }
        let value = curve.median.value
        let e = interval(value: value ?? .infinity, &replicates)
        func finite(_ x: Double) -> Double? { x.isFinite ? x : nil }
        return (value, finite(e.lower), finite(e.upper))
    }

    /// A pointwise band of the fraction reached (1 − S) at each of `grid`.
    public func reachedBand(at grid: [Double]) -> [Estimate] {
        let flat = replicateValues(outputs: grid.count) { stepTimes, survival, out in
            for (i, t) in grid.enumerated() { out[i] = 1 - Self.survival(at: t, stepTimes, survival) }
        }
        let count = flat.count / max(grid.count, 1)
        return grid.indices.map { i in
            var replicates = (0..<count).map { flat[$0 * grid.count + i] }
            return interval(value: curve.reached(by: grid[i]).value, &replicates)
        }
    }

    // MARK: Resampling

    private func interval(value: Double, _ replicates: inout [Double]) -> Estimate {
        let tail = ClusterBootstrap.tailProbability(confidence: confidence, clusters: participantCount,
                                                    df: participantCount - 1, expanded: true)
        return ClusterBootstrap.interval(value: value, replicates: &replicates, tail: tail)
    }

    /// `outputs` values per replicate, read by `read` off each replicate's
    /// curve (its event times and S after each): one weighted pass over the
    /// grid's cells per replicate (`SurvivalGrid.curve`), stopping at its first
    /// step with S ≤ `until` and before times after `through`.
    /// Replicates run on every core (`ParallelReplicates`: the same draws and values).
    private func replicateValues(outputs: Int = 1, until: Double = -1, through: Double = .infinity,
                                 _ read: (_ stepTimes: ArraySlice<Double>, _ survival: ArraySlice<Double>, _ out: UnsafeMutableBufferPointer<Double>) -> Void) -> [Double] {
        guard participantCount > 0 else { return [] }
        let n = grid.cellCount
        return ParallelReplicates.run(resamples: resamples, seed: seed, clustersA: participantCount, outputs: outputs,
                                      scratch: { ([Double](repeating: 0, count: n), [Double](repeating: 0, count: n)) }) { w, _, out, buffers in
            let steps = w.withUnsafeBufferPointer { w in
                buffers.0.withUnsafeMutableBufferPointer { stepTimes in buffers.1.withUnsafeMutableBufferPointer { survival in
                    grid.curve(weights: w, until: until, through: through, stepTimes: stepTimes, survival: survival)
                } }
            }
            read(buffers.0[..<steps], buffers.1[..<steps], out)
        }
    }

    /// S(t) of a replicate curve (right-continuous; 1 before its first event).
    private static func survival(at t: Double, _ stepTimes: ArraySlice<Double>, _ survival: ArraySlice<Double>) -> Double {
        var lo = stepTimes.startIndex, hi = stepTimes.endIndex
        while lo < hi {
            let mid = (lo + hi) / 2
            if stepTimes[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == stepTimes.startIndex ? 1 : survival[lo - 1]
    }
}
