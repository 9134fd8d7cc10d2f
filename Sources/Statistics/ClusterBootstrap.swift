import Foundation
import Randomness

/// The seeded cluster bootstrap over participants (DESIGN §8): a resample draws
/// participants with replacement and takes all their trials, so the intervals
/// reflect that a person's trials are alike (one person's skill and habits, and
/// what they learn within a session) instead of treating thousands of trials as
/// thousands of independent people.
///
/// Differences between two groups are resampled
/// - **paired** when both groups hold the same participants (the same people, the
///   same run seed: strategies within one run, or a check against a baseline of
///   the same seed): one draw of participants serves both groups, so what is
///   common to a person cancels out (within-subject);
/// - **unpaired** otherwise (e.g. runs with different seeds, hence different
///   people): each group's participants are drawn independently.
///
/// Intervals are percentile intervals, optionally *expanded* for few
/// participants (Hesterberg 2015, "What teachers should know about the
/// bootstrap", §4.2): the tail probability α/2 is replaced by
/// Φ(−√(n/(n−1)) · t(α/2, n−1)), which undoes the bootstrap's n rather than n−1
/// divisor and its normal rather than t tails. With 20 participants and a
/// Bonferroni-adjusted 99.6% level that matters; with 200 it hardly does.
public enum ClusterBootstrap {
    /// Whether two groups can be resampled as pairs: they hold the same people.
    /// Callers also require the same run seed, since ids alone (p0000…) repeat
    /// across runs as different people.
    public static func canPair(_ a: ClusteredSample, _ b: ClusteredSample) -> Bool {
        a.participants == b.participants && a.clusterCount > 0
    }

    /// The statistic of one group with its interval.
    public static func estimate(
        _ x: ClusteredSample, _ s: ClusterStatistic, confidence: Double, resamples: Int,
        seed: UInt64, expanded: Bool = true
    ) -> Estimate {
        guard x.trialCount > 0 else { return Estimate(value: .nan, lower: .nan, upper: .nan) }
        var stats = replicates(x, s, resamples: resamples, seed: seed)
        let tail = tailProbability(
            confidence: confidence, clusters: x.clusterCount, df: x.clusterCount - 1, expanded: expanded)
        return interval(value: x.statistic(s), replicates: &stats, tail: tail)
    }

    /// statistic(a) − statistic(b) with its interval, paired when `paired` and
    /// the groups hold the same participants, unpaired otherwise.
    public static func difference(
        _ a: ClusteredSample, _ b: ClusteredSample, _ s: ClusterStatistic, paired: Bool,
        confidence: Double, resamples: Int, seed: UInt64, expanded: Bool = true
    ) -> Estimate {
        twoGroupInterval(a, b, paired: paired, confidence: confidence, expanded: expanded) { pairs in
            replicates(a, b, s, paired: pairs, resamples: resamples, seed: seed)
        } value: {
            a.statistic(s) - b.statistic(s)
        }
    }

    /// The seeded replicates of one group's statistic.
    package static func replicates(
        _ x: ClusteredSample, _ s: ClusterStatistic, resamples: Int, seed: UInt64
    ) -> [Double] {
        // Eight resamples a call (the same values as one at a time).
        ParallelReplicates.runLanes(resamples: resamples, seed: seed, clustersA: x.clusterCount) { w, _, out in
            x.statistics(s, lanes: w, into: out)
        }
    }

    /// The seeded replicates of statistic(a) − statistic(b); `paired` requires `canPair(a, b)`.
    package static func replicates(
        _ a: ClusteredSample, _ b: ClusteredSample, _ s: ClusterStatistic, paired: Bool,
        resamples: Int, seed: UInt64
    ) -> [Double] {
        precondition(!paired || canPair(a, b), "pairs need the same participants on both sides")
        // Eight resamples a call (the same values as one at a time).
        let lanes = ParallelReplicates.lanes
        return ParallelReplicates.runLanes(
            resamples: resamples, seed: seed, clustersA: a.clusterCount,
            clustersB: paired ? nil : b.clusterCount
        ) { wa, wb, out in
            var sa = [Double](repeating: 0, count: lanes), sb = sa
            a.statistics(s, lanes: wa, into: &sa)
            b.statistics(s, lanes: wb, into: &sb)
            for k in 0..<lanes { out[k] = sa[k] - sb[k] }
        }
    }

