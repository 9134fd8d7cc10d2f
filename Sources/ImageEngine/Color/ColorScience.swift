import Foundation

/// Colorimetry used by the engine, the simulated users and the audits:
/// sRGB ↔ XYZ ↔ CIELAB (D65) ↔ LCh, ΔE76 and CIEDE2000, WCAG luminance and
/// contrast. Constants follow Lindbloom's sRGB matrix and D65 white
/// (0.95047, 1, 1.08883) with the exact CIE ε = 216/24389 and κ = 24389/27.
public enum ColorScience {
    /// D65 reference white.
    public static let whiteD65 = XYZ(0.95047, 1.0, 1.08883)
    static let epsilon = 216.0 / 24389.0
    static let kappa = 24389.0 / 27.0

    /// Linear sRGB → XYZ (Lindbloom).
    public static func xyz(linear v: SIMD3<Double>) -> XYZ {
        XYZ(0.4124564 * v.x + 0.3575761 * v.y + 0.1804375 * v.z,
            0.2126729 * v.x + 0.7151522 * v.y + 0.0721750 * v.z,
            0.0193339 * v.x + 0.1191920 * v.y + 0.9503041 * v.z)
    }

    /// XYZ → linear sRGB (inverse of the Lindbloom matrix).
    public static func linear(xyz c: XYZ) -> SIMD3<Double> {
        SIMD3(3.2404542 * c.x - 1.5371385 * c.y - 0.4985314 * c.z,
              -0.9692660 * c.x + 1.8760108 * c.y + 0.0415560 * c.z,
              0.0556434 * c.x - 0.2040259 * c.y + 1.0572252 * c.z)
    }

    /// XYZ → CIELAB.
    public static func lab(_ c: XYZ) -> Lab {
        func f(_ t: Double) -> Double { t > epsilon ? cbrt(t) : (kappa * t + 16) / 116 }
        let fx = f(c.x / whiteD65.x), fy = f(c.y / whiteD65.y), fz = f(c.z / whiteD65.z)
        return Lab(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// CIELAB → XYZ.
    public static func xyz(_ lab: Lab) -> XYZ {
        let fy = (lab.l + 16) / 116
        let fx = fy + lab.a / 500
        let fz = fy - lab.b / 200
        func inv(_ f: Double) -> Double { let f3 = f * f * f; return f3 > epsilon ? f3 : (116 * f - 16) / kappa }
        let yr = lab.l > kappa * epsilon ? fy * fy * fy : lab.l / kappa
        return XYZ(inv(fx) * whiteD65.x, yr * whiteD65.y, inv(fz) * whiteD65.z)
    }

    /// Encoded sRGB → CIELAB.
    public static func lab(_ c: SRGBColor) -> Lab { lab(xyz(linear: c.linear)) }

    /// Linear sRGB → CIELAB.
    public static func lab(linear v: SIMD3<Double>) -> Lab { lab(xyz(linear: v)) }

    /// CIELAB → encoded sRGB (may be out of gamut; see `SRGBColor.isInGamut`).
    public static func srgb(_ lab: Lab) -> SRGBColor { SRGBColor(linear: linear(xyz: xyz(lab))) }

    /// CIELAB → LCh (hue in degrees, 0…360).
    public static func lch(_ c: Lab) -> LCh {
        var h = atan2(c.b, c.a) * 180 / .pi
        if h < 0 { h += 360 }
        return LCh(c.l, (c.a * c.a + c.b * c.b).squareRoot(), h)
    }

    /// LCh → CIELAB.
    public static func lab(_ c: LCh) -> Lab {
        let r = c.h * .pi / 180
        return Lab(c.l, c.c * cos(r), c.c * sin(r))
    }

    /// CIE 1976 color difference (Euclidean in CIELAB).
    public static func deltaE76(_ p: Lab, _ q: Lab) -> Double {
        let dl = p.l - q.l, da = p.a - q.a, db = p.b - q.b
        return (dl * dl + da * da + db * db).squareRoot()
    }

    /// CIEDE2000 color difference (kL = kC = kH = 1), following Sharma, Wu and
    /// Dalal's implementation notes (including their hue-mean and Δh rules).
    public static func deltaE2000(_ p: Lab, _ q: Lab) -> Double {
        let c1 = (p.a * p.a + p.b * p.b).squareRoot(), c2 = (q.a * q.a + q.b * q.b).squareRoot()
        let cBar = (c1 + c2) / 2
        let cBar7 = pow(cBar, 7)
        let g = 0.5 * (1 - (cBar7 / (cBar7 + 6_103_515_625)).squareRoot()) // 25^7
        let a1 = (1 + g) * p.a, a2 = (1 + g) * q.a
        let c1p = (a1 * a1 + p.b * p.b).squareRoot(), c2p = (a2 * a2 + q.b * q.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(p.b, a1), h2 = hue(q.b, a2)
        let dL = q.l - p.l
        let dC = c2p - c1p
        var dh = 0.0
        if c1p * c2p != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (c1p * c2p).squareRoot() * sin(dh * .pi / 360)
        let lBar = (p.l + q.l) / 2
        let cBarP = (c1p + c2p) / 2
        var hBar = h1 + h2
        if c1p * c2p != 0 {
            if abs(h1 - h2) <= 180 { hBar = (h1 + h2) / 2 }
            else if h1 + h2 < 360 { hBar = (h1 + h2 + 360) / 2 }
            else { hBar = (h1 + h2 - 360) / 2 }
        }
        let rad = Double.pi / 180
        let t = 1 - 0.17 * cos((hBar - 30) * rad) + 0.24 * cos(2 * hBar * rad)
            + 0.32 * cos((3 * hBar + 6) * rad) - 0.20 * cos((4 * hBar - 63) * rad)
        let dTheta = 30 * exp(-pow((hBar - 275) / 25, 2))
        let cBarP7 = pow(cBarP, 7)
        let rc = 2 * (cBarP7 / (cBarP7 + 6_103_515_625)).squareRoot()
        let l50 = (lBar - 50) * (lBar - 50)
        let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sc = 1 + 0.045 * cBarP
        let sh = 1 + 0.015 * cBarP * t
        let rt = -sin(2 * dTheta * rad) * rc
        let tl = dL / sl, tc = dC / sc, th = dH / sh
        return (tl * tl + tc * tc + th * th + rt * tc * th).squareRoot()
    }

    /// WCAG 2.x relative luminance of an sRGB color (0.04045 threshold, WCAG 2.2).
    public static func relativeLuminance(_ c: SRGBColor) -> Double {
        let v = c.linear
        return 0.2126 * v.x + 0.7152 * v.y + 0.0722 * v.z
    }

    /// WCAG contrast ratio (L1 + 0.05) / (L2 + 0.05), lighter over darker; 1…21.
    public static func contrastRatio(_ p: SRGBColor, _ q: SRGBColor) -> Double {
        let l1 = relativeLuminance(p), l2 = relativeLuminance(q)
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }
}
