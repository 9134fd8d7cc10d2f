import CKernels
import Foundation
import Kernels

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
                // Planar blocks through the C kernel (8 pixels a vector operation).
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

    /// Linear RGB planes → L, a, b planes, in place: the C kernel
    /// (`Sources/CKernels/deltae_body.h`, D65, the sRGB matrix, a branch-free
    /// cube root), by default the widest build this CPU runs (all give the same
    /// bits). The planes must hold `n` rounded up to 16 floats.
    static func labPlanar(
        _ r: UnsafeMutablePointer<Float>, _ g: UnsafeMutablePointer<Float>, _ b: UnsafeMutablePointer<Float>, _ n: Int,
        build: KernelBuild = .best
    ) {
        switch build {
        case .generic: rk_lab_planar_generic(r, g, b, n)
        case .avx2: rk_lab_planar_avx2(r, g, b, n)
        case .avx512: rk_lab_planar_avx512(r, g, b, n)
        }
    }

    /// One pixel through `labPlanar` (the rare pairs the block hands to the direct formula).
    static func lab(_ p: SIMD4<Float>) -> SIMD4<Float> {
        var r = SIMD16<Float>(repeating: 0), g = r, b = r
        r[0] = p.x; g[0] = p.y; b[0] = p.z
        withUnsafeMutableBytes(of: &r) { rp in
            withUnsafeMutableBytes(of: &g) { gp in
                withUnsafeMutableBytes(of: &b) { bp in
                    labPlanar(
                        rp.baseAddress!.assumingMemoryBound(to: Float.self),
                        gp.baseAddress!.assumingMemoryBound(to: Float.self),
                        bp.baseAddress!.assumingMemoryBound(to: Float.self), 1)
                }
            }
        }
        return SIMD4(r[0], g[0], b[0], 0)
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
    static func chunkedMean(
        _ goal: LabImage,
        _ blockSum: @escaping @Sendable (DeltaE2000Block, UnsafePointer<SIMD4<Float>>, Int, Int) -> Double
    ) -> Double {
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
            if abs(h1 - h2) <= 180 {
                hb = (h1 + h2) * 0.5
            } else if h1 + h2 < 360 {
                hb = (h1 + h2 + 360) * 0.5
            } else {
                hb = (h1 + h2 - 360) * 0.5
            }
        }
        let t =
            1 - 0.17 * cos((hb - 30) * rad) + 0.24 * cos(2 * hb * rad) + 0.32 * cos((3 * hb + 6) * rad) - 0.20
            * cos((4 * hb - 63) * rad)
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

extension LabImage {
    /// The rectangle `x` × `y` of the image (within its bounds), as its own image.
    public func cropped(x: Range<Int>, y: Range<Int>) -> LabImage {
        precondition(
            x.lowerBound >= 0 && x.upperBound <= width && y.lowerBound >= 0 && y.upperBound <= height,
            "LabImage.cropped: \(x) × \(y) is outside \(width)×\(height)")
        return LabImage(width: x.count, height: y.count, pixels: pixels.rectangle(width: width, x: x, y: y))
    }

    init(width: Int, height: Int, pixels: [SIMD4<Float>]) {
        self.width = width; self.height = height; self.pixels = pixels
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
    /// A multiple of 16: the kernels round a block up to whole vectors.
    static let capacity = 256
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
        sum(p, q, n, linear: false)
    }

    /// Σ ΔE00 between linear-light pixels `p` (converted to Lab here, exactly as
    /// `LabImage.init` does) and Lab pixels `q`.
    func sum(linear p: UnsafePointer<SIMD4<Float>>, _ q: UnsafePointer<SIMD4<Float>>, _ n: Int) -> Double {
        sum(p, q, n, linear: true)
    }

    private func sum(
        _ p: UnsafePointer<SIMD4<Float>>, _ q: UnsafePointer<SIMD4<Float>>, _ n: Int, linear: Bool
    ) -> Double {
        for i in 0..<n {
            let u = p[i], v = q[i]
            l1[i] = u.x; a1[i] = u.y; b1[i] = u.z; l2[i] = v.x; a2[i] = v.y; b2[i] = v.z
        }
        if linear { LabImage.labPlanar(l1, a1, b1, n) }
        Self.rtTable.withUnsafeBufferPointer { rt in
            Self.compute(
                l1, a1, b1, l2, a2, b2, out, n, scratch: storage + 7 * Self.capacity, idx: idx, rt: rt.baseAddress!)
        }
        var acc: Double = 0
        for i in 0..<n {
            // NaN marks an ill-conditioned pair: recompute with the direct formula.
            let d = out[i]
            acc += Double(d == d ? d : LabImage.deltaE2000(linear ? LabImage.lab(p[i]) : p[i], q[i]))
        }
        return acc
    }

    /// The block kernel (`Sources/CKernels/deltae_body.h`), by default the widest
    /// build this CPU runs (all give the same bits). Overwrites `a1` and `a2`
    /// with a′; planes of `n` rounded up to 16 floats, `scratch` of 5 × `capacity`; NaN
    /// in `out` flags a pair for the direct formula.
    static func compute(
        _ l1: UnsafePointer<Float>, _ a1: UnsafeMutablePointer<Float>, _ b1: UnsafePointer<Float>,
        _ l2: UnsafePointer<Float>, _ a2: UnsafeMutablePointer<Float>, _ b2: UnsafePointer<Float>,
        _ out: UnsafeMutablePointer<Float>, _ n: Int, scratch: UnsafeMutablePointer<Float>,
        idx: UnsafeMutablePointer<Int32>, rt: UnsafePointer<SIMD2<Float>>, build: KernelBuild = .best
    ) {
        rt.withMemoryRebound(to: Float.self, capacity: 2 * (2 * rtHalf + 1)) { table in
            switch build {
            case .generic: rk_de00_compute_generic(l1, a1, b1, l2, a2, b2, out, n, capacity, scratch, idx, table)
            case .avx2: rk_de00_compute_avx2(l1, a1, b1, l2, a2, b2, out, n, capacity, scratch, idx, table)
            case .avx512: rk_de00_compute_avx512(l1, a1, b1, l2, a2, b2, out, n, capacity, scratch, idx, table)
            }
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
