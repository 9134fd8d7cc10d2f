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
        pixels = image.pixels.map(Self.lab)
    }

    @inline(__always) static func lab(_ p: SIMD4<Float>) -> SIMD4<Float> {
        let x = (0.4124564 * p.x + 0.3575761 * p.y + 0.1804375 * p.z) / 0.95047
        let y = 0.2126729 * p.x + 0.7151522 * p.y + 0.0721750 * p.z
        let z = (0.0193339 * p.x + 0.1191920 * p.y + 0.9503041 * p.z) / 1.08883
        @inline(__always) func f(_ t: Float) -> Float { t > 216 / 24389 ? cbrt(t) : (24389 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return SIMD4(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz), 0)
    }

    /// Mean CIEDE2000 between two same-size Lab images.
    public func meanDeltaE2000(to other: LabImage) -> Double {
        precondition(width == other.width && height == other.height, "meanDeltaE2000: sizes differ")
        let n = pixels.count
        guard n > 0 else { return 0 }
        // Fixed chunks summed in order: the same answer whatever the thread count.
        let chunk = 65_536
        let chunks = (n + chunk - 1) / chunk
        var sums = [Double](repeating: 0, count: chunks)
        pixels.withUnsafeBufferPointer { ap in
            other.pixels.withUnsafeBufferPointer { bp in
                let a = SharedPointer(base: ap.baseAddress!), b = SharedPointer(base: bp.baseAddress!)
                sums.withUnsafeMutableBufferPointer { sp in
                    let s = SharedMutablePointer(base: sp.baseAddress!)
                    Schedule(threads: ProcessInfo.processInfo.activeProcessorCount, tileRows: 1)
                        .forEachTile(rows: chunks, pixelsPerRow: chunk) { range in
                            for c in range {
                                var acc: Double = 0
                                for i in (c * chunk)..<min(n, (c + 1) * chunk) {
                                    let p = a.base[i], q = b.base[i]
                                    if p != q { acc += Double(Self.deltaE2000(p, q)) }
                                }
                                s.base[c] = acc
                            }
                        }
                }
            }
        }
        return sums.reduce(0, +) / Double(n)
    }

    /// CIEDE2000 in single precision (≈1e-4 of the double version), for images.
    @inline(__always) static func deltaE2000(_ p: SIMD4<Float>, _ q: SIMD4<Float>) -> Float {
        let c1 = (p.y * p.y + p.z * p.z).squareRoot(), c2 = (q.y * q.y + q.z * q.z).squareRoot()
        let cb = (c1 + c2) * 0.5
        let cb2 = cb * cb, cb7 = cb2 * cb2 * cb2 * cb
        let g = 0.5 * (1 - (cb7 / (cb7 + 6_103_515_625)).squareRoot())
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
        let rc = 2 * (cbp7 / (cbp7 + 6_103_515_625)).squareRoot()
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
        LabImage(self).meanDeltaE2000(to: other)
    }
}
