import CKernels

/// The 8-bit preview of a cached photo on AVX2/FMA (`Sources/CKernels`), when
/// the CPU has them: the same stages as the strip kernels (`rootGain`,
/// `rootCurves`, `colorBody`, `vignetteFactor`, `encodeSRGB8`), eight pixels an
/// instruction over strips of a row, table lookups in scalar loops of their
/// own. The schedule (tiles over threads) is the caller's, as for every row kernel.
///
/// Differences from the portable preview, all inside the 8-bit step: FMA
/// rounding, and the colour bands' 1/‖uv‖ and 1/(Y + 0.02) from the CPU's
/// 12-bit reciprocal estimates (relative error ≤ 3.7e-4) instead of a square
/// root and two divisions. Bounded against the float path by `PreviewAVX2Tests`.
/// Float renders, which the simulated users measure, never take it.
///
/// Two sources: the compact source of a cached photo (`rk_preview_row_avx2`),
/// or, for a one-shot frame, the float photo with the tone mask's value
/// computed per pixel (`rk_render_row_avx2`: `deinterleave`, `maskBase`,
/// `localGain`, `curves`). Covers what an editor's frame holds: an opaque
/// photo, no look, no brushes, no colour-luminance axis; anything else takes
/// the portable strip kernels.
enum PreviewAVX2 {
    /// Whether this CPU can run the kernels (checked once).
    static let available: Bool = rk_cpu_has_avx2_fma() != 0

    /// Whether this CPU can run the 16-lane AVX-512F build (checked once).
    static let wide: Bool = available && rk_cpu_has_avx512() != 0

    /// Whether a frame with these stages can take the kernels (the photo: opaque, no brushes).
    static func covers(_ plan: RenderPlan) -> Bool {
        available && plan.effect == nil && (plan.color?.luminance.isIdentity ?? true)
    }

    static func band(_ b: ColorKernel.Band) -> RKBand {
        RKBand(
            u: b.u, v: b.v, cosEdge: b.cosEdge, invSpan: b.invSpan, amount: b.amount,
            fadeStart: b.fadeStart, invFadeSpan: b.invFadeSpan)
    }

    static func floats(_ p: UnsafePointer<SIMD2<Float>>) -> UnsafePointer<Float> {
        UnsafeRawPointer(p).assumingMemoryBound(to: Float.self)
    }

    /// The stages after the source (exposure curve, colour, vignette, encoding);
    /// the caller sets the source's fields. Pointers must outlive every call that uses them.
    static func parameters(
        exposure: (UnsafePointer<SIMD2<Float>>, UnsafePointer<SIMD2<Float>>, UnsafePointer<SIMD2<Float>>)?,
        color: ColorKernel?, vignette vg: VignetteGeometry, dx2: UnsafePointer<Float>,
        lut: UnsafePointer<UInt8>
    ) -> RKPreview {
        var p = RKPreview()
        if let (r, g, b) = exposure { p.er = floats(r); p.eg = floats(g); p.eb = floats(b) }
        p.curveSize = Float(CurveLUT.size)
        if let c = color {
            p.hasColor = 1; p.bandCount = Int32(c.bandCount); p.global = c.global
            p.bands = (band(c.band0), band(c.band1), band(c.band2))
        }
        p.vignette = !vg.active ? 0 : (vg.strength > 0 ? 1 : 2)
        p.vigInner = vg.inner; p.vigInv = 1 / (vg.outer - vg.inner); p.vigStrength = vg.strength
        p.dx2 = dx2; p.lut = lut
        p.rootInv = 1 / PreviewSource.rootScale
        p.gainScale = Float(LocalToneCurve.lutSize) / 65_535
        p.baseLo = LocalToneCurve.baseMin
        p.baseInv = 1 / (LocalToneCurve.baseMax - LocalToneCurve.baseMin)
        p.gainSize = Float(LocalToneCurve.lutSize)
        return p
    }
}
