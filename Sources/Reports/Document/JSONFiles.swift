import Foundation

/// JSON as Refine writes it for people and scripts: pretty-printed, keys
/// sorted (so files diff well), slashes unescaped.
public enum JSONFiles {
    public static func encoded<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// Writes `value` atomically (a temporary file renamed into place).
    public static func write<T: Encodable>(_ value: T, to url: URL) throws {
        try encoded(value).write(to: url, options: .atomic)
    }
}
