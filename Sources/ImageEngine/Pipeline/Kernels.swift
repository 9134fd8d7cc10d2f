import Foundation

/// The per-pixel algorithms of the fused pass, written over *planar strips*:
/// a run of up to `Strip.capacity` pixels of one row, held as separate r, g, b, a
/// float arrays in L1-resident scratch.
///
/// Why planar strips: every stage below is then a plain, branch-free loop over
/// contiguous floats that LLVM's loop vectorizer turns into packed SSE (4 or 8
/// pixels per instruction) — sqrt, division, min/max included — while the AoS
/// `SIMD4<Float>` image is read and written once. The few table lookups are kept
/// in their own small loops (index computation vectorised, the gather scalar),
/// because a gather inside a loop stops the vectorizer for the whole loop.
///
/// Each stage is its own non-inlined function: called once per strip (the call
/// is noise), and LLVM vectorises a small loop with few pointers reliably, while
/// the same loops inlined into the big tile closure stayed scalar. Square roots
/// take an argument the compiler can see is ≥ 0 (a clamp, or `abs` of a sum of
/// squares): otherwise Linux's `sqrtf` keeps its errno path and the loop stays scalar.
///
/// Each kernel computes the same math as the scalar reference path
/// (`Renderer.renderReference`), so results agree to float rounding (tested).
/// Everything is a pure function of its inputs: any thread count, same bits.
enum Kernels {
    // MARK: Helpers (branch-free, so loops stay vectorisable)

    @inline(__always) static func clamp01(_ x: Float) -> Float {
        let lo = x > 0 ? x : 0
        return lo < 1 ? lo : 1
    }

    /// A pixel's opponent chroma axes (u red–green, v yellow–blue), their length, the length relative to
    /// luma (+0.02 so black has none) and the ramp that fades the colour controls in from near-grey.
    @inline(__always) static func chroma(
        _ R: Float, _ G: Float, _ B: Float, _ rampInv: Float
    ) -> (u: Float, v: Float, n: Float, rel: Float, ramp: Float) {
        let y = 0.2126 * R + 0.7152 * G + 0.0722 * B
        let u = R - G, v = (R + G) * 0.5 - B
        let n = (u * u + v * v).squareRoot()
        let rel = n / (y + 0.02)
        return (u, v, n, rel, smoothstep(0.02, rampInv, rel))
    }

    @inline(__always) static func smoothstep(_ e0: Float, _ inv: Float, _ x: Float) -> Float {
        let t = clamp01((x - e0) * inv)
        return t * t * (3 - 2 * t)
    }

    /// `Num.fastLog2` (exponent bits plus a mantissa polynomial, log2 to
    /// 1.6e-5) with wrapping integer ops, so no overflow checks block
    /// vectorisation. Same bits as `Num.fastLog2`.
    @inline(__always) static func log2(_ x: Float) -> Float {
        let v = x > 1e-7 ? x : 1e-7
        let bits = v.bitPattern
        let e = Float(Int32(bitPattern: (bits >> 23) & 0xff) &- 127)
        let t = Float(bitPattern: (bits & 0x007f_ffff) | 0x3f80_0000) - 1  // mantissa − 1, exact
        let p = t * (1.44191703 + t * (-0.709096377 + t * (0.41560588 + t * (-0.193575516 + t * 0.0451489816))))
        return e + p
    }

    /// Splits a table coordinate `s` ∈ [0, n] (callers clamp first; NaN has
    /// become 0 by then) into an entry index in 0…n and a fraction, without a
    /// checked float→int conversion (Swift's traps on overflow and cannot be
    /// vectorised): adding 1.5·2²³ rounds to an integer in the low mantissa bits.
    /// Rounding s − ½ to nearest lands in 0…n for s in [0, n], so no integer
    /// clamps are needed (SSE2 has no packed 32-bit min/max); any index/fraction
    /// pair with index + fraction = s interpolates the same line segment, so
    /// this need not be the floor. Tables have n + 1 (value, slope) entries.
    @inline(__always) static func split(_ s: Float) -> (Int32, Float) {
        let magic: Float = 12_582_912
        let m = (s - 0.5) + magic
        return (Int32(bitPattern: m.bitPattern) &- 0x4B40_0000, s - (m - magic))
    }

