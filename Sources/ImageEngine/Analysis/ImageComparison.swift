import CKernels
import Foundation

/// A photo converted to CIELAB once, so that comparing many candidate renders
/// against one goal (what a simulated user and the metrics do all the time)
/// pays for the goal's conversion only once.
public struct LabImage: Sendable {
    public let width: Int, height: Int
    /// L, a, b per pixel (w unused).
    public let pixels: [SIMD4<Float>]

    /// Converts a linear-light image (alpha ignored).
    public init(_ image: Image) {
        width = image.width
        height = image.height
        let n = image.pixelCount
        pixels = [SIMD4<Float>](unsafeUninitializedCapacity: n) { out, count in
            image.pixels.withUnsafeBufferPointer { src in
                // Planar blocks: the conversion is branch-free math (selects, no
                // libm call), which the compiler vectorises over a plain float loop.
                let block = 256
                let buf = UnsafeMutablePointer<Float>.allocate(capacity: 3 * block)
                defer { buf.deallocate() }
                let x = buf, y = buf + block, z = buf + 2 * block
                var i = 0
                while i < n {
                    let k = min(block, n - i)
                    for j in 0..<k { let p = src[i + j]; x[j] = p.x; y[j] = p.y; z[j] = p.z }
                    Self.labPlanar(x, y, z, k)
                    for j in 0..<k { out[i + j] = SIMD4(x[j], y[j], z[j], 0) }
                    i += k
                }
            }
            count = n
        }
    }

    /// Linear RGB planes → L, a, b planes, in place (`lab(_:)` over a block). On
    /// AVX2 the C kernel computes the same values (`avx2: false` forces the loop
    /// below); the planes must then hold `n` rounded up to 8 floats.
    @inline(never)
    static func labPlanar(_ r: UnsafeMutablePointer<Float>, _ g: UnsafeMutablePointer<Float>, _ b: UnsafeMutablePointer<Float>, _ n: Int,
                          avx2: Bool = DeltaE2000Block.avx2) {
        if avx2 { rk_lab_planar_avx2(r, g, b, n); return }
        for i in 0..<n {
            let v = lab(SIMD4(r[i], g[i], b[i], 0))
            r[i] = v.x; g[i] = v.y; b[i] = v.z
        }
    }

