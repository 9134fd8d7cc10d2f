import Dispatch

/// The edge-aware luminance mask behind shadow and highlight recovery.
///
/// Algorithm: log2 luminance is averaged down to a low-resolution grid; a
/// self-guided filter (He, Sun, Tang 2010) at two scales gives per-cell linear
/// coefficients (a, b); at full resolution the mask is a·log2(Y) + b with (a, b)
/// interpolated bilinearly (the "fast guided filter", He & Sun 2015). Where a
/// region is flat a → 0 and the mask is its smooth mean; across a strong edge
/// (a tower against the sky) a → 1 and the mask follows the pixel itself, so a
/// gain computed from it cannot bleed across the edge: no halo.
struct LocalToneMask: Sendable {
    let lowW: Int, lowH: Int
    /// Interleaved (a, b) per low-res cell.
    let coeffs: [SIMD2<Float>]
    /// The same coefficients as two planes of `lowW + 1` columns (last one repeated).
    let planeA: [Float], planeB: [Float]
    let scaleX: Float, scaleY: Float

    init(image: Image, schedule: Schedule) {
        let w = image.width, h = image.height
        let long = max(w, h)
        // Low-res grid: about 384 px on the long side (a fixed fraction of the
        // frame, so proxies and full renders get the same mask).
        let factor = max(1, Int((Double(long) / 384).rounded(.up)))
        let lw = (w + factor - 1) / factor, lh = (h + factor - 1) / factor
        var logLum = [Float](repeating: 0, count: lw * lh)
        image.pixels.withUnsafeBufferPointer { sp in
            let src = SharedPointer(base: sp.baseAddress!)
            logLum.withUnsafeMutableBufferPointer { lp in
                let dst = SharedMutablePointer(base: lp.baseAddress!)
                schedule.forEachTile(rows: lh, pixelsPerRow: w * factor) { rows in
                    // One source row at a time: log2 luminance into a row buffer (a
                    // branch-free loop the compiler vectorises), then summed into cells.
                    let logRow = UnsafeMutablePointer<Float>.allocate(capacity: w)
                    let acc = UnsafeMutablePointer<Float>.allocate(capacity: lw)
                    let st = Strip.allocate()
                    defer { logRow.deallocate(); acc.deallocate(); st.deallocate() }
                    for ly in rows {
                        if factor == 1 {
                            // Proxies: one pixel per cell.
                            Kernels.log2Luminance(src.base + ly * w, count: w, strip: st, into: dst.base + ly * lw)
                            continue
                        }
                        acc.initialize(repeating: 0, count: lw)
                        let y0 = ly * factor, y1 = min(h, (ly + 1) * factor)
                        for y in y0..<y1 {
                            Kernels.log2Luminance(src.base + y * w, count: w, strip: st, into: logRow)
                            for lx in 0..<lw {
                                var s: Float = 0
                                for x in (lx * factor)..<min(w, (lx + 1) * factor) { s += logRow[x] }
                                acc[lx] += s
                            }
                        }
                        for lx in 0..<lw {
                            let n = Float((y1 - y0) * (min(w, (lx + 1) * factor) - lx * factor))
                            dst.base[ly * lw + lx] = acc[lx] / n
                        }
                    }
                }
            }
        }
        let lowLong = max(lw, lh)
        let r1 = max(2, Int((Double(lowLong) * 0.03).rounded()))
        let r2 = max(4, Int((Double(lowLong) * 0.10).rounded()))
        // The two scales are independent: on two threads at once when the grid is
        // large enough to be worth a worker (each scale's arithmetic is unchanged).
        var scales: [[SIMD2<Float>]] = [[], []]
        let radii = [r1, r2]
        if schedule.threads > 1 && lw * lh >= 16_384 {
            scales.withUnsafeMutableBufferPointer { sp in
                let out = SharedMutablePointer(base: sp.baseAddress!), grid = UncheckedSendable(value: logLum)
                DispatchQueue.concurrentPerform(iterations: 2) { k in
                    out.base[k] = Self.guidedCoefficients(grid.value, lw, lh, radius: radii[k], eps: 0.15)
                }
            }
        } else {
            for k in 0..<2 { scales[k] = Self.guidedCoefficients(logLum, lw, lh, radius: radii[k], eps: 0.15) }
        }
        let c1 = scales[0], c2 = scales[1]
        let c = [SIMD2<Float>](unsafeUninitializedCapacity: c1.count) { o, k in
            c1.withUnsafeBufferPointer { c1 in
                c2.withUnsafeBufferPointer { c2 in for i in 0..<c1.count { o[i] = (c1[i] + c2[i]) * 0.5 } }
            }
            k = c1.count
        }
        coeffs = c
        // Planar copies with one padding column (the last repeated), so the
        // per-pixel horizontal interpolation needs no clamp.
        var pa = [Float](repeating: 0, count: (lw + 1) * lh), pb = pa
        c.withUnsafeBufferPointer { c in
            pa.withUnsafeMutableBufferPointer { pa in
                pb.withUnsafeMutableBufferPointer { pb in
                    for y in 0..<lh {
                        for x in 0...lw {
                            let v = c[y * lw + min(x, lw - 1)]
                            pa[y * (lw + 1) + x] = v.x; pb[y * (lw + 1) + x] = v.y
                        }
                    }
                }
            }
        }
        planeA = pa; planeB = pb
        lowW = lw; lowH = lh
        scaleX = Float(lw) / Float(w)
        scaleY = Float(lh) / Float(h)
    }

