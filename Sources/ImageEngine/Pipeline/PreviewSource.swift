/// A photo as the 8-bit preview path reads it: built once per photo, kept
/// with its analysis (`AnalysisCache`), 8 bytes a pixel instead of 20.
///
/// Why: an editor redraws the same photo every frame, and the float photo
/// (16 B a pixel) plus the tone mask's value (4 B) is ~62 MB to stream per
/// 2048×1536 frame — more than the L3 holds, so the first stage of every
/// frame waited on memory. The preview needs only what the slider-dependent
/// stages read: the square roots of r, g, b (the exposure curve is indexed by
/// √x, and √(gain·x) = √gain·√x, so no square root is left per frame) and
/// the mask value, each as 16-bit fixed point, plus 8-bit alpha if the photo
/// has any.
///
/// Precision: √x to 1/65 534 (inputs up to 4), the mask value to 1/3 855 of
/// a stop — far inside the 8-bit output's step; the preview stays within one
/// code of the exact float path encoded exactly (test `srgb8TableIsWithinOneCode`).
/// Only the 8-bit preview reads it: float renders, which the simulated users
/// measure, keep reading the float photo.
struct PreviewSource: Sendable {
    let sr: [UInt16], sg: [UInt16], sb: [UInt16]
    /// The tone mask's value a·log2 Y + b over [baseMin, baseMax]; empty without a mask.
    let base: [UInt16]
    /// round(255 · alpha); empty for an opaque photo.
    let alpha: [UInt8]

    /// √x units per code: √x up to 2 (x up to 4).
    static let rootScale: Float = 32_767
    /// Mask-value codes per stop over [baseMin, baseMax].
    static let baseScale: Float = 65_535 / (LocalToneCurve.baseMax - LocalToneCurve.baseMin)

    var bytes: Int { 2 * (sr.count + sg.count + sb.count + base.count) + alpha.count }

    init(image: Image, mask: LocalToneMask?, schedule: Schedule) {
        let w = image.width, h = image.height, n = w * h
        func plane<T>(_ count: Int) -> [T] where T: FixedWidthInteger {
            [T](unsafeUninitializedCapacity: count) { _, k in k = count }
        }
        var r: [UInt16] = plane(n), g: [UInt16] = plane(n), b: [UInt16] = plane(n)
        var base: [UInt16] = plane(mask == nil ? 0 : n), alpha: [UInt8] = plane(image.hasAlpha ? n : 0)
        let (xIndex, xFrac) = mask?.columnTables(width: w) ?? ([0], [0])
        let lowW = mask?.lowW ?? 1, lowH = mask?.lowH ?? 1, scaleY = mask?.scaleY ?? 1
        let planeA = mask?.planeA ?? [0, 0], planeB = mask?.planeB ?? [0, 0]
        r.withUnsafeMutableBufferPointer { rp in
            g.withUnsafeMutableBufferPointer { gp in
                b.withUnsafeMutableBufferPointer { bp in
                    base.withUnsafeMutableBufferPointer { mp in
                        alpha.withUnsafeMutableBufferPointer { ap in
                            let dr = SharedMutablePointer(base: rp.baseAddress!),
                                dg = SharedMutablePointer(base: gp.baseAddress!)
                            let db = SharedMutablePointer(base: bp.baseAddress!)
                            // An empty array may still hand out a base address: decide by what the photo has.
                            let dm = mask == nil ? nil : mp.baseAddress.map { SharedMutablePointer(base: $0) }
                            let da = image.hasAlpha ? ap.baseAddress.map { SharedMutablePointer(base: $0) } : nil
                            withPointers(image.pixels, xIndex, xFrac, planeA, planeB, [0], [0], [0], [0], [0], [0]) {
                                (
                                    src: SharedPointer<SIMD4<Float>>, xi: SharedPointer<Int32>,
                                    xf: SharedPointer<Float>,
                                    pA: SharedPointer<Float>, pB: SharedPointer<Float>, _: SharedPointer<Int>,
                                    _: SharedPointer<Int>,
                                    _: SharedPointer<Int>, _: SharedPointer<Int>, _: SharedPointer<Int>,
                                    _: SharedPointer<Int>
                                ) in
                                schedule.forEachTile(rows: h, pixelsPerRow: w) { rows in
                                    let st = Strip.allocate()
                                    let ra = UnsafeMutablePointer<Float>.allocate(capacity: lowW + 1)
                                    let rb = UnsafeMutablePointer<Float>.allocate(capacity: lowW + 1)
                                    defer { st.deallocate(); ra.deallocate(); rb.deallocate() }
                                    for y in rows {
                                        if dm != nil {
                                            LocalToneMask.interpolateRowPlanar(
                                                y, lowW: lowW, lowH: lowH, scaleY: scaleY,
                                                planeA: pA.base, planeB: pB.base, intoA: ra, intoB: rb)
                                        }
                                        var x0 = 0
                                        while x0 < w {
                                            let k = min(Strip.capacity, w - x0), p = y * w + x0
                                            Kernels.deinterleave(src.base + p, k, st)
                                            Kernels.quantizeRoots(st.r, k, dr.base + p)
                                            Kernels.quantizeRoots(st.g, k, dg.base + p)
                                            Kernels.quantizeRoots(st.b, k, db.base + p)
                                            if let dm {
                                                Kernels.maskBase(
                                                    st, k, ra: ra, rb: rb, xIndex: xi.base + x0, xFrac: xf.base + x0,
                                                    into: st.t1)
                                                Kernels.quantizeBase(st.t1, k, dm.base + p)
                                            }
                                            if let da {
                                                for i in 0..<k {
                                                    da.base[p + i] = UInt8(
                                                        truncatingIfNeeded: Kernels.alphaByte(st.a[i]))
                                                }
                                            }
                                            x0 += k
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        sr = r; sg = g; sb = b; self.base = base; self.alpha = alpha
    }
}