    /// Any two-group statistic (e.g. Cliff's delta) of the resampled trial
    /// values, paired or not as in `difference`. Gathers the values of each
    /// resample (into reused buffers), so it costs O(trials) per resample.
    public static func twoGroup(
        _ a: ClusteredSample, _ b: ClusteredSample, paired: Bool, confidence: Double, resamples: Int,
        seed: UInt64, expanded: Bool = true, statistic: ([Double], [Double]) -> Double
    ) -> Estimate {
        twoGroupInterval(a, b, paired: paired, confidence: confidence, expanded: expanded) { pairs in
            var g = SeededGenerator(seed: seed)
            var wa = [Int32](repeating: 0, count: a.clusterCount)
            var wb = [Int32](repeating: 0, count: b.clusterCount)
            var ra: [Double] = [], rb: [Double] = []
            ra.reserveCapacity(a.trialCount * 2); rb.reserveCapacity(b.trialCount * 2)
            var stats = [Double](repeating: 0, count: resamples)
            for r in 0..<resamples {
                draw(&wa, &g)
                if pairs { wb = wa } else { draw(&wb, &g) }
                a.gather(weights: wa, into: &ra)
                b.gather(weights: wb, into: &rb)
                stats[r] = statistic(ra, rb)
            }
            return stats
        } value: {
            var observedA: [Double] = [], observedB: [Double] = []
            a.gather(weights: [Int32](repeating: 1, count: a.clusterCount), into: &observedA)
            b.gather(weights: [Int32](repeating: 1, count: b.clusterCount), into: &observedB)
            return statistic(observedA, observedB)
        }
    }

    /// The skeleton every two-group interval shares (`difference`, `twoGroup`): no interval without trials on
    /// both sides, pairs only where `canPair`, the replicates (`replicated` gets whether they are paired), then
    /// the tail and the interval.
    private static func twoGroupInterval(
        _ a: ClusteredSample, _ b: ClusteredSample, paired: Bool, confidence: Double, expanded: Bool,
        replicated: (_ paired: Bool) -> [Double], value: () -> Double
    ) -> Estimate {
        guard a.trialCount > 0, b.trialCount > 0 else { return Estimate(value: .nan, lower: .nan, upper: .nan) }
        let pairs = paired && canPair(a, b)
        var stats = replicated(pairs)
        let tail = differenceTail(a, b, paired: pairs, confidence: confidence, expanded: expanded)
        return interval(value: value(), replicates: &stats, tail: tail)
    }

    /// Cliff's delta of `a` against `b` with its interval: the same draws and
    /// replicates as `twoGroup(a, b, …, statistic: RankTests.cliffsDelta)`,
    /// each computed by one weighted merge of the sorted samples
    /// (O(trials) per resample instead of gathering and sorting them).
    public static func cliffsDelta(
        _ a: ClusteredSample, _ b: ClusteredSample, paired: Bool, confidence: Double, resamples: Int,
        seed: UInt64, expanded: Bool = true
    ) -> Estimate {
        twoGroup(a, b, paired: paired, confidence: confidence, resamples: resamples, seed: seed, expanded: expanded) {
            wa, wb in
            ClusteredSample.cliffsDelta(a, weights: wa, b, weights: wb)
        }
    }

    /// As `twoGroup(_:_:paired:…statistic:)` (the same draws from the same seed,
    /// hence the same replicates), for a statistic computed from how often each
    /// participant was drawn (`weightsA`, `weightsB`) instead of from the gathered
    /// trial values: O(trials) per resample without gathering or re-sorting.
    /// `value`: the point estimate when the weighted statistic only approximates
    /// it (a time grid); nil: the statistic with every participant once.
    public static func twoGroup(
        _ a: ClusteredSample, _ b: ClusteredSample, paired: Bool, confidence: Double, resamples: Int,
        seed: UInt64, expanded: Bool = true, value point: Double? = nil,
        weighted statistic: (_ weightsA: [Int32], _ weightsB: [Int32]) -> Double
    ) -> Estimate {
        twoGroupInterval(a, b, paired: paired, confidence: confidence, expanded: expanded) { pairs in
            ParallelReplicates.values(
                resamples: resamples, seed: seed, clustersA: a.clusterCount,
                clustersB: pairs ? nil : b.clusterCount, statistic)
        } value: {
            point
                ?? statistic(
                    [Int32](repeating: 1, count: a.clusterCount), [Int32](repeating: 1, count: b.clusterCount))
        }
    }

