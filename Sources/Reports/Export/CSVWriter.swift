import Foundation

/// Writes a table as CSV (RFC 4180): a header row, then one line per row, lines
/// ending in CRLF; a field holding a comma, a double quote, a line break or
/// leading or trailing spaces is put in double quotes, with its double quotes
/// doubled. A missing value is an empty field. Numbers are written so they read
/// back to the same double (shortest round-trip form; whole numbers without a
/// decimal point; infinities as `Inf`/`-Inf`, as R writes them).
public final class CSVWriter: TableWriter {
    public let columns: [TableColumn]
    private let file: OutputFile
    private var line: [UInt8] = []

    /// Creates `url` and writes the header.
    public init(columns: [TableColumn], to url: URL) throws {
        self.columns = columns
        file = try OutputFile(creating: url)
        try write(columns.map { .string($0.name) })
    }

    public func append(_ row: [TableValue]) throws {
        precondition(row.count == columns.count, "a row of \(row.count) values for \(columns.count) columns")
        try write(row)
    }

    public func finish() throws -> Int { try file.close() }

    private func write(_ row: [TableValue]) throws {
        line.removeAll(keepingCapacity: true)
        for (i, value) in row.enumerated() {
            if i > 0 { line.append(UInt8(ascii: ",")) }
            switch value {
            case .string(let s): line.append(contentsOf: Self.field(s).utf8)
            case .int(let n): line.append(contentsOf: String(n).utf8)
            case .double(let x): line.append(contentsOf: Self.number(x).utf8)
            case .missing: break
            }
        }
        line.append(contentsOf: [13, 10])
        try file.write(line)
    }

    /// `text` as one CSV field: quoted (with its quotes doubled) when it holds a
    /// comma, a double quote, a CR or LF, or starts or ends with a space or tab.
    public static func field(_ text: String) -> String {
        let needsQuotes =
            text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
            || text.first.map { $0 == " " || $0 == "\t" } == true || text.last.map { $0 == " " || $0 == "\t" } == true
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A double as text that reads back to the same value: `3`, `0.1`, `1e-05`, `Inf`; NaN as an empty field.
    public static func number(_ x: Double) -> String {
        if x.isNaN { return "" }
        if x.isInfinite { return x > 0 ? "Inf" : "-Inf" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}
