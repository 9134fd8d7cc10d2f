import Foundation
import Testing
import UserModels

@testable import Questions

/// The reports' prose lives in Markdown beside each report (`ReportProse`): every paragraph the code asks for
/// exists, every paragraph is asked for, and every parameter a paragraph names is one the catalogue has.
@Suite struct ReportProseTests {
    static let questions = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../Sources/Questions").standardized

    /// `ReportProse.<name>["<key>"]` uses in the Questions sources: (file's name, key).
    static func uses() throws -> Set<[String]> {
        let files = FileManager.default.enumerator(at: questions, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        let use = /ReportProse\.([a-zA-Z]+)\["([^"]+)"\]/
        var found: Set<[String]> = []
        for file in files {
            for m in try String(contentsOf: file, encoding: .utf8).matches(of: use) {
                found.insert([String(m.1), String(m.2)])
            }
        }
        return found
    }

    @Test func everyParagraphAskedForExistsAndEveryOneIsUsed() throws {
        let uses = try Self.uses()
        #expect(uses.count > 20)
        for use in uses {
            let prose = try #require(ReportProse.byName[use[0]], "ReportProse.\(use[0]) is not listed here")
            #expect(prose.paragraphs[use[1]] != nil, "\(prose.file) has no '## \(use[1])'")
        }
        for (name, prose) in ReportProse.byName {
            for key in prose.paragraphs.keys {
                #expect(uses.contains([name, key]), "\(prose.file): '## \(key)' is not used by any report")
            }
        }
    }

    @Test func parametersNamedAreCatalogued() {
        let groups = Set(ParameterCatalog.all.map { String($0.path.split(separator: ".")[0]) })
        let name = /\b([a-z]+)\.([a-z][a-z0-9_]*)\b/
        var checked = 0
        for prose in ReportProse.byName.values {
            for (key, text) in prose.paragraphs {
                for m in text.matches(of: name) where groups.contains(String(m.1)) {
                    checked += 1
                    let path = "\(m.1).\(m.2)"
                    #expect(ParameterCatalog.definition(path) != nil, "\(prose.file) '## \(key)' names \(path)")
                }
            }
        }
        #expect(checked > 10)
    }

    @Test func paragraphsJoinLinesWithOneSpace() {
        let prose = ReportProse(
            Array("<!-- a note\nover two lines -->\n\n## first\nOne line\nand the next.\n\n## second\nAlone.\n".utf8),
            file: "test.md")
        #expect(prose.paragraphs == ["first": "One line and the next.", "second": "Alone."])
    }
}
