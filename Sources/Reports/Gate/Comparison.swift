import Foundation

/// Two samples of one metric compared the way DESIGN §8 asks: effect sizes first
/// (difference with a bootstrap interval, Cliff's delta with an interval), then
/// the Mann–Whitney test, its p-value corrected across the metrics compared.
public struct MetricComparison: Sendable, Codable, Hashable {
    public var metric: String
    /// "median" for continuous metrics, "rate" for 0/1 metrics (compared by their means).
    public var statistic: String
    public var nA: Int
    public var nB: Int
    public var a: Double
    public var b: Double
    /// statistic(B) − statistic(A).
    public var difference: Estimate
    /// Cliff's delta of B against A: positive when B tends to be larger.
    public var cliffsDelta: Estimate
    public var mannWhitneyU: Double
    public var p: Double
    public var pHolm: Double
    public var pBenjaminiHochberg: Double
}

/// Compares two groups of trials metric by metric.
public enum Comparisons {
    /// True for metrics recorded as 0/1 (rates).
    public static func isRate(_ values: [Double]) -> Bool { values.allSatisfy { $0 == 0 || $0 == 1 } }

    /// statistic(B) − statistic(A) with its interval: medians for continuous
    /// metrics, means (proportions) for rates.
    public static func difference(_ a: [Double], _ b: [Double], confidence: Double, resamples: Int, seed: UInt64,
                                  preferMean: Bool = false) -> (statistic: String, estimate: Estimate) {
        if isRate(a) && isRate(b) {
            return ("rate", Intervals.differenceOfMeans(b, a, confidence: confidence, resamples: resamples, seed: seed))
        }
        if preferMean {
            return ("mean", Intervals.differenceOfMeans(b, a, confidence: confidence, resamples: resamples, seed: seed))
        }
        return ("median", Intervals.differenceOfMedians(b, a, confidence: confidence, resamples: resamples, seed: seed))
    }

    public static func compare(_ a: [String: [Double]], _ b: [String: [Double]], metrics: [String],
                               confidence: Double = 0.95, resamples: Int = 2000, seed: UInt64) -> [MetricComparison] {
        var rows: [MetricComparison] = []
        for (i, metric) in metrics.enumerated() {
            guard let va = a[metric], let vb = b[metric], !va.isEmpty, !vb.isEmpty else { continue }
            let s = seed &+ UInt64(i) &* 0x9E37_79B9
            let (statistic, diff) = difference(va, vb, confidence: confidence, resamples: resamples, seed: s)
            let mw = RankTests.mannWhitney(vb, va)
            rows.append(MetricComparison(
                metric: metric, statistic: statistic, nA: va.count, nB: vb.count,
                a: statistic == "rate" ? Descriptive.mean(va) : Descriptive.median(va),
                b: statistic == "rate" ? Descriptive.mean(vb) : Descriptive.median(vb),
                difference: diff,
                cliffsDelta: RankTests.cliffsDelta(vb, va, confidence: confidence, resamples: min(resamples, 500), seed: s &+ 1),
                mannWhitneyU: mw.u, p: mw.p, pHolm: .nan, pBenjaminiHochberg: .nan))
        }
        let holm = MultipleTesting.holm(rows.map(\.p)), bh = MultipleTesting.benjaminiHochberg(rows.map(\.p))
        for i in rows.indices { rows[i].pHolm = holm[i]; rows[i].pBenjaminiHochberg = bh[i] }
        return rows
    }
}
