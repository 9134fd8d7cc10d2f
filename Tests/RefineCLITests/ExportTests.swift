import Foundation
import Testing

/// `refine export` end to end: a tiny PIP run exported as CSV and Parquet, the
/// folder's files, the JSON summary, the default output path, replacing an old
/// export whole, and bad input.
@Suite("refine export, end to end", .serialized)
struct ExportTests {
    let fm = FileManager.default

    @Test("a run exported as CSV and as Parquet: one row per trial, the factors, the metrics, export.R and README.txt")
    func export() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        let spec = try writeSpec(dir, replace: ("tasks:", "metrics: [time_to_effect_s, landed_intended, corrections, release_speed_pt_s]\ntasks:"))
        let run = try CLI.run(["run", spec.path, "--db", "r.sqlite", "--jobs", "2"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")

        let csv = try CLI.run(["export", spec.path, "--db", "r.sqlite", "--out", "csv", "--json"], in: dir)
        #expect(csv.status == 0, "\(csv.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(csv.stdout.utf8)) as! [String: Any]
        #expect(summary["rows"] as? Int == 144 && summary["run_id"] as? Int == 1 && summary["format"] as? String == "csv")
        let columns = summary["columns"] as! [String]
        #expect(Array(columns.prefix(6)) == ["run_id", "key", "question", "strategy", "design", "strategy_rate"])
        for c in ["device", "participant", "group", "task", "task_label", "from_corner", "to_corner", "replication", "session_trial",
                  "landed_intended", "time_to_effect_s"] {
            #expect(columns.contains(c), "\(c)")
        }
        #expect(!columns.contains("photo"), "PIP tasks have no photo")
        let metrics = Array(columns.drop { $0 != "session_trial" }.dropFirst())
        #expect(metrics == metrics.sorted() && !metrics.isEmpty, "metric columns come after the factors, sorted")

        let folder = dir.appendingPathComponent("csv")
        #expect(try fm.contentsOfDirectory(atPath: folder.path).sorted()
                == [".refine-output.sha256", "README.txt", "export.R", "trials.csv"])
        let text = try String(contentsOf: folder.appendingPathComponent("trials.csv"), encoding: .utf8)
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.count == 145 && lines[0] == columns.joined(separator: ","))
        #expect(lines[1].hasPrefix("1,pip/nearest-corner/"), "rows in key order, run id first")
        // nearest-corner sets no `rate`: the cell is empty (missing), projected-fast's says fast.
        #expect(lines[1].split(separator: ",", omittingEmptySubsequences: false)[5] == "")
        #expect(lines.last!.split(separator: ",", omittingEmptySubsequences: false)[5] == "fast")

        let script = try String(contentsOf: folder.appendingPathComponent("export.R"), encoding: .utf8)
        #expect(script.contains("library(lme4)") && script.contains("library(survival)") && script.contains("\"trials.csv\""))
        #expect(script.contains("coxph(Surv(time, reached) ~ strategy + device + cluster(participant))"))
        #expect(script.contains("glmer(landed_intended ~ strategy + device + (1 | participant) + (1 | task), family = binomial)"))
        #expect(script.contains("lmer(release_speed_pt_s ~ strategy + device + (1 | participant) + (1 | task))") && script.contains("family = poisson"))
        #expect(script.contains("levels = c(\"nearest-corner\", \"projected-fast\")"), "the spec's first strategy is the reference")
        let readme = try String(contentsOf: folder.appendingPathComponent("README.txt"), encoding: .utf8)
        for c in columns { #expect(readme.contains("\n  \(c) "), "README names \(c)") }

        let parquet = try CLI.run(["export", spec.path, "--db", "r.sqlite", "--out", "pq", "--format", "parquet"], in: dir)
        #expect(parquet.status == 0, "\(parquet.stderr)")
        #expect(parquet.stdout.contains("144 trials") && parquet.stdout.contains("trials.parquet"))
        let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent("pq/trials.parquet")))
        #expect(Array(bytes.prefix(4)) == Array("PAR1".utf8) && Array(bytes.suffix(4)) == Array("PAR1".utf8))
        #expect(try String(contentsOf: dir.appendingPathComponent("pq/export.R"), encoding: .utf8).contains("arrow::read_parquet"))
    }

    @Test("the default folder is runs/<experiment>-export; a new export replaces its own old one whole, never a user's file; no staging is left")
    func defaultsAndReplacement() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        let spec = try writeSpec(dir, participants: 2)
        try fm.createDirectory(at: dir.appendingPathComponent("runs"), withIntermediateDirectories: true)
        #expect(try CLI.run(["run", spec.path, "--db", "runs/pip-cli.sqlite"], in: dir).status == 0)
        let folder = dir.appendingPathComponent("runs/pip-cli-export")
        #expect(try CLI.run(["export", spec.path, "--format", "parquet"], in: dir).status == 0)
        #expect(fm.fileExists(atPath: folder.appendingPathComponent("trials.parquet").path))
        // A file the user put there is theirs: the export is refused and the file kept (issue 43).
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let refused = try CLI.run(["export", spec.path], in: dir)
        #expect(refused.status == 2 && refused.stderr.contains("'notes.txt' was not written by Refine"), "\(refused.stderr)")
        #expect(fm.fileExists(atPath: folder.appendingPathComponent("notes.txt").path))
        try fm.removeItem(at: folder.appendingPathComponent("notes.txt"))
        let again = try CLI.run(["export", spec.path], in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try fm.contentsOfDirectory(atPath: folder.path).sorted()
                == [".refine-output.sha256", "README.txt", "export.R", "trials.csv"])
        #expect(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("runs").path).filter { $0.hasPrefix(".") } == [])
    }

    @Test("bad input: one line, exit 2, and an existing export untouched")
    func badInput() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        let spec = try writeSpec(dir, participants: 2)
        #expect(try CLI.run(["run", spec.path, "--db", "r.sqlite"], in: dir).status == 0)
        #expect(try CLI.run(["export", spec.path, "--db", "r.sqlite", "--out", "out"], in: dir).status == 0)
        let before = try Data(contentsOf: dir.appendingPathComponent("out/trials.csv"))
        let cases: [([String], String)] = [
            (["export", spec.path, "--db", "r.sqlite", "--out", "out", "--run", "9"], "no run 9"),
            (["export", spec.path, "--db", "missing.sqlite", "--out", "out"], "no such database"),
            (["export", spec.path, "--db", "r.sqlite", "--out", "out", "--format", "xlsx"], "--format"),
            (["export", spec.path, "--db", "r.sqlite", "--out", "out", "--format", "parquet", "--row-group-rows", "0"], "--row-group-rows"),
            (["export", dir.appendingPathComponent("nope.yaml").path, "--db", "r.sqlite"], "nope.yaml"),
        ]
        for (args, message) in cases {
            let r = try CLI.run(args, in: dir)
            #expect(r.status == 2 && r.stderr.contains(message), "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
        }
        #expect(try Data(contentsOf: dir.appendingPathComponent("out/trials.csv")) == before)
        #expect(try CLI.run(["export", "--help"]).stdout.contains("USAGE: refine export"))
    }
}
