/// A photo's histogram, clipping and mean linear luminance, gathered a row at a
/// time (`PNGRows`), so `refine image info` on a 100-megapixel photo needs memory
/// for a row, not for the photo. Fed the pixels of an `Image` it gives exactly
/// what `Histogram(of:)` and `Clipping(of:)` give.
public struct PhotoStatistics: Sendable {
    private var luminance = [Int](repeating: 0, count: 256)
    private var red = [Int](repeating: 0, count: 256)
    private var green = [Int](repeating: 0, count: 256)
    private var blue = [Int](repeating: 0, count: 256)
    private var shadows = 0, highlights = 0
    private var sumY = 0.0
    public private(set) var pixelCount = 0

    public init() {}

    /// Counts a run of pixels (alpha ignored, as in `Histogram`).
    public mutating func add(_ pixels: UnsafeBufferPointer<SIMD4<Float>>) {
        let t0 = Clipping.shadowThreshold, t1 = Clipping.highlightThreshold
        for p in pixels {
            red[Int(SRGB.encode8(p.x))] += 1
            green[Int(SRGB.encode8(p.y))] += 1
            blue[Int(SRGB.encode8(p.z))] += 1
            let y = Luma.y(p)
            luminance[Int(SRGB.encode8(y))] += 1
            if min(p.x, min(p.y, p.z)) < t0 { shadows += 1 }
            if max(p.x, max(p.y, p.z)) >= t1 { highlights += 1 }
            sumY += Double(y)
        }
        pixelCount += pixels.count
    }

    public var histogram: Histogram {
        Histogram(luminance: luminance, red: red, green: green, blue: blue, total: pixelCount)
    }

    public var clipping: Clipping {
        let n = Double(max(pixelCount, 1))
        return Clipping(shadows: Double(shadows) / n, highlights: Double(highlights) / n)
    }

    /// Mean linear luminance Y.
    public var meanLuminance: Double { sumY / Double(max(pixelCount, 1)) }
}
