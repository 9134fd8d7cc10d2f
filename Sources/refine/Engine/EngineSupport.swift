import ArgumentParser
import Foundation
import ImageEngine

/// Shared helpers for the image-engine commands.
enum EngineCLI {
    /// Prints a value as pretty, key-sorted JSON.
    static func printJSON<T: Encodable>(_ value: T) throws {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try enc.encode(value), as: UTF8.self))
    }

    /// Reads a PNG, turning engine errors into a clean CLI failure.
    static func readPNG(_ path: String, maxPixels: Int? = nil) throws -> (image: Image, header: PNGHeader) {
        var limits = PNGLimits.default
        if let maxPixels { limits.maxPixels = maxPixels }
        do { return try PNGFile.readWithHeader(URL(fileURLWithPath: path), limits: limits) } catch let e as PNGError {
            throw EngineCLIError(e.description)
        }
    }

    /// Writes a PNG atomically, turning engine errors into a clean CLI failure.
    static func writePNG(_ image: Image, _ path: String, bitDepth: Int) throws {
        do { try PNGFile.write(image, to: URL(fileURLWithPath: path), bitDepth: bitDepth) } catch let e as PNGError {
            throw EngineCLIError(e.description)
        }
    }

    static func round(_ v: Double, _ digits: Int = 4) -> Double {
        let p = pow(10, Double(digits))
        return (v * p).rounded() / p
    }
}

/// A failure while running an engine command: printed as "Error: <text>", exit code 1.
struct EngineCLIError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
