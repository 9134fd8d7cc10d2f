import Foundation
import Harness
import Statistics

/// Two samples of one metric compared the way DESIGN §8 asks: effect sizes first
/// (difference with a participant-bootstrap interval, Cliff's delta with an
/// interval), then a rank test on participants, its p-value corrected across
/// the metrics compared.
public struct MetricComparison: Sendable, Codable, Hashable {
    public var metric: String
    /// The contrast's statistic (`Contrast.Statistic`): "rate" for 0/1 metrics, "restricted mean" for time to
    /// effect, else "mean".
    public var statistic: String
    public var nA: Int
    public var nB: Int
    public var a: Double
    public var b: Double
    /// statistic(B) − statistic(A).
    public var difference: Estimate
    /// Cliff's delta of B against A: positive when B tends to be larger.
    public var cliffsDelta: Estimate
    /// Set when a side was sketched (someone gave more than
    /// `ValueSketch.exactLimit` values): the share of A–B pairs whose values
    /// fall in one `ValueBuckets` bucket. The delta is then taken on the bucket
    /// scale, where those pairs tie, so its point estimate may be off by at
    /// most this much. Absent (nil) for values held exactly, where it is exact.
    public var cliffsDeltaTieShare: Double?
    /// True when the intervals resampled the two sides as pairs (the same people).
    public var paired: Bool
    /// The test behind `p`. Participants are the unit (a person's trials are
    /// alike, so trials are not independent evidence): each participant's mean
    /// of the metric is one value. Paired (the same people): the Wilcoxon
    /// signed-rank test of their differences; otherwise Mann–Whitney on the two
    /// groups of participant means.
    public var test: String
    /// W of the signed-rank test, or U of side B for Mann–Whitney.
    public var rankStatistic: Double
    /// Participants per side that entered the test.
    public var participantsA: Int
    public var participantsB: Int
    public var p: Double
    public var pHolm: Double
    public var pBenjaminiHochberg: Double
    /// B against A by the rule every comparison ends with (`Verdict.judge` on `difference`, the metric's
    /// direction and the difference that matters from the spec): better, worse, equivalent or no clear
    /// difference; higher or lower when neither way is better.
    public var verdict: Verdict = .inconclusive
}

/// Compares two groups of trials metric by metric.
public enum Comparisons {
    /// True for values that are all 0 or 1. Prefer `isRate(_:metric:)` where the
    /// metric's name is known.
    public static func isRate(_ values: [Double]) -> Bool { values.allSatisfy { $0 == 0 || $0 == 1 } }

    /// True for a metric recorded as 0/1 (a rate). A metric named with a unit
    /// (`pan_start_latency_s`, `overshoot_pt`: DESIGN §6 names measurements with
    /// their unit) is a measurement even when every value happens to be 0 or 1,
    /// e.g. a latency that is always 0 for a design without the delay.
    public static func isRate(_ values: [Double], metric: String) -> Bool {
        !hasUnit(metric) && isRate(values)
    }

    /// `isRate(_:metric:)` of a sample's values, sketched ones included (`ClusteredSample.isZeroOne`).
    public static func isRate(_ sample: ClusteredSample, metric: String) -> Bool {
        !hasUnit(metric) && sample.isZeroOne
    }

    /// The unit suffixes of the metrics vocabulary (seconds, points, millimetres,
    /// points per second, ΔE, and shares of a whole).
    static let unitSuffixes = ["_s", "_pt", "_mm", "_px", "_e00", "_fraction", "_share"]

    /// Whether `metric`'s name ends with a unit suffix.
    public static func hasUnit(_ metric: String) -> Bool { unitSuffixes.contains { metric.hasSuffix($0) } }

    /// statistic(B) − statistic(A) with a cluster-bootstrap interval over
    /// participants, paired when `paired` (same run seed) and both sides hold
    /// the same participants.
    /// `metric`, when given, lets a measurement that is all 0 or 1 stay a median (see `isRate(_:metric:)`).
    public static func difference(
        _ a: ParticipantValues, _ b: ParticipantValues, metric: String? = nil, paired: Bool, confidence: Double,
        resamples: Int, seed: UInt64, preferMean: Bool = false
    ) -> (statistic: String, estimate: Estimate) {
        difference(
            .values(a), .values(b), metric: metric, paired: paired, confidence: confidence, resamples: resamples,
            seed: seed,
            preferMean: preferMean)
    }

