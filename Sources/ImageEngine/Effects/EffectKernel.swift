import Foundation

/// An `Effect` compiled into per-pixel work: tables built once per effect
/// (cached with the render plan), then one pass of cheap arithmetic and gathers.
struct EffectKernel: Sendable {
    enum Mode: Sendable {
        /// rgb → dot(weights, rgb) replicated.
        case mono(SIMD4<Float>)
        /// Chroma scaled by a function of the pixel's own chroma along axis a ∈ −1…1.
        case aura(Float)
        /// Per-channel linear gains (white balance).
        case gains(SIMD4<Float>)
        /// Encoded luminance → color table.
        case duotone
        /// Saturation + curves (+ posterize).
        case look
    }

    let mode: Mode
    let saturation: Float
    let hasCurves: Bool
    let posterize: Int
    let amount: Float
    /// Extra vignette strength the look carries.
    let vignette: Double
    /// Glow strength (needs a blurred copy: done by the pipeline, not per pixel).
    let glow: Float

    /// Builds the kernel and its tables (kept apart so the kernel is plain data).
    static func make(_ e: Effect) -> (kernel: EffectKernel, curves: CurveLUT?, duotone: [SIMD4<Float>]) {
        var c: CurveLUT? = nil, d: [SIMD4<Float>] = []
        let k = EffectKernel(e, curves: &c, duotone: &d)
        return (k, c, d)
    }

    private init(_ e: Effect, curves curvesOut: inout CurveLUT?, duotone duoOut: inout [SIMD4<Float>]) {
        amount = Float(min(max(e.amount, 0), 1))
        var sat: Float = 1, curves: CurveLUT? = nil, duo: [SIMD4<Float>] = [], post = 0, vig = 0.0, glow: Float = 0
        let pos = min(max(e.position, 0), 1)
        switch e.family {
        case .blackAndWhite:
            let m = (e.mix ?? Effect.blackAndWhiteMix(at: pos)).normalized
            mode = .mono(SIMD4(Float(m.red), Float(m.green), Float(m.blue), 0))
        case .aura:
            mode = .aura(Float(2 * pos - 1))
        case .warmCool:
            // A white-balance shift in linear light, renormalised so luminance stays put.
            let a = 2 * pos - 1
            var g = SIMD4<Float>(Float(pow(2, 0.38 * a)), Float(pow(2, 0.04 * a)), Float(pow(2, -0.5 * a)), 1)
            let y = Luma.y(g)
            g = g / y; g.w = 1
            mode = .gains(g)
        case .duotone:
            // Tinted monochrome: lightness from the photo, a tint whose chroma peaks in the midtones.
            let hue = pos * 2 * .pi
            duo = (0...256).map { i in
                let e = Double(i) / 256
                let lab = ColorScience.lab(linear: SIMD3(repeating: SRGB.decode(e)))
                let c = 32 * pow(sin(.pi * min(e * 1.1, 1)), 0.8)
                let rgb = ColorScience.linear(xyz: ColorScience.xyz(Lab(lab.l, c * cos(hue), c * sin(hue))))
                    .clamped(lowerBound: .zero, upperBound: .one)
                return SIMD4(Float(rgb.x), Float(rgb.y), Float(rgb.z), 1)
            }
            mode = .duotone
        case .vintage, .artistic:
            let list = e.family == .vintage ? Looks.vintage : Looks.artistic
            let look = list[min(max(e.look, 0), list.count - 1)]
            sat = Float(look.saturation)
            if let cs = look.curves { curves = CurveLUT { v, c in cs[c](v) } }
            post = look.posterize
            vig = look.vignette
            glow = Float(look.glow)
            mode = .look
        }
        saturation = sat
        hasCurves = curves != nil
        curvesOut = curves
        duoOut = duo
        posterize = post
        vignette = vig
        self.glow = glow
    }

    /// One pixel (what the reference render takes). An effect never changes alpha.
    @inline(__always)
    func apply(
        _ p: SIMD4<Float>, curves c: UnsafePointer<SIMD4<Float>>?, duotone d: UnsafePointer<SIMD4<Float>>?
    ) -> SIMD4<Float> {
        let q: (Float, Float, Float)
        switch mode {
        case .mono(let w): q = Self.mono(p.x, p.y, p.z, w)
        case .aura(let a): q = Self.aura(p.x, p.y, p.z, a)
        case .gains(let k): q = (p.x * k.x, p.y * k.y, p.z * k.z)
        case .duotone: q = Self.duotone(p.x, p.y, p.z, d!)
        case .look:
            var (r, g, b) = saturation != 1 ? Num.scaleChroma(p.x, p.y, p.z, saturation) : (p.x, p.y, p.z)
            if hasCurves, let c { (r, g, b) = Self.curves(r, g, b, c) }
            q = posterize > 1 ? posterized(r, g, b) : (r, g, b)
        }
        let full = SIMD4(q.0, q.1, q.2, p.w)
        return amount < 1 ? p + (full - p) * amount : full
    }

