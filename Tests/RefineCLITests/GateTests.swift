import Foundation
import Testing

/// `refine check`, `baseline update`, `calibrate` and `sensitivity`, through the built executable.
@Suite("refine, regression gate", .serialized)
struct GateTests {
    let gate = """
        gate:
          confidence: 0.95
          metrics:
            time_to_effect_s: {worse: higher, relative: 0.05, statistic: mean}
            settle_time_s: {worse: higher, relative: 0.05}

        """

    @Test("check exits 0 on the baseline's own code, 1 on a real regression, 2 on bad input")
    func exitCodes() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try writeSpec(dir, participants: 6, replace: ("report:", gate + "report:"))
        let update = try CLI.run(["baseline", "update", spec.path, "-o", "base.json"], in: dir)
        #expect(update.status == 0, "\(update.stderr)")

        let pass = try CLI.run(["check", spec.path, "--baseline", "base.json"], in: dir)
        #expect(pass.status == 0 && pass.stdout.contains("pass"), "\(pass.stdout)\(pass.stderr)")
        // Same seed, same people: baseline and run are paired, and identical code changes nothing.
        #expect(pass.stdout.contains("change 0 [0, 0] paired"), "\(pass.stdout)")

        // A genuinely slower design: the nearest-corner spring takes three times as long to settle.
        let slower = try writeSpec(dir, participants: 6, name: "slow.yaml",
                                   replace: ("report:", gate + "report:"))
        var text = try String(contentsOf: slower, encoding: .utf8)
        text = text.replacingOccurrences(of: "  - design: nearest-corner\n", with: "  - design: nearest-corner\n    parameters: {response: 1.2}\n")
        try text.write(to: slower, atomically: true, encoding: .utf8)
        let regression = try CLI.run(["check", slower.path, "--baseline", "base.json", "--json"], in: dir)
        #expect(regression.status == 1, "\(regression.stdout)\(regression.stderr)")
        let check = try JSONSerialization.jsonObject(with: Data(regression.stdout.utf8)) as! [String: Any]
        #expect(check["verdict"] as? String == "regression" && check["paired"] as? Bool == true)
        #expect((check["accept"] as? String)?.hasPrefix("refine baseline update \(slower.path) -o base.json") == true)
        let findings = check["findings"] as! [[String: Any]]
        #expect(findings.contains { $0["strategy"] as? String == "nearest-corner" && $0["metric"] as? String == "settle_time_s" && $0["verdict"] as? String == "regression" })

