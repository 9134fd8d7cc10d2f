import Randomness
/// How a participant parameter varies across a population. Specs write these as
/// a plain number (fixed) or an object such as
/// `{distribution: log-normal, median: 1000, sigma: 0.45}`.
public enum Distribution: Sendable, Hashable, CustomStringConvertible {
    case fixed(Double)
    case normal(mean: Double, sd: Double)
    case logNormal(median: Double, sigma: Double)
    case uniform(lower: Double, upper: Double)

    /// One draw, clamped into `range` so a tail draw never leaves what is
    /// physically meaningful (a negative speed, a probability over 1).
    public func sample<G: RandomNumberGenerator>(using g: inout G, clampedTo range: ClosedRange<Double>) -> Double {
        let v: Double
        switch self {
        case .fixed(let x): v = x
        case .normal(let m, let sd): v = g.normal(mean: m, sd: sd)
        case .logNormal(let m, let s): v = g.logNormal(median: m, sigma: s)
        case .uniform(let lo, let hi): v = g.uniform(lo, hi)
        }
        return min(max(v, range.lowerBound), range.upperBound)
    }

    /// The distribution's centre: what a "typical" participant has.
    public var typical: Double {
        switch self {
        case .fixed(let x): x
        case .normal(let m, _): m
        case .logNormal(let m, _): m
        case .uniform(let lo, let hi): (lo + hi) / 2
        }
    }

    /// Values that must lie in the parameter's allowed range for the
    /// distribution to make sense (its location parameters).
    var locationValues: [Double] {
        switch self {
        case .fixed(let x): [x]
        case .normal(let m, _): [m]
        case .logNormal(let m, _): [m]
        case .uniform(let lo, let hi): [lo, hi]
        }
    }

    public var description: String {
        switch self {
        case .fixed(let x): "\(x)"
        case .normal(let m, let sd): "normal(mean \(m), sd \(sd))"
        case .logNormal(let m, let s): "log-normal(median \(m), σ \(s))"
        case .uniform(let lo, let hi): "uniform(\(lo), \(hi))"
        }
    }
}

extension Distribution {
    /// The same distribution moved so its centre (`typical`) is `centre`: the
    /// value a sensitivity sweep sets, keeping the population's spread.
    public func relocated(to centre: Double) -> Distribution {
        switch self {
        case .fixed: .fixed(centre)
        case .normal(_, let sd): .normal(mean: centre, sd: sd)
        case .logNormal(_, let sigma): .logNormal(median: centre, sigma: sigma)
        case .uniform(let lo, let hi): .uniform(lower: centre - (hi - lo) / 2, upper: centre + (hi - lo) / 2)
        }
    }
}

extension Distribution {
    /// The same distribution with its centre moved by `delta` (for log-normal
    /// distributions, the median moves by `delta`), keeping its spread.
    public func shifted(by delta: Double) -> Distribution { relocated(to: typical + delta) }
}