    /// Self-guided filter coefficients: a = σ²/(σ²+ε), b = (1−a)·μ over a box of `radius`.
    /// Plain loops (no `map` with key paths): this runs on every render.
    static func guidedCoefficients(_ p: [Float], _ w: Int, _ h: Int, radius: Int, eps: Float) -> [SIMD2<Float>] {
        let n = w * h
        // Pointer loops: array subscripts in a loop that writes re-check
        // uniqueness every iteration, which cost more than the arithmetic.
        let sq = [Float](unsafeUninitializedCapacity: n) { o, c in
            p.withUnsafeBufferPointer { p in for i in 0..<n { o[i] = p[i] * p[i] } }
            c = n
        }
        let mean = boxMean(p, w, h, radius)
        let meanSq = boxMean(sq, w, h, radius)
        var a = [Float](repeating: 0, count: n), b = [Float](repeating: 0, count: n)
        mean.withUnsafeBufferPointer { m in
            meanSq.withUnsafeBufferPointer { m2 in
                a.withUnsafeMutableBufferPointer { a in
                    b.withUnsafeMutableBufferPointer { b in
                        for i in 0..<n {
                            let d = m2[i] - m[i] * m[i]
                            let v = d > 0 ? d : 0
                            let ai = v / (v + eps)
                            a[i] = ai
                            b[i] = (1 - ai) * m[i]
                        }
                    }
                }
            }
        }
        // Averaging the coefficients themselves, as the guided filter prescribes.
        let ma = boxMean(a, w, h, radius), mb = boxMean(b, w, h, radius)
        return [SIMD2<Float>](unsafeUninitializedCapacity: n) { o, c in
            ma.withUnsafeBufferPointer { ma in
                mb.withUnsafeBufferPointer { mb in for i in 0..<n { o[i] = SIMD2(ma[i], mb[i]) } }
            }
            c = n
        }
    }

