import CKernels
import Kernels

/// A goal in CIELAB kept as planes (L*, a*, b* and chroma), each padded to whole kernel vectors: comparing a
/// render with it reads the goal block by block as the kernels want it, where a `LabImage` goal would be
/// reshuffled into planes at every comparison.
public struct LabPlanes: Sendable {
    public let width: Int, height: Int
    /// Pixels (the planes hold this many rounded up to 16).
    public var count: Int { width * height }
    let l: [Float], a: [Float], b: [Float]
    /// √(a*² + b*²) per pixel.
    public let chroma: [Float]

    public init(_ lab: LabImage) {
        let n = lab.pixels.count, padded = (n + 15) / 16 * 16
        func plane(_ value: (SIMD4<Float>) -> Float) -> [Float] {
            lab.pixels.map(value) + [Float](repeating: 0, count: padded - n)
        }
        width = lab.width
        height = lab.height
        l = plane { $0.x }
        a = plane { $0.y }
        b = plane { $0.z }
        chroma = plane { q in (q.y * q.y + q.z * q.z).squareRoot() }
    }

    /// One run of at most `DeltaE2000Block.capacity` pixels of a comparison, from pixel `start`. Its buffers are
    /// the comparison's own: valid only inside the `body` they are handed to.
    public struct DifferenceBlock {
        public let start: Int
        /// Per pixel: ΔE00, goal − current L*, goal − current chroma.
        public let deltaE, lightness, chroma: UnsafeBufferPointer<Float>
    }

    /// Compares `image` (linear light, this goal's size) with the goal, pixel by pixel, handing `body` the
    /// differences a block at a time, in pixel order. The numbers are those of `LabImage(image)` compared with
    /// the goal's `LabImage`: the same Lab kernel, ΔE00 as `deltaE2000Map(to:)` gives it (block kernel, the
    /// ill-conditioned pairs by the direct formula), the same lightness and chroma differences. Fused, the
    /// render's Lab never leaves the block's planes.
    public func forEachDifferenceBlock(of image: Image, _ body: (DifferenceBlock) -> Void) {
        precondition(image.width == width && image.height == height, "forEachDifferenceBlock: sizes differ")
        let capacity = DeltaE2000Block.capacity
        let block = DeltaE2000Block()
        let extra = UnsafeMutablePointer<Float>.allocate(capacity: 2 * capacity)
        defer { block.deallocate(); extra.deallocate() }
        let dl = extra, dc = extra + capacity, out = block.out
        image.pixels.withUnsafeBufferPointer { src in
            l.withUnsafeBufferPointer { gl in
                a.withUnsafeBufferPointer { ga in
                    b.withUnsafeBufferPointer { gb in
                        chroma.withUnsafeBufferPointer { gc in
                            var start = 0
                            while start < count {
                                let k = min(capacity, count - start)
                                block.labDifferences(
                                    src.baseAddress! + start, k, goalL: gl.baseAddress! + start,
                                    goalChroma: gc.baseAddress! + start, dl: dl, dc: dc)
                                block.a2.initialize(from: ga.baseAddress! + start, count: k)
                                block.compute(goalL: gl.baseAddress! + start, goalB: gb.baseAddress! + start, k)
                                Self.forEachFlagged(out, k) { j in
                                    // NaN marks an ill-conditioned pair: the direct formula, as the map does.
                                    let i = start + j
                                    out[j] = LabImage.deltaE2000(
                                        LabImage.lab(src[i]), SIMD4(gl[i], ga[i], gb[i], 0))
                                }
                                body(
                                    DifferenceBlock(
                                        start: start, deltaE: UnsafeBufferPointer(start: out, count: k),
                                        lightness: UnsafeBufferPointer(start: dl, count: k),
                                        chroma: UnsafeBufferPointer(start: dc, count: k)))
                                start += k
                            }
                        }
                    }
                }
            }
        }
    }

    /// Hands `body` the index of each NaN among the first `n` values (the pairs the block kernel flags),
    /// looking 16 at a time (flags are rare), the values past the last whole 16 one by one.
    @inline(__always)
    private static func forEachFlagged(_ values: UnsafeMutablePointer<Float>, _ n: Int, _ body: (Int) -> Void) {
        var i = 0
        while i + 16 <= n {
            let v = UnsafeRawPointer(values + i).loadUnaligned(as: SIMD16<Float>.self)
            if any(v .!= v) { for j in i..<i + 16 where values[j].isNaN { body(j) } }
            i += 16
        }
        for j in i..<n where values[j].isNaN { body(j) }
    }
}

extension DeltaE2000Block {
    /// The render's Lab into the block's own planes (l1, a1, b1) and its differences from the goal into `dl` and
    /// `dc` (`rk_lab_differences`, by default the widest build this CPU runs; all give the same bits).
    func labDifferences(
        _ rgba: UnsafePointer<SIMD4<Float>>, _ n: Int, goalL: UnsafePointer<Float>, goalChroma: UnsafePointer<Float>,
        dl: UnsafeMutablePointer<Float>, dc: UnsafeMutablePointer<Float>, build: KernelBuild = .best
    ) {
        rgba.withMemoryRebound(to: Float.self, capacity: 4 * n) { p in
            switch build {
            case .generic: rk_lab_differences_generic(p, n, goalL, goalChroma, l1, a1, b1, dl, dc)
            case .avx2: rk_lab_differences_avx2(p, n, goalL, goalChroma, l1, a1, b1, dl, dc)
            case .avx512: rk_lab_differences_avx512(p, n, goalL, goalChroma, l1, a1, b1, dl, dc)
            }
        }
    }

    /// The kernel on the block's own planes for the current pixels and a2, and the goal's L* and b* read in place.
    fileprivate func compute(goalL: UnsafePointer<Float>, goalB: UnsafePointer<Float>, _ n: Int) {
        Self.rtTable.withUnsafeBufferPointer { rt in
            Self.compute(
                l1, a1, b1, goalL, a2, goalB, out, n, scratch: storageBase + 7 * Self.capacity, idx: idx,
                rt: rt.baseAddress!)
        }
    }
}
