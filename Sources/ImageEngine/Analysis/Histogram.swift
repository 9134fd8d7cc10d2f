/// Histograms of a photo on the display (sRGB-encoded) scale, the scale a
/// histogram widget shows: luminance and per channel, 256 bins each.
public struct Histogram: Sendable, Hashable, Codable {
    /// Counts of encoded luminance (the encoded value of linear Y), 256 bins.
    public var luminance: [Int]
    /// Counts per channel (encoded), 256 bins each.
    public var red: [Int], green: [Int], blue: [Int]
    /// Number of pixels counted.
    public var total: Int

    /// Builds the histograms of an image (alpha ignored).
    public init(of image: Image) {
        var l = [Int](repeating: 0, count: 256), r = l, g = l, b = l
        image.pixels.withUnsafeBufferPointer { px in
            for p in px {
                r[Int(SRGB.encode8(p.x))] += 1
                g[Int(SRGB.encode8(p.y))] += 1
                b[Int(SRGB.encode8(p.z))] += 1
                l[Int(SRGB.encode8(Luma.y(p)))] += 1
            }
        }
        luminance = l; red = r; green = g; blue = b
        total = image.pixelCount
    }

    /// Histograms from counts gathered elsewhere (`PhotoStatistics`, row by row).
    init(luminance: [Int], red: [Int], green: [Int], blue: [Int], total: Int) {
        self.luminance = luminance; self.red = red; self.green = green; self.blue = blue; self.total = total
    }

    /// The value (0…1, encoded scale) below which `fraction` of the luminance lies.
    public func percentile(_ fraction: Double) -> Double {
        guard total > 0 else { return 0 }
        let target = fraction * Double(total)
        var acc = 0
        for (i, c) in luminance.enumerated() {
            acc += c
            if acc > 0 && Double(acc) >= target { return Double(i) / 255 }
        }
        return 1
    }

    /// The histogram's ends, robust to a few stray pixels: the 0.5th and 99.5th
    /// luminance percentiles. The exposure control's knobs start here.
    public var endpoints: (low: Double, high: Double) { (percentile(0.005), percentile(0.995)) }
}

/// Where a photo clips: the fraction of pixels with any channel at the ends of
/// the 8-bit range (what makes an exposure control's end zone glow red).
public struct Clipping: Sendable, Hashable, Codable {
    /// Fraction of pixels with some channel at code 0.
    public var shadows: Double
    /// Fraction of pixels with some channel at code 255.
    public var highlights: Double

    public init(shadows: Double, highlights: Double) {
        self.shadows = shadows
        self.highlights = highlights
    }

    /// Linear values that encode to 8-bit code 0 (below) and 255 (at or above).
    static let shadowThreshold = SRGB.decodeTable8[0] + 0.5 * SRGB.decodeTable8[1]
    static let highlightThreshold = SRGB.decode(Float(254.5 / 255))

    /// Measures an image.
    public init(of image: Image) {
        var lo = 0, hi = 0
        let t0 = Self.shadowThreshold, t1 = Self.highlightThreshold
        image.pixels.withUnsafeBufferPointer { px in
            // One vector compare per pixel and a count of 0 or 1 (no branch to
            // mispredict: clipped pixels come in irregular runs). Alpha never counts.
            // ("Some channel below" is "the smallest channel below" for the finite
            // values a render holds.)
            let low = SIMD4<Float>(t0, t0, t0, -.infinity), high = SIMD4<Float>(t1, t1, t1, .infinity)
            for p in px {
                lo &+= any(p .< low) ? 1 : 0
                hi &+= any(p .>= high) ? 1 : 0
            }
        }
        let n = Double(max(image.pixelCount, 1))
        shadows = Double(lo) / n
        highlights = Double(hi) / n
    }
}

/// Rec. 709 / sRGB luminance weights on linear RGB.
public enum Luma {
    public static let weights = SIMD4<Float>(0.2126, 0.7152, 0.0722, 0)
    /// Linear luminance Y of a pixel.
    @inlinable public static func y(_ p: SIMD4<Float>) -> Float { y(p.x, p.y, p.z) }
    /// The same from three channels (what loops over planes use).
    @inlinable public static func y(_ r: Float, _ g: Float, _ b: Float) -> Float {
        0.2126 * r + 0.7152 * g + 0.0722 * b
    }
}
