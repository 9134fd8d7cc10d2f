import CPNG
import Foundation

/// Reading and writing PNG files through libpng's simplified `png_image` API.
///
/// Every color type and bit depth is read (gray, gray+alpha, RGB, RGBA, palette,
/// 1–16 bit, interlaced) into a linear-light `Image`. 8-bit files go through
/// libpng as 8-bit sRGB and are linearised with the exact table; 16-bit files are
/// read as libpng's 16-bit linear format (16-bit files without gamma information
/// are taken to be sRGB-encoded, as virtually all are).
public enum PNGFile {
    /// One 16-bit RGBA sample as libpng's simplified API gives it (linearised,
    /// premultiplied; still sRGB-encoded when the file says so) → a straight,
    /// linear engine pixel.
    @inline(__always)
    static func straightPixel16(_ s: UnsafePointer<UInt16>, decodeSRGB: Bool) -> SIMD4<Float> {
        let a = Float(s[3]) / 65535
        var px = SIMD4<Float>(Float(s[0]), Float(s[1]), Float(s[2]), 0) / 65535
        // libpng premultiplied the samples; the engine works straight.
        if a > 0 && a < 1 { px /= a }
        if decodeSRGB {
            px = SIMD4(SRGB.decode(min(px.x, 1)), SRGB.decode(min(px.y, 1)), SRGB.decode(min(px.z, 1)), 0)
        }
        px.w = a
        return px
    }

    /// Reads and decodes a file; `threads` convert the decoded rows to linear light.
    public static func read(_ url: URL, limits: PNGLimits = .default, threads: Int = 1) throws -> Image {
        try readWithHeader(url, limits: limits, threads: threads).image
    }

    /// Reads a file and also returns its header (original depth and color type).
    public static func readWithHeader(
        _ url: URL, limits: PNGLimits = .default, threads: Int = 1
    ) throws -> (image: Image, header: PNGHeader) {
        let data: Data
        do { data = try InputFile.read(url.path) } catch {
            throw PNGError(file: url.path, message: error.reason)
        }
        return try decodeWithHeader(data, name: url.path, limits: limits, threads: threads)
    }

    /// Decodes PNG bytes; `name` is used in error messages.
    public static func decode(
        _ data: Data, name: String = "<memory>", limits: PNGLimits = .default, threads: Int = 1
    ) throws -> Image {
        try decodeWithHeader(data, name: name, limits: limits, threads: threads).image
    }

