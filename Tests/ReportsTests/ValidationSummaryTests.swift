import Foundation
@testable import Reports
import Testing

/// The reports' index opens with the validation's summary when there is one, and a malformed one is named.
@Suite("Validation summary on the index")
struct ValidationSummaryTests {
    @Test("the index opens with the summary and a link to the validation report; without one, with the answers")
    func indexOpensWithTheSummary() throws {
        let summary = ValidationSummary(replications: "3 findings from 2 studies: direction agrees in 1 of 2",
                                        fit: "Out of sample: direction 1 of 2.", lawChecksPassing: 8, lawChecks: 9)
        let with = ExperimentIndex.document([], validation: summary).markdown
        #expect(with.contains("published human results: 3 findings from 2 studies: direction agrees in 1 of 2; "
            + "8 of 9 law checks pass. A fit of some of their parameters to the studies (reported, not adopted): "
            + "Out of sample: direction 1 of 2."))
        #expect(with.contains("(validation/index.html)"))
        let without = ExperimentIndex.document([]).markdown
        #expect(!without.contains("published human results") && !without.contains("validation/index.html"))
    }

    @Test("a summary round-trips through its folder; a malformed one names the file and what to do")
    func readBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refine-summary-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ValidationSummary.read(inReport: folder) == nil)
        let summary = ValidationSummary(replications: "r", fit: nil, lawChecksPassing: 1, lawChecks: 1)
        try JSONFiles.write(summary, to: folder.appendingPathComponent(ValidationSummary.file))
        #expect(try ValidationSummary.read(inReport: folder) == summary)
        try Data("{\"fit\": 3}".utf8).write(to: folder.appendingPathComponent(ValidationSummary.file))
        do {
            _ = try ValidationSummary.read(inReport: folder)
            Issue.record("a malformed summary was read")
        } catch let e as ReportError {
            #expect(e.description.contains("summary.json") && e.description.contains("refine validate"))
        }
    }
}
