/// The strip stages that read a `PreviewSource`: the same per-pixel math as
/// `deinterleave` → `localGain` → `curves`, on √x in 16-bit fixed point.
/// The gain is applied as √gain·√x (from the plan's table of √gain), which is
/// where the exposure curve's table is indexed anyway, so a frame takes no
/// square root; the results differ from the float path by float rounding and
/// the fixed point's step only (see `PreviewSource`).
extension Kernels {
    static let fixedMagic: Float = 12_582_912

    /// Round-to-nearest of a value already clamped to 0…65 535 (the magic add, no checked conversion).
    @inline(__always) static func fixed16(_ v: Float) -> UInt16 {
        UInt16(truncatingIfNeeded: Int32(bitPattern: (v + fixedMagic).bitPattern) &- 0x4B40_0000)
    }

    @inline(__always) static func alphaByte(_ a: Float) -> Int32 {
        Int32(bitPattern: (clamp01(a) * 255 + fixedMagic).bitPattern) &- 0x4B40_0000
    }

    // MARK: Building the source (once per photo)

    @inline(never) static func quantizeRoots(_ p: UnsafePointer<Float>, _ n: Int, _ o: UnsafeMutablePointer<UInt16>) {
        for i in 0..<n {
            let x = p[i] > 0 ? p[i] : 0
            let s = x.squareRoot() * PreviewSource.rootScale
            o[i] = fixed16(s < 65_535 ? s : 65_535)
        }
    }

    @inline(never) static func quantizeBase(_ p: UnsafePointer<Float>, _ n: Int, _ o: UnsafeMutablePointer<UInt16>) {
        let lo = LocalToneCurve.baseMin, inv = 1 / (LocalToneCurve.baseMax - LocalToneCurve.baseMin)
        for i in 0..<n { o[i] = fixed16(clamp01((p[i] - lo) * inv) * 65_535) }
    }

    // MARK: Reading it (every frame)

    @inline(never) static func loadRoots(_ q: UnsafePointer<UInt16>, _ n: Int, _ o: UnsafeMutablePointer<Float>) {
        let inv = 1 / PreviewSource.rootScale
        for i in 0..<n { o[i] = Float(q[i]) * inv }
    }

    @inline(never) static func loadAlpha(_ q: UnsafePointer<UInt8>, _ n: Int, _ o: UnsafeMutablePointer<Float>) {
        for i in 0..<n { o[i] = Float(q[i]) * (1 / 255) }
    }

    @inline(never) static func opaque(_ n: Int, _ o: UnsafeMutablePointer<Float>) {
        for i in 0..<n { o[i] = 1 }
    }

    /// √gain at each pixel's mask value into `t0` (the plan's √gain table; index vectorised, gather scalar).
    @inline(never) static func rootGain(
        _ base: UnsafePointer<UInt16>, _ n: Int, _ table: UnsafePointer<SIMD2<Float>>, _ st: Strip
    ) {
        let idx = st.idx, f = st.t0
        let scale = Float(LocalToneCurve.lutSize) / 65_535
        for i in 0..<n { let (k, fr) = split(Float(base[i]) * scale); idx[i] = k; f[i] = fr }
        for i in 0..<n { let e = table[Int(idx[i])]; f[i] = e.x + e.y * f[i] }
    }

    /// The exposure curve at (√gain in `t0` when `scaled`)·√x: `curves` without its square roots.
    static func rootCurves(
        _ st: Strip, _ n: Int, _ tr: UnsafePointer<SIMD2<Float>>, _ tg: UnsafePointer<SIMD2<Float>>,
        _ tb: UnsafePointer<SIMD2<Float>>, scaled: Bool
    ) {
        if scaled { rootCurvesScaled(st, n, tr, tg, tb) } else { rootCurvesPlain(st, n, tr, tg, tb) }
    }

    @inline(never) static func rootCurvesScaled(
        _ st: Strip, _ n: Int, _ tr: UnsafePointer<SIMD2<Float>>,
        _ tg: UnsafePointer<SIMD2<Float>>, _ tb: UnsafePointer<SIMD2<Float>>
    ) {
        rootCurvesBody(st, n, tr, tg, tb, scaled: true)
    }

    @inline(never) static func rootCurvesPlain(
        _ st: Strip, _ n: Int, _ tr: UnsafePointer<SIMD2<Float>>,
        _ tg: UnsafePointer<SIMD2<Float>>, _ tb: UnsafePointer<SIMD2<Float>>
    ) {
        rootCurvesBody(st, n, tr, tg, tb, scaled: false)
    }

    @inline(__always) static func rootCurvesBody(
        _ st: Strip, _ n: Int, _ tr: UnsafePointer<SIMD2<Float>>,
        _ tg: UnsafePointer<SIMD2<Float>>, _ tb: UnsafePointer<SIMD2<Float>>, scaled: Bool
    ) {
        let idx = st.idx, c = Strip.capacity, size = Float(CurveLUT.size)
        let r = st.r, g = st.g, b = st.b, f0 = st.t0, f1 = st.t1, f2 = st.t2
        // √x ≥ 0 and √gain > 0: only the upper clamp is needed. `t0` is read before it is overwritten.
        for i in 0..<n {
            let k: Float = scaled ? f0[i] : 1
            let s0 = k * r[i], s1 = k * g[i], s2 = k * b[i]
            let (k0, r0) = split((s0 < 1 ? s0 : 1) * size)
            let (k1, r1) = split((s1 < 1 ? s1 : 1) * size)
            let (k2, r2) = split((s2 < 1 ? s2 : 1) * size)
            idx[i] = k0; idx[c + i] = k1; idx[2 * c + i] = k2
            f0[i] = r0; f1[i] = r1; f2[i] = r2
        }
        for i in 0..<n {
            let e0 = tr[Int(idx[i])], e1 = tg[Int(idx[c + i])], e2 = tb[Int(idx[2 * c + i])]
            r[i] = e0.x + e0.y * f0[i]; g[i] = e1.x + e1.y * f1[i]; b[i] = e2.x + e2.y * f2[i]
        }
    }

    /// No exposure curve: back to linear light, (√gain·√x)².
    @inline(never) static func squares(_ st: Strip, _ n: Int, scaled: Bool) {
        let r = st.r, g = st.g, b = st.b, k = st.t0
        if scaled {
            for i in 0..<n { let q = k[i] * k[i]; r[i] *= r[i] * q; g[i] *= g[i] * q; b[i] *= b[i] * q }
        } else {
            for i in 0..<n { r[i] *= r[i]; g[i] *= g[i]; b[i] *= b[i] }
        }
    }
}
