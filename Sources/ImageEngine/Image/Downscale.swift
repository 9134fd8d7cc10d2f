/// Area-averaged resampling: each output pixel is the exact average of the
/// source area it covers (fractional coverage at the edges), in linear light.
/// That is what a perception proxy must be: a smaller photo with the same mean
/// colors, with no aliasing and no ringing.
extension Image {
    /// Shrinks so that the longer side is at most `longSide` (never enlarges).
    public func downscaled(toFit longSide: Int) -> Image {
        let long = max(width, height)
        guard longSide > 0, long > longSide else { return self }
        let s = Double(longSide) / Double(long)
        return resampledArea(width: max(1, Int((Double(width) * s).rounded())),
                             height: max(1, Int((Double(height) * s).rounded())))
    }

    /// Area-averaged resampling to an exact size (meant for shrinking).
    public func resampledArea(width w: Int, height h: Int) -> Image {
        precondition(w > 0 && h > 0)
        if w == width && h == height { return self }
        let xs = AreaWeights(from: width, to: w)
        let ys = AreaWeights(from: height, to: h)
        let alpha = hasAlpha
        // Horizontal pass into a w × height buffer, then vertical.
        var tmp = [SIMD4<Float>](repeating: .zero, count: w * height)
        pixels.withUnsafeBufferPointer { src in
            tmp.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<w {
                        var acc = SIMD4<Float>.zero
                        for k in xs.start[x]..<xs.start[x + 1] {
                            var p = src[row + xs.index[k]]
                            // Premultiply so transparent pixels do not bleed their color.
                            if alpha { p.x *= p.w; p.y *= p.w; p.z *= p.w }
                            acc += p * xs.weight[k]
                        }
                        dst[y * w + x] = acc
                    }
                }
            }
        }
        var out = [SIMD4<Float>](repeating: .zero, count: w * h)
        tmp.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for k in ys.start[y]..<ys.start[y + 1] {
                        let wgt = ys.weight[k]
                        let row = ys.index[k] * w
                        for x in 0..<w { dst[y * w + x] += src[row + x] * wgt }
                    }
                    if alpha {
                        for x in 0..<w {
                            var p = dst[y * w + x]
                            if p.w > 0 { p.x /= p.w; p.y /= p.w; p.z /= p.w }
                            dst[y * w + x] = p
                        }
                    }
                }
            }
        }
        return Image(width: w, height: h, hasAlpha: hasAlpha, pixels: out)
    }
}

/// Box-filter coverage of source samples for each destination sample (CSR layout).
struct AreaWeights {
    var start: [Int] = [0]
    var index: [Int] = []
    var weight: [Float] = []

    init(from n: Int, to m: Int) {
        let scale = Double(n) / Double(m)
        for j in 0..<m {
            let a = Double(j) * scale, b = Double(j + 1) * scale
            var i = Int(a)
            while Double(i) < b && i < n {
                let cover = min(b, Double(i + 1)) - max(a, Double(i))
                if cover > 1e-12 {
                    index.append(i)
                    weight.append(Float(cover / scale))
                }
                i += 1
            }
            start.append(index.count)
        }
    }
}