    /// Decodes PNG bytes and returns the header too.
    public static func decodeWithHeader(
        _ data: Data, name: String = "<memory>", limits: PNGLimits = .default,
        threads: Int = 1
    ) throws -> (image: Image, header: PNGHeader) {
        let header = try PNGHeader(data: data, name: name)
        try header.check(limits, name: name)
        try PNGHeader.checkChunkLengths(data, name: name)
        // Deflate cannot expand data more than 1032:1, so a file too small to
        // hold the claimed image is refused before a large buffer is allocated.
        if data.count * 1032 + 4096 < header.rawDataSize {
            throw PNGError(
                file: name,
                message:
                    "truncated or hostile PNG: \(data.count) bytes cannot hold a \(header.width)×\(header.height) "
                        + "image"
            )
        }

        // 16-bit data: libpng's simplified API linearises sRGB with a pure 2.2
        // power, not the sRGB curve. Hide sRGB-ish color chunks from it so it
        // hands over the raw samples, and decode them exactly here.
        var data = data
        var decodeSRGB16 = false
        if header.bitDepth == 16, let stripped = Self.strippingSRGBChunks(data) {
            data = stripped
            decodeSRGB16 = true
        }
        var png = png_image()
        cpng_image_init(&png)
        defer { png_image_free(&png) }
        let began = data.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&png, raw.baseAddress, raw.count)
        }
        guard began != 0 else { throw failure(&png, name, "cannot read PNG header") }
        // libpng has parsed IHDR itself by now; trust its numbers over ours for the size.
        let w = Int(png.width), h = Int(png.height)
        guard w == header.width, h == header.height else {
            throw PNGError(file: name, message: "invalid PNG: inconsistent dimensions")
        }
        let hasAlpha = png.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
        let sixteen = header.bitDepth == 16

        // The conversion to linear floats is per pixel, so it runs on row tiles
        // over `threads`; libpng's inflate before it is one stream, one core.
        let schedule = Schedule(threads: threads)
        var pixels: [SIMD4<Float>]
        if sixteen {
            png.format = UInt32(PNG_FORMAT_FLAG_LINEAR | PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            var buf = [UInt16](unsafeUninitializedCapacity: w * h * 4) { _, n in n = w * h * 4 }
            let ok = buf.withUnsafeMutableBytes { png_image_finish_read(&png, nil, $0.baseAddress, 0, nil) }
            guard ok != 0 else { throw failure(&png, name, "cannot decode PNG data") }
            // libpng's linear formats carry premultiplied alpha; the engine works straight.
            pixels = [SIMD4<Float>](unsafeUninitializedCapacity: w * h) { d, n in
                buf.withUnsafeBufferPointer { s in
                    let src = SharedPointer(base: s.baseAddress!), dst = SharedMutablePointer(base: d.baseAddress!)
                    schedule.forEachTile(rows: h, pixelsPerRow: w) { rows in
                        for i in (rows.lowerBound * w)..<(rows.upperBound * w) {
                            dst.base[i] = Self.straightPixel16(src.base + i * 4, decodeSRGB: decodeSRGB16)
                        }
                    }
                }
                n = w * h
            }
        } else {
            // Opaque files are read as RGB: a quarter less for libpng to write and us to read.
            let channels = hasAlpha ? 4 : 3
            png.format = UInt32(PNG_FORMAT_FLAG_COLOR | (hasAlpha ? PNG_FORMAT_FLAG_ALPHA : 0))
            var buf = [UInt8](unsafeUninitializedCapacity: w * h * channels) { _, n in n = w * h * channels }
            let ok = buf.withUnsafeMutableBytes { png_image_finish_read(&png, nil, $0.baseAddress, 0, nil) }
            guard ok != 0 else { throw failure(&png, name, "cannot decode PNG data") }
            pixels = [SIMD4<Float>](unsafeUninitializedCapacity: w * h) { d, n in
                buf.withUnsafeBufferPointer { s in
                    SRGB.decodeTable8.withUnsafeBufferPointer { t in
                        let src = SharedPointer(base: s.baseAddress!), dst = SharedMutablePointer(base: d.baseAddress!)
                        let lut = SharedPointer(base: t.baseAddress!)
                        schedule.forEachTile(rows: h, pixelsPerRow: w) { rows in
                            let lut = lut.base, s = src.base, d = dst.base
                            for i in (rows.lowerBound * w)..<(rows.upperBound * w) {
                                let o = i * channels
                                let a: Float = channels == 4 ? Float(s[o + 3]) / 255 : 1
                                d[i] = SIMD4(lut[Int(s[o])], lut[Int(s[o + 1])], lut[Int(s[o + 2])], a)
                            }
                        }
                    }
                }
                n = w * h
            }
        }
        return (Image(width: w, height: h, hasAlpha: hasAlpha, pixels: pixels), header)
    }

    /// For a 16-bit file meant as sRGB (an sRGB chunk, a gAMA near 1/2.2, or no
    /// color information at all), the same bytes without sRGB/gAMA/iCCP/cHRM
    /// chunks; nil when the file declares another gamma (libpng converts that)
    /// or its chunk structure cannot be walked (libpng will report why).
    static func strippingSRGBChunks(_ data: Data) -> Data? {
        let b = [UInt8](data)
        var i = 8
        var kept = Data(b[0..<8])
        var sawSRGB = false, gamma: Int? = nil
        while i + 12 <= b.count {
            let len = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard len >= 0, len <= b.count - i - 12 else { return nil }
            let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
            if type == "sRGB" { sawSRGB = true }
            if type == "gAMA" && len == 4 {
                gamma = Int(b[i + 8]) << 24 | Int(b[i + 9]) << 16 | Int(b[i + 10]) << 8 | Int(b[i + 11])
            }
            if !["sRGB", "gAMA", "iCCP", "cHRM"].contains(type) { kept.append(contentsOf: b[i..<(i + 12 + len)]) }
            i += 12 + len
            if type == "IDAT" {
                kept.append(contentsOf: b[i...])
                break
            }
        }
        if !sawSRGB, let g = gamma, abs(g - 45455) > 500 { return nil }
        return kept
    }

    /// Encodes an image as PNG bytes, 8-bit sRGB or 16-bit (libpng writes 16-bit
    /// as linear data with a gAMA 1.0 chunk, which every reader honours).
    ///
    /// 8-bit files are written by `PNGEncoder` with `compression` (default:
    /// libpng's own level 6 and adaptive filters) on `threads` threads; the
    /// bytes do not depend on the thread count. 16-bit files go through
    /// libpng's simplified API, which has no compression level: they are
    /// always written at its defaults, and `compression` does not apply.
    public static func encode(
        _ image: Image, bitDepth: Int = 8, compression: PNGCompression = .default, threads: Int = 1,
        name: String = "<memory>"
    ) throws -> Data {
        guard bitDepth == 8 || bitDepth == 16 else {
            throw PNGError(file: name, message: "can only write 8- or 16-bit PNG, not \(bitDepth)-bit")
        }
        guard image.width > 0, image.height > 0 else {
            throw PNGError(file: name, message: "cannot write an empty \(image.width)×\(image.height) image")
        }
        if bitDepth == 8 {
            let w = image.width, alpha = image.hasAlpha, rowBytes = w * (alpha ? 4 : 3)
            return try image.pixels.withUnsafeBufferPointer { px in
                let src = SharedPointer(base: px.baseAddress!)
                return try PNGEncoder.encode(
                    width: w, height: image.height, channels: alpha ? 4 : 3, compression: compression,
                    threads: threads, name: name
                ) { rows, buffer in
                    for y in rows {
                        SRGB.encodeRow8(
                            src.base + y * w, count: w, alpha: alpha, into: buffer + (y - rows.lowerBound) * rowBytes)
                    }
                }
            }
        }
        return try encode16(image, name: name)
    }

    /// 16-bit through the simplified API, compressed once into a buffer of
    /// the worst-case size (`PNG_IMAGE_PNG_SIZE_MAX`) rather than twice (a
    /// first call with no buffer only to learn the size costs a whole compression).
    static func encode16(_ image: Image, name: String) throws -> Data {
        var png = png_image()
        cpng_image_init(&png)
        defer { png_image_free(&png) }
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        let channels = image.hasAlpha ? 4 : 3
        png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_LINEAR)
        if image.hasAlpha { png.format |= UInt32(PNG_FORMAT_FLAG_ALPHA) }
        var samples = [UInt16](repeating: 0, count: image.pixelCount * channels)
        for i in 0..<image.pixelCount {
            var px = image.pixels[i]
            px = px.clamped(lowerBound: .zero, upperBound: .one)
            if image.hasAlpha { px.x *= px.w; px.y *= px.w; px.z *= px.w }
            let q = (px * 65535).rounded(.toNearestOrEven)
            for c in 0..<channels { samples[i * channels + c] = UInt16(q[c]) }
        }
        var size = Int(cpng_image_png_size_max(&png))
        var out = Data(count: size)
        let ok = samples.withUnsafeBytes { raw in
            out.withUnsafeMutableBytes { dst in
                png_image_write_to_memory(&png, dst.baseAddress, &size, 0, raw.baseAddress, 0, nil)
            }
        }
        guard ok != 0 else { throw failure(&png, name, "cannot encode PNG") }
        out.count = size
        return out
    }

    /// Writes a PNG atomically: to a temporary file in the same directory, then
    /// renamed, so a failure never leaves a half-written file behind.
    public static func write(
        _ image: Image, to url: URL, bitDepth: Int = 8, compression: PNGCompression = .default,
        threads: Int = 1
    ) throws {
        let data = try encode(image, bitDepth: bitDepth, compression: compression, threads: threads, name: url.path)
        try AtomicFile.write(data, to: url)
    }

    static func failure(_ png: inout png_image, _ name: String, _ what: String) -> PNGError {
        let msg = String(cString: cpng_image_message(&png))
        return PNGError(file: name, message: msg.isEmpty ? what : "\(what): libpng says \"\(msg)\"")
    }
}

/// Writes files by temp-file-and-rename.
public enum AtomicFile {
    /// Writes `data` to `url` atomically; the error names the file.
    public static func write(_ data: Data, to url: URL) throws {
        let dir = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PNGError(
                file: url.path, message: "cannot write: the folder '\(dir.path)' does not exist; create it first")
        }
        let tmp = dir.appendingPathComponent(
            ".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try data.write(to: tmp)
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            if DiskFullError.matches(error) { throw DiskFullError(path: url.path) }
            throw PNGError(file: url.path, message: "cannot write: \(InputFile.describe(error))")
        }
        if rename(tmp.path, url.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: tmp)
            if code == ENOSPC || code == EDQUOT { throw DiskFullError(path: url.path) }
            let err = String(cString: strerror(code))
            throw PNGError(file: url.path, message: "cannot write: \(err)")
        }
    }
}
