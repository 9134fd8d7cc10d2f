import Foundation
import ImageEngine
import Randomness

/// How a person sees two colours side by side: their difference in CIELAB
/// (lightness, red–green, yellow–blue: the opponent dimensions of colour
/// vision) with noise on the scale of a just-noticeable difference, and the
/// ΔE00, lightness, chroma and hue differences that follow from it.
public struct ColorPerception: Sendable {
    /// SD of the noise on each CIELAB component of a seen difference: one JND
    /// (perception.jnd_de00, in ΔE76 units via perception.jnd_de76_per_de00)
    /// spread over three components, so the noise vector's RMS length is one JND.
    public var sigma: Double

    public init(participant p: Participant) {
        sigma = p["perception.jnd_de00"] * p["perception.jnd_de76_per_de00"] / 3.0.squareRoot()
    }

    public init(sigma: Double) { self.sigma = sigma }

    static func vector(_ l: Lab) -> SIMD3<Double> { SIMD3(l.l, l.a, l.b) }

    /// The CIELAB of a colour as a vector (L*, a*, b*).
    public static func lab(_ c: SRGBColor) -> SIMD3<Double> { vector(ColorScience.lab(c)) }

    /// `to` minus `from` in CIELAB as this person sees it at one glance.
    public func difference<G: RandomNumberGenerator>(from: SRGBColor, to: SRGBColor, using g: inout G) -> SIMD3<Double>
    {
        let d = Self.lab(to) - Self.lab(from)
        return d + SIMD3(g.normal(mean: 0, sd: sigma), g.normal(mean: 0, sd: sigma), g.normal(mean: 0, sd: sigma))
    }

    /// What one glance at the two patches tells: the difference vector and the
    /// ΔE00, ΔL, ΔC and ΔH it amounts to, seen from the current colour.
    public struct Percept: Sendable {
        /// Target minus current, CIELAB.
        public var difference: SIMD3<Double>
        public var deltaE00: Double
        public var deltaL: Double, deltaC: Double, deltaH: Double
    }

    public func compare<G: RandomNumberGenerator>(current: SRGBColor, target: SRGBColor, using g: inout G) -> Percept {
        let d = difference(from: current, to: target, using: &g)
        let c = ColorScience.lab(current)
        let seen = Lab(c.l + d.x, c.a + d.y, c.b + d.z)
        let a = ColorScience.lch(c), b = ColorScience.lch(seen)
        let dE = ColorScience.deltaE2000(c, seen)
        let dC = b.c - a.c, dab2 = d.y * d.y + d.z * d.z
        let dH = (max(0, dab2 - dC * dC)).squareRoot()
        return Percept(difference: d, deltaE00: dE, deltaL: d.x, deltaC: dC, deltaH: dH)
    }
}