    // MARK: Layout

    /// AoS `SIMD4<Float>` → four planes, as 4×4 transposes (whole-vector loads
    /// and stores; element-wise copies cost one store per float).
    @inline(never)
    static func deinterleave(_ s: UnsafePointer<SIMD4<Float>>, _ n: Int, _ st: Strip) {
        let r = st.r, g = st.g, b = st.b, a = st.a
        var i = 0
        while i + 4 <= n {
            let p0 = s[i], p1 = s[i + 1], p2 = s[i + 2], p3 = s[i + 3]
            store4(r + i, SIMD4(p0.x, p1.x, p2.x, p3.x))
            store4(g + i, SIMD4(p0.y, p1.y, p2.y, p3.y))
            store4(b + i, SIMD4(p0.z, p1.z, p2.z, p3.z))
            store4(a + i, SIMD4(p0.w, p1.w, p2.w, p3.w))
            i += 4
        }
        while i < n { let p = s[i]; r[i] = p.x; g[i] = p.y; b[i] = p.z; a[i] = p.w; i += 1 }
    }

    /// Four planes → AoS `SIMD4<Float>` (4×4 transposes).
    @inline(never)
    static func interleave(_ st: Strip, _ n: Int, _ d: UnsafeMutablePointer<SIMD4<Float>>) {
        interleaveBody(st, n, d, vignette: 0)
    }

    /// The same, applying the vignette factor in `t0` on the way out (see
    /// `vignetteFactor`): the write to memory is the slow part of this loop, so
    /// the vignette's arithmetic rides along instead of costing its own pass.
    @inline(never)
    static func interleaveDarken(_ st: Strip, _ n: Int, _ d: UnsafeMutablePointer<SIMD4<Float>>) {
        interleaveBody(st, n, d, vignette: 1)
    }

    @inline(never)
    static func interleaveLighten(_ st: Strip, _ n: Int, _ d: UnsafeMutablePointer<SIMD4<Float>>) {
        interleaveBody(st, n, d, vignette: 2)
    }

    @inline(__always)
    static func interleaveBody(_ st: Strip, _ n: Int, _ d: UnsafeMutablePointer<SIMD4<Float>>, vignette mode: Int) {
        let r = st.r, g = st.g, b = st.b, a = st.a, f = st.t0
        @inline(__always) func vig(_ p: Float, _ f: Float) -> Float {
            mode == 1 ? p * f : (mode == 2 ? p + (1 - p) * f : p)
        }
        var i = 0
        while i + 4 <= n {
            var R = load4(r + i), G = load4(g + i), B = load4(b + i)
            let A = load4(a + i)
            if mode != 0 {
                let F = load4(f + i)
                if mode == 1 {
                    R = R * F; G = G * F; B = B * F
                } else {
                    let one = SIMD4<Float>(repeating: 1)
                    R = R + (one - R) * F; G = G + (one - G) * F; B = B + (one - B) * F
                }
            }
            d[i] = SIMD4(R.x, G.x, B.x, A.x)
            d[i + 1] = SIMD4(R.y, G.y, B.y, A.y)
            d[i + 2] = SIMD4(R.z, G.z, B.z, A.z)
            d[i + 3] = SIMD4(R.w, G.w, B.w, A.w)
            i += 4
        }
        while i < n { d[i] = SIMD4(vig(r[i], f[i]), vig(g[i], f[i]), vig(b[i], f[i]), a[i]); i += 1 }
    }

    /// Strip planes are 64-byte aligned and indexed in steps of 4: whole-vector access is aligned.
    @inline(__always) static func store4(_ p: UnsafeMutablePointer<Float>, _ v: SIMD4<Float>) {
        UnsafeMutableRawPointer(p).assumingMemoryBound(to: SIMD4<Float>.self).pointee = v
    }

    @inline(__always) static func load4(_ p: UnsafeMutablePointer<Float>) -> SIMD4<Float> {
        UnsafeMutableRawPointer(p).assumingMemoryBound(to: SIMD4<Float>.self).pointee
    }

