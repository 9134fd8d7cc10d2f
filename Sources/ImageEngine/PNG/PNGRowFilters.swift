/// The PNG row filters (specification §9.2) and libpng's adaptive choice,
/// the per-row algorithm of `PNGEncoder` (its schedule is the band split).
///
/// Every filter reads only the raw current row and the raw row above, never
/// its own output, so each loop is free of loop-carried dependences and LLVM
/// vectorises it (16 bytes an SSE instruction) even with the runtime `bpp` —
/// provided the index arithmetic wraps (`i &- bpp`): a checked subtraction's
/// overflow branch kept the loops scalar.
enum PNGRowFilters {
    /// Filters `cur` (`n` bytes, `bpp` bytes a pixel) against `prev`, the raw
    /// row above (all zeros for the first row), with filter `type` into `out`.
    static func apply(
        _ type: UInt8, cur: UnsafePointer<UInt8>, prev: UnsafePointer<UInt8>, n: Int, bpp: Int,
        out: UnsafeMutablePointer<UInt8>
    ) {
        switch type {
        case 0: out.update(from: cur, count: n)
        case 1: sub(cur, n, bpp, out)
        case 2: up(cur, prev, n, out)
        case 3: average(cur, prev, n, bpp, out)
        default: paeth(cur, prev, n, bpp, out)
        }
    }

    /// libpng's heuristic (`png_write_find_filter`): the filter whose output
    /// has the least sum of |byte as signed|, ties to the lower type. Writes
    /// the chosen output to `out` and returns its type. `scratch` holds 4·n bytes.
    static func chooseAndApply(
        cur: UnsafePointer<UInt8>, prev: UnsafePointer<UInt8>, n: Int, bpp: Int,
        scratch: UnsafeMutablePointer<UInt8>, out: UnsafeMutablePointer<UInt8>
    ) -> UInt8 {
        var best: UInt8 = 0
        var bestCost = cost(cur, n)
        var bestRow = cur
        for t in UInt8(1)...4 {
            let s = scratch + Int(t - 1) * n
            apply(t, cur: cur, prev: prev, n: n, bpp: bpp, out: s)
            let c = cost(UnsafePointer(s), n)
            if c < bestCost { best = t; bestCost = c; bestRow = UnsafePointer(s) }
        }
        out.update(from: bestRow, count: n)
        return best
    }

    /// Σ min(v, 256 − v): each byte read as a signed difference, its magnitude.
    @inline(never)
    static func cost(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var sum: UInt32 = 0
        // Chunks keep the 32-bit lanes from overflowing (at most 128 a byte).
        var i = 0
        while i < n {
            let end = min(n, i + 1 << 20)
            var s: UInt32 = 0
            for j in i..<end { let v = p[j]; s &+= UInt32(v < 128 ? v : 0 &- v) }
            sum &+= s
            i = end
        }
        return Int(sum)
    }

    @inline(never)
    static func sub(_ cur: UnsafePointer<UInt8>, _ n: Int, _ bpp: Int, _ out: UnsafeMutablePointer<UInt8>) {
        let lead = min(bpp, n)
        for i in 0..<lead { out[i] = cur[i] }
        for i in lead..<max(lead, n) { out[i] = cur[i] &- cur[i &- bpp] }
    }

    @inline(never)
    static func up(
        _ cur: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ n: Int, _ out: UnsafeMutablePointer<UInt8>
    ) {
        for i in 0..<n { out[i] = cur[i] &- prev[i] }
    }

    @inline(never)
    static func average(
        _ cur: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ n: Int, _ bpp: Int,
        _ out: UnsafeMutablePointer<UInt8>
    ) {
        let lead = min(bpp, n)
        for i in 0..<lead { out[i] = cur[i] &- prev[i] >> 1 }
        for i in lead..<max(lead, n) {
            let avg = UInt8(truncatingIfNeeded: (UInt16(cur[i &- bpp]) &+ UInt16(prev[i])) >> 1)
            out[i] = cur[i] &- avg
        }
    }

    /// |v| without Swift's overflow trap (which would keep the loop scalar); |v| ≤ 510 here.
    @inline(__always) static func magnitude(_ v: Int16) -> Int16 { v < 0 ? 0 &- v : v }

    @inline(never)
    static func paeth(
        _ cur: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ n: Int, _ bpp: Int,
        _ out: UnsafeMutablePointer<UInt8>
    ) {
        let lead = min(bpp, n)
        // Left and upper-left are 0 here, so the predictor is the byte above.
        for i in 0..<lead { out[i] = cur[i] &- prev[i] }
        for i in lead..<max(lead, n) {
            let a = Int16(cur[i &- bpp]), b = Int16(prev[i]), c = Int16(prev[i &- bpp])
            let pa = magnitude(b &- c), pb = magnitude(a &- c), pc = magnitude(a &+ b &- c &- c)
            // Nested selects, no `&&`: a short-circuit is a branch, and the loop stayed scalar.
            let bc = pb <= pc ? b : c
            let pred = pa <= pb ? (pa <= pc ? a : bc) : bc
            out[i] = cur[i] &- UInt8(truncatingIfNeeded: pred)
        }
    }
}