    @inline(__always) static func lab(_ p: SIMD4<Float>) -> SIMD4<Float> {
        let x = (0.4124564 * p.x + 0.3575761 * p.y + 0.1804375 * p.z) * (1 / 0.95047)
        let y = 0.2126729 * p.x + 0.7151522 * p.y + 0.0721750 * p.z
        let z = (0.0193339 * p.x + 0.1191920 * p.y + 0.9503041 * p.z) * (1 / 1.08883)
        @inline(__always) func f(_ t: Float) -> Float {
            let lin = (24389 / 27 * t + 16) * (1 / 116)
            return t > 216 / 24389 ? FastMath.cbrt(t) : lin
        }
        let fx = f(x), fy = f(y), fz = f(z)
        return SIMD4(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz), 0)
    }

    /// Mean CIEDE2000 between two same-size Lab images.
    ///
    /// Blocks of pixels go through `DeltaE2000Block` (the formula rewritten
    /// without per-pixel atan2/sin/cos/exp, branch-free, vectorised); the rare
    /// pairs whose hues are nearly opposite (where CIEDE2000's mean-hue rule
    /// jumps) are recomputed with the direct formula. Sums run in a fixed order,
    /// so the result does not depend on the thread count.
    public func meanDeltaE2000(to other: LabImage) -> Double {
        precondition(width == other.width && height == other.height, "meanDeltaE2000: sizes differ")
        return pixels.withUnsafeBufferPointer { ap in
            let a = SharedPointer(base: ap.baseAddress ?? UnsafePointer(bitPattern: 16)!)
            return Self.chunkedMean(other) { block, q, start, k in block.sum(a.base + start, q + start, k) }
        }
    }

    /// Mean over fixed chunks of 65 536 pixels summed in order, so the answer is
    /// the same whatever the thread count; `blockSum(block, goal, start, count)`
    /// sums one run of at most `DeltaE2000Block.capacity` pixels.
    static func chunkedMean(_ goal: LabImage,
                            _ blockSum: @escaping @Sendable (DeltaE2000Block, UnsafePointer<SIMD4<Float>>, Int, Int) -> Double) -> Double {
        let n = goal.pixels.count
        guard n > 0 else { return 0 }
        let chunk = 65_536
        let chunks = (n + chunk - 1) / chunk
        var sums = [Double](repeating: 0, count: chunks)
        goal.pixels.withUnsafeBufferPointer { bp in
            let b = SharedPointer(base: bp.baseAddress!)
            sums.withUnsafeMutableBufferPointer { sp in
                let s = SharedMutablePointer(base: sp.baseAddress!)
                Schedule(threads: ProcessInfo.processInfo.activeProcessorCount, tileRows: 1)
                    .forEachTile(rows: chunks, pixelsPerRow: chunk) { range in
                        let block = DeltaE2000Block()
                        defer { block.deallocate() }
                        for c in range {
                            var acc: Double = 0
                            var i = c * chunk
                            let end = min(n, (c + 1) * chunk)
                            while i < end {
                                let k = min(DeltaE2000Block.capacity, end - i)
                                acc += blockSum(block, b.base, i, k)
                                i += k
                            }
                            s.base[c] = acc
                        }
                    }
            }
        }
        return sums.reduce(0, +) / Double(n)
    }

    /// CIEDE2000 in single precision (≈1e-4 of the double version), for images:
    /// the direct statement of the formula; `DeltaE2000Block` is the fast path.
    @inline(__always) static func deltaE2000(_ p: SIMD4<Float>, _ q: SIMD4<Float>) -> Float {
        let c1 = (p.y * p.y + p.z * p.z).squareRoot(), c2 = (q.y * q.y + q.z * q.z).squareRoot()
        let cb = (c1 + c2) * 0.5
        let cb2 = cb * cb, cb7 = cb2 * cb2 * cb2 * cb
        let g = 0.5 * (1 - (cb7 / (cb7 + Float(6_103_515_625 as Double))).squareRoot())
        let a1 = (1 + g) * p.y, a2 = (1 + g) * q.y
        let c1p = (a1 * a1 + p.z * p.z).squareRoot(), c2p = (a2 * a2 + q.z * q.z).squareRoot()
        let rad: Float = .pi / 180
        var h1 = (a1 == 0 && p.z == 0) ? 0 : atan2(p.z, a1) / rad
        if h1 < 0 { h1 += 360 }
        var h2 = (a2 == 0 && q.z == 0) ? 0 : atan2(q.z, a2) / rad
        if h2 < 0 { h2 += 360 }
        let dL = q.x - p.x, dC = c2p - c1p
        let prod = c1p * c2p
        var dh: Float = 0
        if prod != 0 { dh = h2 - h1; if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 } }
        let dH = 2 * prod.squareRoot() * sin(dh * rad * 0.5)
        let lb = (p.x + q.x) * 0.5, cbp = (c1p + c2p) * 0.5
        var hb = h1 + h2
        if prod != 0 {
            if abs(h1 - h2) <= 180 { hb = (h1 + h2) * 0.5 } else if h1 + h2 < 360 { hb = (h1 + h2 + 360) * 0.5 } else { hb = (h1 + h2 - 360) * 0.5 }
        }
        let t = 1 - 0.17 * cos((hb - 30) * rad) + 0.24 * cos(2 * hb * rad) + 0.32 * cos((3 * hb + 6) * rad) - 0.20 * cos((4 * hb - 63) * rad)
        let e = (hb - 275) / 25
        let dTheta = 30 * exp(-e * e)
        let cbp2 = cbp * cbp, cbp7 = cbp2 * cbp2 * cbp2 * cbp
        let rc = 2 * (cbp7 / (cbp7 + Float(6_103_515_625 as Double))).squareRoot()
        let l50 = (lb - 50) * (lb - 50)
        let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sc = 1 + 0.045 * cbp, sh = 1 + 0.015 * cbp * t
        let rt = -sin(2 * dTheta * rad) * rc
        let tl = dL / sl, tc = dC / sc, th = dH / sh
        return max(tl * tl + tc * tc + th * th + rt * tc * th, 0).squareRoot()
    }
}

