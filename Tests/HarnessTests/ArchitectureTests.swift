import Foundation
import Harness
@testable import Questions
import Testing

/// Keeps the module picture of the README honest: a question is one folder and
/// one line in the registry; Statistics sees neither the people nor the pixels;
/// no line in Sources is longer than 120 characters.
@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func swiftFiles(under folder: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        let found = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        return (found?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    static func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    @Test("every registered question has its folder, its plug-in file and its tests")
    func everyQuestionIsOneFolder() {
        let testFiles = Self.swiftFiles(under: "Tests")
        let tests = testFiles.map(Self.text).joined(separator: "\n")
        for question in QuestionCatalog.standard.questions {
            let type = String(describing: Swift.type(of: question))
            let name = String(type.dropLast("Question".count))
            #expect(type.hasSuffix("Question"), "\(type): a plug-in is named <Name>Question")
            let folder = Self.root.appendingPathComponent("Sources/Questions/\(name)")
            let plugIn = folder.appendingPathComponent("\(type).swift")
            #expect(FileManager.default.fileExists(atPath: plugIn.path), "\(question.name): no \(plugIn.path)")
            let named = testFiles.map(\.lastPathComponent).contains {
                $0.hasPrefix(name) && $0.hasSuffix("Tests.swift")
            }
            #expect(named || tests.contains("\(name)Simulator") || tests.contains(type),
                    "\(question.name): no \(name)…Tests.swift, and no test names \(name)Simulator or \(type)")
        }
    }

    @Test("every spec in Experiments/ names a registered question")
    func everySpecIsRegistered() throws {
        let names = Set(QuestionCatalog.standard.names)
        let folder = Self.root.appendingPathComponent("Experiments")
        let specs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        #expect(!specs.isEmpty)
        for file in specs {
            let text = Self.text(folder.appendingPathComponent(file))
            let line = text.split(separator: "\n").first { $0.hasPrefix("question:") }
            let question = line.map { $0.dropFirst("question:".count).trimmingCharacters(in: .whitespaces) }
            #expect(question.map(names.contains) == true, "\(file): question \(question ?? "none") is not registered")
        }
    }

    @Test("Statistics imports neither the people, the pixels nor the harness")
    func statisticsStandsAlone() {
        let files = Self.swiftFiles(under: "Sources/Statistics")
        #expect(!files.isEmpty)
        for file in files {
            for line in Self.text(file).split(separator: "\n") where line.hasPrefix("import ") {
                let module = line.dropFirst("import ".count)
                #expect(["Foundation", "Randomness", "Kernels", "CKernels", "Synchronization"].contains(module),
                        "\(file.lastPathComponent) imports \(module)")
            }
        }
    }

    /// A type declared in Sources that no other line of Sources names is there
    /// only for tests (or for nobody): it belongs in `Tests/TestSupport` or in
    /// the test target that uses it, or it goes.
    @Test("every type declared in Sources is used by Sources")
    func noTypeOnlyForTests() throws {
        let declaration = try Regex(
            #"(?m)^\s*(?:(?:public|package|private|fileprivate|internal|final|indirect) )*"#
                + #"(?:struct|class|enum|protocol|actor|typealias) +([A-Z]\w*)"#)
        let sources = Self.swiftFiles(under: "Sources").map(Self.text).joined(separator: "\n")
        var declared: [String: Int] = [:]
        for match in sources.matches(of: declaration) {
            if let name = match.output[1].substring { declared[String(name), default: 0] += 1 }
        }
        var words: [Substring: Int] = [:]
        for word in sources.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
            words[word, default: 0] += 1
        }
        let unused = declared.filter { name, count in words[Substring(name), default: 0] <= count }.keys.sorted()
        #expect(declared.count > 100 && unused.isEmpty, "declared in Sources, named nowhere else there: \(unused)")
    }

    /// Lines over 120 characters anywhere in Sources, string literals included
    /// (SQL, gnuplot scripts and help text wrap too): none.
    static let longLinesAllowed = 0

    @Test("no line in Sources over 120 characters")
    func lineLength() {
        var long: [String] = []
        for file in Self.swiftFiles(under: "Sources") {
            for (n, line) in Self.text(file).components(separatedBy: "\n").enumerated()
            where line.unicodeScalars.count > 120 {
                long.append("\(file.path.dropFirst(Self.root.path.count + 1)):\(n + 1)")
            }
        }
        #expect(long.count <= Self.longLinesAllowed,
                "\(long.count) lines over 120 characters (allowed \(Self.longLinesAllowed)): \(long.prefix(20))")
    }
}
