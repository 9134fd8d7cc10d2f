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
        var u: Float, v: Float  // unit direction of the band center
        var cosEdge: Float  // cos of the half-width where weight reaches 0
        var amount: Float  // −1…1
        var maxChroma: Float  // relative chroma above which the band fades out (skin)
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
    /// The luminance axis: stops per unit of colourfulness ramp for all colourful
    /// pixels, and the same three bands with their `amount` in stops. A stage of
    /// its own after the chroma scale, so renders without it are unchanged to the bit.
    let luminance: ColorLuminance

    init(_ a: Adjustments) {
        global = Float(1 + min(max(a.saturation, -1), 1))
        let b = Self.bands(skies: a.blueSkies, skin: a.skinTones, greenery: a.greenery, scale: 1)
        bandCount = b.count
        (band0, band1, band2) = Self.slots(b)
        luminance = ColorLuminance(a)
    }

    /// The active bands (amount ≠ 0) in fixed order: sky, skin, foliage; each
    /// amount clamped to −1…1 and then multiplied by `scale`.
    static func bands(skies: Double, skin: Double, greenery: Double, scale: Float) -> [Band] {
        var b: [Band] = []
        func band(_ hex: (Double, Double, Double), _ halfWidthDeg: Double, _ amount: Double, _ maxChroma: Float) {
            guard amount != 0 else { return }
            let l = SRGBColor(hex.0, hex.1, hex.2).linear
            let u = l.x - l.y, v = (l.x + l.y) / 2 - l.z
            let n = (u * u + v * v).squareRoot()
            b.append(
                Band(
                    u: Float(u / n), v: Float(v / n), cosEdge: Float(cos(halfWidthDeg * .pi / 180)),
                    amount: Float(min(max(amount, -1), 1)) * scale, maxChroma: maxChroma))
        }
        band((0.40, 0.60, 0.85), 40, skies, 10)  // sky blue
        band((0.88, 0.67, 0.54), 28, skin, 0.9)  // skin
        band((0.36, 0.54, 0.23), 45, greenery, 10)  // foliage
        return b
    }

    /// Up to three bands in the kernel's fixed slots; an unused slot's factor is exactly 1.
    static func slots(_ b: [Band]) -> (Band, Band, Band) {
        let none = Band(u: 1, v: 0, cosEdge: 1, amount: 0, maxChroma: 1)
        return (b.count > 0 ? b[0] : none, b.count > 1 ? b[1] : none, b.count > 2 ? b[2] : none)
    }

    var isIdentity: Bool { global == 1 && bandCount == 0 && luminance.isIdentity }

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
        let q = Num.scaleChroma(p, k)
        return luminance.isIdentity ? q : luminance.apply(q)
    }
}

/// The luminance axis of the colour controls: colourful pixels, or those of one
/// hue band, made lighter or darker by a factor 2^e, where e sums each active
/// axis's stops times the pixel's weight in it (the same smooth hue bands and
/// colourfulness ramp as the chroma axis, so both axes act on the same pixels).
/// Scaling r, g and b together keeps chromaticity; a brightening factor stops
/// where the brightest channel reaches white, so the axis never clips.
struct ColorLuminance: Sendable {
    /// Stops at a slider's end (±1): an assumption of the encoding, chosen so a
    /// full move is a clearly visible but not absurd change of a region's lightness.
    static let maxStops: Float = 1

    let globalStops: Float
    let band0: ColorKernel.Band, band1: ColorKernel.Band, band2: ColorKernel.Band
    let bandCount: Int

    init(_ a: Adjustments) {
        globalStops = Float(min(max(a.saturationLuminance, -1), 1)) * Self.maxStops
        let b = ColorKernel.bands(
            skies: a.blueSkiesLuminance, skin: a.skinTonesLuminance, greenery: a.greeneryLuminance,
            scale: Self.maxStops)
        bandCount = b.count
        (band0, band1, band2) = ColorKernel.slots(b)
    }

    var isIdentity: Bool { globalStops == 0 && bandCount == 0 }

    /// The factor for a pixel with opponent chroma (u, v), chroma length n,
    /// relative chroma `rel` and colourfulness ramp `ramp`, before the white cap.
    @inline(__always)
    func stops(u: Float, v: Float, invN: Float, rel: Float, ramp: Float) -> Float {
        // bandWeight − 1 = stops × band weight × ramp (0 for an unused slot).
        globalStops * ramp
            + (Kernels.bandWeight(band0, u, v, invN, rel, ramp) - 1)
            + (Kernels.bandWeight(band1, u, v, invN, rel, ramp) - 1)
            + (Kernels.bandWeight(band2, u, v, invN, rel, ramp) - 1)
    }

    /// Brightening stops where the largest channel reaches 1 (if it is below 1).
    @inline(__always)
    static func capped(_ g: Float, maxChannel m: Float) -> Float {
        g > 1 && m * g > 1 ? max(1, 1 / max(m, 1e-9)) : g
    }

    @inline(__always)
    func apply(_ p: SIMD4<Float>) -> SIMD4<Float> {
        let y = Luma.y(p)
        let u = p.x - p.y, v = (p.x + p.y) * 0.5 - p.z
        let n = (u * u + v * v).squareRoot()
        let rel = n / (y + 0.02)
        let ramp = Num.smoothstep(0.02, 0.2, rel)
        guard ramp > 0 else { return p }
        let invN: Float = n > 0 ? 1 / n : 0
        let g = Self.capped(
            exp2(stops(u: u, v: v, invN: invN, rel: rel, ramp: ramp)), maxChannel: max(p.x, max(p.y, p.z)))
        return SIMD4(p.x * g, p.y * g, p.z * g, p.w)
    }
}

import Foundation