extension Image {
    /// Mean CIEDE2000 between this image and another of the same size: the
    /// simulated users' and the metrics' main comparison (≈1 is a just-noticeable difference).
    public func meanDeltaE2000(to other: Image) -> Double {
        LabImage(self).meanDeltaE2000(to: LabImage(other))
    }

    /// Mean CIEDE2000 against a precomputed goal.
    public func meanDeltaE2000(to other: LabImage) -> Double {
        precondition(width == other.width && height == other.height, "meanDeltaE2000: sizes differ")
        // Converted block by block on the way in: no Lab copy of this image is
        // allocated, and the result equals `LabImage(self).meanDeltaE2000(to:)` bit for bit.
        return pixels.withUnsafeBufferPointer { ap in
            let a = SharedPointer(base: ap.baseAddress ?? UnsafePointer(bitPattern: 16)!)
            return LabImage.chunkedMean(other) { block, q, start, k in block.sum(linear: a.base + start, q + start, k) }
        }
    }
}

/// Branch-free float approximations with bounded error (tested in `FastPathTests`).
enum FastMath {
    /// Cube root of x > 0 to float precision (relative error < 1e-6): a bit-level
    /// first guess (exponent ÷ 3, ≈3 %), then two Halley steps (cubic
    /// convergence: 3 % → 1e-5 → float rounding). No libm call, so loops vectorise.
    @inline(__always) static func cbrt(_ x: Float) -> Float {
        let v = x > 1e-30 ? x : 1e-30
        var y = Float(bitPattern: v.bitPattern / 3 &+ 0x2A51_4067)
        var y3 = y * y * y
        y = y * (y3 + 2 * v) / (2 * y3 + v)
        y3 = y * y * y
        y = y * (y3 + 2 * v) / (2 * y3 + v)
        return y
    }
}

/// CIEDE2000 for a block of pixel pairs, restated for speed without changing
/// the formula (Sharma, Wu, Dalal 2005):
///
/// - ΔH′ = 2√(C′₁C′₂)·sin(Δh′/2) is the chord between the unit hue vectors,
///   ΔH′ = ±√(C′₁C′₂)·|u₁ − u₂|, signed by the cross product (no atan2, no sin,
///   and no cancellation for nearly equal hues);
/// - the mean hue h̄′ is the direction of u₁ + u₂ (that *is* the rule "average,
///   adding 180° when the hues are more than 180° apart"; a zero-chroma color
///   has u = 0, which gives "the other hue"), so cos h̄′, sin h̄′ come from a
///   normalisation and T's cosines from multiple-angle identities;
/// - R_T's −sin(2Δθ) depends on h̄′ − 275° only: a 2 049-entry table indexed
///   by a pseudo-angle (one division) of u₁ + u₂ rotated by −275° replaces
///   atan2, exp and sin.
///
/// When |u₁ + u₂| is small the hues are nearly opposite, where the rule jumps
/// and the direction is ill-conditioned: those pairs are flagged and summed
/// with the direct formula (`LabImage.deltaE2000`).
struct DeltaE2000Block {
    /// A multiple of 8: the AVX2 kernels round a block up to whole vectors.
    static let capacity = 256
    /// Whether `compute` and `LabImage.labPlanar` take the AVX2 kernels
    /// (`Sources/CKernels/deltae_avx2.c`): the same operations in the same order,
    /// 8 pairs an instruction, giving identical results (`DeltaEAVX2Tests`
    /// checks them bit for bit against the portable loops).
    static let avx2 = rk_cpu_has_avx2() != 0
    private let storage: UnsafeMutablePointer<Float>
    var storageBase: UnsafeMutablePointer<Float> { storage }
    let l1, a1, b1, l2, a2, b2, out: UnsafeMutablePointer<Float>
    let idx: UnsafeMutablePointer<Int32>

