import Foundation

/// Descriptive statistics used throughout the reports.
public enum Descriptive {
    /// The `p`-quantile of `sorted` values by linear interpolation between order
    /// statistics (Hyndman & Fan type 7, the default of R and numpy).
    public static func quantile(sorted: [Double], _ p: Double) -> Double {
        precondition((0...1).contains(p))
        // No values, no quantile: NaN, which reports print as "–" (an empty shard, a strategy nobody used).
        guard !sorted.isEmpty else { return .nan }
        let h = Double(sorted.count - 1) * p
        let lo = Int(h.rounded(.down)), hi = min(lo + 1, sorted.count - 1)
        return sorted[lo] + (h - Double(lo)) * (sorted[hi] - sorted[lo])
    }

    /// The `p` quantile (type 7, as `quantile(sorted:_:)`) of `total` values held as ascending runs of equal values
    /// (`runs`: each value and how many times it comes, in order): the weighted quantile of a histogram or of a
    /// sample's cells, without writing the values out.
    public static func quantile<Runs: Sequence>(runs: Runs, total: Int, _ p: Double) -> Double
    where Runs.Element == (value: Double, count: Int) {
        guard total > 0 else { return .nan }
        let h = Double(total - 1) * p
        let lo = Int(h.rounded(.down)), hi = min(lo + 1, total - 1)
        var seen = 0, a = Double.nan
        for run in runs {
            seen += run.count
            if a.isNaN && seen > lo { a = run.value }
            if seen > hi { return a + (h - Double(lo)) * (run.value - a) }
        }
        return a
    }

    /// The median (type 7), by selection rather than a full sort: bootstrap
    /// intervals take thousands of medians per table cell.
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }  // as `quantile`: no values, no median
        var v = values
        let n = v.count
        let upper = select(&v, n / 2)
        if n % 2 == 1 { return upper }
        // The lower middle is the largest value left of the upper one after selection.
        let lower = v[..<(n / 2)].max()!
        return lower + (upper - lower) / 2
    }

    /// Rearranges `v` so that `v[k]` is its k-th smallest value, everything
    /// before it no larger and everything after no smaller (Hoare's quickselect
    /// with a median-of-three pivot); returns `v[k]`.
    package static func select<T: Comparable>(_ v: inout [T], _ k: Int) -> T {
        var lo = 0, hi = v.count - 1
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            let pivot = Swift.max(Swift.min(v[lo], v[mid]), Swift.min(Swift.max(v[lo], v[mid]), v[hi]))
            var i = lo, j = hi
            while i <= j {
                while v[i] < pivot { i += 1 }
                while v[j] > pivot { j -= 1 }
                if i <= j { v.swapAt(i, j); i += 1; j -= 1 }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { break }
        }
        return v[k]
    }

    public static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
    }

    /// Points of the empirical cumulative distribution: for each distinct value,
    /// the fraction of `total` observations at or below it. Passing a `total`
    /// larger than `values.count` gives the ECDF of a censored sample (trials
    /// that never reached the effect count in the denominator only).
    public static func ecdf(_ values: [Double], total: Int? = nil) -> [(x: Double, y: Double)] {
        let n = Double(total ?? values.count)
        let sorted = values.sorted()
        var points: [(Double, Double)] = []
        for (i, v) in sorted.enumerated() where i == sorted.count - 1 || sorted[i + 1] != v {
            points.append((v, Double(i + 1) / n))
        }
        return points
    }
    /// A rising staircase (x ascending, y not decreasing: an ECDF, a fraction
    /// reached) drawn with at most about `resolution` steps: a point is kept
    /// when its y has risen by at least 1/`resolution` since the last kept one,
    /// and the last point always. Drawn as steps, the thinned curve is below the
    /// full one by less than 1/`resolution` everywhere, and equal at every kept
    /// point. Figures of large runs use it so their data files and gnuplot's
    /// memory do not grow with the trials (one point per distinct value);
    /// a curve of `resolution` points or fewer is returned unchanged.
    public static func thinnedSteps(
        _ points: [(x: Double, y: Double)], resolution: Int = stepResolution
    ) -> [(x: Double, y: Double)] {
        guard points.count > resolution else { return points }
        let delta = 1 / Double(resolution)
        var out: [(x: Double, y: Double)] = []
        var keptY = -Double.infinity
        for (i, p) in points.enumerated() where i == points.count - 1 || p.y - keptY >= delta {
            out.append(p)
            keptY = p.y
        }
        return out
    }

    /// The most steps a figure's staircase is drawn with (`thinnedSteps`): above
    /// every suite spec's curves (pip's longest has ~7,200 points), so their
    /// figures are drawn from every point.
    public static let stepResolution = 20_000
}
