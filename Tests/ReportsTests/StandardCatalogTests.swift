import Foundation
import Harness
@testable import Questions
@testable import Reports
import Testing

@Suite("The standard question catalog")
struct StandardCatalogTests {
    @Test("every question is a full plug-in whose names agree")
    func consistent() {
        for question in QuestionCatalog.standard.questions {
            #expect(question is any Question, "\(question.name) has no report")
            #expect(question.design.strategies.allSatisfy { $0.question == question.name })
            #expect(Set(question.metricNames).count == question.metricNames.count, "\(question.name) lists a metric twice")
            #expect(!question.metricNames.contains("session_trial"), "the runner adds session_trial itself")
        }
    }

    @Test("every spec in Experiments/ names a question of the catalog")
    func specsResolve() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let paths = SpecLoader.specPaths(in: root.appendingPathComponent("Experiments").path)
        #expect(!paths.isEmpty)
        for path in paths {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let question = text.split(separator: "\n").first { $0.hasPrefix("question:") }?
                .dropFirst("question:".count).trimmingCharacters(in: .whitespaces)
            #expect(question.flatMap { QuestionCatalog.standard.question(named: $0) } != nil, "\(path)")
        }
    }
}
