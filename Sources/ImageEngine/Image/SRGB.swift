/// The sRGB transfer function (IEC 61966-2-1), exact in both directions.
///
/// 8-bit values use a 256-entry decode table and a threshold search for encoding,
/// so decode→encode of every 8-bit code returns the same code (the round trip the
/// identity tests rely on), and no per-pixel `pow` is needed on the 8-bit paths.
public enum SRGB {
    /// Encoded (0…1) → linear (0…1).
    @inlinable public static func decode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear → encoded. Values outside 0…1 are extended symmetrically/linearly past the ends.
    @inlinable public static func encode(_ x: Double) -> Double {
        if x <= 0.0031308 { return x * 12.92 }
        return 1.055 * pow(x, 1 / 2.4) - 0.055
    }

    /// Single-precision decode.
    @inlinable public static func decode(_ v: Float) -> Float { Float(decode(Double(v))) }
    /// Single-precision encode.
    @inlinable public static func encode(_ x: Float) -> Float { Float(encode(Double(x))) }

    /// Linear value of each 8-bit code.
    public static let decodeTable8: [Float] = (0..<256).map { Float(decode(Double($0) / 255)) }

    /// `thresholds8[k]` is the linear value where encoding rounds up from code k to k+1.
    @usableFromInline static let thresholds8: [Float] = (0..<256).map {
        $0 == 255 ? Float.infinity : Float(decode((Double($0) + 0.5) / 255))
    }

    /// Bin count of the coarse guess table. A bin (1/16384) is narrower than the
    /// smallest gap between thresholds (≈3e-4 at the dark end), so one step of
    /// correction always suffices.
    @usableFromInline static let guessBins = 16384
    @usableFromInline static let guess8: [UInt8] = {
        var g = [UInt8](repeating: 0, count: guessBins + 1)
        var code = 0
        for i in 0...guessBins {
            let x = Float(i) / Float(guessBins)
            while code < 255 && x >= thresholds8[code] { code += 1 }
            g[i] = UInt8(code)
        }
        return g
    }()

    /// Entries of `encodeTable8`.
    public static let encodeTableSize = 4096

    /// Linear → 8-bit sRGB by table, for previews: entry k is the exact code of
    /// k / 4095; a pixel uses the nearest entry. Within 1/8190 of the input, so at
    /// most one code off the exact `encode8` (the curve's steepest slope is
    /// 12.92 × 255 ≈ 3 295 codes per unit: ≤ 0.4 code of input error), and only
    /// near a rounding threshold. Bounded by test `srgb8TableIsWithinOneCode`.
    public static let encodeTable8: [UInt8] = (0..<encodeTableSize).map {
        encode8(Float($0) / Float(encodeTableSize - 1))
    }

    /// `encode8` of a row of pixels into interleaved bytes, RGB or RGBA when
    /// `alpha` (alpha rounded from 0…1): the same codes, faster. PNG output and
    /// `Image.srgb8` use it.
    ///
    /// Why it can be branch-free: the guess is the code at the start of the
    /// value's bin (x·16384 is exact, so never past the value), and no bin holds
    /// two thresholds, so one comparison finishes it; clamping first (and
    /// comparing the clamped value) sends NaN and x ≤ 0 to code 0, below the
    /// first threshold, and x ≥ 1 (+∞ too) to code 255, whose threshold is
    /// +∞ — `encode8`'s guards.
    static func encodeRow8(
        _ src: UnsafePointer<SIMD4<Float>>, count n: Int, alpha: Bool, into dst: UnsafeMutablePointer<UInt8>
    ) {
        guess8.withUnsafeBufferPointer { g in
            thresholds8.withUnsafeBufferPointer { t in
                let g = g.baseAddress!, t = t.baseAddress!, bins = Float(guessBins)
                @inline(__always) func code(_ x: Float) -> UInt8 {
                    let lo = x > 0 ? x : 0, v = lo < 1 ? lo : 1
                    let c = g[Int(v * bins)]
                    return v >= t[Int(c)] ? c &+ 1 : c
                }
                if alpha {
                    for i in 0..<n {
                        let v = src[i], o = 4 * i
                        dst[o] = code(v.x); dst[o + 1] = code(v.y); dst[o + 2] = code(v.z)
                        dst[o + 3] = UInt8((min(max(v.w, 0), 1) * 255).rounded())
                    }
                } else {
                    for i in 0..<n {
                        let v = src[i], o = 3 * i
                        dst[o] = code(v.x); dst[o + 1] = code(v.y); dst[o + 2] = code(v.z)
                    }
                }
            }
        }
    }

    /// Linear → nearest 8-bit sRGB code (clamped), exact.
    @inlinable public static func encode8(_ x: Float) -> UInt8 {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 255 }
        var code = Int(guess8.withUnsafeBufferPointer { $0[Int(x * Float(guessBins))] })
        thresholds8.withUnsafeBufferPointer { t in
            while code < 255 && x >= t[code] { code += 1 }
        }
        return UInt8(code)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
