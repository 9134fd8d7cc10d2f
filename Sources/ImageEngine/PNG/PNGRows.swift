import CPNG
import Foundation

/// Reading a PNG a row at a time, for figures about photos too large to hold
/// decoded: a 100-megapixel 16-bit photo is 1.6 GB as an `Image` but a few
/// hundred kilobytes a row. Rows carry the same linear-light values `PNGFile.read`
/// gives (the same libpng conversions, the same exact sRGB decoding), so
/// statistics gathered row by row match those of the whole image.
public enum PNGRows {
    /// Calls `body` with every row's pixels once, top to bottom; an interlaced file's
    /// rows come pass by pass (each pixel exactly once, in another order). Returns the
    /// header and whether the image has alpha (an alpha channel or a tRNS chunk).
    @discardableResult
    public static func forEach(
        _ path: String, limits: PNGLimits = .default,
        _ body: (UnsafeBufferPointer<SIMD4<Float>>) throws -> Void
    ) throws -> (header: PNGHeader, hasAlpha: Bool) {
        if let problem = InputFile.problem(at: path) { throw PNGError(file: path, message: problem) }
        let (prefix, size) = try readPrefix(path)
        let header = try PNGHeader(data: prefix, name: path)
        try header.check(limits, name: path)
        try PNGHeader.checkChunkLengths(file: path, size: size)
        if size * 1032 + 4096 < header.rawDataSize {
            throw PNGError(
                file: path,
                message: "truncated or hostile PNG: \(size) bytes cannot hold a "
                    + "\(header.width)×\(header.height) image")
        }
        // As in PNGFile.decode: 16-bit sRGB-ish files are taken raw and decoded with the
        // exact sRGB curve; 16-bit files declaring another gamma are linearised by libpng.
        let decodeSRGB16 = header.bitDepth == 16 && declaresSRGB(path)

        var r = cpng_rows()
        defer { cpng_rows_close(&r) }
        guard cpng_rows_open(&r, path, decodeSRGB16 ? 2 : 1) == 0 else { throw failure(&r, path) }
        guard Int(r.width) == header.width, Int(r.height) == header.height else {
            throw PNGError(file: path, message: "invalid PNG: inconsistent dimensions")
        }
        let w = header.width
        var raw = [UInt8](repeating: 0, count: max(r.row_bytes, w * (r.sixteen != 0 ? 8 : 4)))
        var pixels = [SIMD4<Float>](repeating: .zero, count: w)
        let lut = SRGB.decodeTable8
        for pass in 0..<cpng_rows_passes(&r) {
            let cols = Int(cpng_rows_pass_width(&r, Int32(pass))), rows = Int(cpng_rows_pass_height(&r, Int32(pass)))
            guard cols > 0 && rows > 0 else { continue }
            for _ in 0..<rows {
                guard raw.withUnsafeMutableBytes({ cpng_rows_read(&r, $0.baseAddress) }) == 0 else {
                    throw failure(&r, path)
                }
                pixels.withUnsafeMutableBufferPointer { d in
                    if r.sixteen != 0 {
                        raw.withUnsafeBytes { bytes in
                            let s = bytes.bindMemory(to: UInt16.self)
                            for i in 0..<cols {
                                d[i] = PNGFile.straightPixel16(s.baseAddress! + i * 4, decodeSRGB: decodeSRGB16)
                            }
                        }
                    } else {
                        for i in 0..<cols {
                            let o = i * 4
                            d[i] = SIMD4(
                                lut[Int(raw[o])], lut[Int(raw[o + 1])], lut[Int(raw[o + 2])], Float(raw[o + 3]) / 255)
                        }
                    }
                }
                try pixels.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<cols])) }
            }
        }
        return (header, r.has_alpha != 0)
    }

    /// The first bytes of the file (enough for the header) and its size.
    static func readPrefix(_ path: String) throws -> (Data, Int) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PNGError(file: path, message: "cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { try? handle.close() }
        let prefix = handle.readData(ofLength: 64)
        let size = Int((try? handle.seekToEnd()) ?? 0)
        return (prefix, size)
    }

    /// Whether a 16-bit file is meant as sRGB, decided as `PNGFile.strippingSRGBChunks`
    /// does (an sRGB chunk, a gAMA near 1/2.2, or no colour information), walking the
    /// chunks before the image data without reading the data itself.
    static func declaresSRGB(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let size = Int((try? handle.seekToEnd()) ?? 0)
        var i = 8
        var sawSRGB = false, gamma: Int? = nil
        while i + 12 <= size {
            guard (try? handle.seek(toOffset: UInt64(i))) != nil else { return false }
            let b = [UInt8](handle.readData(ofLength: 12))
            guard b.count == 12 else { return false }
            let len = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
            guard len <= size - i - 12 else { return false }
            let type = String(decoding: b[4..<8], as: UTF8.self)
            if type == "sRGB" { sawSRGB = true }
            if type == "gAMA" && len == 4 { gamma = Int(b[8]) << 24 | Int(b[9]) << 16 | Int(b[10]) << 8 | Int(b[11]) }
            if type == "IDAT" { break }
            i += 12 + len
        }
        return !(!sawSRGB && gamma.map { abs($0 - 45455) > 500 } == true)
    }

    static func failure(_ r: inout cpng_rows, _ path: String) -> PNGError {
        let message = withUnsafeBytes(of: &r.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return PNGError(
            file: path,
            message: message.isEmpty ? "cannot decode PNG data" : "cannot decode PNG data: libpng says \"\(message)\"")
    }
}
