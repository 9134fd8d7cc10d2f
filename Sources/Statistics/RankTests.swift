import Foundation

/// Rank-based comparisons of two samples: the Mann–Whitney U test and Cliff's
/// delta, both robust to the skewed, tied distributions interaction times have.
public enum RankTests {
    /// The result of a two-sided Mann–Whitney U test.
    public struct MannWhitney: Sendable, Hashable, Codable {
        /// U of the first sample: the number of pairs (a, b) with a > b, ties counting one half.
        public var u: Double
        /// Two-sided p-value from the normal approximation with tie and
        /// continuity corrections (scipy's `method="asymptotic"`).
        public var p: Double
    }

    /// Midranks (1-based) of `values` in the pooled order; ties share their mean rank.
    package static func midranks(_ values: [Double]) -> (ranks: [Double], tieTerm: Double) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var tieTerm = 0.0
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && values[order[j + 1]] == values[order[i]] { j += 1 }
            let rank = Double(i + j + 2) / 2
            for k in i...j { ranks[order[k]] = rank }
            let t = Double(j - i + 1)
            tieTerm += t * t * t - t
            i = j + 1
        }
        return (ranks, tieTerm)
    }

    public static func mannWhitney(_ a: [Double], _ b: [Double]) -> MannWhitney {
        precondition(!a.isEmpty && !b.isEmpty, "Mann–Whitney needs two non-empty samples")
        let n1 = Double(a.count), n2 = Double(b.count), n = n1 + n2
        let (ranks, tieTerm) = midranks(a + b)
        let r1 = ranks[0..<a.count].reduce(0, +)
        let u1 = r1 - n1 * (n1 + 1) / 2
        let u = max(u1, n1 * n2 - u1)
        let mean = n1 * n2 / 2
        let sd = (n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))).squareRoot()
        guard sd > 0 else { return MannWhitney(u: u1, p: 1) }
        let z = (u - mean - 0.5) / sd
        return MannWhitney(u: u1, p: min(1, erfc(z / 2.0.squareRoot())))
    }

    /// The result of a two-sided Wilcoxon signed-rank test.
    public struct SignedRank: Sendable, Hashable, Codable {
        /// The smaller of the positive and negative rank sums (zeros dropped).
        public var w: Double
        /// Two-sided p-value from the normal approximation with tie and continuity
        /// corrections (scipy's `wilcoxon(zero_method="wilcox", correction=True, method="approx")`).
        public var p: Double
        /// Non-zero differences ranked.
        public var n: Int
    }

    /// Wilcoxon signed-rank test of paired differences `d` against a symmetric
    /// distribution about zero. Zero differences are dropped (Wilcoxon's method).
    public static func wilcoxonSignedRank(_ d: [Double]) -> SignedRank {
        let nonzero = d.filter { $0 != 0 }
        guard !nonzero.isEmpty else { return SignedRank(w: 0, p: 1, n: 0) }
        let (ranks, tieTerm) = midranks(nonzero.map(abs))
        var plus = 0.0, minus = 0.0
        for (r, x) in zip(ranks, nonzero) { if x > 0 { plus += r } else { minus += r } }
        let n = Double(nonzero.count), w = min(plus, minus)
        let mean = n * (n + 1) / 4
        let sd = ((n * (n + 1) * (2 * n + 1) - 0.5 * tieTerm) / 24).squareRoot()
        guard sd > 0 else { return SignedRank(w: w, p: 1, n: nonzero.count) }
        let correction = w > mean ? 0.5 : w < mean ? -0.5 : 0
        let z = (w - mean - correction) / sd
        return SignedRank(w: w, p: min(1, erfc(abs(z) / 2.0.squareRoot())), n: nonzero.count)
    }

    /// Cliff's delta: P(a > b) − P(a < b), from −1 (every a below every b) to 1.
    /// O((n + m) log m) by binary search in the sorted second sample.
    public static func cliffsDelta(_ a: [Double], _ b: [Double]) -> Double {
        precondition(!a.isEmpty && !b.isEmpty, "Cliff's delta needs two non-empty samples")
        let sorted = b.sorted()
        var dominance = 0
        for x in a {
            let below = lowerBound(sorted, x)  // b < x
            let notAbove = upperBound(sorted, x)  // b ≤ x
            dominance += below - (sorted.count - notAbove)
        }
        return Double(dominance) / Double(a.count * b.count)
    }

    /// Cliff's delta with a seeded percentile-bootstrap interval.
    public static func cliffsDelta(
        _ a: [Double], _ b: [Double], confidence: Double, resamples: Int, seed: UInt64
    ) -> Estimate {
        Intervals.bootstrapTwoSample(
            a, b, confidence: confidence, resamples: resamples, seed: seed, statistic: cliffsDelta)
    }

    private static func lowerBound(_ v: [Double], _ x: Double) -> Int {
        var lo = 0, hi = v.count
        while lo < hi { let mid = (lo + hi) / 2; if v[mid] < x { lo = mid + 1 } else { hi = mid } }
        return lo
    }

    private static func upperBound(_ v: [Double], _ x: Double) -> Int {
        var lo = 0, hi = v.count
        while lo < hi { let mid = (lo + hi) / 2; if v[mid] <= x { lo = mid + 1 } else { hi = mid } }
        return lo
    }
}

/// Corrections of p-values for testing several metrics at once.
public enum MultipleTesting {
    /// Holm's step-down adjustment (controls the family-wise error rate).
    public static func holm(_ p: [Double]) -> [Double] {
        let m = p.count
        var adjusted = [Double](repeating: 0, count: m)
        var running = 0.0
        for (rank, i) in p.indices.sorted(by: { (p[$0], $0) < (p[$1], $1) }).enumerated() {
            running = max(running, min(1, Double(m - rank) * p[i]))
            adjusted[i] = running
        }
        return adjusted
    }

    /// Benjamini–Hochberg step-up adjustment (controls the false discovery rate).
    public static func benjaminiHochberg(_ p: [Double]) -> [Double] {
        let m = p.count
        var adjusted = [Double](repeating: 0, count: m)
        var running = 1.0
        for (rank, i) in p.indices.sorted(by: { (p[$0], $0) < (p[$1], $1) }).enumerated().reversed() {
            running = min(running, min(1, Double(m) / Double(rank + 1) * p[i]))
            adjusted[i] = running
        }
        return adjusted
    }
}