    /// −sin(2Δθ) as a function of the pseudo-angle q = y/(|x| + |y|) ∈ [−1, 1] of
    /// the mean hue direction rotated by −275° (x > 0 half-plane: h̄′ − 275° ∈ ±90°),
    /// 2·rtHalf intervals as (value, slope). Δθ = 30°·exp(−((h̄′ − 275°)/25°)²);
    /// beyond +85° the angle stands for h̄′ < 95°, where the standard gives Δθ ≈ 0,
    /// and past ±90° Δθ < 1e-4° (the ends are used). Interpolation error < 1e-5
    /// (test `fastMathErrorBounds`).
    static let rtHalf = 1024
    static let rtTable: [SIMD2<Float>] = {
        func g(_ q: Double) -> Double {
            let delta = atan2(q, 1 - abs(q)) * 180 / .pi
            if delta > 85 { return 0 }
            let dTheta = 30 * exp(-pow(delta / 25, 2))
            return -sin(2 * dTheta * .pi / 180)
        }
        let n = 2 * rtHalf
        let v = (0...n).map { g(Double($0) / Double(rtHalf) - 1) }
        return (0...n).map { i in SIMD2(Float(v[i]), i < n ? Float(v[i + 1] - v[i]) : 0) }
    }()

    /// −sin(2Δθ) for a mean hue direction (cos h̄′, sin h̄′), as the block reads it from `rtTable`.
    static func rtFactor(cos ch: Float, sin sh: Float) -> Float {
        let c275: Float = 0.08715574, s275: Float = -0.9961947
        let rx = ch * c275 + sh * s275, ry = sh * c275 - ch * s275
        let ax = rx > 0 ? rx : 0
        let den = ax + abs(ry)
        let q = den > 0 ? ry / den : 0
        let (k, f) = Kernels.split((q + 1) * Float(rtHalf))
        let e = rtTable[Int(k)]
        return e.x + e.y * f
    }

    init() {
        let c = Self.capacity
        storage = .allocate(capacity: 12 * c)
        idx = .allocate(capacity: c)
        l1 = storage; a1 = storage + c; b1 = storage + 2 * c
        l2 = storage + 3 * c; a2 = storage + 4 * c; b2 = storage + 5 * c; out = storage + 6 * c
    }

    func deallocate() { storage.deallocate(); idx.deallocate() }

    /// Σ ΔE00 over `n` ≤ `capacity` pairs, in index order, in Double.
    func sum(_ p: UnsafePointer<SIMD4<Float>>, _ q: UnsafePointer<SIMD4<Float>>, _ n: Int) -> Double {
        for i in 0..<n {
            let u = p[i], v = q[i]
            l1[i] = u.x; a1[i] = u.y; b1[i] = u.z; l2[i] = v.x; a2[i] = v.y; b2[i] = v.z
        }
        Self.rtTable.withUnsafeBufferPointer { rt in
            Self.compute(l1, a1, b1, l2, a2, b2, out, n, scratch: storage + 7 * Self.capacity, idx: idx, rt: rt.baseAddress!)
        }
        var acc: Double = 0
        for i in 0..<n {
            // NaN marks an ill-conditioned pair: recompute with the direct formula.
            let d = out[i]
            acc += Double(d == d ? d : LabImage.deltaE2000(p[i], q[i]))
        }
        return acc
    }

    /// Σ ΔE00 between linear-light pixels `p` (converted to Lab here, exactly as
    /// `LabImage.init` does) and Lab pixels `q`.
    func sum(linear p: UnsafePointer<SIMD4<Float>>, _ q: UnsafePointer<SIMD4<Float>>, _ n: Int) -> Double {
        for i in 0..<n {
            let u = p[i], v = q[i]
            l1[i] = u.x; a1[i] = u.y; b1[i] = u.z; l2[i] = v.x; a2[i] = v.y; b2[i] = v.z
        }
        LabImage.labPlanar(l1, a1, b1, n)
        Self.rtTable.withUnsafeBufferPointer { rt in
            Self.compute(l1, a1, b1, l2, a2, b2, out, n, scratch: storage + 7 * Self.capacity, idx: idx, rt: rt.baseAddress!)
        }
        var acc: Double = 0
        for i in 0..<n {
            let d = out[i]
            acc += Double(d == d ? d : LabImage.deltaE2000(LabImage.lab(p[i]), q[i]))
        }
        return acc
    }

