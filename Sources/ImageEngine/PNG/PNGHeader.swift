import Foundation

/// The PNG color types of the IHDR chunk.
public enum PNGColorType: Int, Sendable, Codable, CustomStringConvertible {
    case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

    public var description: String {
        switch self {
        case .gray: "gray"
        case .rgb: "rgb"
        case .palette: "palette"
        case .grayAlpha: "gray+alpha"
        case .rgba: "rgba"
        }
    }
}

/// What a PNG file's IHDR chunk says: size, bit depth, color type, interlace.
///
/// libpng's simplified API hides the original depth and color type (it converts
/// on read), so the header is parsed here directly; it is also the cheap first
/// line of defence against absurd dimensions.
public struct PNGHeader: Sendable, Hashable, Codable {
    public var width: Int
    public var height: Int
    public var bitDepth: Int
    public var colorType: PNGColorType
    public var interlaced: Bool

    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Parses the signature and IHDR; validates depth/type combinations.
    public init(data: Data, name: String) throws {
        let b = [UInt8](data.prefix(33))
        guard b.count >= 8, Array(b[0..<8]) == Self.signature else {
            throw PNGError(file: name, message: "not a PNG file: expected the 8-byte PNG signature")
        }
        guard b.count >= 33 else {
            throw PNGError(file: name, message: "truncated PNG: expected an IHDR chunk after the signature")
        }
        func u32(_ o: Int) -> Int { Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3]) }
        guard u32(8) == 13, b[12...15].elementsEqual("IHDR".utf8) else {
            throw PNGError(file: name, message: "invalid PNG: expected IHDR as the first chunk")
        }
        width = u32(16)
        height = u32(20)
        bitDepth = Int(b[24])
        guard let ct = PNGColorType(rawValue: Int(b[25])) else {
            throw PNGError(file: name, message: "invalid PNG: unknown color type \(b[25])")
        }
        colorType = ct
        interlaced = b[28] == 1
        let allowed: [Int]
        switch ct {
        case .gray: allowed = [1, 2, 4, 8, 16]
        case .palette: allowed = [1, 2, 4, 8]
        default: allowed = [8, 16]
        }
        guard allowed.contains(bitDepth) else {
            throw PNGError(file: name, message: "invalid PNG: bit depth \(bitDepth) is not allowed for color type \(ct)")
        }
    }

    /// Bytes of filtered image data the header implies (before compression).
    public var rawDataSize: Int {
        let channels: Int
        switch colorType {
        case .gray, .palette: channels = 1
        case .grayAlpha: channels = 2
        case .rgb: channels = 3
        case .rgba: channels = 4
        }
        return height * (1 + (width * channels * bitDepth + 7) / 8)
    }

    /// Throws if the image is larger than `limits` allow.
    public func check(_ limits: PNGLimits, name: String) throws {
        guard width > 0, height > 0 else {
            throw PNGError(file: name, message: "invalid PNG: image is \(width)×\(height) pixels")
        }
        if width > limits.maxDimension || height > limits.maxDimension || width * height > limits.maxPixels {
            throw PNGError(file: name, message: "image is \(width)×\(height) pixels, over the limit of \(limits.maxPixels) pixels / \(limits.maxDimension) per side; refused before decoding")
        }
    }
}
