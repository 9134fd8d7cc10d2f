import Foundation

/// Separable Gaussian blur in linear light (edges clamped), tiled over rows.
/// The per-pixel math is a fixed-order weighted sum, so the result does not
/// depend on the thread count.
public struct GaussianBlur: Sendable {
    public let sigma: Double
    let weights: [Float]

    /// A blur of standard deviation `sigma` pixels (kernel radius ⌈3σ⌉).
    public init(sigma: Double) {
        self.sigma = sigma
        let r = max(1, Int((3 * sigma).rounded(.up)))
        var w = (-r...r).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let s = w.reduce(0, +)
        w = w.map { $0 / s }
        weights = w
    }

    var radius: Int { weights.count / 2 }

    /// Blurs an image.
    public func apply(_ image: Image, threads: Int = 1) -> Image {
        guard sigma > 0, image.pixelCount > 0 else { return image }
        let w = image.width, h = image.height, r = radius
        let schedule = Schedule(threads: threads)
        // Uninitialised buffers (every element is written below), first touched by the workers.
        var tmp = [SIMD4<Float>](unsafeUninitializedCapacity: w * h) { _, n in n = w * h }
        var out = [SIMD4<Float>](unsafeUninitializedCapacity: w * h) { _, n in n = w * h }
        weights.withUnsafeBufferPointer { wp in
            let wt = SharedPointer(base: wp.baseAddress!)
            image.pixels.withUnsafeBufferPointer { sp in
                let src = SharedPointer(base: sp.baseAddress!)
                tmp.withUnsafeMutableBufferPointer { tp in
                    let dst = SharedMutablePointer(base: tp.baseAddress!)
                    // Horizontal pass, with a padded copy of the row so the inner loop has no clamps.
                    schedule.forEachTile(rows: h, pixelsPerRow: w) { rows in
                        var padded = [SIMD4<Float>](repeating: .zero, count: w + 2 * r)
                        for y in rows {
                            let row = src.base + y * w
                            for i in 0..<(w + 2 * r) { padded[i] = row[min(max(i - r, 0), w - 1)] }
                            padded.withUnsafeBufferPointer { pp in
                                let p = pp.baseAddress!
                                let o = dst.base + y * w
                                for x in 0..<w {
                                    var acc = SIMD4<Float>.zero
                                    for k in 0...(2 * r) { acc += p[x + k] * wt.base[k] }
                                    o[x] = acc
                                }
                            }
                        }
                    }
                }
            }
            tmp.withUnsafeBufferPointer { tp in
                let src = SharedPointer(base: tp.baseAddress!)
                out.withUnsafeMutableBufferPointer { op in
                    let dst = SharedMutablePointer(base: op.baseAddress!)
                    // Vertical pass: accumulate whole weighted rows (streams memory, vectorises).
                    schedule.forEachTile(rows: h, pixelsPerRow: w) { rows in
                        for y in rows {
                            let o = dst.base + y * w
                            for k in 0...(2 * r) {
                                let sy = min(max(y + k - r, 0), h - 1)
                                let s = src.base + sy * w
                                let c = wt.base[k]
                                if k == 0 { for x in 0..<w { o[x] = s[x] * c } }
                                else { for x in 0..<w { o[x] += s[x] * c } }
                            }
                        }
                    }
                }
            }
        }
        return Image(width: w, height: h, hasAlpha: image.hasAlpha, pixels: out)
    }
}

extension Image {
    /// A Gaussian-blurred copy (σ in pixels).
    public func gaussianBlurred(sigma: Double, threads: Int = 1) -> Image {
        GaussianBlur(sigma: sigma).apply(self, threads: threads)
    }
}