    /// `difference` of two samples as a run is read in one pass (`RunSamples`):
    /// the same estimate for values, within `ValueBuckets.relativeWidth` for sketches.
    public static func difference(
        _ a: BaselineSample, _ b: BaselineSample, metric: String? = nil, paired: Bool, confidence: Double,
        resamples: Int, seed: UInt64, preferMean: Bool = false
    ) -> (statistic: String, estimate: Estimate) {
        let (ca, cb) = (a.clustered, b.clustered)
        let rate = isRate(ca, metric: metric ?? "") && isRate(cb, metric: metric ?? "")
        let statistic = rate ? "rate" : preferMean ? "mean" : "median"
        let e = ClusterBootstrap.difference(
            cb, ca, statistic == "median" ? .median : .mean,
            paired: paired, confidence: confidence, resamples: resamples, seed: seed)
        return (statistic, e)
    }

    /// Compares side A with side B for each metric both have. `sameSeed`: the
    /// sides come from runs of the same seed (e.g. two strategies of one run), so
    /// equal participant ids mean the same people and the sides are paired; `names` (the strategies) seed the
    /// contrasts' resamples.
    public static func compare(
        _ a: [String: ParticipantValues], _ b: [String: ParticipantValues], metrics: [String], sameSeed: Bool,
        names: (base: String, other: String) = ("a", "b"), confidence: Double = 0.95,
        resamples: Int = 2000, seed: UInt64
    ) -> [MetricComparison] {
        let settings = Contrast.Settings(confidence: confidence, resamples: resamples, timeLimit: .infinity)
        return compare(metrics: metrics, names: names, sameSeed: sameSeed, settings: settings, seed: seed) { metric in
            guard let va = a[metric], let vb = b[metric], !va.isEmpty, !vb.isEmpty else { return nil }
            return (ContrastSide(sample: ClusteredSample(va)), ContrastSide(sample: ClusteredSample(vb)))
        }
    }

    /// `compare` with each metric's two sides made when it is compared (and dropped after), so memory holds one
    /// metric's values at a time; nil or an empty side skips the metric. The difference, its interval and the
    /// verdict are the one contrast of two strategies (`Contrast`, seeded by `names`, the strategies), as the
    /// report's Answer makes it; `seed` seeds Cliff's delta; `direction` gives a metric's better way and the
    /// difference that matters (default: the metric's definition, no margin).
    static func compare(
        metrics: [String], names: (base: String, other: String), sameSeed: Bool,
        settings: Contrast.Settings, seed: UInt64,
        direction: (String) -> (better: MetricDefinition.Better, margin: Double?) = {
            (MetricCatalog.definition($0).better, nil)
        },
        sides: (String) -> (a: ContrastSide, b: ContrastSide)?
    ) -> [MetricComparison] {
        var rows: [MetricComparison] = []
        for (i, metric) in metrics.enumerated() {
            guard let (sa, sb) = sides(metric), let ca = sa.sample, let cb = sb.sample,
                ca.trialCount > 0, cb.trialCount > 0
            else { continue }
            let s = seed &+ UInt64(i) &* 0x9E37_79B9
            let contrast = Contrast.make(
                metric, base: sa, other: sb, names: names, paired: sameSeed,
                settings: settings)
            let paired = contrast?.paired ?? (sameSeed && ClusterBootstrap.canPair(ca, cb))
            let rate = isRate(ca, metric: metric) && isRate(cb, metric: metric)
            let statistic = contrast?.statistic ?? (rate ? .rate : .mean)
            let (valueA, valueB) =
                statistic == .restrictedMean
                ? (
                    sa.survival!.curve.restrictedMean(tau: settings.timeLimit),
                    sb.survival!.curve.restrictedMean(tau: settings.timeLimit)
                )
                : (ca.statistic(.mean), cb.statistic(.mean))
            let (delta, tieShare) = cliffsDelta(
                cb, ca, paired: paired, confidence: settings.confidence,
                resamples: min(settings.resamples, 500), seed: s &+ 1)
            let (test, rank, p) = participantTest(ca, cb, paired: paired)
            let none = Estimate(value: .nan, lower: .nan, upper: .nan)
            let (better, margin) = direction(metric)
            rows.append(
                MetricComparison(
                    metric: metric, statistic: statistic.rawValue, nA: ca.trialCount, nB: cb.trialCount,
                    a: valueA, b: valueB,
                    difference: contrast?.difference ?? none, cliffsDelta: delta,
                    cliffsDeltaTieShare: tieShare, paired: paired,
                    test: test, rankStatistic: rank, participantsA: ca.clusterCount, participantsB: cb.clusterCount,
                    p: p, pHolm: .nan, pBenjaminiHochberg: .nan,
                    verdict: contrast?.verdict(better: better, margin: margin) ?? .inconclusive))
        }
        let holm = MultipleTesting.holm(rows.map(\.p)), bh = MultipleTesting.benjaminiHochberg(rows.map(\.p))
        for i in rows.indices { rows[i].pHolm = holm[i]; rows[i].pBenjaminiHochberg = bh[i] }
        return rows
    }

