import Foundation
import Testing
import UserModels

/// Report prose and the docs name the people's parameters (`motor.release_speed_pt_s`) to say what a
/// result rests on; a renamed or removed parameter would leave them naming nothing. Every such name in
/// the text reports print (the string literals of Sources/Reports and Sources/Questions), in the
/// committed reports and in Docs must be in `ParameterCatalog` (`motor.landing_*`: some parameter
/// starting so).
@Suite struct ProseParameterTests {
    static let root = ArchitectureTests.root
    static let groups = [
        "agent", "belief", "cognition", "gesture", "learning", "memory", "motor", "paint", "perception",
        "preference", "signifier", "style",
    ]

    /// The parameter-like names in `text`: a group, a dot, a lower-case name, perhaps a `*`.
    static func names(in text: Substring) -> [String] {
        let bytes = Array(text.utf8)
        func isName(_ b: UInt8) -> Bool { (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 95 }
        var out: [String] = [], i = 0
        while i < bytes.count {
            guard bytes[i] >= 97 && bytes[i] <= 122, i == 0 || !isName(bytes[i - 1]) else { i += 1; continue }
            var j = i
            while j < bytes.count && isName(bytes[j]) { j += 1 }
            let word = String(decoding: bytes[i..<j], as: UTF8.self)
            if groups.contains(word), j + 1 < bytes.count, bytes[j] == 46, bytes[j + 1] >= 97 && bytes[j + 1] <= 122 {
                var k = j + 1
                while k < bytes.count && isName(bytes[k]) { k += 1 }
                if k < bytes.count && bytes[k] == 42 { k += 1 }
                out.append(String(decoding: bytes[i..<k], as: UTF8.self))
                j = k
            }
            i = j
        }
        return out
    }

    /// Names of the same shape that are not parameters: the replay page's JavaScript.
    static let notParameters: Set<String> = ["style.display"]

    /// The parameter-like names in `text` that the catalogue does not have.
    static func unknownNames(in text: Substring) -> [String] {
        names(in: text).filter { !notParameters.contains($0) }.filter { found in
            found.hasSuffix("*") ? !paths.contains { $0.hasPrefix(found.dropLast()) } : !paths.contains(found)
        }
    }

    static let paths = Set(ParameterCatalog.all.map(\.path))

    /// The text inside string literals (one-line and multi-line) of a Swift file.
    static func literals(_ source: String) -> [Substring] {
        var out: [Substring] = [], inBlock = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let blockQuotes = line.components(separatedBy: "\"\"\"").count - 1
            if inBlock || blockQuotes > 0 {
                out.append(line)
                if blockQuotes % 2 == 1 { inBlock.toggle() }
                continue
            }
            let pieces = line.split(separator: "\"", omittingEmptySubsequences: false)
            out += pieces.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
        return out
    }

    static func files(under folder: String, ending: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        let found = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        return (found?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent.hasSuffix(ending) }
    }

    @Test("every parameter that report prose, reports and docs name is in the catalogue")
    func proseNamesCatalogueParameters() {
        var unknown: [String] = [], seen = 0
        for file in Self.files(under: "Sources/Reports", ending: ".swift")
            + Self.files(under: "Sources/Questions", ending: ".swift")
        {
            for literal in Self.literals(ArchitectureTests.text(file)) {
                seen += Self.names(in: literal).count
                unknown += Self.unknownNames(in: literal).map { "\(file.lastPathComponent): \($0)" }
            }
        }
        for file in Self.files(under: "Docs", ending: ".md") + Self.files(under: "Reports", ending: ".md") {
            // Markdown escapes the underscores and stars of a name the reports print (`motor.speed\\_cv`).
            let text = ArchitectureTests.text(file).replacingOccurrences(of: "\\_", with: "_")
                .replacingOccurrences(of: "\\*", with: "*")
            seen += Self.names(in: Substring(text)).count
            unknown += Self.unknownNames(in: Substring(text)).map { "\(file.lastPathComponent): \($0)" }
        }
        #expect(seen > 100, "the scan finds the names the reports print")
        #expect(unknown.isEmpty, "not in ParameterCatalog: \(Set(unknown).sorted())")
    }

    @Test("a misspelt parameter in prose is found; a catalogued one and a prefix of some are not")
    func findsMisspelling() {
        #expect(Self.unknownNames(in: "rests on motor.release_speed_pt_s and motor.landing_*") == [])
        #expect(Self.unknownNames(in: "rests on motor.release_speed") == ["motor.release_speed"])
        #expect(Self.unknownNames(in: "see gesture.nothing_*") == ["gesture.nothing_*"])
        #expect(Self.literals("let a = \"x motor.speed_cv\" + y.motor").map(String.init) == ["x motor.speed_cv"])
    }
}
