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

extension RandomNumberGenerator {
    /// A Gamma(shape, 1) draw (Marsaglia & Tsang 2000; shape < 1 by boosting).
    public mutating func gamma(shape: Double) -> Double {
        if shape < 1 { return gamma(shape: shape + 1) * pow(max(unit(), .leastNormalMagnitude), 1 / shape) }
        let d = shape - 1.0 / 3, c = 1 / (9 * d).squareRoot()
        while true {
            var x = 0.0, v = 0.0
            repeat { x = standardNormal(); v = 1 + c * x } while v <= 0
            v = v * v * v
            let u = unit()
            if u < 1 - 0.0331 * x * x * x * x || log(max(u, .leastNormalMagnitude)) < 0.5 * x * x + d * (1 - v + log(v))
            {
                return d * v
            }
        }
    }

    /// A Beta(a, b) draw.
    public mutating func beta(_ a: Double, _ b: Double) -> Double {
        let x = gamma(shape: a), y = gamma(shape: b)
        return x + y > 0 ? x / (x + y) : 0.5
    }
}
