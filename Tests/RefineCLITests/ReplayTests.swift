import Foundation
import GRDB
import Testing

/// `refine replay`: a trial of every question replayed from its key, frames
/// counted against the trace, metrics against the stored ones, bad keys refused.
@Suite("refine replay", .serialized)
struct ReplayTests {
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/photos").path

    static let exposureSpec = """
        name: exposure-replay
        question: exposure
        seed: 3
        devices: [iphone-15-portrait]
        strategies: [six-sliders, exposure-control]
        population: {participants: 2}
        tasks:
          - {id: rocket, photo: \(photos)/rocket.png, goal: {shadows: 0.7}}
        limits: {time_limit_s: 40, max_attempts: 30}
        """

    static let effectsSpec = """
        name: effects-replay
        question: effects
        seed: 4
        devices: [iphone-15-portrait]
        strategies:
          - {design: grid, label: grid-swipe}
          - {design: swatch-book, label: book-sliders, parameters: {refiner: three-sliders}}
        population: {participants: 2}
        tasks:
          - {id: match, photo: \(photos)/flower.png, goal: {family: bw, position: 0.3}}
          - {id: explore, photo: \(photos)/flower.png}
        limits: {time_limit_s: 30, max_attempts: 30}
        """

    /// Gestures of `key` in run `runID`'s stored trace: traced touch-downs.
    static func tracedGestures(_ db: URL, runID: Int, key: String) throws -> Int {
        try DatabaseQueue(path: db.path).read { db in
            try Int.fetchOne(db, sql: """
                SELECT count(*) FROM trace WHERE run_id = ? AND key = ? AND kind = 'touch' AND detail LIKE '%"phase":"down"%'
                """, arguments: [runID, key])!
        }
    }

