import Foundation

/// Student's t distribution with integer degrees of freedom, enough for the
/// small-sample widening of cluster-bootstrap intervals (`ClusterBootstrap`):
/// with 20 participants a percentile interval at a Bonferroni-adjusted level
/// is noticeably too narrow unless it is widened to the t distribution's tails.
public enum StudentT {
    /// P(|T| ≤ t) for T with `df` degrees of freedom, by the finite series of
    /// Abramowitz & Stegun 26.7.3–26.7.4 (exact for integer df). Above 2000
    /// degrees of freedom the normal distribution is used: the series would need
    /// a thousand terms to move the answer in the ninth digit.
    public static func centralProbability(_ t: Double, df: Int) -> Double {
        precondition(df >= 1, "t distribution needs at least one degree of freedom")
        let x = abs(t)
        if df > 2000 { return erf(x / 2.0.squareRoot()) }
        let theta = atan(x / Double(df).squareRoot())
        let c2 = cos(theta) * cos(theta), s = sin(theta)
        if df % 2 == 1 {
            guard df > 1 else { return 2 * theta / .pi }
            // 1 + (2/3)c² + (2·4)/(3·5)c⁴ + … up to c^(df−3)
            var term = 1.0, sum = 1.0
            var k = 2
            while k <= df - 3 { term *= Double(k) / Double(k + 1) * c2; sum += term; k += 2 }
            return 2 / .pi * (theta + s * cos(theta) * sum)
        }
        // 1 + (1/2)c² + (1·3)/(2·4)c⁴ + … up to c^(df−2)
        var term = 1.0, sum = 1.0
        var k = 1
        while k <= df - 3 { term *= Double(k) / Double(k + 1) * c2; sum += term; k += 2 }
        return s * sum
    }

    /// The upper-tail quantile: the t with P(T > t) = `tail`, for 0 < tail < 0.5,
    /// by bisection on `centralProbability` (monotone, so 200 halvings reach
    /// machine precision; called a handful of times per interval).
    public static func upperQuantile(tail: Double, df: Int) -> Double {
        precondition(tail > 0 && tail < 0.5)
        let target = 1 - 2 * tail
        var lo = 0.0, hi = 1.0
        while centralProbability(hi, df: df) < target { hi *= 2; if hi > 1e12 { return hi } }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid == lo || mid == hi { break }
            if centralProbability(mid, df: df) < target { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
