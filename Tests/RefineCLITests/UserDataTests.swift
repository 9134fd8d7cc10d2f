import Foundation
import Testing

/// Issue 43: nothing a user owns is deleted, and no input crashes or hangs Refine. One test
/// per numbered case of the issue, through the built executable.
@Suite("refine, user data and hostile input (issue 43)", .serialized)
struct UserDataTests {
    let fm = FileManager.default

    /// A 24-trial PIP run (2 people, one strategy, 12 moves) in a fresh folder.
    func smallRun() throws -> (dir: URL, spec: String) {
        let dir = temporaryDirectory()
        let spec = tinySpec("tiny", extra: "report:\n  bootstrap_resamples: 100\n")
        try spec.write(to: dir.appendingPathComponent("tiny.yaml"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["run", "tiny.yaml", "--db", "db.sqlite", "--quiet"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        return (dir, "tiny.yaml")
    }

    /// Every file under `dir` with its contents, to prove a command changed nothing.
    func snapshot(_ dir: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let walker = fm.enumerator(at: dir, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            out[url.path] = (try? Data(contentsOf: url)) ?? Data("<folder>".utf8)
        }
        return out
    }

    func expectRefused(_ r: CLI.Result, mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 2, "exit \(r.status): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(text), "\(r.stderr)", sourceLocation: sourceLocation)
    }

    @Test("1. --out never deletes what the user owns: inputs, the current folder, files, user folders, .git")
    func outputFoldersAreRefinesOwn() throws {
        let (dir, spec) = try smallRun()
        defer { try? fm.removeItem(at: dir) }
        let user = dir.appendingPathComponent("userdir")
        try fm.createDirectory(at: user.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try fm.copyItem(at: dir.appendingPathComponent("db.sqlite"), to: user.appendingPathComponent("db.sqlite"))
        try "mine\n".write(to: user.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try "mine\n".write(to: dir.appendingPathComponent("a-file"), atomically: true, encoding: .utf8)
        let before = snapshot(dir)
        let refusals: [([String], String)] = [
            (["export", spec, "--db", "userdir/db.sqlite", "--out", "userdir"], "holds the input"),
            (["report", spec, "--db", "db.sqlite", "--out", "db.sqlite"], "is the input"),
            (["report", spec, "--db", "db.sqlite", "--out", "."], "is the current folder"),
            (["report", spec, "--db", "db.sqlite", "--out", ".."], "is the current folder"),
            (["report", spec, "--db", "db.sqlite", "--out", "userdir"], "did not write"),
            (["report", spec, "--db", "db.sqlite", "--out", "a-file"], "is a file"),
            (["export", spec, "--db", "db.sqlite", "--out", "userdir"], "did not write"),
            (["replay", "--typical", "nearest-corner", "--db", "db.sqlite", "--out", "userdir"], "did not write"),
            (["validate", "--participants", "2", "--out", "userdir"], "did not write"),
            (["power", spec, "--participants", "2", "--studies", "1", "--out", "userdir"], "did not write"),
            (["audit", "--device", "iphone-se", "--out", "userdir"], "did not write"),
        ]
        for (args, text) in refusals { expectRefused(try CLI.run(args, in: dir), mentioning: text) }
        #expect(snapshot(dir) == before, "a refused command changed the folder")
    }

    @Test("1. Refine replaces its own folder, and refuses once a file in it was added or edited")
    func replacesOnlyUnchangedOutput() throws {
        let (dir, spec) = try smallRun()
        defer { try? fm.removeItem(at: dir) }
        for _ in 0..<2 {
            let r = try CLI.run(["report", spec, "--db", "db.sqlite", "--out", "rep"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let manifest = try String(contentsOf: dir.appendingPathComponent("rep/.refine-output.sha256"), encoding: .utf8)
        #expect(manifest.contains("  index.html\n") && manifest.contains("  report.md\n"))
        let notes = dir.appendingPathComponent("rep/notes.txt")
        try "mine\n".write(to: notes, atomically: true, encoding: .utf8)
        expectRefused(try CLI.run(["report", spec, "--db", "db.sqlite", "--out", "rep"], in: dir), mentioning: "notes.txt")
        try fm.removeItem(at: notes)
        let handle = try FileHandle(forWritingTo: dir.appendingPathComponent("rep/report.md"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("my edit\n".utf8))
        try handle.close()
        expectRefused(try CLI.run(["report", spec, "--db", "db.sqlite", "--out", "rep"], in: dir), mentioning: "changed after")
        let edited = try String(contentsOf: dir.appendingPathComponent("rep/report.md"), encoding: .utf8)
        #expect(edited.hasSuffix("my edit\n"))
        // An empty folder is the user's invitation to write there.
        try fm.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
        #expect(try CLI.run(["export", spec, "--db", "db.sqlite", "--out", "empty"], in: dir).status == 0)
    }

    @Test("2. a completed run with no trials (an empty shard) reports, saying so")
    func emptyShardReports() throws {
        let (dir, spec) = try smallRun()
        defer { try? fm.removeItem(at: dir) }
        // 40 shards of 2 sessions: most are empty; find one.
        var empty: Int?
        for i in 1...40 {
            let r = try CLI.run(["run", spec, "--db", "s\(i).sqlite", "--shard", "\(i)/40", "--json"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            if r.stdout.contains("\"planned\" : 0") { empty = i; break }
        }
        let shard = try #require(empty)
        let r = try CLI.run(["report", spec, "--db", "s\(shard).sqlite", "--out", "rep"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let md = try String(contentsOf: dir.appendingPathComponent("rep/report.md"), encoding: .utf8)
        #expect(md.contains("holds no trials"))
    }

    @Test("3. spring and project: non-finite values and springs that never settle end at once with exit 2")
    func physicsNeverHangs() throws {
        let cases: [([String], String)] = [
            (["spring", "--response", "1000", "--damping-ratio", "1"], "does not come within"),
            (["spring", "--response", "0.5", "--damping-ratio", "1000"], "does not come within"),
            (["spring", "--response", "0.5", "--damping-ratio", "1e-6"], "does not come within"),
            (["spring", "--response", "0.5", "--damping-ratio", "1", "--velocity", "nan"], "--velocity"),
            (["spring", "--response", "0.5", "--damping-ratio", "1", "--distance=inf"], "--distance"),
            (["project", "--velocity=nan"], "--velocity"),
        ]
        for (args, text) in cases { expectRefused(try CLI.run(args), mentioning: text) }
        #expect(try CLI.run(["spring", "--response", "0.5", "--damping-ratio", "0.8"]).status == 0)
    }

    @Test("4, 6, 10. run --resume refuses damaged databases unchanged, and says when nothing is unfinished")
    func resumeReadsLikeReaders() throws {
        let (dir, spec) = try smallRun()
        defer { try? fm.removeItem(at: dir) }
        let good = dir.appendingPathComponent("db.sqlite")
        let bytes = try Data(contentsOf: good)
        func variant(_ name: String, _ change: (inout Data) -> Void) throws {
            var copy = bytes
            change(&copy)
            try copy.write(to: dir.appendingPathComponent(name))
        }
        try variant("flipped.sqlite") { $0[4096 * 3] ^= 0x55 }                         // a b-tree page's type byte
        try variant("zeroed.sqlite") { $0.replaceSubrange(8192..<12288, with: Data(count: 4096)) }
        try variant("short.sqlite") { $0.removeLast() }                               // one byte cut off
        let cases = [("flipped.sqlite", "corrupt"), ("zeroed.sqlite", "corrupt"), ("short.sqlite", "cut short")]
        for (name, text) in cases {
            let before = try Data(contentsOf: dir.appendingPathComponent(name))
            for args in [["run", spec, "--db", name, "--resume"], ["run", spec, "--db", name], ["show", "--db", name],
                         ["export", spec, "--db", name, "--out", "ex"]] {
                let r = try CLI.run(args, in: dir)
                expectRefused(r, mentioning: text)
                #expect(r.stderr.contains(name), "the error names the file: \(r.stderr)")
            }
            #expect(try Data(contentsOf: dir.appendingPathComponent(name)) == before, "\(name) changed")
        }
        // A newer refine's file (a migration this one does not know) is not written to.
        let newer = dir.appendingPathComponent("newer.sqlite")
        try bytes.write(to: newer)
        let sql = "INSERT INTO grdb_migrations VALUES ('v99: from the future')"
        #expect(Process.shell("sqlite3 newer.sqlite \"\(sql)\"", in: dir) == 0)
        let newerBytes = try Data(contentsOf: newer)
        expectRefused(try CLI.run(["run", spec, "--db", "newer.sqlite", "--resume"], in: dir), mentioning: "newer refine")
        #expect(try Data(contentsOf: newer) == newerBytes)
        // Nothing unfinished: said on standard output, exit 0, the file untouched, no new run.
        let r = try CLI.run(["run", spec, "--db", "db.sqlite", "--resume"], in: dir)
        #expect(r.status == 0 && r.stdout.contains("nothing to resume") && r.stdout.contains("run 1"), "\(r.stdout)\(r.stderr)")
        #expect(try Data(contentsOf: good) == bytes)
        let none = try CLI.run(["run", spec, "--db", "absent.sqlite", "--resume"], in: dir)
        #expect(none.status == 0 && none.stdout.contains("nothing to resume"))
        #expect(!fm.fileExists(atPath: dir.appendingPathComponent("absent.sqlite").path))
    }

    @Test("5. a PNG declaring a 2 GB text chunk is refused before anything that size is allocated")
    func hostileChunkLengths() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        for type in ["tEXt", "zTXt", "iTXt"] {
            // Signature, a 1×1 IHDR, then a chunk header declaring 0x7ffffff0 bytes and 36 bytes of them.
            var png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]
            png += Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde]
            png += [0x7f, 0xff, 0xff, 0xf0] + Array(type.utf8) + Array("key\0value-but-much-shorter-than-said".utf8)
            let name = "\(type).png"
            try Data(png).write(to: dir.appendingPathComponent(name))
            for args in [["image", "info", name], ["render", name, "-o", "out.png"]] {
                let r = try CLI.run(args, in: dir)
                expectRefused(r, mentioning: "declares 2147483632 bytes")
            }
        }
    }

    @Test("7, 8. user errors exit 2 with one line in words: no run, --set, recipe fields, baselines, YAML, paths")
    func userErrorsInWords() throws {
        let (dir, spec) = try smallRun()
        defer { try? fm.removeItem(at: dir) }
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data/photos/chelsea.png").path
        let gated = spec.replacingOccurrences(of: "tiny", with: "gated")
        let gatedText = try String(contentsOf: dir.appendingPathComponent(spec), encoding: .utf8)
            .replacingOccurrences(of: "name: tiny", with: "name: gated")
            + "gate:\n  metrics:\n    time_to_effect_s: {worse: higher, relative: 0.1}\n"
        try gatedText.write(to: dir.appendingPathComponent(gated), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["baseline", "update", gated, "-o", "b.json"], in: dir).status == 0)
        try "{\"shadowz\": 0.2}".write(to: dir.appendingPathComponent("typo.json"), atomically: true, encoding: .utf8)
        try "{\"shadows\": \"lots\"}".write(to: dir.appendingPathComponent("type.json"), atomically: true, encoding: .utf8)
        try "a: [1, 2\n".write(to: dir.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        try "{\"experiment\": 3}".write(to: dir.appendingPathComponent("b3.json"), atomically: true, encoding: .utf8)
        try fm.createDirectory(at: dir.appendingPathComponent("bdir"), withIntermediateDirectories: true)
        try Data("name: bad\0input\nquestion: pip\n".utf8).write(to: dir.appendingPathComponent("nul.yaml"))
        try ("a: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "\n")
            .write(to: dir.appendingPathComponent("deep.yaml"), atomically: true, encoding: .utf8)
        let long = (0..<4).map { String(repeating: Character(String(UnicodeScalar(UInt8(100 + $0)))), count: 200) }
            .joined(separator: "/")
        try fm.createDirectory(at: dir.appendingPathComponent(long), withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["check", gated, "--baseline", "b.json", "--db", "db.sqlite"], "no completed run of 'gated'"),
            (["render", photo, "-o", "o.png", "--set", "shadows"], "expected name=value"),
            (["render", photo, "-o", "o.png", "--recipe", "typo.json"], "unknown field 'shadowz'; did you mean 'shadows'"),
            (["render", photo, "-o", "o.png", "--recipe", "type.json"], "field 'shadows': expected a number"),
            (["check", gated, "--baseline", "b.yaml", "--db", "db.sqlite"], "not valid JSON"),
            (["check", gated, "--baseline", "bdir", "--db", "db.sqlite"], "is a directory"),
            (["check", gated, "--baseline", "b3.json", "--db", "db.sqlite"], "field 'experiment': expected a string"),
            (["run", "nul.yaml"], "U+0000"),
            (["run", "deep.yaml"], "nested too deeply"),
            (["run", spec, "--db", long + "/x.sqlite"], "SQLite opens paths of at most 511"),
        ]
        for (args, text) in cases {
            let r = try CLI.run(args, in: dir)
            expectRefused(r, mentioning: text)
            for raw in ["DecodingError", "NSCocoaErrorDomain", "yaml_set_max_nest_level", "internal error", "\0"] {
                #expect(!r.stderr.contains(raw), "\(args): \(r.stderr)")
            }
        }
    }

    @Test("9. report.md fences the embedded spec with more backticks than any run in it")
    func embeddedSpecCannotCloseItsFence() throws {
        let (dir, _) = try smallRun()
        defer { try? fm.removeItem(at: dir) }
        let text = try String(contentsOf: dir.appendingPathComponent("tiny.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "name: tiny", with: "name: fenced\ndescription: |\n  ```\n  <script>alert(1)</script>")
        try text.write(to: dir.appendingPathComponent("fenced.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["run", "fenced.yaml", "--db", "f.sqlite", "--quiet"], in: dir).status == 0)
        let r = try CLI.run(["report", "fenced.yaml", "--db", "f.sqlite", "--out", "rep"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let md = try String(contentsOf: dir.appendingPathComponent("rep/report.md"), encoding: .utf8)
        // The script line sits inside a fence of four backticks that nothing in the spec closes.
        let lines = md.components(separatedBy: "\n")
        let script = try #require(lines.lastIndex { $0.contains("<script>") })
        let opening = try #require(lines[..<script].lastIndex { $0.hasPrefix("```") })
        #expect(lines[opening] == "````")
        #expect(!lines[(opening + 1)..<script].contains { $0.hasPrefix("````") })
    }
}

extension Process {
    /// Runs `command` with /bin/sh in `directory`; its exit status.
    static func shell(_ command: String, in directory: URL) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        p.currentDirectoryURL = directory
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try? p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }
}
