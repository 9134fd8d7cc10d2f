import Foundation
import Testing

/// `refine audit` end to end: the committed baseline passes on this code, the
/// report folder is written, bad input exits 2.
@Suite("refine audit")
struct AuditCLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the committed audit baseline passes on this code; a missing baseline or unknown device exits 2")
    func check() throws {
        let pass = try CLI.run(["audit", "--check", "--no-report", "--device", "iphone-se"], in: Self.root)
        #expect(pass.status == 0, "\(pass.stdout)\(pass.stderr)")
        #expect(pass.stdout.contains("check: pass"))
        #expect(pass.stdout.contains("(100%)") && pass.stdout.contains("not audited (no screens): none"), "\(pass.stdout)")
        let missing = try CLI.run(["audit", "--check", "--no-report", "--baseline", "no-such.json", "--device", "iphone-se"], in: Self.root)
        #expect(missing.status == 2 && missing.stderr.contains("no-such.json"))
        let unknown = try CLI.run(["audit", "--no-report", "--device", "nokia-3310"], in: Self.root)
        #expect(unknown.status == 2 && unknown.stderr.contains("nokia-3310"))
    }

    @Test("the report has HTML, Markdown, JSON and a wireframe PNG for each violating screen")
    func report() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("audit")
        let r = try CLI.run(["audit", "--out", out.path, "--experiments", "", "--device", "iphone-15"], in: Self.root)
        #expect(r.status == 0, "\(r.stderr)")
        for file in ["index.html", "report.md", "audit.json"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path))
        }
        let frames = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("wireframes").path)
        #expect(!frames.isEmpty && frames.allSatisfy { $0.hasSuffix(".png") })
        let md = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(md.contains("iphone-15-portrait/L/en/ltr") && md.contains("wireframes/"))
    }
}