    /// The key of run `runID` with the most traced gestures (ties: the first key).
    static func busiestKey(_ db: URL, runID: Int, like pattern: String) throws -> String {
        try DatabaseQueue(path: db.path).read { db in
            try String.fetchOne(db, sql: """
                SELECT key FROM trace WHERE run_id = ? AND key LIKE ? AND kind = 'touch' AND detail LIKE '%"phase":"down"%'
                GROUP BY key ORDER BY count(*) DESC, key LIMIT 1
                """, arguments: [runID, pattern])!
        }
    }

    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ url: URL) throws -> (Int, Int) {
        let d = [UInt8](try Data(contentsOf: url))
        #expect(d.count > 24 && d[0] == 0x89 && d[1] == 0x50 && d[12...15].elementsEqual(Array("IHDR".utf8)))
        func be(_ i: Int) -> Int { Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3]) }
        return (be(16), be(20))
    }

    /// Replays `key` of `runID` with --json and checks the summary: metrics equal the
    /// stored ones, one frame per traced gesture plus the first, the filmstrip's size
    /// is that of a grid of exactly those frames, the page has one SVG frame each.
    @discardableResult
    static func replayAndCheck(_ dir: URL, db: String, runID: Int, key: String, gestures: Int) throws -> [String: Any] {
        let out = "replay-\(UUID().uuidString.prefix(8))"
        let r = try CLI.run(["replay", key, "--db", db, "--run", String(runID), "--out", out, "--json"], in: dir)
        #expect(r.status == 0, "\(key): \(r.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect(summary["key"] as? String == key)
        #expect(summary["metrics_equal"] as? Bool == true, "\(key): \(r.stdout)")
        let metrics = summary["metrics"] as! [[String: Any]]
        #expect(metrics.count >= 7 && metrics.allSatisfy { $0["equal"] as? Bool == true && $0["stored"] as? Double == $0["replayed"] as? Double })
        let frames = summary["frames"] as! [[String: Any]]
        #expect(summary["gestures"] as? Int == gestures)
        // One frame per gesture and the first, and looks every 0.5 s while a finger was still down, each before
        // its gesture's own frame.
        let stills = frames.filter { $0["still_down"] as? Bool == true }
        #expect(frames.count - stills.count == gestures + 1, "\(key): \(frames.count) frames for \(gestures) gestures")
        for s in stills {
            let done = frames.first { $0["index"] as? Int == s["index"] as? Int && $0["still_down"] == nil }
            #expect(done != nil && (s["t_s"] as! Double) > (done!["t_s"] as! Double), "\(key): \(s)")
        }
        #expect(frames.first?["gesture"] as? String == "start")
        #expect(frames.dropFirst().allSatisfy { ["tap", "drag", "swipe", "flick"].contains($0["gesture"] as? String ?? "") })
        // The filmstrip: a grid of exactly `frames.count` cells, at least 1,200 pixels wide.
        let film = (summary["filmstrip"] as! [String: Any]).compactMapValues { $0 as? Int }
        let columns = film["columns"]!, rows = film["rows"]!
        #expect(columns <= frames.count && rows == (frames.count + columns - 1) / columns)
        #expect(film["width"]! >= 1200)
        let (w, h) = try pngSize(dir.appendingPathComponent("\(out)/filmstrip.png"))
        #expect(w == 6 + columns * (film["cell_width"]! + 6) && h == 6 + rows * (film["cell_height"]! + 12 + 6), "\(w)×\(h)")
        #expect(w == film["width"] && h == film["height"])
        let html = try String(contentsOf: dir.appendingPathComponent("\(out)/index.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<svg class=\"frame\"").count - 1 == frames.count)
        #expect(html.contains("bit for bit") && !html.contains("src=\"http") && !html.contains("href=\"http"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("\(out)/replay.json").path))
        return summary
    }

    @Test("pip: a replayed trial has one frame per traced throw, and its metrics equal the stored ones")
    func pip() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try writeSpec(dir, participants: 2)
        #expect(try CLI.run(["run", spec.path, "--db", "r.sqlite", "--trace"], in: dir).status == 0)
        let db = dir.appendingPathComponent("r.sqlite")
        let key = try Self.busiestKey(db, runID: 1, like: "pip/%")
        let gestures = try Self.tracedGestures(db, runID: 1, key: key)
        #expect(gestures >= 2, "\(key)")
        let summary = try Self.replayAndCheck(dir, db: "r.sqlite", runID: 1, key: key, gestures: gestures)
        #expect((summary["frames"] as! [[String: Any]]).dropFirst().allSatisfy { ["flick", "drag"].contains($0["gesture"] as? String ?? "") })

        // A stored value that the replay does not reproduce: written anyway, said on the page, exit 1.
        try DatabaseQueue(path: db.path).write { db in
            try db.execute(sql: "UPDATE metric SET value = value + 1 WHERE name = 'time_to_done_s' AND trial_id = (SELECT id FROM trial WHERE key = ?)", arguments: [key])
        }
        let r = try CLI.run(["replay", key, "--db", "r.sqlite", "--out", "changed", "--json"], in: dir)
        #expect(r.status == 1 && r.stderr.contains("time_to_done_s"), "\(r.stderr)")
        let changed = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect(changed["metrics_equal"] as? Bool == false)
        #expect(try String(contentsOf: dir.appendingPathComponent("changed/index.html"), encoding: .utf8).contains("differs from run 1 in 1 of"))
    }

    @Test("exposure: a run without --trace replays with the frames the traced run stored, metrics equal")
    func exposure() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("exposure.yaml")
        try Self.exposureSpec.write(to: spec, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["run", spec.path, "--db", "r.sqlite", "--trace"], in: dir).status == 0)
        #expect(try CLI.run(["run", spec.path, "--db", "r.sqlite"], in: dir).status == 0)   // run 2: no trace stored
        let db = dir.appendingPathComponent("r.sqlite")
        let key = try Self.busiestKey(db, runID: 1, like: "exposure/%")
        let gestures = try Self.tracedGestures(db, runID: 1, key: key)
        let untraced = try Self.tracedGestures(db, runID: 2, key: key)
        #expect(gestures >= 3 && untraced == 0)
        let summary = try Self.replayAndCheck(dir, db: "r.sqlite", runID: 2, key: key, gestures: gestures)
        // ΔE00 to the goal on every frame; the last one is the trial's final_delta_e00.
        let frames = summary["frames"] as! [[String: Any]]
        let final = (summary["metrics"] as! [[String: Any]]).first { $0["name"] as? String == "final_delta_e00" }?["stored"] as? Double
        #expect(frames.allSatisfy { $0["delta_e00"] is Double })
        #expect(abs((frames.last!["delta_e00"] as! Double) - final!) < 1e-9)

        // A photo that changed since the run: refused (exit 2), naming it; nothing written.
        try DatabaseQueue(path: db.path).write { try $0.execute(sql: "UPDATE data_file SET sha256 = 'beef' || substr(sha256, 5) WHERE run_id = 2") }
        let r = try CLI.run(["replay", key, "--db", "r.sqlite", "--run", "2", "--out", "stale"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("rocket.png") && r.stderr.contains("changed since run 2"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("stale").path))
    }

    @Test("effects: matching and browsing trials replay, taps of previews among the gestures, metrics equal")
    func effects() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("effects.yaml")
        try Self.effectsSpec.write(to: spec, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["run", spec.path, "--db", "r.sqlite", "--trace"], in: dir).status == 0)
        let db = dir.appendingPathComponent("r.sqlite")
        for pattern in ["effects/%/match/%", "effects/%/explore/%"] {
            let key = try Self.busiestKey(db, runID: 1, like: pattern)
            let summary = try Self.replayAndCheck(dir, db: "r.sqlite", runID: 1, key: key, gestures: try Self.tracedGestures(db, runID: 1, key: key))
            let frames = summary["frames"] as! [[String: Any]]
            #expect(frames.contains { $0["gesture"] as? String == "tap" }, "\(key)")
        }
    }

    @Test("a question whose simulator films nothing: the report says its trials cannot be replayed and lists no command that would fail")
    func notFilmed() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("tap.yaml")
        try """
            name: tap-cli
            question: tap-margin
            seed: 5
            devices: [iphone-15-portrait]
            strategies: [{design: tap-exact}, {design: tap-margin, parameters: {margin_pt: 10}}]
            population: {participants: 4}
            tasks:
              - {intent: tap, size_pt: 28, gap_pt: 8}
            limits: {time_limit_s: 10, max_attempts: 4}
            """.write(to: spec, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["run", spec.path, "--db", "r.sqlite"], in: dir).status == 0)
        let report = try CLI.run(["report", spec.path, "--db", "r.sqlite", "--out", "rep"], in: dir)
        #expect(report.status == 0, "\(report.stderr)")
        let md = try String(contentsOf: dir.appendingPathComponent("rep/report.md"), encoding: .utf8)
        #expect(md.contains("Watch a trial") && md.contains("cannot be replayed yet"))
        #expect(!md.contains("refine replay ") && !md.contains("could not be made"))
        let replay = try CLI.run(["replay", "--worst", "tap-exact", "--db", "r.sqlite"], in: dir)
        #expect(replay.status != 0 && replay.stderr.contains("cannot be replayed"), "\(replay.stderr)")
    }

    @Test("--typical and --worst pick the median and the last of the documented ranking; the report links them")
    func choices() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try writeSpec(dir, participants: 2)
        #expect(try CLI.run(["run", spec.path, "--db", "r.sqlite"], in: dir).status == 0)
        // Ranking: reached, by time to effect; then not reached, by time to done; ties by key.
        let rows = try DatabaseQueue(path: dir.appendingPathComponent("r.sqlite").path).read { db in
            try Row.fetchAll(db, sql: """
                SELECT t.key, max(CASE WHEN m.name = 'reached_effect' THEN m.value END) AS reached,
                       max(CASE WHEN m.name = 'time_to_effect_s' THEN m.value END) AS effect,
                       max(CASE WHEN m.name = 'time_to_done_s' THEN m.value END) AS done
                FROM trial t JOIN metric m ON m.trial_id = t.id WHERE t.strategy = 'projected-fast' GROUP BY t.key
                """)
        }
        let ranked = rows.map { r -> (Double, Double, String) in
            let reached = (r["reached"] as Double?) == 1
            return (reached ? 0 : 1, reached ? r["effect"]! : r["done"]!, r["key"])
        }.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
        for (flag, expected) in [("--typical", ranked[(ranked.count - 1) / 2].2), ("--worst", ranked.last!.2)] {
            let r = try CLI.run(["replay", flag, "projected-fast", "--db", "r.sqlite", "--out", "o\(flag)", "--json"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let summary = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
            #expect(summary["key"] as? String == expected && summary["metrics_equal"] as? Bool == true, "\(flag)")
        }
        let bad = try CLI.run(["replay", "--worst", "projected-fats", "--db", "r.sqlite"], in: dir)
        #expect(bad.status == 2 && bad.stderr.contains("did you mean 'projected-fast'"), "\(bad.stderr)")
        let badInRun = try CLI.run(["replay", "--worst", "projected-fats", "--run", "1", "--db", "r.sqlite"], in: dir)
        #expect(badInRun.status == 2 && badInRun.stderr.contains(
            "run 1 has no strategy 'projected-fats'; did you mean 'projected-fast'? (strategies: nearest-corner, projected-fast)"), "\(badInRun.stderr)")

        let report = try CLI.run(["report", spec.path, "--db", "r.sqlite", "--out", "rep"], in: dir)
        #expect(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOf: dir.appendingPathComponent("rep/index.html"), encoding: .utf8)
        #expect(html.contains("Watch a trial") && html.contains("replays/projected-fast-typical/index.html") && html.contains("refine replay "))
        // Named, never linked: git keeps no replays, so a link would be dead in a clone.
        #expect(!html.contains("href=\"replays/"))
        for name in ["nearest-corner-typical", "nearest-corner-worst", "projected-fast-typical", "projected-fast-worst"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("rep/replays/\(name)/filmstrip.png").path), "\(name)")
        }
        // A second report process writes the same replay bytes (JSON keys in a fixed order), and a
        // replay names its folder inside the report, not the temporary folder the report was built in.
        #expect(try CLI.run(["report", spec.path, "--db", "r.sqlite", "--out", "rep2"], in: dir).status == 0)
        for file in ["index.html", "replay.json"] {
            let a = try Data(contentsOf: dir.appendingPathComponent("rep/replays/projected-fast-worst/\(file)"))
            let b = try Data(contentsOf: dir.appendingPathComponent("rep2/replays/projected-fast-worst/\(file)"))
            #expect(a == b, "\(file) differs between two reports of the same run")
        }
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("rep/replays/projected-fast-worst/replay.json"))) as! [String: Any]
        #expect(summary["folder"] as? String == "replays/projected-fast-worst")
    }

    @Test("bad input: an unknown key exits 2 naming it, suggesting the nearest and how to list keys; nothing written")
    func badKey() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try writeSpec(dir, participants: 2)
        #expect(try CLI.run(["run", spec.path, "--db", "r.sqlite"], in: dir).status == 0)
        let key = "pip/nearest-corner/iphone-15-portrait/p0009/t01/r1"
        var r = try CLI.run(["replay", key, "--db", "r.sqlite", "--out", "out"], in: dir)
        #expect(r.status == 2 && r.stderr.contains(key) && r.stderr.contains("refine replay --list --db r.sqlite"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
        r = try CLI.run(["replay", "pip/nearest-corner/iphone-15-portrait/p0001/t1/r1", "--db", "r.sqlite"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("did you mean 'pip/nearest-corner/iphone-15-portrait/p0001/t01/r1'"), "\(r.stderr)")
        r = try CLI.run(["replay", "--list", "--db", "r.sqlite"], in: dir)
        #expect(r.status == 0 && r.stdout.split(separator: "\n").count == 96 && r.stdout.contains("pip/projected-fast/iphone-se-landscape/p0001/t12/r1"))
        r = try CLI.run(["replay", "--db", "r.sqlite"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("--list"))
        r = try CLI.run(["replay", key, "--db", "missing.sqlite"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("missing.sqlite"))
        r = try CLI.run(["replay", key, "--db", "r.sqlite", "--run", "7"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("no run 7"))
        #expect(try CLI.run(["replay", "--help"]).stdout.contains("USAGE"))
    }
}