    /// Linear luminance → log2, for one AoS row (the tone mask's input).
    /// Strip by strip through the planes: read pixel by pixel from the AoS row
    /// the loop stayed scalar; transposed, it is `maskBase`'s own expression
    /// (same operations in the same order, so the same bits) and vectorises.
    static func log2Luminance(
        _ s: UnsafePointer<SIMD4<Float>>, count n: Int, strip st: Strip, into out: UnsafeMutablePointer<Float>
    ) {
        var x0 = 0
        while x0 < n {
            let k = min(Strip.capacity, n - x0)
            deinterleave(s + x0, k, st)
            planarLog2Luminance(st, k, out + x0)
            x0 += k
        }
    }

    @inline(never)
    static func planarLog2Luminance(_ st: Strip, _ n: Int, _ out: UnsafeMutablePointer<Float>) {
        let r = st.r, g = st.g, b = st.b
        for i in 0..<n { out[i] = log2(0.2126 * r[i] + 0.7152 * g[i] + 0.0722 * b[i]) }
    }

    // MARK: Stages

    /// The tone mask's value per pixel, base = a·log2(Y) + b, with (a, b)
    /// interpolated horizontally from the row's coefficients `ra`, `rb` (the
    /// vertical half is done once per row). Depends on the photo only, which is
    /// why `AnalysisCache` can keep it for re-renders.
    @inline(never)
    static func maskBase(
        _ st: Strip, _ n: Int, ra: UnsafePointer<Float>, rb: UnsafePointer<Float>,
        xIndex: UnsafePointer<Int32>, xFrac: UnsafePointer<Float>, into base: UnsafeMutablePointer<Float>
    ) {
        let r = st.r, g = st.g, b = st.b, ca = st.t0
        // Coefficient gathers (a small L1-resident row).
        for i in 0..<n {
            let j = Int(xIndex[i]), tx = xFrac[i]
            ca[i] = ra[j] + (ra[j + 1] - ra[j]) * tx
            base[i] = rb[j] + (rb[j + 1] - rb[j]) * tx
        }
        for i in 0..<n {
            let y = 0.2126 * r[i] + 0.7152 * g[i] + 0.0722 * b[i]
            base[i] = ca[i] * log2(y) + base[i]
        }
    }

    /// Local shadow/highlight gain: the `LocalToneCurve` table at the mask value `base`.
    @inline(never)
    static func localGain(_ st: Strip, _ n: Int, base: UnsafePointer<Float>, table: UnsafePointer<SIMD2<Float>>) {
        let r = st.r, g = st.g, b = st.b, idx = st.idx, f = st.t0
        let lo = LocalToneCurve.baseMin, inv = 1 / (LocalToneCurve.baseMax - LocalToneCurve.baseMin)
        let size = Float(LocalToneCurve.lutSize)
        // Mask value → table coordinate (vectorised).
        for i in 0..<n {
            let s = clamp01((base[i] - lo) * inv) * size
            let (k, fr) = split(s)
            idx[i] = k; f[i] = fr
        }
        // Table gather of (value, slope) pairs, one load each (scalar: keep it short)…
        for i in 0..<n {
            let e = table[Int(idx[i])]
            f[i] = e.x + e.y * f[i]
        }
        // …then the gain, vectorised.
        for i in 0..<n { let k = f[i]; r[i] *= k; g[i] *= k; b[i] *= k }
    }

