/// A PNG could not be read or written. The description names the file and says
/// what was expected and what libpng (or the engine) found instead.
public struct PNGError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file (or the name given for in-memory data).
    public let file: String
    /// What went wrong, in libpng's words where it has some.
    public let message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}

/// Limits checked on the header, before any pixel buffer is allocated, so a
/// hostile file claiming 100 000 × 100 000 pixels costs nothing.
public struct PNGLimits: Sendable, Hashable {
    /// Largest accepted `width × height`.
    public var maxPixels: Int
    /// Largest accepted width or height.
    public var maxDimension: Int

    public init(maxPixels: Int = 100_000_000, maxDimension: Int = 65_536) {
        self.maxPixels = maxPixels
        self.maxDimension = maxDimension
    }

    /// 100 megapixels, 65 536 pixels a side.
    public static let `default` = PNGLimits()
}