    /// Box mean with clamped windows (the window shrinks at the borders),
    /// separable, with sums in Double so long rows and columns lose nothing.
    /// Schedule: rows by prefix sums with the interior (no clamping) as a
    /// separate, vectorisable loop; columns by a running sum over whole rows
    /// (add the row entering the window, subtract the one leaving), so memory
    /// is read row by row instead of with a stride. Runs on every cold render.
    static func boxMean(_ p: [Float], _ w: Int, _ h: Int, _ r: Int) -> [Float] {
        var tmp = [Float](repeating: 0, count: w * h)
        var out = [Float](repeating: 0, count: w * h)
        var prefix = [Double](repeating: 0, count: w + 1)
        var acc = [Double](repeating: 0, count: w)
        p.withUnsafeBufferPointer { p in
            tmp.withUnsafeMutableBufferPointer { tmp in
                out.withUnsafeMutableBufferPointer { out in
                    prefix.withUnsafeMutableBufferPointer { prefix in
                        acc.withUnsafeMutableBufferPointer { acc in
                            let inner = 1 / Double(2 * r + 1)
                            for y in 0..<h {
                                let row = p.baseAddress! + y * w, t = tmp.baseAddress! + y * w
                                for x in 0..<w { prefix[x + 1] = prefix[x] + Double(row[x]) }
                                let lo = min(r, w), hi = max(lo, w - r - 1)
                                for x in 0..<lo {
                                    let a = max(0, x - r), b = min(w, x + r + 1)
                                    t[x] = Float((prefix[b] - prefix[a]) / Double(b - a))
                                }
                                for x in lo..<hi { t[x] = Float((prefix[x + r + 1] - prefix[x - r]) * inner) }
                                for x in max(hi, lo)..<w {
                                    let a = max(0, x - r), b = min(w, x + r + 1)
                                    t[x] = Float((prefix[b] - prefix[a]) / Double(b - a))
                                }
                            }
                            // Columns: running sum of the rows in the window [y − r, y + r].
                            for x in 0..<w { acc[x] = 0 }
                            for y in 0..<min(r, h) {
                                let t = tmp.baseAddress! + y * w
                                for x in 0..<w { acc[x] += Double(t[x]) }
                            }
                            for y in 0..<h {
                                if y + r < h {
                                    let t = tmp.baseAddress! + (y + r) * w
                                    for x in 0..<w { acc[x] += Double(t[x]) }
                                }
                                if y - r - 1 >= 0 {
                                    let t = tmp.baseAddress! + (y - r - 1) * w
                                    for x in 0..<w { acc[x] -= Double(t[x]) }
                                }
                                let count = Double(min(h, y + r + 1) - max(0, y - r))
                                let inv = 1 / count
                                let o = out.baseAddress! + y * w
                                for x in 0..<w { o[x] = Float(acc[x] * inv) }
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Interpolates the coefficients for one full-resolution row into `row` (count = image width).
    @inline(__always)
    static func interpolateRow(
        _ y: Int, width: Int, lowW: Int, lowH: Int, scaleY: Float, into row: UnsafeMutablePointer<SIMD2<Float>>,
        xIndex: UnsafePointer<Int32>, xFrac: UnsafePointer<Float>, c: UnsafePointer<SIMD2<Float>>
    ) {
        let fy = (Float(y) + 0.5) * scaleY - 0.5
        let y0 = min(max(Int(fy.rounded(.down)), 0), lowH - 1)
        let y1 = min(y0 + 1, lowH - 1)
        let ty = min(max(fy - Float(y0), 0), 1)
        let r0 = c + y0 * lowW, r1 = c + y1 * lowW
        for x in 0..<width {
            let i0 = Int(xIndex[x]), i1 = min(i0 + 1, lowW - 1)
            let tx = xFrac[x]
            let top = r0[i0] + (r0[i1] - r0[i0]) * tx
            let bot = r1[i0] + (r1[i1] - r1[i0]) * tx
            row[x] = top + (bot - top) * ty
        }
    }

    /// Vertical half of the bilinear upsampling for output row `y`: the a and b
    /// coefficient rows (`lowW + 1` entries each) interpolated between the two
    /// nearest low-res rows. The horizontal half is done per pixel by the kernel.
    @inline(__always)
    static func interpolateRowPlanar(
        _ y: Int, lowW: Int, lowH: Int, scaleY: Float,
        planeA: UnsafePointer<Float>, planeB: UnsafePointer<Float>,
        intoA ra: UnsafeMutablePointer<Float>, intoB rb: UnsafeMutablePointer<Float>
    ) {
        let fy = (Float(y) + 0.5) * scaleY - 0.5
        let y0 = min(max(Int(fy.rounded(.down)), 0), lowH - 1)
        let y1 = min(y0 + 1, lowH - 1)
        let ty = min(max(fy - Float(y0), 0), 1)
        let n = lowW + 1
        let a0 = planeA + y0 * n, a1 = planeA + y1 * n, b0 = planeB + y0 * n, b1 = planeB + y1 * n
        for x in 0..<n {
            ra[x] = a0[x] + (a1[x] - a0[x]) * ty
            rb[x] = b0[x] + (b1[x] - b0[x]) * ty
        }
    }

    /// The mask value (a·log2 Y + b) of every pixel of `image`, full resolution:
    /// what the fused pass would compute per pixel, stored once so re-renders of
    /// the same photo skip the coefficient interpolation and the log2.
    func basePlane(image: Image, schedule: Schedule) -> [Float] {
        let w = image.width, h = image.height
        var out = [Float](unsafeUninitializedCapacity: w * h) { _, n in n = w * h }
        let (xIndex, xFrac) = columnTables(width: w)
        let lowW = lowW, lowH = lowH, scaleY = scaleY
        withPointers(image.pixels, xIndex, xFrac, planeA, planeB, [0], [0], [0], [0], [0], [0]) {
            (
                src: SharedPointer<SIMD4<Float>>, xi: SharedPointer<Int32>, xf: SharedPointer<Float>,
                pA: SharedPointer<Float>, pB: SharedPointer<Float>, _: SharedPointer<Int>, _: SharedPointer<Int>,
                _: SharedPointer<Int>, _: SharedPointer<Int>, _: SharedPointer<Int>, _: SharedPointer<Int>
            ) in
            out.withUnsafeMutableBufferPointer { op in
                let dst = SharedMutablePointer(base: op.baseAddress!)
                schedule.forEachTile(rows: h, pixelsPerRow: w) { (rows: Range<Int>) in
                    let st = Strip.allocate()
                    let ra = UnsafeMutablePointer<Float>.allocate(capacity: lowW + 1)
                    let rb = UnsafeMutablePointer<Float>.allocate(capacity: lowW + 1)
                    defer { st.deallocate(); ra.deallocate(); rb.deallocate() }
                    for y in rows {
                        Self.interpolateRowPlanar(
                            y, lowW: lowW, lowH: lowH, scaleY: scaleY,
                            planeA: pA.base, planeB: pB.base, intoA: ra, intoB: rb)
                        var x0 = 0
                        while x0 < w {
                            let n = min(Strip.capacity, w - x0), p = y * w + x0
                            Kernels.deinterleave(src.base + p, n, st)
                            Kernels.maskBase(
                                st, n, ra: ra, rb: rb, xIndex: xi.base + x0, xFrac: xf.base + x0, into: dst.base + p)
                            x0 += n
                        }
                    }
                }
            }
        }
        return out
    }

    /// Per-column low-res index and fraction for bilinear interpolation.
    func columnTables(width: Int) -> ([Int32], [Float]) {
        var idx = [Int32](repeating: 0, count: width), frac = [Float](repeating: 0, count: width)
        for x in 0..<width {
            let fx = (Float(x) + 0.5) * scaleX - 0.5
            let x0 = min(max(Int(fx.rounded(.down)), 0), lowW - 1)
            idx[x] = Int32(x0)
            frac[x] = min(max(fx - Float(x0), 0), 1)
        }
        return (idx, frac)
    }
}