    /// The first `n` pixels of a strip, in place, with the same per-pixel functions as `apply` (so the same
    /// bits): the mode decided once, each stage a loop of its own over the planes, so the arithmetic ones
    /// vectorise and the table lookups stay short scalar loops.
    func apply(
        to st: Strip, _ n: Int, curves c: UnsafePointer<SIMD4<Float>>?, duotone d: UnsafePointer<SIMD4<Float>>?
    ) {
        let r = st.r, g = st.g, b = st.b
        // The pixel before the effect, for the blend at part amount.
        let r0 = st.t0, g0 = st.t1, b0 = st.t2
        if amount < 1 {
            r0.initialize(from: r, count: n); g0.initialize(from: g, count: n); b0.initialize(from: b, count: n)
        }
        switch mode {
        case .mono(let w): for i in 0..<n { (r[i], g[i], b[i]) = Self.mono(r[i], g[i], b[i], w) }
        case .aura(let a): for i in 0..<n { (r[i], g[i], b[i]) = Self.aura(r[i], g[i], b[i], a) }
        case .gains(let k): for i in 0..<n { r[i] *= k.x; g[i] *= k.y; b[i] *= k.z }
        case .duotone: for i in 0..<n { (r[i], g[i], b[i]) = Self.duotone(r[i], g[i], b[i], d!) }
        case .look:
            if saturation != 1 {
                let s = saturation
                for i in 0..<n { (r[i], g[i], b[i]) = Num.scaleChroma(r[i], g[i], b[i], s) }
            }
            if hasCurves, let c { for i in 0..<n { (r[i], g[i], b[i]) = Self.curves(r[i], g[i], b[i], c) } }
            if posterize > 1 { for i in 0..<n { (r[i], g[i], b[i]) = posterized(r[i], g[i], b[i]) } }
        }
        if amount < 1 {
            // As `apply` blends its SIMD4, alpha included (unchanged by the effect: a + (a − a) · amount).
            let a = st.a, t = amount
            for i in 0..<n {
                r[i] = r0[i] + (r[i] - r0[i]) * t; g[i] = g0[i] + (g[i] - g0[i]) * t
                b[i] = b0[i] + (b[i] - b0[i]) * t; a[i] = a[i] + (a[i] - a[i]) * t
            }
        }
    }

    /// rgb → dot(weights, rgb) replicated.
    @inline(__always)
    private static func mono(_ r: Float, _ g: Float, _ b: Float, _ w: SIMD4<Float>) -> (Float, Float, Float) {
        let v = max(r * w.x + g * w.y + b * w.z, 0)
        return (v, v, v)
    }

    @inline(__always)
    private static func aura(_ r: Float, _ g: Float, _ b: Float, _ a: Float) -> (Float, Float, Float) {
        let mx = max(r, max(g, b)), mn = min(r, min(g, b))
        let s = Num.smoothstep(0.12, 0.55, (mx - mn) / (mx + 1e-4))
        // Right: strong colors up, weak ones muted. Left: strong colors pulled down.
        let k: Float = a >= 0 ? 1 + a * (1.1 * s - 0.6 * (1 - s)) : 1 + a * (0.85 * s + 0.15 * (1 - s))
        return Num.scaleChroma(r, g, b, k)
    }

    @inline(__always)
    private static func duotone(
        _ r: Float, _ g: Float, _ b: Float, _ d: UnsafePointer<SIMD4<Float>>
    ) -> (Float, Float, Float) {
        let e = SRGB.encodeFast(Luma.y(r, g, b)) * 256
        let i = min(max(Int(e), 0), 255)
        let f = min(max(e - Float(i), 0), 1)
        let q = d[i] + (d[i + 1] - d[i]) * f
        return (q.x, q.y, q.z)
    }

    @inline(__always)
    private static func curves(
        _ r: Float, _ g: Float, _ b: Float, _ t: UnsafePointer<SIMD4<Float>>
    ) -> (Float, Float, Float) {
        (CurveLUT.channel(r, t, 0), CurveLUT.channel(g, t, 1), CurveLUT.channel(b, t, 2))
    }

    @inline(__always) private func posterized(_ r: Float, _ g: Float, _ b: Float) -> (Float, Float, Float) {
        let n = Float(posterize - 1)
        func level(_ v: Float) -> Float { SRGB.decode((SRGB.encodeFast(v) * n).rounded() / n) }
        return (level(r), level(g), level(b))
    }
}

extension SRGB {
    /// Approximate encode (≈1e-4) for mask/lookup indices, not for output pixels.
    @inline(__always) static func encodeFast(_ x: Float) -> Float {
        if x <= 0.0031308 { return max(x, 0) * 12.92 }
        return 1.055 * exp2(Num.fastLog2(min(x, 1)) / 2.4) - 0.055
    }
}
