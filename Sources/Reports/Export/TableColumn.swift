import Foundation

/// One column of an exported table: its name, its type in the file, whether it
/// may be missing, and what it holds (for the README written beside the table).
public struct TableColumn: Sendable, Hashable {
    /// How a column is stored: text (Parquet BYTE_ARRAY, UTF-8), a whole number
    /// (INT64) or a real number (DOUBLE).
    public enum Kind: String, Sendable, Hashable {
        case string, int64, double
    }

    public var name: String
    public var kind: Kind
    /// True when some rows may have no value (empty in CSV, null in Parquet).
    public var optional: Bool
    /// One line on what the column holds.
    public var meaning: String

    public init(_ name: String, _ kind: Kind, optional: Bool = false, meaning: String) {
        self.name = name
        self.kind = kind
        self.optional = optional
        self.meaning = meaning
    }
}

/// One cell of an exported table.
public enum TableValue: Sendable, Hashable {
    case string(String)
    case int(Int64)
    case double(Double)
    case missing
}

/// Something that takes a table row by row: the CSV and Parquet writers.
/// Rows must match the columns the writer was made with, in order and in kind.
public protocol TableWriter: AnyObject {
    /// Appends one row.
    func append(_ row: [TableValue]) throws
    /// Writes whatever is buffered and closes the file; returns its size in bytes.
    func finish() throws -> Int
}
