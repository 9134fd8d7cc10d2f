import Foundation
import GRDB
import Testing

@Suite("refine, end to end", .serialized)
struct CLITests {
    @Test("project prints the talk's figures")
    func project() throws {
        #expect(try CLI.run(["project", "--velocity", "1000", "--rate", "normal"]).stdout == "499\n")
        #expect(try CLI.run(["project", "--velocity", "1000", "--rate", "fast"]).stdout == "99\n")
        let json = try CLI.run(["project", "--velocity", "1000", "--rate", "0.998", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Double]
        #expect(abs(object["distance_pt"]! - 499) < 1e-6)
        let bad = try CLI.run(["project", "--velocity", "1000", "--rate", "slow"])
        #expect(bad.status == 2 && bad.stderr.contains("--rate"))
    }

    @Test("list ablations names each mechanism and the parameters it fixes, as text and JSON")
    func listAblations() throws {
        let r = try CLI.run(["list", "ablations", "--json"])
        #expect(r.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: [[String: String]]]
        let names = parsed?["ablations"]?.compactMap { $0["name"] }
        #expect(names == [
            "learning", "memory", "warnings", "label_inference", "caution", "closed_loop", "gradient_reading",
        ])
        #expect(try CLI.run(["list", "ablations"]).stdout.contains("fixes agent.overshoot_caution = 1"))
    }

    @Test("list designs --parameters gives every parameter's default and allowed values from the code that reads it")
    func listDesignParameters() throws {
        let r = try CLI.run(["list", "designs", "--parameters", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let parsed = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: [[String: String]]]
        let margin = parsed?["design_parameters"]?.first { $0["design"] == "tap-margin" && $0["name"] == "margin_pt" }
        #expect(margin?["default"] == "10" && margin?["allowed"] == "0…60" && margin?["unit"] == "pt", "\(String(describing: margin))")
        let refiner = parsed?["design_parameters"]?.first { $0["design"] == "grid" && $0["name"] == "refiner" }
        #expect(refiner?["allowed"] == "three-sliders, one-swipe" && refiner?["default"] == "one-swipe")
        let declarable = parsed?["designs"]?.filter { $0["declarable"] == "yes" }.compactMap { $0["name"] }
        for name in ["six-sliders", "tap-exact", "tap-margin", "button-like-title", "plain-title", "pause-timer"] {
            #expect(declarable?.contains(name) == true, "\(name): \(String(describing: declarable))")
        }
        #expect(declarable?.contains("exposure-control") == false)
        #expect(try CLI.run(["list", "metrics", "--parameters"]).status == 2)
    }

    @Test("spring reports settle time and overshoot, and plots")
    func spring() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["spring", "--response", "0.4", "--damping-ratio", "0.5", "--json", "--plot", dir.appendingPathComponent("s.png").path])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Double]
        #expect(abs(object["overshoot_pt"]! - 100 * exp(-Double.pi * 0.5 / 0.75.squareRoot())) < 0.1)
        for ext in ["png", "svg", "gp", "dat"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.\(ext)").path))
        }
        #expect(try CLI.run(["spring", "--response=-1", "--damping-ratio", "1"]).status == 2)
        #expect(try CLI.run(["spring", "--damping-ratio", "1"]).status == 2)
    }

    @Test("every command has --help")
    func help() throws {
        for command in [[], ["run"], ["report"], ["list"], ["show"], ["spring"], ["project"]] {
            let r = try CLI.run(command + ["--help"])
            #expect(r.status == 0 && r.stdout.contains("USAGE"), "\(command)")
        }
    }

    @Test("run, show and report produce a database and a report with figures")
    func runAndReport() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try writeSpec(dir)
        let run = try CLI.run(["run", spec.path, "--db", "r.sqlite", "--jobs", "2"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let show = try CLI.run(["show", "--db", "r.sqlite", "--json"], in: dir)
        let runs = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as! [[String: Any]]
        #expect(runs.count == 1 && runs[0]["status"] as? String == "completed" && runs[0]["finished_trials"] as? Int == 144)
        #expect((runs[0]["model_sha256"] as? String)?.count == 64)
        let table = try CLI.run(["show", "--db", "r.sqlite"], in: dir)
        #expect(table.stdout.contains("model") && !table.stdout.contains("*"), "\(table.stdout)")
        let report = try CLI.run(["report", spec.path, "--db", "r.sqlite", "--out", "out"], in: dir)
        #expect(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOf: dir.appendingPathComponent("out/index.html"), encoding: .utf8)
        #expect(html.contains("Why they differ") && html.contains("Provenance") && html.contains("landing_rate.png"))
        for f in ["survival_time_to_effect", "landing_rate", "release_speed"] {
            for ext in ["png", "gp", "dat", "svg"] {
                #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/\(f).\(ext)").path), "\(f).\(ext)")
            }
        }
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/report.md").path))

        // compare finds the latest run that has each strategy, or says which run and strategies there are.
        let compare = try CLI.run(["compare", "nearest-corner", "projected-fast", "--db", "r.sqlite", "--json"], in: dir)
        #expect(compare.status == 0, "\(compare.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(compare.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(!rows.isEmpty && rows.allSatisfy { $0["participantsA"] as? Int == 3 && $0["paired"] as? Bool == true }, "\(compare.stdout)")
        let unknown = try CLI.run(["compare", "nearest", "projected-fast", "--db", "r.sqlite"], in: dir)
        #expect(unknown.status == 2 && unknown.stderr.contains("no completed run has strategy 'nearest'"), "\(unknown.stderr)")
        let inRun = try CLI.run(["compare", "r.sqlite@1:nearest", "projected-fast", "--db", "r.sqlite"], in: dir)
        #expect(inRun.status == 2 && inRun.stderr.contains("run 1 has no strategy 'nearest'; it has nearest-corner, projected-fast"),
                "\(inRun.stderr)")
        let noRun = try CLI.run(["compare", "r.sqlite@9:nearest-corner", "projected-fast", "--db", "r.sqlite"], in: dir)
        #expect(noRun.status == 2 && noRun.stderr.contains("no run 9"), "\(noRun.stderr)")
    }

    @Test("bad input: one clear error, exit 2, nothing written")
    func badInput() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let malformed = try writeSpec(dir, name: "bad.yaml", replace: ("  moves: all", "  moves: [all"))
        var r = try CLI.run(["run", malformed.path, "--db", "r.sqlite"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("bad.yaml:") && r.stderr.contains("malformed YAML"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.sqlite").path))

        let unknown = try writeSpec(dir, name: "unknown.yaml", replace: ("design: nearest-corner", "design: nearest-corners"))
        r = try CLI.run(["run", unknown.path, "--db", "r.sqlite"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("did you mean 'nearest-corner'") && r.stderr.contains("unknown.yaml:6:"))

        let device = try writeSpec(dir, name: "device.yaml", replace: ("iphone-se-landscape", "iphone-se-landscap"))
        r = try CLI.run(["run", device.path, "--db", "r.sqlite"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("did you mean 'iphone-se-landscape'"))

        let missing = try writeSpec(dir, name: "missing.yaml", replace: ("seed: 11\n", ""))
        r = try CLI.run(["run", missing.path, "--db", "r.sqlite"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("seed: missing required field"))

        let good = try writeSpec(dir)
        r = try CLI.run(["run", good.path, "--db", "nowhere/r.sqlite"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("does not exist"))

        let text = dir.appendingPathComponent("text.sqlite")
        try "not a database at all".write(to: text, atomically: true, encoding: .utf8)
        r = try CLI.run(["run", good.path, "--db", text.path], in: dir)
        #expect(r.status == 2 && r.stderr.contains("not a SQLite database"))
        #expect(try String(contentsOf: text, encoding: .utf8) == "not a database at all")

        r = try CLI.run(["report", good.path, "--db", "absent.sqlite"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("no such database"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("Reports").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.sqlite").path))
    }

    @Test("a run killed with SIGKILL shows as interrupted and resumes to the same metrics")
    func killAndResume() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try writeSpec(dir, participants: 150)
        let db = dir.appendingPathComponent("killed.sqlite").path
        let child = CLI.start(["run", spec.path, "--db", db, "--jobs", "1"], in: dir)
        // Wait until some batches are committed, then kill without warning.
        var committed = 0
        for _ in 0..<1000 where committed == 0 {
            usleep(10_000)
            committed = (try? trialCount(db)) ?? 0
        }
        kill(child.process.processIdentifier, SIGKILL)
        child.process.waitUntilExit()
        let partial = try trialCount(db)
        #expect(partial > 0 && partial < 150 * 2 * 2 * 12, "killed after \(partial) trials; make the spec bigger if the machine is fast")

        let show = try CLI.run(["show", "--db", db, "--json"])
        let runs = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as! [[String: Any]]
        #expect(runs.first?["status"] as? String == "interrupted")

        let resumed = try CLI.run(["run", spec.path, "--db", db, "--resume", "--jobs", "2"], in: dir)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("resumed run 1"))

        let fresh = dir.appendingPathComponent("fresh.sqlite").path
        #expect(try CLI.run(["run", spec.path, "--db", fresh, "--jobs", "1"], in: dir).status == 0)
        let a = try metrics(db), b = try metrics(fresh)
        #expect(a.count == b.count && a == b)
        #expect(try trialCount(db) == 150 * 2 * 2 * 12)
    }

    func trialCount(_ path: String) throws -> Int {
        var config = Configuration()
        config.readonly = true
        return try DatabaseQueue(path: path, configuration: config).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM trial")! }
    }

    func metrics(_ path: String) throws -> [String: Double] {
        var config = Configuration()
        config.readonly = true
        return try DatabaseQueue(path: path, configuration: config).read { db in
            var out: [String: Double] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, metric, value FROM trial_metric") {
                out["\(row["key"] as String)#\(row["metric"] as String)"] = row["value"]
            }
            return out
        }
    }
}

@Suite("refine, scale-out", .serialized)
struct ScaleOutTests {
    @Test("two processes writing one database at once both finish (no 'database is locked')")
    func concurrentWriters() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try writeSpec(dir, participants: 40)
        let a = CLI.start(["run", spec.path, "--db", "shared.sqlite", "--shard", "1/2", "--jobs", "1"], in: dir)
        let b = CLI.start(["run", spec.path, "--db", "shared.sqlite", "--shard", "2/2", "--jobs", "1"], in: dir)
        let errA = String(decoding: a.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errB = String(decoding: b.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        a.process.waitUntilExit(); b.process.waitUntilExit()
        #expect(a.process.terminationStatus == 0 && b.process.terminationStatus == 0, "\(errA)\n\(errB)")
        #expect(!errA.contains("locked") && !errB.contains("locked"))
        let show = try CLI.run(["show", "--db", "shared.sqlite", "--json"], in: dir)
        let runs = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as! [[String: Any]]
        #expect(runs.count == 2 && runs.allSatisfy { $0["status"] as? String == "completed" })
        let finished: [Int] = runs.map { $0["finished_trials"] as! Int }
        #expect(finished.reduce(0, +) == 1920)
    }

    @Test("merge on the command line: shards in, one database out, bad input refused with exit 2")
    func mergeCommand() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try writeSpec(dir)
        for i in 1...3 { #expect(try CLI.run(["run", spec.path, "--db", "s\(i).sqlite", "--shard", "\(i)/3"], in: dir).status == 0) }
        let ok = try CLI.run(["merge", "s1.sqlite", "s2.sqlite", "s3.sqlite", "-o", "merged.sqlite"], in: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
        let again = try CLI.run(["merge", "s1.sqlite", "s2.sqlite", "-o", "other.sqlite"], in: dir)
        #expect(again.status == 2 && again.stderr.contains("missing"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("other.sqlite").path))
    }
}

@Suite("refine validate")
struct ValidateCLITests {
    @Test("validate passes, writes its report with a plot per law, and prints JSON")
    func validate() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["validate", "--participants", "6", "--out", "val", "--json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let checks = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [[String: Any]]
        #expect(checks.count == 9)
        // Every check says whether it is emergent or restates an input, and why.
        #expect(checks.allSatisfy { ["emergent", "partly emergent", "restates an input"].contains($0["origin"] as? String ?? "") })
        #expect(checks.allSatisfy { !($0["originReason"] as? String ?? "").isEmpty })
        for name in ["index.html", "report.md", "fitts_regression.png", "iso_9241_9_throughput.png", "hit_rate.png", "hick_hyman.png",
                     "visual_search.png", "speed_accuracy.png", "steering_law.png", "learning_curve.png", "name_invariance.png"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("val/\(name)").path), "\(name)")
        }
    }
}
