import Foundation
import Testing

/// Issue 49, a designer's path through the executable: a declared copy of a design, edited, drawn, run,
/// reported, replayed from the run alone and gated like any strategy.
@Suite("refine, declared designs end to end", .serialized)
struct DeclaredDesignCLITests {
    let fm = FileManager.default
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data/photos").path

    @Test("new design, wireframe, run, report, replay without the file, baseline and check")
    func designersPath() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        let made = try CLI.run(["new", "design", "three", "--like", "six-sliders", "--folder", "Designs"], in: dir)
        #expect(made.status == 0 && made.stdout == "Designs/three.yaml\n", "\(made.stderr)")
        let file = dir.appendingPathComponent("Designs/three.yaml")
        let copied = try String(contentsOf: file, encoding: .utf8)
        let again = try CLI.run(["new", "design", "three", "--like", "six-sliders", "--folder", "Designs"], in: dir)
        #expect(again.status == 2 && again.stderr.contains("exists; refine never replaces"))
        #expect(try String(contentsOf: file, encoding: .utf8) == copied)
        // The designer's edit: three sliders in a shorter panel.
        let three = copied.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !($0.contains("id: black_level") || $0.contains("id: contrast") || $0.contains("id: white_level")) }
            .joined(separator: "\n").replacingOccurrences(of: "size_pt: 304", with: "size_pt: 160")
        try three.write(to: file, atomically: true, encoding: .utf8)
        let spec = """
            name: three-or-six
            question: exposure
            seed: 4
            devices: [iphone-15-portrait]
            strategies: [six-sliders, Designs/three.yaml]
            population: {participants: 6, expert_fraction: 0}
            tasks:
              - {id: rocket, photo: \(Self.photos)/rocket.png, goal: {shadows: 0.6}}
            limits: {time_limit_s: 40, max_attempts: 30}
            gate:
              metrics:
                reached_effect: {absolute: 0.05, worse: lower}
            """
        try spec.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)

        let drawn = try CLI.run(["wireframe", "s.yaml", "--out", "wf"], in: dir)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(fm.fileExists(atPath: dir.appendingPathComponent("wf/three-iphone-15-portrait-start.png").path))
        #expect(try CLI.run(["run", "s.yaml", "--db", "r.sqlite", "--quiet"], in: dir).status == 0)
        let report = try CLI.run(["report", "s.yaml", "--db", "r.sqlite", "--out", "rep"], in: dir)
        #expect(report.status == 0, "\(report.stderr)")
        let markdown = try String(contentsOf: dir.appendingPathComponent("rep/report.md"), encoding: .utf8)
        #expect(markdown.contains("three: Six labelled sliders") || markdown.contains("| three |"), "\(markdown.prefix(600))")

        // The run keeps the design: with the file gone, the replay relives a trial from the stored spec alone.
        try fm.removeItem(at: file)
        let replay = try CLI.run(["replay", "--typical", "three", "--db", "r.sqlite", "--out", "rp"], in: dir)
        #expect(replay.status == 0 && !replay.stderr.contains("differs"), "\(replay.stderr)")
        try three.write(to: file, atomically: true, encoding: .utf8)

        let baseline = try CLI.run(["baseline", "update", "s.yaml", "--db", "r.sqlite", "--output", "b.json"], in: dir)
        #expect(baseline.status == 0, "\(baseline.stderr)")
        let check = try CLI.run(["check", "s.yaml", "--baseline", "b.json", "--db", "r.sqlite"], in: dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("three"), "\(check.stdout)")
    }

    @Test("refine new design refuses a NAME with a line break and a folder that is a file, with exit 2")
    func newDesignRefusals() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        let newline = try CLI.run(["new", "design", "nl\n", "--like", "tap-margin", "--folder", "d"], in: dir)
        #expect(newline.status == 2 && newline.stderr.contains("NAME"), "\(newline.stderr)")
        try "x".write(to: dir.appendingPathComponent("f"), atomically: true, encoding: .utf8)
        let file = try CLI.run(["new", "design", "m", "--like", "tap-margin", "--folder", "f"], in: dir)
        #expect(file.status == 2 && file.stderr.contains("exists and is not a folder"), "\(file.stderr)")
        #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == ["f"])
    }
}
