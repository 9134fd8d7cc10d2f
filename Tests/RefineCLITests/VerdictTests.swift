import Foundation
import Testing

/// What a designer reads and a CI pipeline acts on (issue 48): the verdict's direction comes from
/// the metric, `report SPEC` presents the run with SPEC when SPEC defines the run's trials and refuses
/// otherwise, `check` says what it compared and writes JUnit and Markdown, `run --seed
/// --participants` and `show` tell runs apart.
@Suite("Verdicts and the CI kit")
struct VerdictTests {
    /// A tap-margin variant with no sensitivity section and no gate: the designer's first spec.
    static let tapSpec = """
        name: margins
        question: tap-margin
        seed: 3
        devices: [iphone-15-portrait]
        strategies:
          - design: tap-margin
            label: margin-4
            parameters: {margin_pt: 4}
          - design: tap-margin
            label: margin-16
            parameters: {margin_pt: 16}
        population: {participants: 30}
        tasks:
          - {intent: tap, size_pt: 28, gap_pt: 4}
          - {intent: tap, size_pt: 28, gap_pt: 16}
        metrics: [right_first_time]
        report: {bootstrap_resamples: 200}

        """

    @Test("a rate's verdict says higher is better and names the strategy with the higher rate")
    func directionFromTheMetric() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.tapSpec.write(to: dir.appendingPathComponent("margins.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["run", "margins.yaml", "--db", "m.sqlite", "--quiet"], in: dir).status == 0)
        let report = try CLI.run(["report", "margins.yaml", "--db", "m.sqlite", "--out", "out"], in: dir)
        #expect(report.status == 0, "\(report.stderr)")
        let answer = try JSONSerialization.jsonObject(
            with: Data(contentsOf: dir.appendingPathComponent("out/answer.json"))) as! [String: Any]
        let verdict = (answer["verdicts"] as! [String]).first!
        #expect(verdict.contains("(higher is better)"), "\(verdict)")
        // The rates, as `compare` reads them: the verdict may only name the one with the higher rate.
        let compare = try CLI.run(["compare", "margin-4", "margin-16", "--db", "m.sqlite",
                                   "--metric", "right_first_time", "--json"], in: dir)
        let row = (try JSONSerialization.jsonObject(with: Data(compare.stdout.utf8)) as! [[String: Any]]).first!
        let (a, b) = (row["a"] as! Double, row["b"] as! Double)
        if verdict.contains("margin-16 is better") { #expect(b > a, "\(verdict): \(a) vs \(b)") }
        if verdict.contains("margin-4 is better") { #expect(a > b, "\(verdict): \(a) vs \(b)") }
        // compare ends with the same rule and direction: never the opposite verdict.
        let compared = row["verdict"] as? String
        if verdict.contains("margin-16 is better") { #expect(compared != "worse") }
        if verdict.contains("margin-4 is better") { #expect(compared != "better") }
        // A practical margin: 30 points are surely within it, so the two are equivalent, said as such.
        try (Self.tapSpec + "practical: {right_first_time: 0.3}\n")
            .write(to: dir.appendingPathComponent("margins.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["report", "margins.yaml", "--db", "m.sqlite", "--out", "eq"], in: dir).status == 0)
        let eq = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("eq/answer.json")))
            as! [String: Any]
        #expect(((eq["verdicts"] as! [String]).first ?? "").contains("equivalent"), "\(eq["verdicts"]!)")
        #expect(((eq["summary"] as! [String]).joined()).contains("equivalent to it"), "\(eq["summary"]!)")
    }

    @Test(
        "report SPEC presents the run with SPEC's title; a SPEC with other trials is refused; no SPEC: the stored one"
    )
    func reportHonoursTheSpec() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try tinySpec("tiny").write(to: dir.appendingPathComponent("tiny.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["run", "tiny.yaml", "--db", "t.sqlite", "--quiet"], in: dir).status == 0)
        // A new title (presentation): used, not silently ignored.
        try (tinySpec("tiny") + "title: A title given after the run\n")
            .write(to: dir.appendingPathComponent("titled.yaml"), atomically: true, encoding: .utf8)
        let titled = try CLI.run(["report", "titled.yaml", "--db", "t.sqlite", "--out", "a"], in: dir)
        #expect(titled.status == 0, "\(titled.stderr)")
        let html = try String(contentsOf: dir.appendingPathComponent("a/index.html"), encoding: .utf8)
        #expect(html.contains("A title given after the run"))
        // Another seed: other people, other trials: refused, nothing written.
        try tinySpec("tiny").replacingOccurrences(of: "seed: 11", with: "seed: 12")
            .write(to: dir.appendingPathComponent("reseeded.yaml"), atomically: true, encoding: .utf8)
        let reseeded = try CLI.run(["report", "reseeded.yaml", "--db", "t.sqlite", "--out", "b"], in: dir)
        #expect(reseeded.status == 2 && reseeded.stderr.contains("seed") && reseeded.stderr.contains("differ"),
                "\(reseeded.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("b").path))
        // No spec: the stored one, said on stderr.
        let stored = try CLI.run(["report", "--db", "t.sqlite", "--out", "c"], in: dir)
        #expect(stored.status == 0 && stored.stderr.contains("stored"), "\(stored.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("c/index.html").path))
    }

    @Test("""
        check --json says pass or regression, both sides' seeds and people, and warns when unpaired; \
        JUnit and Markdown
        """)
    func checkKit() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gate = "gate:\n  metrics:\n    time_to_effect_s: {relative: 0.05}\n"
        try tinySpec("kit", extra: gate)
            .write(to: dir.appendingPathComponent("kit.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["baseline", "update", "kit.yaml", "-o", "base.json"], in: dir).status == 0)
        // Another seed and more people: unpaired, another population; both said.
        #expect(try CLI.run(["run", "kit.yaml", "--db", "k.sqlite", "--seed", "99", "--participants", "3", "--quiet"],
                            in: dir).status == 0)
        let check = try CLI.run(["check", "kit.yaml", "--baseline", "base.json", "--db", "k.sqlite", "--json",
                                 "--junit", "junit.xml", "--summary", "summary.md"], in: dir)
        #expect([0, 1].contains(check.status), "\(check.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as! [String: Any]
        #expect(["pass", "regression"].contains(report["verdict"] as? String))
        #expect(report["paired"] as? Bool == false)
        let warnings = report["warnings"] as! [String]
        #expect(warnings.contains { $0.hasPrefix("unpaired") } && warnings.contains { $0.hasPrefix("population") })
        #expect((report["current"] as! [String: Any])["seed"] as? String == "99")
        #expect((report["baseline"] as! [String: Any])["participants"] as? Int == 2)
        let finding = (report["findings"] as! [[String: Any]]).first!
        #expect(finding["current"] != nil && finding["difference"] != nil && finding["change"] == nil)
        let junit = try String(contentsOf: dir.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuites") && junit.contains("time_to_effect_s"))
        let summary = try String(contentsOf: dir.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("refine check kit") && summary.contains("unpaired"))
        // A file Refine did not write is never replaced.
        try "my notes\n".write(to: dir.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
        let refused = try CLI.run(["check", "kit.yaml", "--baseline", "base.json", "--db", "k.sqlite",
                                   "--summary", "notes.md"], in: dir)
        #expect(refused.status == 2 && refused.stderr.contains("notes.md"), "\(refused.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("notes.md"), encoding: .utf8) == "my notes\n")
        // A database without a run of this experiment: exit 2 with the file named, not an internal error.
        try tinySpec("other").write(to: dir.appendingPathComponent("other.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["run", "other.yaml", "--db", "o.sqlite", "--quiet"], in: dir).status == 0)
        let missing = try CLI.run(["check", "kit.yaml", "--baseline", "base.json", "--db", "o.sqlite"], in: dir)
        #expect(missing.status == 2 && missing.stderr.contains("o.sqlite"), "\(missing.stderr)")
    }

    @Test("run --seed --participants leave the spec unchanged; show lists seed, variant and people")
    func runsToldApart() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = tinySpec("apart")
        try text.write(to: dir.appendingPathComponent("apart.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["run", "apart.yaml", "--db", "a.sqlite", "--quiet"], in: dir).status == 0)
        #expect(try CLI.run(["run", "apart.yaml", "--db", "a.sqlite", "--seed", "7", "--participants", "4", "--quiet"],
                            in: dir).status == 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("apart.yaml"), encoding: .utf8) == text)
        let show = try CLI.run(["show", "--db", "a.sqlite", "--json"], in: dir)
        let runs = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as! [[String: Any]]
        #expect(runs.map { $0["seed"] as? String } == ["11", "7"])
        #expect(runs.map { $0["participants"] as? Int } == [2, 4])
        #expect(runs.last?["finished_trials"] as? Int == 48)
        // compare across the two runs says what differs besides the code.
        let compare = try CLI.run(["compare", "a.sqlite@1:nearest-corner", "a.sqlite@2:nearest-corner"], in: dir)
        #expect(compare.stdout.contains("differ in: seed 11 vs 7") && compare.stdout.contains("population"),
                "\(compare.stdout)\(compare.stderr)")
        #expect(!compare.stdout.contains("session_trial"))
        #expect(try CLI.run(["run", "apart.yaml", "--db", "a.sqlite", "--participants", "0"], in: dir).status == 2)
    }
}
