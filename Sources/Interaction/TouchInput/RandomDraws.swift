import Foundation

/// The few random draws touch sensing needs, from any generator the caller seeds.
///
/// Interaction depends on nothing of ours, so it cannot use UserModels' sampling
/// helpers; these are internal and named apart so they never clash with them in
/// a module that imports both.
enum RandomDraws {
    /// Uniform in [0, 1) with 53 bits of precision.
    static func unit(_ g: inout some RandomNumberGenerator) -> Double {
        Double(g.next() >> 11) * 0x1.0p-53
    }

    static func uniform(_ lower: Double, _ upper: Double, _ g: inout some RandomNumberGenerator) -> Double {
        lower + (upper - lower) * unit(&g)
    }

    /// Standard normal by Box–Muller; the second value of the pair is dropped so
    /// the generator's state never depends on a cached draw.
    static func normal(_ g: inout some RandomNumberGenerator) -> Double {
        var u1 = unit(&g)
        while u1 <= .leastNormalMagnitude { u1 = unit(&g) }
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * unit(&g))
    }

    static func normal(mean: Double, sd: Double, _ g: inout some RandomNumberGenerator) -> Double {
        mean + sd * normal(&g)
    }
}
