import ArgumentParser
import Foundation
import ImageEngine

/// Shared helpers for the image-engine commands.
enum EngineCLI {
    /// Reads a PNG, turning engine errors into a clean CLI failure.
    static func readPNG(
        _ path: String, maxPixels: Int? = nil, threads: Int = 1
    ) throws -> (image: Image, header: PNGHeader) {
        var limits = PNGLimits.default
        if let maxPixels { limits.maxPixels = maxPixels }
        return try pngErrors {
            try PNGFile.readWithHeader(URL(fileURLWithPath: path), limits: limits, threads: threads)
        }
    }

    /// Writes a PNG atomically, turning engine errors into a clean CLI failure.
    static func writePNG(
        _ image: Image, _ path: String, bitDepth: Int, compression: PNGCompression = .default,
        threads: Int = 1
    ) throws {
        try pngErrors {
            try PNGFile.write(
                image, to: URL(fileURLWithPath: path), bitDepth: bitDepth, compression: compression, threads: threads)
        }
    }

    /// Runs `body`, turning a `PNGError` into a clean CLI failure (exit 2, one line).
    static func pngErrors<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as PNGError { throw InputError(e.description) }
    }

    static func round(_ v: Double, _ digits: Int = 4) -> Double {
        let p = pow(10, Double(digits))
        return (v * p).rounded() / p
    }
}
