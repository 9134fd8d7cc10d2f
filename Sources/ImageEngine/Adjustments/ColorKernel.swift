/// Saturation and the selective controls (blue skies, skin tones, greenery).
///
/// Per pixel: luminance Y and the chroma vector rgb − Y, scaled by a factor that
/// depends on the pixel's hue through smooth bands. Gray pixels have a zero
/// chroma vector, so they stay exactly gray whatever the settings. Hue is read
/// in a cheap opponent space of linear RGB (u = r − g, v = (r + g)/2 − b); the
/// band centers are the opponent directions of typical sky, skin and foliage
/// colors, so the skew of that space does not matter.
struct ColorKernel: Sendable {
    struct Band: Sendable {
        var u: Float, v: Float        // unit direction of the band center
        var cosEdge: Float            // cos of the half-width where weight reaches 0
        var amount: Float             // −1…1
        var maxChroma: Float          // relative chroma above which the band fades out (skin)
        // Precomputed smoothstep spans, so the per-pixel weight has no division.
        var invSpan: Float = 1, fadeStart: Float = 1, invFadeSpan: Float = 1
        init(u: Float, v: Float, cosEdge: Float, amount: Float, maxChroma: Float) {
            self.u = u; self.v = v; self.cosEdge = cosEdge; self.amount = amount; self.maxChroma = maxChroma
            invSpan = 1 / max(1 - cosEdge, 1e-6)
            fadeStart = 0.6 * maxChroma
            invFadeSpan = 1 / (0.4 * maxChroma)
        }
    }

    let global: Float
    // Up to three bands in fixed slots: the kernel stays plain data, so the
    // per-pixel loop never touches a reference count.
    let band0: Band, band1: Band, band2: Band
    let bandCount: Int

    init(_ a: Adjustments) {
        global = Float(1 + min(max(a.saturation, -1), 1))
        var b: [Band] = []
        func band(_ hex: (Double, Double, Double), _ halfWidthDeg: Double, _ amount: Double, _ maxChroma: Float) {
            guard amount != 0 else { return }
            let l = SRGBColor(hex.0, hex.1, hex.2).linear
            let u = l.x - l.y, v = (l.x + l.y) / 2 - l.z
            let n = (u * u + v * v).squareRoot()
            b.append(Band(u: Float(u / n), v: Float(v / n), cosEdge: Float(cos(halfWidthDeg * .pi / 180)),
                          amount: Float(min(max(amount, -1), 1)), maxChroma: maxChroma))
        }
        band((0.40, 0.60, 0.85), 40, a.blueSkies, 10)   // sky blue
        band((0.88, 0.67, 0.54), 28, a.skinTones, 0.9)   // skin
        band((0.36, 0.54, 0.23), 45, a.greenery, 10)     // foliage
        let none = Band(u: 1, v: 0, cosEdge: 1, amount: 0, maxChroma: 1)
        bandCount = b.count
        band0 = b.count > 0 ? b[0] : none
        band1 = b.count > 1 ? b[1] : none
        band2 = b.count > 2 ? b[2] : none
    }

    var isIdentity: Bool { global == 1 && bandCount == 0 }

    @inline(__always)
    static func weight(_ b: Band, _ u: Float, _ v: Float, _ invN: Float, _ rel: Float, _ ramp: Float) -> Float {
        let c = (u * b.u + v * b.v) * invN
        if c <= b.cosEdge { return 1 }
        var t = min((c - b.cosEdge) * b.invSpan, 1)
        var w = t * t * (3 - 2 * t)
        if rel > b.fadeStart {
            t = min((rel - b.fadeStart) * b.invFadeSpan, 1)
            w *= 1 - t * t * (3 - 2 * t)
        }
        return 1 + b.amount * w * ramp
    }

    @inline(__always)
    func apply(_ p: SIMD4<Float>) -> SIMD4<Float> {
        let y = Luma.y(p)
        var k = global
        if bandCount > 0 {
            let u = p.x - p.y, v = (p.x + p.y) * 0.5 - p.z
            let n = (u * u + v * v).squareRoot()
            let rel = n / (y + 0.02)
            let ramp = Num.smoothstep(0.02, 0.2, rel)
            if ramp > 0 {
                let invN = 1 / n
                var f = Self.weight(band0, u, v, invN, rel, ramp)
                if bandCount > 1 { f *= Self.weight(band1, u, v, invN, rel, ramp) }
                if bandCount > 2 { f *= Self.weight(band2, u, v, invN, rel, ramp) }
                k *= f
            }
        }
        return Num.scaleChroma(p, k)
    }
}

import Foundation
