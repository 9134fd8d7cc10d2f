extension LabImage {
    /// Per-pixel ΔE00 to `other` (same size), computed in blocks by the fast
    /// CIEDE2000 kernel (`DeltaE2000Block`, within 1e-4 of the direct formula;
    /// ill-conditioned pairs fall back to it).
    public func deltaE2000Map(to other: LabImage) -> [Float] {
        precondition(width == other.width && height == other.height, "deltaE2000Map: sizes differ")
        let n = pixels.count
        var out = [Float](repeating: 0, count: n)
        let block = DeltaE2000Block()
        defer { block.deallocate() }
        pixels.withUnsafeBufferPointer { p in
            other.pixels.withUnsafeBufferPointer { q in
                out.withUnsafeMutableBufferPointer { o in
                    var start = 0
                    while start < n {
                        let count = min(DeltaE2000Block.capacity, n - start)
                        block.values(
                            p.baseAddress! + start, q.baseAddress! + start, count, into: o.baseAddress! + start)
                        start += count
                    }
                }
            }
        }
        return out
    }
}

extension DeltaE2000Block {
    /// ΔE00 of `n` ≤ `capacity` Lab pairs into `result`.
    func values(
        _ p: UnsafePointer<SIMD4<Float>>, _ q: UnsafePointer<SIMD4<Float>>, _ n: Int,
        into result: UnsafeMutablePointer<Float>
    ) {
        for i in 0..<n {
            let u = p[i], v = q[i]
            l1[i] = u.x; a1[i] = u.y; b1[i] = u.z; l2[i] = v.x; a2[i] = v.y; b2[i] = v.z
        }
        Self.rtTable.withUnsafeBufferPointer { rt in
            Self.compute(
                l1, a1, b1, l2, a2, b2, out, n, scratch: storageBase + 7 * Self.capacity, idx: idx, rt: rt.baseAddress!)
        }
        for i in 0..<n {
            let d = out[i]
            result[i] = d == d ? d : LabImage.deltaE2000(p[i], q[i])
        }
    }
}

/// `deltaE2000Map(to:)` remembered from one call to the next: a pixel whose
/// pair of Lab values has the same bits as last time keeps last time's ΔE00,
/// and only the others are computed (in the same blocks' kernel). Each pixel's
/// ΔE00 depends on its pair alone, so the map has the same bits as a fresh one.
/// A painter looks at the photo again and again while a stroke adds a little
/// paint: most of the photo, and of the map, is as it was.
///
/// One memo serves one sequence of maps on one thread (a trial's looks).
public final class DeltaEMapMemo {
    private var from: [SIMD4<Float>] = [], to: [SIMD4<Float>] = []
    private var map: [Float] = []

    public init() {}

    /// Per-pixel ΔE00 from `a` to `b` (same size), as `a.deltaE2000Map(to: b)`.
    public func map(_ a: LabImage, to b: LabImage) -> [Float] {
        precondition(a.width == b.width && a.height == b.height, "deltaE2000Map: sizes differ")
        let n = a.pixels.count
        // Another size (a zoom, another crop): nothing to keep.
        guard n == from.count else {
            (from, to, map) = (a.pixels, b.pixels, a.deltaE2000Map(to: b))
            return map
        }
        let cap = DeltaE2000Block.capacity
        let block = DeltaE2000Block()
        let p = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: 2 * cap), q = p + cap
        let out = UnsafeMutablePointer<Float>.allocate(capacity: cap),
            at = UnsafeMutablePointer<Int>.allocate(capacity: cap)
        defer { block.deallocate(); p.deallocate(); out.deallocate(); at.deallocate() }
        map.withUnsafeMutableBufferPointer { m in
            var k = 0
            func flush() {
                block.values(p, q, k, into: out)
                for j in 0..<k { m[at[j]] = out[j] }
                k = 0
            }
            for i in 0..<n {
                let u = a.pixels[i], v = b.pixels[i]
                if Self.same(u, from[i]) && Self.same(v, to[i]) { continue }
                p[k] = u; q[k] = v; at[k] = i
                k += 1
                if k == cap { flush() }
            }
            if k > 0 { flush() }
        }
        (from, to) = (a.pixels, b.pixels)
        return map
    }

    /// The same bits (so 0 and −0, or two NaNs, are told apart as the kernel would).
    @inline(__always) private static func same(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> Bool {
        u.x.bitPattern == v.x.bitPattern && u.y.bitPattern == v.y.bitPattern && u.z.bitPattern == v.z.bitPattern
    }
}
