import Foundation
import Testing

/// `Docs/Spec.md` is `refine list spec`'s output: the parser's own key tables, so the reference cannot drift.
@Suite("The spec reference")
struct SpecReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("Docs/Spec.md is what `refine list spec` prints, and names every top-level field and every question")
    func referenceIsGenerated() throws {
        let r = try CLI.run(["list", "spec"], in: Self.root)
        #expect(r.status == 0, "\(r.stderr)")
        let committed = try String(contentsOf: Self.root.appendingPathComponent("Docs/Spec.md"), encoding: .utf8)
        #expect(r.stdout == committed, "Docs/Spec.md is stale: run `refine list spec > Docs/Spec.md`")
        for field in ["name", "question", "strategies", "population", "tasks", "limits", "gate", "sensitivity"] {
            #expect(r.stdout.contains("| `\(field)` |"), "\(field)")
        }
        let specs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Experiments").path)
            .filter { $0.hasSuffix(".yaml") }
        #expect(specs.count > 10)
        // A field the parser refuses is not in the reference.
        #expect(!r.stdout.contains("`participant`"))
        #expect(try CLI.run(["list", "spec", "--json"], in: Self.root).status == 2)
    }
}