    /// Per-channel curve tables indexed by √x (`CurveLUT`'s layout, as (value,
    /// slope) pairs), applied to r, g and b: indices vectorised, gathers scalar.
    @inline(never)
    static func curves(
        _ st: Strip, _ n: Int, _ tr: UnsafePointer<SIMD2<Float>>, _ tg: UnsafePointer<SIMD2<Float>>,
        _ tb: UnsafePointer<SIMD2<Float>>
    ) {
        let idx = st.idx, f = st.t0, c = Strip.capacity
        let size = Float(CurveLUT.size)
        let r = st.r, g = st.g, b = st.b
        let f1 = st.t1, f2 = st.t2
        for i in 0..<n {
            let (k0, r0) = split(clamp01(r[i]).squareRoot() * size)
            let (k1, r1) = split(clamp01(g[i]).squareRoot() * size)
            let (k2, r2) = split(clamp01(b[i]).squareRoot() * size)
            idx[i] = k0; idx[c + i] = k1; idx[2 * c + i] = k2
            f[i] = r0; f1[i] = r1; f2[i] = r2
        }
        for i in 0..<n {
            let e0 = tr[Int(idx[i])], e1 = tg[Int(idx[c + i])], e2 = tb[Int(idx[2 * c + i])]
            r[i] = e0.x + e0.y * f[i]; g[i] = e1.x + e1.y * f1[i]; b[i] = e2.x + e2.y * f2[i]
        }
    }

    @inline(__always)
    static func bandWeight(
        _ b: ColorKernel.Band, _ u: Float, _ v: Float, _ invN: Float, _ rel: Float, _ ramp: Float
    ) -> Float {
        // Branch-free form of `ColorKernel.weight`: outside the band t = 0 → factor 1.
        let c = (u * b.u + v * b.v) * invN
        let t = clamp01((c - b.cosEdge) * b.invSpan)
        var w = t * t * (3 - 2 * t)
        let t2 = clamp01((rel - b.fadeStart) * b.invFadeSpan)
        w *= 1 - t2 * t2 * (3 - 2 * t2)
        return 1 + b.amount * w * ramp
    }

    /// Saturation and the selective bands (`ColorKernel`), then the luminance-
    /// preserving chroma scale (`Num.scaleChroma`). Specialised on the number of
    /// active bands: the band math is most of the cost, and an unused slot's
    /// factor is exactly 1, so skipping it changes no bit.
    static func color(_ ck: ColorKernel, _ st: Strip, _ n: Int) {
        switch ck.bandCount {
        case 0: color0(ck, st, n)
        case 1: color1(ck, st, n)
        default: color3(ck, st, n)
        }
        if !ck.luminance.isIdentity { colorLuminance(ck.luminance, st, n) }
    }

    /// The colour controls' luminance axis (`ColorLuminance`), after the chroma scale: every pixel's stops
    /// first, branch-free so the loop vectorises, then the gain where there is one. Near-grey pixels (ramp 0)
    /// and pixels outside every band with no global change (stops exactly 0, where exp2 gives exactly 1 and
    /// `capped` keeps it) stay as they are, with no `exp2`: the same bits as taking it.
    @inline(never)
    static func colorLuminance(_ lum: ColorLuminance, _ st: Strip, _ n: Int) {
        let r = st.r, g = st.g, b = st.b, stops = st.t0
        let rampInv: Float = 1 / (0.2 - 0.02)
        for i in 0..<n {
            let (u, v, nn, rel, ramp) = chroma(r[i], g[i], b[i], rampInv)
            let invN: Float = nn > 0 ? 1 / nn : 0
            let s = lum.stops(u: u, v: v, invN: invN, rel: rel, ramp: ramp)
            stops[i] = ramp <= 0 ? 0 : s   // a NaN ramp keeps its stops, as a skip on `ramp <= 0` would
        }
        for i in 0..<n where stops[i] != 0 {
            let R = r[i], G = g[i], B = b[i]
            let m0 = R > G ? R : G
            let k = ColorLuminance.capped(exp2(stops[i]), maxChannel: m0 > B ? m0 : B)
            r[i] = R * k; g[i] = G * k; b[i] = B * k
        }
    }
    @inline(never) static func color0(_ ck: ColorKernel, _ st: Strip, _ n: Int) { colorBody(ck, st, n, bands: 0) }
    @inline(never) static func color1(_ ck: ColorKernel, _ st: Strip, _ n: Int) { colorBody(ck, st, n, bands: 1) }
    @inline(never) static func color3(_ ck: ColorKernel, _ st: Strip, _ n: Int) { colorBody(ck, st, n, bands: 3) }

