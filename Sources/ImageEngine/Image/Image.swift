/// A photo in the engine's working space: linear-light RGB with straight
/// (unassociated) alpha, one `SIMD4<Float>` per pixel, rows top to bottom.
///
/// Linear light is where light adds up physically, so exposure gains, averaging
/// (downscaling, blur) and mixing behave like a camera would; the sRGB curve is
/// applied only on the way in and out (`SRGB`).
public struct Image: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Whether the alpha channel carries information. When false every alpha is 1.
    public var hasAlpha: Bool
    /// Pixels, row-major; `.x .y .z` = linear R G B (nominally 0…1), `.w` = alpha.
    public var pixels: [SIMD4<Float>]

    /// Wraps existing pixels; `pixels.count` must equal `width * height`.
    public init(width: Int, height: Int, hasAlpha: Bool = false, pixels: [SIMD4<Float>]) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height,
            "Image: \(pixels.count) pixels for \(width)×\(height)")
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.pixels = pixels
    }

    /// An image filled with one linear color.
    public init(width: Int, height: Int, filledWith color: SIMD4<Float> = [0, 0, 0, 1], hasAlpha: Bool = false) {
        self.init(
            width: width, height: height, hasAlpha: hasAlpha,
            pixels: [SIMD4<Float>](repeating: color, count: width * height))
    }

    /// An image built from a function of the pixel position.
    public init(width: Int, height: Int, hasAlpha: Bool = false, _ pixel: (_ x: Int, _ y: Int) -> SIMD4<Float>) {
        var p = [SIMD4<Float>]()
        p.reserveCapacity(width * height)
        for y in 0..<height { for x in 0..<width { p.append(pixel(x, y)) } }
        self.init(width: width, height: height, hasAlpha: hasAlpha, pixels: p)
    }

    /// Number of pixels.
    public var pixelCount: Int { width * height }

    /// The pixel at (x, y).
    @inlinable public subscript(x: Int, y: Int) -> SIMD4<Float> {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}

extension Image {
    /// Builds an image from 8-bit sRGB-encoded samples (`channels` = 3 or 4, interleaved).
    public init(srgb8 bytes: [UInt8], width: Int, height: Int, channels: Int) {
        precondition(channels == 3 || channels == 4)
        precondition(bytes.count == width * height * channels)
        let lut = SRGB.decodeTable8
        var p = [SIMD4<Float>](repeating: .zero, count: width * height)
        bytes.withUnsafeBufferPointer { src in
            p.withUnsafeMutableBufferPointer { dst in
                for i in 0..<(width * height) {
                    let o = i * channels
                    let a: Float = channels == 4 ? Float(src[o + 3]) / 255 : 1
                    dst[i] = SIMD4(lut[Int(src[o])], lut[Int(src[o + 1])], lut[Int(src[o + 2])], a)
                }
            }
        }
        self.init(width: width, height: height, hasAlpha: channels == 4, pixels: p)
    }

    /// The pixels as 8-bit sRGB, interleaved RGB (or RGBA when `includeAlpha`).
    /// Encoding is exact: decoding an 8-bit value and encoding it again gives it back.
    public func srgb8(includeAlpha: Bool? = nil) -> [UInt8] {
        let withAlpha = includeAlpha ?? hasAlpha
        let c = withAlpha ? 4 : 3
        return [UInt8](unsafeUninitializedCapacity: pixelCount * c) { dst, n in
            pixels.withUnsafeBufferPointer { src in
                if let s = src.baseAddress {
                    SRGB.encodeRow8(s, count: src.count, alpha: withAlpha, into: dst.baseAddress!)
                }
            }
            n = pixelCount * c
        }
    }

    /// Copies a rectangle out of the image (clamped to the bounds).
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> Image {
        let x0 = max(0, min(x, width)), y0 = max(0, min(y, height))
        let x1 = max(x0, min(x + w, width)), y1 = max(y0, min(y + h, height))
        return Image(
            width: x1 - x0, height: y1 - y0, hasAlpha: hasAlpha,
            pixels: pixels.rectangle(width: width, x: x0..<x1, y: y0..<y1))
    }
}

extension Array where Element == SIMD4<Float> {
    /// The pixels of the rectangle `x` × `y` of a row-major image `width` wide
    /// (an `Image`'s or a `LabImage`'s), row after row.
    func rectangle(width: Int, x: Range<Int>, y: Range<Int>) -> [SIMD4<Float>] {
        var p = [SIMD4<Float>]()
        p.reserveCapacity(x.count * y.count)
        for row in y { p.append(contentsOf: self[(row * width + x.lowerBound)..<(row * width + x.upperBound)]) }
        return p
    }
}