    /// Four short loops instead of one long one: the formula is a long chain of
    /// dependent square roots and divisions, and a short loop body lets the
    /// compiler interleave independent vectors (and the CPU overlap iterations).
    @inline(never)
    static func compute(_ l1: UnsafePointer<Float>, _ a1: UnsafeMutablePointer<Float>, _ b1: UnsafePointer<Float>,
                        _ l2: UnsafePointer<Float>, _ a2: UnsafeMutablePointer<Float>, _ b2: UnsafePointer<Float>,
                        _ out: UnsafeMutablePointer<Float>, _ n: Int, scratch: UnsafeMutablePointer<Float>,
                        idx: UnsafeMutablePointer<Int32>, rt: UnsafePointer<SIMD2<Float>>, avx2: Bool = DeltaE2000Block.avx2) {
        if avx2 {
            rt.withMemoryRebound(to: Float.self, capacity: 2 * (2 * rtHalf + 1)) { table in
                rk_de00_compute_avx2(l1, a1, b1, l2, a2, b2, out, n, capacity, scratch, idx, table)
            }
            return
        }
        let p7 = Float(6_103_515_625 as Double)   // 25⁷ (rounds to the nearest float)
        // cos/sin of the constant angles in T and of the −275° rotation.
        let c30: Float = 0.8660254, s30: Float = 0.5
        let c6: Float = 0.9945219, s6: Float = 0.10452846
        let c63: Float = 0.4539905, s63: Float = 0.8910065
        let c275: Float = 0.08715574, s275: Float = -0.9961947
        let c = capacity
        let cp1 = scratch, cp2 = scratch + c, dHs = scratch + 2 * c, chs = scratch + 3 * c, shs = scratch + 4 * c
        // 1. G and the primed chromas (a′ overwrites a).
        for i in 0..<n {
            let A1 = a1[i], B1 = b1[i], A2 = a2[i], B2 = b2[i]
            let c1 = abs(A1 * A1 + B1 * B1).squareRoot(), c2 = abs(A2 * A2 + B2 * B2).squareRoot()
            let cb = (c1 + c2) * 0.5
            let cb2 = cb * cb, cb7 = cb2 * cb2 * cb2 * cb
            let g = 0.5 * (1 - abs(cb7 / (cb7 + p7)).squareRoot())
            let ap1 = (1 + g) * A1, ap2 = (1 + g) * A2
            a1[i] = ap1; a2[i] = ap2
            cp1[i] = abs(ap1 * ap1 + B1 * B1).squareRoot(); cp2[i] = abs(ap2 * ap2 + B2 * B2).squareRoot()
        }
        // 2. Unit hue vectors → ΔH′ and the mean hue direction; NaN flags nearly opposite hues.
        for i in 0..<n {
            let C1 = cp1[i], C2 = cp2[i]
            let i1: Float = C1 > 0 ? 1 / C1 : 0, i2: Float = C2 > 0 ? 1 / C2 : 0
            let ux1 = a1[i] * i1, uy1 = b1[i] * i1, ux2 = a2[i] * i2, uy2 = b2[i] * i2
            let prod = C1 * C2
            // ΔH′: chord length × √(C′₁C′₂), sign of the turn from hue 1 to hue 2.
            let dx = ux1 - ux2, dy = uy1 - uy2
            let cross = ux1 * uy2 - uy1 * ux2
            var dH = abs(prod * (dx * dx + dy * dy)).squareRoot()   // √(C′₁C′₂)·chord, one root
            dH = cross < 0 ? -dH : dH
            dH = prod > 0 ? dH : 0
            let sx = ux1 + ux2, sy = uy1 + uy2
            let s2 = sx * sx + sy * sy
            let inv = s2 > 0 ? 1 / abs(s2).squareRoot() : 0
            chs[i] = s2 > 0 ? sx * inv : 1; shs[i] = s2 > 0 ? sy * inv : 0   // both chromas zero: h̄′ = 0
            // Nearly opposite hues (both chromas nonzero): flagged for the direct formula.
            dHs[i] = prod > 0 && s2 < 1e-4 ? .nan : dH
        }
        // 3. T and R_T from the mean hue (T into chs, R_T into shs; table indices in idx, fractions in out).
        for i in 0..<n {
            let ch = chs[i], sh = shs[i]
            let cos2 = ch * ch - sh * sh, sin2 = 2 * ch * sh
            let cos3 = ch * (4 * ch * ch - 3), sin3 = sh * (3 - 4 * sh * sh)
            let cos4 = 2 * cos2 * cos2 - 1, sin4 = 2 * sin2 * cos2
            let t = 1 - 0.17 * (ch * c30 + sh * s30) + 0.24 * cos2 + 0.32 * (cos3 * c6 - sin3 * s6)
                - 0.20 * (cos4 * c63 + sin4 * s63)
            // R_T = −sin(2Δθ)·R_C, where Δθ depends on h̄′ − 275° only: read from
            // `rtTable` by a pseudo-angle of the direction rotated by −275° (one
            // division; no atan2, exp or sin per pixel).
            let rx = ch * c275 + sh * s275, ry = sh * c275 - ch * s275
            let ax = rx > 0 ? rx : 0                     // the far half-plane reads the table's ends (≈ 0)
            let den = ax + abs(ry)
            let q = den > 0 ? ry / den : 0
            let (k, f) = Kernels.split((q + 1) * Float(Self.rtHalf))
            idx[i] = k; out[i] = f
            let cbp = (cp1[i] + cp2[i]) * 0.5
            let cbp2 = cbp * cbp, cbp7 = cbp2 * cbp2 * cbp2 * cbp
            chs[i] = t
            shs[i] = 2 * abs(cbp7 / (cbp7 + p7)).squareRoot()   // R_C
        }
        for i in 0..<n {
            let e = rt[Int(idx[i])]
            shs[i] *= e.x + e.y * out[i]
        }
        // 4. The weighted sum.
        for i in 0..<n {
            let cbp = (cp1[i] + cp2[i]) * 0.5
            let lb = (l1[i] + l2[i]) * 0.5
            let l50 = (lb - 50) * (lb - 50)
            // S_L = 1 + 0.015·l50/√(20 + l50) = (r + 0.015·l50)/r with r = √(20 + l50):
            // one division then serves 1/S_L, 1/S_C and 1/S_H (all ≥ 1: no overflow, no zero).
            let root = abs(20 + l50).squareRoot()
            let slNum = root + 0.015 * l50
            let sc = 1 + 0.045 * cbp, shh = 1 + 0.015 * cbp * chs[i]
            let w = 1 / (slNum * sc * shh)
            let sl = slNum
            let tl = (l2[i] - l1[i]) * root * (sc * shh) * w, tc = (cp2[i] - cp1[i]) * (sl * shh) * w
            let dH = dHs[i]
            let flagged = dH != dH
            let th = (flagged ? 0 : dH) * (sl * sc) * w
            let d2 = tl * tl + tc * tc + th * th + shs[i] * tc * th
            let d = abs(d2 > 0 ? d2 : 0).squareRoot()
            out[i] = flagged ? .nan : d
        }
    }
}

