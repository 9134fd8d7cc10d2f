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
            throw PNGError(
                file: name, message: "invalid PNG: bit depth \(bitDepth) is not allowed for color type \(ct)")
        }
    }

    /// Refuses a chunk that declares more bytes than the file has left: libpng allocates a
    /// text chunk's declared length before reading it, whatever its chunk limit (libpng
    /// 1.6.39), so an 80-byte file declaring a 2 GB tEXt chunk would cost 2 GB.
    public static func checkChunkLengths(_ data: Data, name: String) throws {
        try checkChunkLengths(size: data.count, name: name) { offset in
            let start = data.startIndex + offset
            return [UInt8](data[start..<min(start + 8, data.endIndex)])
        }
    }

    /// The same walk over a file on disk, one 8-byte chunk header read at a time.
    public static func checkChunkLengths(file path: String, size: Int) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }  // the reader says why
        defer { try? handle.close() }
        try checkChunkLengths(size: size, name: path) { offset in
            try handle.seek(toOffset: UInt64(offset))
            return [UInt8](try handle.read(upToCount: 8) ?? Data())
        }
    }

    /// Walks the chunks from byte 8 to IEND: each chunk's length, type, data and CRC must fit.
    static func checkChunkLengths(size: Int, name: String, header: (Int) throws -> [UInt8]) throws {
        var offset = 8
        while offset + 8 <= size {
            let b = try header(offset)
            guard b.count == 8 else { return }
            let length = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
            let type = String(decoding: b[4..<8].map { (33...126).contains($0) ? $0 : 63 }, as: UTF8.self)
            let left = size - offset - 12
            guard length <= left else {
                throw PNGError(
                    file: name,
                    message: "truncated or hostile PNG: the \(type) chunk at byte \(offset) "
                        + "declares \(length) bytes of data, but only \(max(left, 0)) remain in the file")
            }
            if type == "IEND" { return }
            offset += 12 + length
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
            throw PNGError(
                file: name,
                message:
                    "image is \(width)×\(height) pixels, over the limit of \(limits.maxPixels) pixels "
                        + "/ \(limits.maxDimension) per side; refused before decoding"
            )
        }
    }
}