        #expect(try CLI.run(["check", spec.path, "--baseline", "absent.json"], in: dir).status == 2)
        // A format-1 baseline (values without participants) is refused with the command that rewrites it.
        var old = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("base.json"))) as! [String: Any]
        old["participants"] = nil; old["format"] = nil
        try JSONSerialization.data(withJSONObject: old).write(to: dir.appendingPathComponent("old.json"))
        let oldFormat = try CLI.run(["check", spec.path, "--baseline", "old.json"], in: dir)
        #expect(oldFormat.status == 2 && oldFormat.stderr.contains("old.json") && oldFormat.stderr.contains("refine baseline update"), "\(oldFormat.stderr)")
        try "{\"experiment\": \"other\"}".write(to: dir.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let bad = try CLI.run(["check", spec.path, "--baseline", "bad.json"], in: dir)
        #expect(bad.status == 2 && bad.stderr.contains("bad.json"))
        let noGate = try writeSpec(dir, participants: 2, name: "nogate.yaml")
        let missingGate = try CLI.run(["check", noGate.path, "--baseline", "base.json"], in: dir)
        #expect(missingGate.status == 2 && missingGate.stderr.contains("gate"))
        let broken = try writeSpec(dir, name: "broken.yaml", replace: ("seed: 11", "seed: [11"))
        #expect(try CLI.run(["check", broken.path, "--baseline", "base.json"], in: dir).status == 2)
        var other = try String(contentsOf: spec, encoding: .utf8)
        other = other.replacingOccurrences(of: "name: pip-cli", with: "name: pip-other")
        try other.write(to: dir.appendingPathComponent("other.yaml"), atomically: true, encoding: .utf8)
        let mismatch = try CLI.run(["check", "other.yaml", "--baseline", "base.json"], in: dir)
        #expect(mismatch.status == 2 && mismatch.stderr.contains("pip-cli"))
    }

    @Test("calibration reports its false-alarm rate and catches a planted regression")
    func calibrate() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 20 people who learn within their sessions: trial-level intervals cried wolf here;
        // intervals over participants must not, across pairs of runs of different people.
        let spec = try writeSpec(dir, participants: 20, replace: ("report:", gate + "report:"))
        let r = try CLI.run(["calibrate", spec.path, "--pairs", "4", "--plant", "nearest-corner:time_to_effect_s:1.5", "--json"], in: dir)
        let summary = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect(summary["pairs"] as? Int == 4)
        #expect(summary["false_alarms"] as? Int == 0, "\(r.stdout)")
        // A 50% slowdown in other people (unpaired) and in the same people (paired).
        #expect(summary["planted_caught"] as? Int == 4, "\(r.stdout)")
        #expect(summary["planted_paired_caught"] as? Int == 4, "\(r.stdout)")
        // 10% regressions per metric: the median settle time has a 5% tolerance, so the same
        // people (paired) always show it; every metric is reported.
        let each = summary["planted_each_metric"] as? [String: Int], paired = summary["planted_each_metric_paired"] as? [String: Int]
        #expect(Set(each?.keys.map { $0 } ?? []) == ["time_to_effect_s", "settle_time_s"])
        #expect(paired?["settle_time_s"] == 4, "\(r.stdout)")
        #expect(r.status == 0, "\(r.stderr)")
        // Requiring a power the gate cannot have fails the calibration (exit 1).
        let strict = try CLI.run(["calibrate", spec.path, "--pairs", "1", "--plant", "nearest-corner:time_to_effect_s:1.001"], in: dir)
        #expect(strict.status == 1, "\(strict.stdout)")
    }

    @Test("power: a large planted regression is caught in every study, no change in none, and the folder has the answer first")
    func power() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try writeSpec(dir, participants: 4, replace: ("report:", gate + "report:"))
        // Twice as slow, in the same people: every study at every size catches it.
        let big = try CLI.run(["power", spec.path, "--plant", "nearest-corner:time_to_effect_s:2", "--participants", "4,8",
                               "--studies", "3", "--out", "big", "--json"], in: dir)
        #expect(big.status == 0, "\(big.stderr)")
        let curve = try JSONSerialization.jsonObject(with: Data(big.stdout.utf8)) as! [String: Any]
        let points = curve["points"] as! [[String: Any]]
        #expect(points.map { $0["participants"] as? Int } == [4, 8])
        #expect(points.allSatisfy { $0["detected"] as? Int == 3 }, "\(big.stdout)")
        #expect(curve["smallestSufficient"] as? Int == 4)
        let html = try String(contentsOf: dir.appendingPathComponent("big/index.html"), encoding: .utf8)
        let answer = try #require(html.range(of: "<h2>Answer</h2>")), table = try #require(html.range(of: "<table"))
        #expect(answer.lowerBound < table.lowerBound)
        for file in ["power.png", "power.svg", "power.gp", "power.tsv", "power.json", "report.md"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("big/\(file)").path), "\(file)")
        }
        // No change at all (factor 1) in the same people cannot be a regression.
        let none = try CLI.run(["power", spec.path, "--plant", "nearest-corner:time_to_effect_s:1", "--participants", "4",
                                "--studies", "2", "--out", "none", "--json"], in: dir)
        let nonePoints = (try JSONSerialization.jsonObject(with: Data(none.stdout.utf8)) as! [String: Any])["points"] as! [[String: Any]]
        #expect(nonePoints.first?["detected"] as? Int == 0, "\(none.stdout)")
        // A comparison of two strategies needs no gate; bad values are refused with exit 2 and nothing written.
        let compare = try CLI.run(["power", spec.path, "--compare", "nearest-corner:projected-fast:time_to_effect_s",
                                   "--participants", "3", "--studies", "2", "--out", "cmp"], in: dir)
        #expect(compare.status == 0 && compare.stdout.contains("3 participants: power"), "\(compare.stdout)\(compare.stderr)")
        for bad in [["--compare", "nearest-corner:nope:time_to_effect_s"], ["--compare", "a:b"], ["--compare", "nearest-corner:projected-fast:nope"], ["--plant", "nearest-corner:corrections:1.1"],
                    ["--participants", "1,x"], ["--studies", "0"]] {
            let r = try CLI.run(["power", spec.path, "--out", "bad"] + bad, in: dir)
            #expect(r.status == 2 && r.stderr.contains(bad[0]), "\(bad): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("bad").path))
    }

    @Test("sensitivity sweeps are stored as variants and reported")
    func sensitivity() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sweep = """
            sensitivity:
              participants: 3
              metric: time_to_effect_s
              parameters:
                motor.release_speed_pt_s: [600, 1500]

            """
        let spec = try writeSpec(dir, replace: ("report:", sweep + "report:"))
        #expect(try CLI.run(["run", spec.path, "--db", "r.sqlite"], in: dir).status == 0)
        let s = try CLI.run(["sensitivity", spec.path, "--db", "r.sqlite"], in: dir)
        #expect(s.status == 0, "\(s.stderr)")
        let report = try CLI.run(["report", spec.path, "--db", "r.sqlite", "--out", "out"], in: dir)
        #expect(report.status == 0, "\(report.stderr)")
        let md = try String(contentsOf: dir.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(md.contains("Sensitivity to the user-model assumptions") && md.contains("motor.release\\_speed\\_pt\\_s"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/sensitivity_motor_release_speed_pt_s.png").path))
        // The main report still reads the ordinary run, not a sweep point.
        #expect(md.contains("144 trials"))
    }

    @Test("design-parameter sweeps are stored as variants and reported with the best value and those within noise")
    func tuning() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sweep = """
            tuning:
              participants: 4
              metric: settle_time_s
              parameters:
                - {strategy: projected-fast, parameter: response, values: [0.2, 1.5]}

            """
        let spec = try writeSpec(dir, replace: ("report:", sweep + "report:"))
        #expect(try CLI.run(["run", spec.path, "--db", "r.sqlite"], in: dir).status == 0)
        let t = try CLI.run(["tune", spec.path, "--db", "r.sqlite"], in: dir)
        #expect(t.status == 0, "\(t.stderr)")
        #expect(t.stdout.contains("tune:projected-fast.response=0.2"), "\(t.stdout)")
        let report = try CLI.run(["report", spec.path, "--db", "r.sqlite", "--out", "out"], in: dir)
        #expect(report.status == 0, "\(report.stderr)")
        let md = try String(contentsOf: dir.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(md.contains("Tuning the design's parameters"))
        // A spring with a 1.5 s response settles far later than one of 0.2 s: the physics decides the best value.
        #expect(md.contains("projected-fast.response: best value 0.2") && md.contains("measurably worse: 1.5"), "\(md)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/tuning_projected_fast_response.png").path))
        // The main report still reads the ordinary run, not a sweep point.
        #expect(md.contains("144 trials"))

        let bad = try writeSpec(dir, name: "bad.yaml", replace: ("report:", sweep.replacingOccurrences(of: "response", with: "respons") + "report:"))
        let refused = try CLI.run(["tune", bad.path, "--db", "r.sqlite"], in: dir)
        #expect(refused.status == 2 && refused.stderr.contains("has no parameter 'respons'") && refused.stderr.contains("did you mean 'response'"), "\(refused.stderr)")
    }

    @Test("the screening of every assumption is stored as variants; the report opens with the answer and labels each claim")
    func screening() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sweep = """
            sensitivity:
              participants: 3
              metric: time_to_effect_s
              screen: {trajectories: 2, participants: 3}
              parameters:
                motor.release_speed_pt_s: [600, 1500]

            """
        let spec = try writeSpec(dir, replace: ("report:", sweep + "report:"))
        #expect(try CLI.run(["run", spec.path, "--db", "r.sqlite"], in: dir).status == 0)
        let s = try CLI.run(["sensitivity", spec.path, "--db", "r.sqlite", "--screen", "--quiet"], in: dir)
        #expect(s.status == 0, "\(s.stderr)")
        #expect(try CLI.run(["report", spec.path, "--db", "r.sqlite", "--out", "out"], in: dir).status == 0)
        let md = try String(contentsOf: dir.appendingPathComponent("out/report.md"), encoding: .utf8)
        let answer = md.range(of: "## Answer")!.lowerBound, question = md.range(of: "## The question")!.lowerBound
        #expect(answer < question)
        #expect(md.contains("Screening every assumption at once") && md.contains("Which assumptions move each headline figure"))
        #expect(md.contains("robust") || md.contains("fragile"))
        // Every point of the design ran: "N of N points ran", N = trajectories × (groups + 1).
        let ran = try #require(md.firstMatch(of: /(\d+) of (\d+) points ran/))
        #expect(ran.1 == ran.2 && Int(ran.1)! % 2 == 0 && Int(ran.1)! >= 8)
    }

    @Test("a report's first section is the Answer, saved as answer.json; the index lists every experiment with its answer and gate status")
    func answerAndIndex() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("Experiments"), withIntermediateDirectories: true)
        let spec = try writeSpec(dir.appendingPathComponent("Experiments"), participants: 4, replace: ("report:", gate + "report:"))
        let other = try writeSpec(dir.appendingPathComponent("Experiments"), participants: 2, name: "other.yaml",
                                  replace: ("name: pip-cli", "name: pip-unreported"))
        try fm.createDirectory(at: dir.appendingPathComponent("runs"), withIntermediateDirectories: true)
        #expect(try CLI.run(["run", spec.path, "--db", "runs/pip-cli.sqlite"], in: dir).status == 0)
        #expect(try CLI.run(["report", spec.path, "--db", "runs/pip-cli.sqlite", "--out", "Reports/pip-cli"], in: dir).status == 0)
        // The HTML's first section heading is the Answer, before any table or figure.
        let html = try String(contentsOf: dir.appendingPathComponent("Reports/pip-cli/index.html"), encoding: .utf8)
        let firstH2 = try #require(html.firstMatch(of: /<h2>([^<]*)<\/h2>/))
        #expect(firstH2.1 == "Answer")
        let answerAt = html.range(of: "<h2>Answer</h2>")!.lowerBound
        for later in ["<table", "<figure", "<h2>The question</h2>"] { #expect(html.range(of: later).map { $0.lowerBound > answerAt } ?? true, "\(later)") }
        let answer = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("Reports/pip-cli/answer.json"))) as! [String: Any]
        #expect((answer["verdicts"] as? [String])?.count == 1 && answer["experiment"] as? String == "pip-cli")

        // Before a baseline: "no baseline"; after one: "pass"; the unreported, ungated experiment says so.
        let before = try CLI.run(["report", "--index"], in: dir)
        #expect(before.status == 0 && before.stdout.contains("pip-cli: gate no baseline"), "\(before.stdout)\(before.stderr)")
        #expect(try CLI.run(["baseline", "update", spec.path, "--db", "runs/pip-cli.sqlite", "-o", "Data/baselines/pip-cli.json"], in: dir).status == 0)
        let after = try CLI.run(["report", "--index"], in: dir)
        #expect(after.status == 0 && after.stdout.contains("pip-cli: gate pass") && after.stdout.contains("pip-unreported: gate no gate; no report yet"), "\(after.stdout)")
        let json = try CLI.run(["report", "--index", "--json"], in: dir)
        let printed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("Reports/index.json"))) as! [[String: Any]]
        #expect(index.map { $0["experiment"] as? String } == ["pip-unreported", "pip-cli"])
        #expect(printed.map { $0["gate"] as? String } == ["no gate", "pass"])
        let indexHTML = try String(contentsOf: dir.appendingPathComponent("Reports/index.html"), encoding: .utf8)
        #expect(indexHTML.contains("✅ pass") && indexHTML.contains("➖ no gate"))
        #expect(indexHTML.contains("<a href=\"pip-cli/index.html\">") && indexHTML.contains("No report yet: run `refine report Experiments/other.yaml`"), "\(indexHTML)")
        _ = other
        // --index with one experiment's options is refused.
        #expect(try CLI.run(["report", "--index", "--db", "x.sqlite"], in: dir).status == 2)
        #expect(try CLI.run(["report"], in: dir).status == 2)
    }
}
