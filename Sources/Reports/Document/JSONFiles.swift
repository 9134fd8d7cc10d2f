import Foundation
import ImageEngine

/// JSON as Refine writes it for people and scripts: pretty-printed, keys
/// sorted (so files diff well), slashes unescaped.
public enum JSONFiles {
    public static func encoded<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// What was wrong with a JSON file, in the user's words: the field and what was expected,
    /// never the decoder's own text (`DecodingError`, coding paths, debug descriptions).
    public static func problem(_ error: any Error) -> String {
        func field(_ path: [any CodingKey]) -> String {
            let names = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return names.reduce("") { $0.isEmpty || $1.hasPrefix("[") ? $0 + $1 : $0 + "." + $1 }
        }
        func kind(_ type: Any.Type) -> String {
            switch type {
            case is Double.Type, is Float.Type, is Int.Type, is Int64.Type, is UInt64.Type, is Int32.Type: "a number"
            case is String.Type: "a string"
            case is Bool.Type: "true or false"
            default: "\(type)".hasPrefix("Array") ? "a list" : "an object"
            }
        }
        guard let error = error as? DecodingError else { return "not valid JSON" }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field '\(field(context.codingPath + [key]))'"
        case .typeMismatch(let type, let context):
            let at = field(context.codingPath)
            return at.isEmpty ? "expected \(kind(type)) at the top level" : "field '\(at)': expected \(kind(type))"
        case .valueNotFound(let type, let context):
            return "field '\(field(context.codingPath))': expected \(kind(type)), got null"
        case .dataCorrupted(let context):
            let at = field(context.codingPath)
            if at.isEmpty { return "not valid JSON" }
            // Refine's own decoders word their debug descriptions for people (BaselineSample).
            return "field '\(at)': \(context.debugDescription)"
        @unknown default:
            return "not valid JSON"
        }
    }

    /// The `T` stored at `path`, or nil when there is no such file. A file that cannot be read (a folder, a FIFO,
    /// no permission) or is not a `T` is a `ReportError` naming the path, `what` it should be and `remedy`.
    public static func readIfPresent<T: Decodable>(_ type: T.Type, at path: String, what: String,
                                                   remedy: String) throws -> T? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do { data = try InputFile.read(path) } catch { throw ReportError(error.description) }
        do { return try JSONDecoder().decode(T.self, from: data) } catch {
            throw ReportError("\(path): not \(what) (\(problem(error))); \(remedy)")
        }
    }

    /// Writes `value` atomically (a temporary file renamed into place).
    public static func write<T: Encodable>(_ value: T, to url: URL) throws {
        try encoded(value).write(to: url, options: .atomic)
    }
}