    /// Cliff's delta of `b` against `a` with its participant-bootstrap interval
    /// (`ClusterBootstrap.cliffsDelta`). Where either side is sketched, both are
    /// read on the bucket scale (`ClusteredSample.onBucketScale`), so pairs of
    /// values in one bucket tie; each such pair moves the delta by at most
    /// 1/(pairs), so the point estimate is off by at most their share, returned
    /// beside it (nil when both sides are exact).
    public static func cliffsDelta(
        _ b: ClusteredSample, _ a: ClusteredSample, paired: Bool, confidence: Double, resamples: Int,
        seed: UInt64
    ) -> (estimate: Estimate, tieShare: Double?) {
        guard a.isSketched || b.isSketched else {
            return (
                ClusterBootstrap.cliffsDelta(
                    b, a, paired: paired, confidence: confidence, resamples: resamples, seed: seed), nil
            )
        }
        let e = ClusterBootstrap.cliffsDelta(
            b.onBucketScale(), a.onBucketScale(), paired: paired, confidence: confidence,
            resamples: resamples, seed: seed)
        return (e, bucketTieShare(a, b))
    }

    /// The share of pairs (one value of `a`, one of `b`) in one `ValueBuckets`
    /// bucket: how far Cliff's delta on the bucket scale, where such pairs
    /// tie, can be from the values'.
    static func bucketTieShare(_ a: ClusteredSample, _ b: ClusteredSample) -> Double {
        // Both samples are sorted, so their buckets come in order: one walk over the two.
        let x = a.sortedValues, y = b.sortedValues
        var shared = 0.0, i = 0, j = 0
        while i < x.count, j < y.count {
            let k = ValueBuckets.ordinal(x[i]), l = ValueBuckets.ordinal(y[j])
            if k < l { i += 1; continue }
            if l < k { j += 1; continue }
            var na = 0, nb = 0
            while i < x.count, ValueBuckets.ordinal(x[i]) == k { na += a.entryCount(i); i += 1 }
            while j < y.count, ValueBuckets.ordinal(y[j]) == k { nb += b.entryCount(j); j += 1 }
            shared += Double(na) * Double(nb)
        }
        return shared / (Double(a.trialCount) * Double(b.trialCount))
    }

    /// The rank test on participant means: signed-rank of B − A per person when
    /// paired, Mann–Whitney of the two groups otherwise.
    static func participantTest(_ a: ClusteredSample, _ b: ClusteredSample, paired: Bool) -> (String, Double, Double) {
        // Rounded to 12 significant digits: means (and differences) that are equal but for
        // the order of floating-point sums must tie, or ranks would depend on trial counts.
        func rounded(_ x: Double) -> Double {
            guard x != 0, x.isFinite else { return x }
            let scale = pow(10, 11 - floor(log10(abs(x))))
            return (x * scale).rounded() / scale
        }
        let meansA = zip(a.sums, a.counts).map { rounded($0 / Double($1)) },
            meansB = zip(b.sums, b.counts).map { rounded($0 / Double($1)) }
        if paired {
            // canPair: the same participants in the same (sorted) order.
            let r = RankTests.wilcoxonSignedRank(zip(meansB, meansA).map { rounded($0 - $1) })
            return ("Wilcoxon signed-rank on participant means", r.w, r.p)
        }
        guard !meansA.isEmpty, !meansB.isEmpty else { return ("Mann–Whitney on participant means", .nan, .nan) }
        let r = RankTests.mannWhitney(meansB, meansA)
        return ("Mann–Whitney on participant means", r.u, r.p)
    }
}
