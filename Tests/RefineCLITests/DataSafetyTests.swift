import Foundation
import GRDB
import Testing

/// Issue 15, data safety: results survive being copied, foreign and read-only
/// databases are left alone, killed commands' leftovers are cleaned, and the
/// dirty flag counts only what affects results. Through the built executable.
@Suite("refine, data safety", .serialized)
struct DataSafetyTests {
    let fm = FileManager.default

    /// A tmpfs mounted at `dir` (root in a container allows it); nil where mounting is not allowed.
    func mountTmpfs(_ dir: URL, size: String) -> Bool {
        try? fm.createDirectory(at: dir, withIntermediateDirectories: true)
        return shell("mount -t tmpfs -o size=\(size) tmpfs '\(dir.path)'") == 0
    }

    @discardableResult
    func shell(_ command: String, in directory: URL? = nil) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        if let directory { p.currentDirectoryURL = directory }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try? p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    @Test("1. only the main database files of finished shards, copied to a new folder, merge and report")
    func copiedMainFilesMergeAndReport() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        let spec = try writeSpec(dir)
        for i in 1...2 {
            let r = try CLI.run(["run", spec.path, "--db", "s\(i).sqlite", "--shard", "\(i)/2", "--jobs", "2"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let elsewhere = dir.appendingPathComponent("elsewhere")
        try fm.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        for i in 1...2 { try fm.copyItem(at: dir.appendingPathComponent("s\(i).sqlite"), to: elsewhere.appendingPathComponent("s\(i).sqlite")) }
        try fm.copyItem(at: spec, to: elsewhere.appendingPathComponent("pip.yaml"))
        let merge = try CLI.run(["merge", "s1.sqlite", "s2.sqlite", "-o", "merged.sqlite"], in: elsewhere)
        #expect(merge.status == 0 && merge.stdout.contains("144 trials"), "\(merge.stdout)\(merge.stderr)")
        #expect(!fm.fileExists(atPath: elsewhere.appendingPathComponent("merged.sqlite-wal").path))
        let report = try CLI.run(["report", "pip.yaml", "--db", "merged.sqlite", "--out", "out"], in: elsewhere)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(fm.fileExists(atPath: elsewhere.appendingPathComponent("out/index.html").path))
    }

    @Test("1. a WAL database copied without its -wal is named as such by show, report and merge")
    func missingWALIsDetected() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        let spec = try writeSpec(dir)
        // What older refines left: the data still in the -wal while the run's connection was open.
        let pool = try DatabasePool(path: dir.appendingPathComponent("live.sqlite").path)
        try pool.write { try $0.execute(sql: "CREATE TABLE run (id INTEGER)") }
        try fm.copyItem(at: dir.appendingPathComponent("live.sqlite"), to: dir.appendingPathComponent("stub.sqlite"))
        try pool.close()
        for args in [["show", "--db", "stub.sqlite"], ["report", spec.path, "--db", "stub.sqlite", "--out", "o"],
                     ["merge", "stub.sqlite", "-o", "m.sqlite"]] {
            let r = try CLI.run(args, in: dir)
            #expect(r.status == 2 && r.stderr.contains("stub.sqlite-wal, which is missing"), "\(args): \(r.stderr)")
        }
    }

    @Test("2. a foreign database is refused with exit 2 and left byte for byte as it was")
    func foreignDatabaseUntouched() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        let spec = try writeSpec(dir)
        let path = dir.appendingPathComponent("other.sqlite")
        let queue = try DatabaseQueue(path: path.path)
        try queue.write { try $0.execute(sql: "CREATE TABLE run (x TEXT); CREATE TABLE customers (name TEXT); INSERT INTO run VALUES ('mine')") }
        try queue.close()
        let before = try Data(contentsOf: path)
        let run = try CLI.run(["run", spec.path, "--db", path.path], in: dir)
        #expect(run.status == 2 && run.stderr.contains("not Refine's") && run.stderr.contains("'customers', 'run'"), "\(run.stderr)")
        #expect(try Data(contentsOf: path) == before)
        for args in [["show", "--db", path.path], ["report", spec.path, "--db", path.path, "--out", "o"]] {
            let r = try CLI.run(args, in: dir)
            #expect(r.status == 2 && r.stderr.contains("not Refine's") && !r.stderr.contains("migrate"), "\(r.stderr)")
        }
        #expect(try Data(contentsOf: path) == before)
    }

