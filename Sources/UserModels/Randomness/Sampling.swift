import Foundation

extension RandomNumberGenerator {
    /// A uniform draw in [0, 1) with 53 bits of precision.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform draw in [lower, upper).
    public mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * unit()
    }

    /// A standard normal draw (Box–Muller; one of the pair is discarded so the
    /// generator's state never depends on a cached value).
    public mutating func standardNormal() -> Double {
        var u1 = unit()
        while u1 <= .leastNormalMagnitude { u1 = unit() }
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    public mutating func normal(mean: Double, sd: Double) -> Double {
        mean + sd * standardNormal()
    }

    /// A log-normal draw given its median and the standard deviation of its log.
    public mutating func logNormal(median: Double, sigma: Double) -> Double {
        median * exp(sigma * standardNormal())
    }

    /// True with probability `p`.
    public mutating func bernoulli(_ p: Double) -> Bool { unit() < p }
}
