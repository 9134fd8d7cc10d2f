import Foundation

/// The colour models of the classic slider colour pickers (issue 12's
/// colour-matching question): each describes a colour by three axes, each axis a
/// slider over a fixed range. A picker shows the colour its three values give;
/// values outside what a display can show are brought into the sRGB cube.
///
/// Conversions work on encoded (display) sRGB, as the pickers of the classic
/// studies did, except CIELAB, which goes through linear light and XYZ (D65).
public enum PickerModel: String, CaseIterable, Sendable, Codable {
    /// Red, green and blue, each 0…1.
    case rgb
    /// Hue (0…1, a full turn), saturation and value, as Python's `colorsys`.
    case hsv
    /// CIELAB: L* 0…100, a* and b* −128…127.
    case lab
    /// NTSC YIQ with Python's `colorsys` coefficients (FCC 1953): Y 0…1,
    /// I ±0.599, Q ±0.5251 (the extremes the sRGB cube reaches).
    case yiq
    /// Opponent axes red–green, blue–yellow, black–white on encoded RGB:
    /// O1 = (R − G)/√2, O2 = (R + G − 2B)/√6, O3 = (R + G + B)/√3 (the opponent
    /// colour space of van de Sande, Gevers & Snoek, IEEE TPAMI 2010).
    case opponent

    /// An axis of a model: its name, what a person reads on its label, its range.
    public struct Axis: Sendable, Hashable {
        public var name: String
        public var label: String
        public var range: ClosedRange<Double>
    }

    /// The model's three axes, in slider order.
    public var axes: [Axis] {
        switch self {
        case .rgb:
            return [
                Axis(name: "r", label: "Red", range: 0...1), Axis(name: "g", label: "Green", range: 0...1),
                Axis(name: "b", label: "Blue", range: 0...1)
            ]
        case .hsv:
            return [
                Axis(name: "h", label: "Hue", range: 0...1), Axis(name: "s", label: "Saturation", range: 0...1),
                Axis(name: "v", label: "Value", range: 0...1)
            ]
        case .lab:
            return [
                Axis(name: "l", label: "Lightness", range: 0...100),
                Axis(name: "a", label: "Green–Red", range: -128...127),
                Axis(name: "b", label: "Blue–Yellow", range: -128...127)
            ]
        case .yiq:
            return [
                Axis(name: "y", label: "Luma", range: 0...1),
                Axis(name: "i", label: "Orange–Blue", range: -0.599...0.599),
                Axis(name: "q", label: "Purple–Green", range: -0.5251...0.5251)
            ]
        case .opponent:
            let s2 = 2.0.squareRoot(), s6 = 6.0.squareRoot(), s3 = 3.0.squareRoot()
            return [
                Axis(name: "rg", label: "Green–Red", range: -1 / s2...1 / s2),
                Axis(name: "by", label: "Blue–Yellow", range: -2 / s6...2 / s6),
                Axis(name: "bw", label: "Black–White", range: 0...3 / s3)
            ]
        }
    }

    /// The model's values for an sRGB colour.
    public func values(of c: SRGBColor) -> SIMD3<Double> {
        switch self {
        case .rgb:
            return SIMD3(c.r, c.g, c.b)
        case .hsv:
            let mx = max(c.r, c.g, c.b), mn = min(c.r, c.g, c.b)
            guard mx > mn else { return SIMD3(0, 0, mx) }
            let d = mx - mn
            let rc = (mx - c.r) / d, gc = (mx - c.g) / d, bc = (mx - c.b) / d
            let h = c.r == mx ? bc - gc : c.g == mx ? 2 + rc - bc : 4 + gc - rc
            let turn = (h / 6).truncatingRemainder(dividingBy: 1)
            return SIMD3(turn < 0 ? turn + 1 : turn, d / mx, mx)
        case .lab:
            let l = ColorScience.lab(c)
            return SIMD3(l.l, l.a, l.b)
        case .yiq:
            let y = 0.30 * c.r + 0.59 * c.g + 0.11 * c.b
            return SIMD3(y, 0.74 * (c.r - y) - 0.27 * (c.b - y), 0.48 * (c.r - y) + 0.41 * (c.b - y))
        case .opponent:
            return SIMD3(
                (c.r - c.g) / 2.0.squareRoot(), (c.r + c.g - 2 * c.b) / 6.0.squareRoot(),
                (c.r + c.g + c.b) / 3.0.squareRoot())
        }
    }

    /// The sRGB colour of three values, before gamut mapping (components may
    /// leave 0…1 for values no display shows).
    public func unclippedColor(_ v: SIMD3<Double>) -> SRGBColor {
        switch self {
        case .rgb:
            return SRGBColor(v.x, v.y, v.z)
        case .hsv:
            let h = v.x - v.x.rounded(.down), s = v.y, value = v.z
            guard s > 0 else { return SRGBColor(value, value, value) }
            let sector = min(Int(h * 6), 5), f = h * 6 - Double(sector)
            let p = value * (1 - s), q = value * (1 - s * f), t = value * (1 - s * (1 - f))
            switch sector {
            case 0: return SRGBColor(value, t, p)
            case 1: return SRGBColor(q, value, p)
            case 2: return SRGBColor(p, value, t)
            case 3: return SRGBColor(p, q, value)
            case 4: return SRGBColor(t, p, value)
            default: return SRGBColor(value, p, q)
            }
        case .lab:
            // Through linear light: a negative linear value has no encoded form, so
            // it is encoded as its sign times the encoding of its magnitude.
            let lin = ColorScience.linear(xyz: ColorScience.xyz(Lab(v.x, v.y, v.z)))
            func enc(_ x: Double) -> Double { x < 0 ? -SRGB.encode(-x) : SRGB.encode(x) }
            return SRGBColor(enc(lin.x), enc(lin.y), enc(lin.z))
        case .yiq:
            // Python colorsys' inverse (its rounded coefficients).
            let r = v.x + 0.9468822170900693 * v.y + 0.6235565819861433 * v.z
            let g = v.x - 0.27478764629897834 * v.y - 0.6356910791873801 * v.z
            let b = v.x - 1.1085450346420322 * v.y + 1.7090069284064666 * v.z
            return SRGBColor(r, g, b)
        case .opponent:
            let o1 = v.x * 2.0.squareRoot(), o2 = v.y * 6.0.squareRoot(), o3 = v.z * 3.0.squareRoot()
            // R − G = o1, R + G − 2B = o2, R + G + B = o3.
            let b = (o3 - o2) / 3, rg = o3 - b
            return SRGBColor((rg + o1) / 2, (rg - o1) / 2, b)
        }
    }

    /// What a picker shows for three values: the colour with each component
    /// clamped into 0…1 (the sRGB cube), and whether it was already inside.
    public func color(_ v: SIMD3<Double>) -> (color: SRGBColor, inGamut: Bool) {
        let c = unclippedColor(v)
        func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }
        return (SRGBColor(clamp(c.r), clamp(c.g), clamp(c.b)), c.isInGamut)
    }
}
