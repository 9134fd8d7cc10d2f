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
    }

    let global: Float
    let bands: [Band]

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
        bands = b
    }

    var isIdentity: Bool { global == 1 && bands.isEmpty }

    @inline(__always)
    func apply(_ p: SIMD4<Float>) -> SIMD4<Float> {
        let y = Luma.y(p)
        var k = global
        if !bands.isEmpty {
            let u = p.x - p.y, v = (p.x + p.y) * 0.5 - p.z
            let n = (u * u + v * v).squareRoot()
            let rel = n / (y + 0.02)
            let ramp = Num.smoothstep(0.02, 0.2, rel)
            if ramp > 0 {
                var f: Float = 1
                for b in bands {
                    let c = (u * b.u + v * b.v) / n
                    let w = Num.smoothstep(b.cosEdge, 1, c) * ramp * (1 - Num.smoothstep(b.maxChroma * 0.6, b.maxChroma, rel))
                    f *= 1 + b.amount * w
                }
                k *= f
            }
        }
        return Num.scaleChroma(p, k)
    }
}

import Foundation