extension Image {
    /// Whether `meanDeltaE2000(to: goal) < tolerance`, with the same answer, but
    /// stopping as soon as the running sum shows the mean cannot get under the
    /// tolerance (every ΔE00 is ≥ 0): a goal check far from the goal reads only a
    /// few blocks. Single-threaded, chunk sums added as `meanDeltaE2000` adds them.
    public func isWithinDeltaE2000(of goal: LabImage, tolerance: Double) -> Bool {
        precondition(width == goal.width && height == goal.height, "isWithinDeltaE2000: sizes differ")
        let n = goal.pixels.count
        guard n > 0 else { return 0 < tolerance }
        let limit = tolerance * Double(n) * (1 + 1e-9)
        let chunk = 65_536
        var sums: [Double] = []
        var done = 0.0
        let block = DeltaE2000Block()
        defer { block.deallocate() }
        return pixels.withUnsafeBufferPointer { ap in
            goal.pixels.withUnsafeBufferPointer { bp in
                var start = 0
                while start < n {
                    var acc: Double = 0
                    var i = start
                    let end = min(n, start + chunk)
                    while i < end {
                        let k = min(DeltaE2000Block.capacity, end - i)
                        acc += block.sum(linear: ap.baseAddress! + i, bp.baseAddress! + i, k)
                        i += k
                        if done + acc > limit { return false }
                    }
                    sums.append(acc)
                    done += acc
                    start = end
                }
                return sums.reduce(0, +) / Double(n) < tolerance
            }
        }
    }
}
