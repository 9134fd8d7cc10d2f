import ArgumentParser
import Foundation
import ImageEngine

/// Shared helpers for the image-engine commands.
enum EngineCLI {
    /// Reads a PNG, turning engine errors into a clean CLI failure.
    static func readPNG(_ path: String, maxPixels: Int? = nil) throws -> (image: Image, header: PNGHeader) {
        var limits = PNGLimits.default
        if let maxPixels { limits.maxPixels = maxPixels }
        do { return try PNGFile.readWithHeader(URL(fileURLWithPath: path), limits: limits) } catch let e as PNGError {
            throw InputError(e.description)
        }
    }

    /// Writes a PNG atomically, turning engine errors into a clean CLI failure.
    static func writePNG(_ image: Image, _ path: String, bitDepth: Int) throws {
        do { try PNGFile.write(image, to: URL(fileURLWithPath: path), bitDepth: bitDepth) } catch let e as PNGError {
            throw InputError(e.description)
        }
    }

    static func round(_ v: Double, _ digits: Int = 4) -> Double {
        let p = pow(10, Double(digits))
        return (v * p).rounded() / p
    }
}

