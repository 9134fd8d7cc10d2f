import Foundation
import Randomness

/// A point estimate with a confidence interval.
public struct Estimate: Sendable, Hashable, Codable {
    public var value: Double
    public var lower: Double
    public var upper: Double
    public init(value: Double, lower: Double, upper: Double) {
        self.value = value; self.lower = lower; self.upper = upper
    }
}

/// Confidence intervals: Wilson for rates, a seeded percentile bootstrap for
/// medians (DESIGN §8). Seeded so a report's numbers are the same every time.
public enum Intervals {
    /// The Wilson score interval for `successes` out of `n`.
    public static func wilson(successes: Int, n: Int, confidence: Double = 0.95) -> Estimate {
        guard n > 0 else { return Estimate(value: .nan, lower: .nan, upper: .nan) }
        let z = normalQuantile(0.5 + confidence / 2)
        let nn = Double(n), p = Double(successes) / nn
        let denom = 1 + z * z / nn
        let centre = (p + z * z / (2 * nn)) / denom
        let half = z * (p * (1 - p) / nn + z * z / (4 * nn * nn)).squareRoot() / denom
        return Estimate(value: p, lower: max(0, centre - half), upper: min(1, centre + half))
    }

    /// A percentile-bootstrap interval of any statistic.
    public static func bootstrap(
        _ values: [Double], confidence: Double = 0.95, resamples: Int = 2000, seed: UInt64,
        statistic: ([Double]) -> Double
    ) -> Estimate {
        var g = SeededGenerator(seed: seed)
        var stats: [Double] = []
        stats.reserveCapacity(resamples)
        var sample = [Double](repeating: 0, count: values.count)
        for _ in 0..<resamples {
            for i in sample.indices { sample[i] = values[Int(g.next() % UInt64(values.count))] }
            stats.append(statistic(sample))
        }
        stats.sort()
        let alpha = (1 - confidence) / 2
        return Estimate(
            value: statistic(values), lower: Descriptive.quantile(sorted: stats, alpha),
            upper: Descriptive.quantile(sorted: stats, 1 - alpha))
    }

    /// A percentile-bootstrap interval of a two-sample statistic, resampling each
    /// sample independently (the samples need not be paired).
    public static func bootstrapTwoSample(
        _ a: [Double], _ b: [Double], confidence: Double = 0.95, resamples: Int = 2000,
        seed: UInt64, statistic: ([Double], [Double]) -> Double
    ) -> Estimate {
        guard !a.isEmpty, !b.isEmpty else { return Estimate(value: .nan, lower: .nan, upper: .nan) }
        var g = SeededGenerator(seed: seed)
        var stats: [Double] = []
        stats.reserveCapacity(resamples)
        var ra = a, rb = b
        for _ in 0..<resamples {
            for i in ra.indices { ra[i] = a[Int(g.next() % UInt64(a.count))] }
            for i in rb.indices { rb[i] = b[Int(g.next() % UInt64(b.count))] }
            stats.append(statistic(ra, rb))
        }
        stats.sort()
        let alpha = (1 - confidence) / 2
        return Estimate(
            value: statistic(a, b), lower: Descriptive.quantile(sorted: stats, alpha),
            upper: Descriptive.quantile(sorted: stats, 1 - alpha))
    }

    /// Inverse of the standard normal CDF (Acklam's rational approximation,
    /// relative error below 1.2e-9).
    public static func normalQuantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1)
        let a = [
            -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02,
            -3.066479806614716e+01, 2.506628277459239e+00
        ]
        let b = [
            -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
            -1.328068155288572e+01
        ]
        let c = [
            -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00,
            4.374664141464968e+00, 2.938163982698783e+00
        ]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        let low = 0.02425
        if p < low {
            let q = (-2 * log(p)).squareRoot()
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        if p > 1 - low { return -normalQuantile(1 - p) }
        let q = p - 0.5, r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }
}
