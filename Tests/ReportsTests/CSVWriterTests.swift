import Foundation
import Testing
@testable import Reports

/// The CSV writer: RFC 4180 quoting, numbers that read back to the same double,
/// missing values, and a round trip through an RFC 4180 parser written here.
@Suite("CSV writer")
struct CSVWriterTests {
    @Test("fields are quoted exactly when RFC 4180 needs it, quotes doubled")
    func quoting() {
        #expect(CSVWriter.field("plain") == "plain")
        #expect(CSVWriter.field("bottom-right → top-left") == "bottom-right → top-left")
        #expect(CSVWriter.field("a, b") == "\"a, b\"")
        #expect(CSVWriter.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVWriter.field("two\nlines") == "\"two\nlines\"")
        #expect(CSVWriter.field("cr\rhere") == "\"cr\rhere\"")
        #expect(CSVWriter.field(" padded") == "\" padded\"" && CSVWriter.field("padded\t") == "\"padded\t\"")
        #expect(CSVWriter.field("") == "")
        #expect(CSVWriter.field("\"") == "\"\"\"\"")
    }

    @Test("numbers: whole numbers bare, others in shortest round-trip form, infinities as R writes them")
    func numbers() {
        #expect(CSVWriter.number(3) == "3" && CSVWriter.number(-2) == "-2" && CSVWriter.number(0) == "0")
        #expect(CSVWriter.number(0.1) == "0.1" && CSVWriter.number(1e-5) == "1e-05")
        #expect(CSVWriter.number(.infinity) == "Inf" && CSVWriter.number(-.infinity) == "-Inf")
        #expect(CSVWriter.number(.nan) == "")
        for x in [0.1 + 0.2, 1.0 / 3, 9.878472995311567, 1e300, Double.leastNonzeroMagnitude, 123456789012345.6, 1e15, 2.5e16] {
            #expect(Double(CSVWriter.number(x)) == x, "\(x)")
        }
    }

    /// Splits RFC 4180 text into records of fields.
    static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = [], record: [String] = [], field = ""
        var quoted = false, afterQuote = false
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { field.append("\""); chars.removeFirst() } else { quoted = false; afterQuote = true }
                } else { field.append(c) }
                continue
            }
            switch c {
            case "\"" where field.isEmpty && !afterQuote: quoted = true
            case ",": record.append(field); field = ""; afterQuote = false
            case "\r\n", "\n", "\r":
                record.append(field); records.append(record); record = []; field = ""; afterQuote = false
            default: field.append(c)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }

    @Test("a table reads back cell for cell; lines end in CRLF; missing is an empty field")
    func roundTrip() throws {
        let columns = [TableColumn("run_id", .int64, meaning: ""), TableColumn("task_label", .string, meaning: ""),
                       TableColumn("photo", .string, optional: true, meaning: ""), TableColumn("time_s", .double, optional: true, meaning: "")]
        let rows: [[TableValue]] = [
            [.int(1), .string("temple, \"hazy\" → whites"), .string("china"), .double(9.878472995311567)],
            [.int(1), .string("two\nlines"), .missing, .missing],
            [.int(2), .string(" lead"), .string("rocket"), .double(-0.5)],
        ]
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("refine-csv-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try CSVWriter(columns: columns, to: url)
        for row in rows { try writer.append(row) }
        let size = try writer.finish()
        let data = try Data(contentsOf: url)
        #expect(data.count == size)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("run_id,task_label,photo,time_s\r\n"))
        #expect(text.contains("1,\"two\nlines\",,\r\n"), "missing values are empty fields; a line break inside quotes stays")
        #expect(text.hasSuffix("\r\n"))
        let records = Self.parse(text)
        #expect(records.count == rows.count + 1)
        #expect(records[0] == columns.map(\.name))
        for (record, row) in zip(records.dropFirst(), rows) {
            for (cell, value) in zip(record, row) {
                switch value {
                case .string(let s): #expect(cell == s)
                case .int(let n): #expect(Int64(cell) == n)
                case .double(let x): #expect(Double(cell) == x)
                case .missing: #expect(cell.isEmpty)
                }
            }
        }
    }
}
