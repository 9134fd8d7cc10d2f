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

    @inline(__always)
    func apply(
        _ p: SIMD4<Float>, curves c: UnsafePointer<SIMD4<Float>>?, duotone d: UnsafePointer<SIMD4<Float>>?
    ) -> SIMD4<Float> {
        var q: SIMD4<Float>
        switch mode {
        case .mono(let w):
            let g = max(p.x * w.x + p.y * w.y + p.z * w.z, 0)
            q = SIMD4(g, g, g, p.w)
        case .aura(let a):
            let mx = max(p.x, max(p.y, p.z)), mn = min(p.x, min(p.y, p.z))
            let s = Num.smoothstep(0.12, 0.55, (mx - mn) / (mx + 1e-4))
            // Right: strong colors up, weak ones muted. Left: strong colors pulled down.
            let k: Float = a >= 0 ? 1 + a * (1.1 * s - 0.6 * (1 - s)) : 1 + a * (0.85 * s + 0.15 * (1 - s))
            q = Num.scaleChroma(p, k)
        case .gains(let g):
            q = p * g
        case .duotone:
            let e = SRGB.encodeFast(Luma.y(p)) * 256
            let i = min(max(Int(e), 0), 255)
            let f = min(max(e - Float(i), 0), 1)
            q = d![i] + (d![i + 1] - d![i]) * f
            q.w = p.w
        case .look:
            q = p
            if saturation != 1 { q = Num.scaleChroma(p, saturation) }
            if hasCurves, let c { q = CurveLUT.apply(q, c) }
            if posterize > 1 {
                let n = Float(posterize - 1)
                var r = q
                for ch in 0..<3 {
                    let e = (SRGB.encodeFast(q[ch]) * n).rounded() / n
                    r[ch] = SRGB.decode(e)
                }
                q = r
            }
        }
        if amount < 1 { q = p + (q - p) * amount }
        return q
    }
}

extension SRGB {
    /// Approximate encode (≈1e-4) for mask/lookup indices, not for output pixels.
    @inline(__always) static func encodeFast(_ x: Float) -> Float {
        if x <= 0.0031308 { return max(x, 0) * 12.92 }
        return 1.055 * exp2(Num.fastLog2(min(x, 1)) / 2.4) - 0.055
    }
}
