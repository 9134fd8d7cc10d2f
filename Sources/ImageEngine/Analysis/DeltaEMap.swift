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
                        block.values(p.baseAddress! + start, q.baseAddress! + start, count, into: o.baseAddress! + start)
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
    func values(_ p: UnsafePointer<SIMD4<Float>>, _ q: UnsafePointer<SIMD4<Float>>, _ n: Int, into result: UnsafeMutablePointer<Float>) {
        for i in 0..<n {
            let u = p[i], v = q[i]
            l1[i] = u.x; a1[i] = u.y; b1[i] = u.z; l2[i] = v.x; a2[i] = v.y; b2[i] = v.z
        }
        Self.rtTable.withUnsafeBufferPointer { rt in
            Self.compute(l1, a1, b1, l2, a2, b2, out, n, scratch: storageBase + 7 * Self.capacity, idx: idx, rt: rt.baseAddress!)
        }
        for i in 0..<n {
            let d = out[i]
            result[i] = d == d ? d : LabImage.deltaE2000(p[i], q[i])
        }
    }
}