    /// As `twoGroup(_:_:paired:…weighted:)` (the same draws, hence the same
    /// replicates), for a statistic computed eight resamples at a time by a lane
    /// kernel: `statistic` gets eight resamples' weights participant-major
    /// (`ParallelReplicates.runLanes`) and writes their values to `out[0..<8]`.
    /// `value`: the point estimate.
    public static func twoGroup(
        _ a: ClusteredSample, _ b: ClusteredSample, paired: Bool, confidence: Double, resamples: Int,
        seed: UInt64, expanded: Bool = true, value: Double,
        lanes statistic: (
            _ weightsA: UnsafePointer<Int32>, _ weightsB: UnsafePointer<Int32>,
            _ out: UnsafeMutablePointer<Double>
        ) -> Void
    ) -> Estimate {
        twoGroupInterval(a, b, paired: paired, confidence: confidence, expanded: expanded) { pairs in
            ParallelReplicates.runLanes(
                resamples: resamples, seed: seed, clustersA: a.clusterCount,
                clustersB: pairs ? nil : b.clusterCount, statistic)
        } value: {
            value
        }
    }

    /// The replicates for explicit draws of participant indices (into the sorted
    /// `participants`): one group when `b` is nil, a paired difference when
    /// `drawsB` is nil, unpaired otherwise. For checking the resampling against
    /// an independent implementation fed the same draws.
    public static func replicates(
        _ a: ClusteredSample, minus b: ClusteredSample? = nil, _ s: ClusterStatistic,
        draws: [[Int]], drawsB: [[Int]]? = nil
    ) -> [Double] {
        func weights(_ d: [Int], _ n: Int) -> [Int32] {
            var w = [Int32](repeating: 0, count: n)
            for i in d { w[i] += 1 }
            return w
        }
        return draws.indices.map { r in
            let wa = weights(draws[r], a.clusterCount)
            guard let b else { return a.statistic(s, weights: wa) }
            let wb = drawsB.map { weights($0[r], b.clusterCount) } ?? wa
            return a.statistic(s, weights: wa) - b.statistic(s, weights: wb)
        }
    }

    /// The percentile interval around `value` from the replicates (sorted in place).
    public static func interval(value: Double, replicates: inout [Double], tail: Double) -> Estimate {
        replicates.sort()
        return Estimate(
            value: value, lower: Descriptive.quantile(sorted: replicates, tail),
            upper: Descriptive.quantile(sorted: replicates, 1 - tail))
    }

    /// The tail probability cut from each side of the replicates: (1 − confidence)/2,
    /// expanded for `clusters` participants and `df` degrees of freedom.
    public static func tailProbability(confidence: Double, clusters: Int, df: Int, expanded: Bool) -> Double {
        let tail = (1 - confidence) / 2
        guard expanded, clusters > 1, df >= 1 else { return tail }
        let n = Double(clusters)
        let z = (n / (n - 1)).squareRoot() * StudentT.upperQuantile(tail: tail, df: df)
        return 0.5 * erfc(z / 2.0.squareRoot())
    }

    /// Resamples enough for the percentile at `tail` to rest on about 25
    /// replicates beyond it (at least `minimum`, at most 200 000).
    public static func resamples(forTail tail: Double, minimum: Int = 2000) -> Int {
        // A tail of 0 (two people and a far-expanded interval) asked for infinitely many: the cap.
        guard tail > 0 else { return 200_000 }
        return Int(min(200_000, max(Double(minimum), (25 / tail).rounded(.up))))
    }

    /// The expansion of a difference: paired, the n − 1 of the participants;
    /// unpaired, the smaller group's √(n/(n−1)) (the larger one's is closer to
    /// 1, so this errs wide) with the pooled n_a + n_b − 2 degrees of freedom.
    package static func differenceTail(
        _ a: ClusteredSample, _ b: ClusteredSample, paired: Bool, confidence: Double, expanded: Bool
    ) -> Double {
        paired
            ? tailProbability(
                confidence: confidence, clusters: a.clusterCount, df: a.clusterCount - 1, expanded: expanded)
            : tailProbability(
                confidence: confidence, clusters: min(a.clusterCount, b.clusterCount),
                df: a.clusterCount + b.clusterCount - 2, expanded: expanded)
    }

    /// Draws `w.count` participants with replacement: `w[c]` becomes how often c was drawn.
    @inline(__always)
    package static func draw(_ w: inout [Int32], _ g: inout SeededGenerator) {
        let n = UInt64(w.count)
        for c in w.indices { w[c] = 0 }
        for _ in 0..<w.count { w[Int(g.next() % n)] += 1 }
    }

    /// The weights `draw` makes from the generator's next `w.count` outputs,
    /// given those outputs (`ParallelReplicates`: drawn in order on one thread,
    /// counted on every core): the same weights.
    @inline(__always)
    package static func weights(
        _ w: UnsafeMutableBufferPointer<Int32>, from outputs: UnsafePointer<UInt64>, _ remainder: FastRemainder
    ) {
        for c in w.indices { w[c] = 0 }
        for i in 0..<w.count { w[Int(remainder(outputs[i]))] += 1 }
    }
}
