import Foundation
import ImageEngine

/// A deterministic 12 MP test photo: a real photo enlarged (bilinear) with a
/// little seeded grain, so local operators see real structure (and the PNG
/// encoder sees noise, which is what makes photos slow to compress).
func makePhoto(_ w: Int, _ h: Int) throws -> Image {
    let src = try PNGFile.read(URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data/photos/rocket.png"))
    var state: UInt64 = 42
    return Image(width: w, height: h) { x, y in
        let fx = (Double(x) + 0.5) * Double(src.width) / Double(w) - 0.5
        let fy = (Double(y) + 0.5) * Double(src.height) / Double(h) - 0.5
        let x0 = min(max(Int(fx), 0), src.width - 1), y0 = min(max(Int(fy), 0), src.height - 1)
        let x1 = min(x0 + 1, src.width - 1), y1 = min(y0 + 1, src.height - 1)
        let tx = Float(min(max(fx - Double(x0), 0), 1)), ty = Float(min(max(fy - Double(y0), 0), 1))
        let top = src[x0, y0] + (src[x1, y0] - src[x0, y0]) * tx
        let bot = src[x0, y1] + (src[x1, y1] - src[x0, y1]) * tx
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let n = Float(Int(state >> 40) & 0xff) / 255 - 0.5
        var p = top + (bot - top) * ty
        p *= 1 + 0.04 * n
        p.w = 1
        return p
    }
}

/// The full pipeline measured: all six exposure controls (shadows/highlights
/// local), saturation and blue skies, a vignette. peer.py's numpy implements the same.
let fullPipeline = Adjustments(blackLevel: 0.1, shadows: 0.5, brightness: 0.2, contrast: 0.3, highlights: 0.4,
                               whiteLevel: 0.1, saturation: 0.2, blueSkies: 0.3,
                               vignette: Vignette(strength: 0.4, radius: 0.5))
/// The subset libvips can do too: levels, brightness/contrast, saturation,
/// vignette (and, for the float pair, a Gaussian blur σ = 2 after it).
let vipsSubset = Adjustments(blackLevel: 0.1, brightness: 0.2, contrast: 0.3, whiteLevel: 0.1, saturation: 0.2,
                             vignette: Vignette(strength: 0.4, radius: 0.5))
let subsetSigma = 2.0

/// Sustained copy bandwidth (bytes read + written per second), best of 3.
func memoryBandwidth(threads: Int) -> Double {
    let count = 256 << 20 / 16
    let src = [SIMD4<Float>](repeating: SIMD4(1, 2, 3, 4), count: count)
    var dst = [SIMD4<Float>](repeating: .zero, count: count)
    let t = best(3) {
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                let sp = UInt(bitPattern: s.baseAddress!), dp = UInt(bitPattern: d.baseAddress!)
                let chunk = count / threads
                DispatchQueue.concurrentPerform(iterations: threads) { i in
                    let a = i * chunk, b = i == threads - 1 ? count : a + chunk
                    let s = UnsafePointer<SIMD4<Float>>(bitPattern: sp)!, d = UnsafeMutablePointer<SIMD4<Float>>(bitPattern: dp)!
                    (d + a).update(from: s + a, count: b - a)
                }
            }
        }
    }
    return Double(2 * count * 16) / t
}