    @inline(__always)
    static func colorBody(_ ck: ColorKernel, _ st: Strip, _ n: Int, bands: Int) {
        let r = st.r, g = st.g, b = st.b
        let global = ck.global, hasBands = bands > 0
        // Unused band slots have amount 0: their factor is exactly 1.
        let b0 = ck.band0, b1 = ck.band1, b2 = ck.band2
        let rampInv: Float = 1 / (0.2 - 0.02)
        // Two loops (the chroma factor, then the scaling): each keeps its
        // constants in registers, where one loop spilled them to the stack.
        let kk = st.t0
        if hasBands {
            for i in 0..<n {
                let R = r[i], G = g[i], B = b[i]
                let (u, v, nn, rel, ramp) = chroma(R, G, B, rampInv)
                let invN: Float = nn > 0 ? 1 / nn : 0
                if bands == 1 {
                    kk[i] = global * bandWeight(b0, u, v, invN, rel, ramp)
                } else {
                    kk[i] =
                        global
                        * (bandWeight(b0, u, v, invN, rel, ramp) * bandWeight(b1, u, v, invN, rel, ramp)
                            * bandWeight(b2, u, v, invN, rel, ramp))
                }
            }
        } else {
            for i in 0..<n { kk[i] = global }
        }
        for i in 0..<n {
            let R = r[i], G = g[i], B = b[i]
            let y = 0.2126 * R + 0.7152 * G + 0.0722 * B
            // Chroma limit: the weakest channel must not cross zero.
            let m0 = R < G ? R : G
            let mn = m0 < B ? m0 : B
            var k = kk[i]
            k = k > 0 ? k : 0
            let lim = y / (y - mn)
            k = (mn < y && y > 0 && lim < k) ? lim : k
            let o0 = y + (R - y) * k, o1 = y + (G - y) * k, o2 = y + (B - y) * k
            r[i] = o0 > 0 ? o0 : 0; g[i] = o1 > 0 ? o1 : 0; b[i] = o2 > 0 ? o2 : 0
        }
    }

    /// Vignette (`VignetteGeometry`) factor per pixel into `t0`: for darkening
    /// (strength > 0) the multiplier 1 − s·w, for lightening the blend −s·w
    /// toward white; applied by `interleaveDarken` / `interleaveLighten` or
    /// `encodeSRGB8`.
    @inline(never)
    static func vignetteFactor(_ vg: VignetteGeometry, _ st: Strip, _ n: Int, dx2: UnsafePointer<Float>, dy2: Float) {
        let f = st.t0
        let inner = vg.inner, inv = 1 / (vg.outer - vg.inner), s = vg.strength
        if s > 0 {
            for i in 0..<n { f[i] = 1 - s * smoothstep(inner, inv, abs(dx2[i] + dy2).squareRoot()) }
        } else {
            for i in 0..<n { f[i] = -s * smoothstep(inner, inv, abs(dx2[i] + dy2).squareRoot()) }
        }
    }
}

/// Scratch planes for one strip of pixels (allocated once per tile, reused for every strip).
struct Strip {
    /// Pixels per strip: 7 float planes and 4 index planes × 256 × 4 B = 11 KB: with the
    /// curve tables (8 KB each) the working set stays inside a 32 KB L1.
    static let capacity = 256
    let r, g, b, a, t0, t1, t2: UnsafeMutablePointer<Float>
    /// Four index planes (the 8-bit output uses all four at once).
    let idx: UnsafeMutablePointer<Int32>
    private let storage: UnsafeMutableRawPointer

    static func allocate() -> Strip { Strip() }

    private init() {
        let c = Self.capacity
        storage = UnsafeMutableRawPointer.allocate(byteCount: (7 * c + 4 * c) * 4, alignment: 64)
        let f = storage.bindMemory(to: Float.self, capacity: 7 * c)
        r = f; g = f + c; b = f + 2 * c; a = f + 3 * c; t0 = f + 4 * c; t1 = f + 5 * c; t2 = f + 6 * c
        idx = (storage + 7 * c * 4).bindMemory(to: Int32.self, capacity: 4 * c)
    }

    func deallocate() { storage.deallocate() }
}