    @Test("3. show, report, check and merge read results on read-only media")
    func readOnlyMedia() throws {
        let dir = temporaryDirectory()
        defer { shell("umount '\(dir.appendingPathComponent("ro").path)'"); try? fm.removeItem(at: dir) }
        let ro = dir.appendingPathComponent("ro")
        guard mountTmpfs(ro, size: "8m") else { return } // needs root with mount rights
        let spec = try writeSpec(dir, participants: 4, replace: ("report:", GateTests().gate + "report:"))
        for i in 1...2 {
            #expect(try CLI.run(["run", spec.path, "--db", "ro/s\(i).sqlite", "--shard", "\(i)/2"], in: dir).status == 0)
        }
        #expect(try CLI.run(["merge", "ro/s1.sqlite", "ro/s2.sqlite", "-o", "ro/all.sqlite"], in: dir).status == 0)
        #expect(try CLI.run(["baseline", "update", spec.path, "--db", "ro/all.sqlite", "-o", "base.json"], in: dir).status == 0)
        #expect(shell("mount -o remount,ro '\(ro.path)'") == 0)
        let show = try CLI.run(["show", "--db", "ro/all.sqlite"], in: dir)
        #expect(show.status == 0 && show.stdout.contains("completed"), "\(show.stderr)")
        let report = try CLI.run(["report", spec.path, "--db", "ro/all.sqlite", "--out", "out"], in: dir)
        #expect(report.status == 0, "\(report.stderr)")
        let check = try CLI.run(["check", spec.path, "--baseline", "base.json", "--db", "ro/all.sqlite"], in: dir)
        #expect(check.status == 0, "\(check.stderr)")
        let merge = try CLI.run(["merge", "ro/s1.sqlite", "ro/s2.sqlite", "-o", "again.sqlite"], in: dir)
        #expect(merge.status == 0, "\(merge.stderr)")
    }

    @Test("4. stale .partial-PID leftovers of killed merges and reports are cleaned and announced")
    func staleLeftoversCleaned() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        let spec = try writeSpec(dir)
        #expect(try CLI.run(["run", spec.path, "--db", "s.sqlite"], in: dir).status == 0)
        // A pid that is certainly gone: a process that has already exited.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run(); gone.waitUntilExit()
        let pid = gone.processIdentifier
        for name in ["merged.sqlite.partial-\(pid)", "merged.sqlite.partial-\(pid)-wal"] {
            try Data("half".utf8).write(to: dir.appendingPathComponent(name))
        }
        try fm.createDirectory(at: dir.appendingPathComponent(".out.partial-\(pid)"), withIntermediateDirectories: true)
        let alive = dir.appendingPathComponent(".out.partial-\(getpid())")
        try fm.createDirectory(at: alive, withIntermediateDirectories: true)
        let merge = try CLI.run(["merge", "s.sqlite", "-o", "merged.sqlite"], in: dir)
        #expect(merge.status == 0 && merge.stderr.contains("removed") && merge.stderr.contains("merged.sqlite.partial-\(pid)"), "\(merge.stderr)")
        let report = try CLI.run(["report", spec.path, "--db", "merged.sqlite", "--out", "out"], in: dir)
        #expect(report.status == 0 && report.stderr.contains(".out.partial-\(pid)"), "\(report.stderr)")
        let left = try fm.contentsOfDirectory(atPath: dir.path).filter { $0.contains("partial") }
        #expect(left == [alive.lastPathComponent], "\(left)") // a live process's folder is not touched
    }

    @Test("5. git_dirty counts only what affects results, and the dirty paths are recorded")
    func dirtyOverResultPaths() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        for folder in ["Sources", "Experiments", "Reports"] {
            try fm.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try "let x = 1\n".write(to: dir.appendingPathComponent("Sources/x.swift"), atomically: true, encoding: .utf8)
        try "old\n".write(to: dir.appendingPathComponent("Reports/index.md"), atomically: true, encoding: .utf8)
        try "runs/\n".write(to: dir.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        try writeSpec(dir.appendingPathComponent("Experiments"))
        #expect(shell("git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm init", in: dir) == 0)
        try "new\n".write(to: dir.appendingPathComponent("Reports/index.md"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["run", "Experiments/pip.yaml", "--db", "clean.sqlite"], in: dir).status == 0)
        try "let x = 2\n".write(to: dir.appendingPathComponent("Sources/x.swift"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["run", "Experiments/pip.yaml", "--db", "dirty.sqlite"], in: dir).status == 0)
        func provenance(_ name: String) throws -> (Int, String) {
            let q = try DatabaseQueue(path: dir.appendingPathComponent(name).path)
            return try q.read { db in
                let row = try Row.fetchOne(db, sql: "SELECT git_dirty, git_dirty_paths FROM run")!
                return (row[0], row[1])
            }
        }
        #expect(try provenance("clean.sqlite") == (0, "[]"))
        let (dirty, paths) = try provenance("dirty.sqlite")
        #expect(dirty == 1 && paths.contains("Sources/x.swift") && !paths.contains("Reports"), "\(paths)")
    }
}
