/// The fused pass's last stage for display output: planes → interleaved RGBA
/// 8-bit sRGB through `SRGB.encodeTable8` (at most one code off the exact
/// encoder; see there), with the vignette factor applied on the way.
///
/// Split as the other table stages are: the table index of every sample in
/// short branch-free loops, one per plane, that LLVM vectorises (one loop over
/// the three planes picking its pointer per pass stayed scalar and cost three
/// times as much), then a scalar loop that gathers and packs a pixel into one
/// 32-bit store. The vignette is the same `p · f` (or `p + (1 − p) · f`) the
/// float path applies, so fusing it changes no bit.
extension Kernels {
    /// Vignette modes: none, darken (multiply by `t0`), lighten (blend toward white by `t0`).
    static let noVignette = 0, darken = 1, lighten = 2

    /// The strip to RGBA 8-bit sRGB at `d`, the vignette factor in `t0` applied
    /// per `mode`; `opaque` when every alpha is known to be 1 (alpha 255 written, not read).
    static func encodeSRGB8(
        _ st: Strip, _ n: Int, _ d: UnsafeMutablePointer<UInt8>, _ lut: UnsafePointer<UInt8>, vignette mode: Int,
        opaque: Bool = false
    ) {
        let c = Strip.capacity
        @inline(__always) func plane(_ p: UnsafeMutablePointer<Float>, _ k: Int) {
            switch mode {
            case darken: indicesDarken(p, st.t0, n, st.idx + k * c)
            case lighten: indicesLighten(p, st.t0, n, st.idx + k * c)
            default: indices(p, n, st.idx + k * c)
            }
        }
        plane(st.r, 0); plane(st.g, 1); plane(st.b, 2)
        if opaque {
            packOpaque(st.idx, n, d, lut)
        } else {
            alphaBytes(st.a, n, st.idx + 3 * c)
            pack(st.idx, n, d, lut)
        }
    }

    @inline(__always) static func tableIndex(_ v: Float) -> Int32 {
        // Round to nearest by the magic-number add (no checked float → int conversion).
        Int32(bitPattern: (clamp01(v) * Float(SRGB.encodeTableSize - 1) + 12_582_912).bitPattern) &- 0x4B40_0000
    }

    @inline(never) static func indices(_ p: UnsafePointer<Float>, _ n: Int, _ o: UnsafeMutablePointer<Int32>) {
        for i in 0..<n { o[i] = tableIndex(p[i]) }
    }

    @inline(never) static func indicesDarken(
        _ p: UnsafePointer<Float>, _ f: UnsafePointer<Float>, _ n: Int, _ o: UnsafeMutablePointer<Int32>
    ) {
        for i in 0..<n { o[i] = tableIndex(p[i] * f[i]) }
    }

    @inline(never) static func indicesLighten(
        _ p: UnsafePointer<Float>, _ f: UnsafePointer<Float>, _ n: Int, _ o: UnsafeMutablePointer<Int32>
    ) {
        for i in 0..<n { let v = p[i]; o[i] = tableIndex(v + (1 - v) * f[i]) }
    }

    /// Alpha is straight and exact: round(clamp01(a) · 255).
    @inline(never) static func alphaBytes(_ a: UnsafePointer<Float>, _ n: Int, _ o: UnsafeMutablePointer<Int32>) {
        for i in 0..<n { o[i] = Int32(bitPattern: (clamp01(a[i]) * 255 + 12_582_912).bitPattern) &- 0x4B40_0000 }
    }

    /// One 32-bit store per pixel (bytes R, G, B, A in memory order: little-endian).
    @inline(never) static func pack(
        _ idx: UnsafePointer<Int32>, _ n: Int, _ d: UnsafeMutablePointer<UInt8>, _ lut: UnsafePointer<UInt8>
    ) {
        packBody(idx, n, d, lut, opaque: false)
    }

    @inline(never) static func packOpaque(
        _ idx: UnsafePointer<Int32>, _ n: Int, _ d: UnsafeMutablePointer<UInt8>, _ lut: UnsafePointer<UInt8>
    ) {
        packBody(idx, n, d, lut, opaque: true)
    }

    @inline(__always) static func packBody(
        _ idx: UnsafePointer<Int32>, _ n: Int, _ d: UnsafeMutablePointer<UInt8>,
        _ lut: UnsafePointer<UInt8>, opaque: Bool
    ) {
        let c = Strip.capacity, d32 = UnsafeMutableRawPointer(d)
        for i in 0..<n {
            let a = opaque ? 0xFF00_0000 : UInt32(bitPattern: idx[3 * c + i]) << 24
            let v =
                UInt32(lut[Int(idx[i])]) | UInt32(lut[Int(idx[c + i])]) << 8 | UInt32(lut[Int(idx[2 * c + i])]) << 16
                | a
            d32.storeBytes(of: v.littleEndian, toByteOffset: 4 * i, as: UInt32.self)
        }
    }
}
