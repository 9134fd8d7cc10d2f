import Foundation
import Testing

/// Issue 15, bad input: every case exits with its documented code and a first
/// line a person understands. Through the built executable.
@Suite("refine, bad input answered clearly", .serialized)
struct BadInputTests {
    let fm = FileManager.default

    func firstLine(_ r: CLI.Result) -> String { String(r.stderr.split(separator: "\n").first ?? "") }

    @Test("6. a spec name with a path in it is refused; nothing is written outside runs/ and Reports/")
    func pathTraversal() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        let work = dir.appendingPathComponent("a/b")
        try fm.createDirectory(at: work, withIntermediateDirectories: true)
        let spec = try writeSpec(work, replace: ("name: pip-cli", "name: ../../evil"))
        for args in [["run", spec.path], ["report", spec.path], ["baseline", "update", spec.path]] {
            let r = try CLI.run(args, in: work)
            #expect(r.status == 2 && firstLine(r).contains("name '../../evil' must be lowercase letters"), "\(r.stderr)")
        }
        #expect(try fm.contentsOfDirectory(atPath: dir.path) == ["a"])
        #expect(try fm.contentsOfDirectory(atPath: work.path) == ["pip.yaml"])
    }

    @Test("7. a corrupt or truncated database is bad input (2); merge into a missing folder is bad input (2)")
    func corruptDatabases() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        let spec = try writeSpec(dir)
        #expect(try CLI.run(["run", spec.path, "--db", "good.sqlite"], in: dir).status == 0)
        let good = try Data(contentsOf: dir.appendingPathComponent("good.sqlite"))
        try good.prefix(good.count / 2).write(to: dir.appendingPathComponent("truncated.sqlite"))
        var mangled = good
        for i in stride(from: 4096, to: mangled.count, by: 7) { mangled[i] ^= 0x5A }
        try mangled.write(to: dir.appendingPathComponent("mangled.sqlite"))
        for db in ["truncated.sqlite", "mangled.sqlite"] {
            for args in [["show", "--db", db], ["report", spec.path, "--db", db, "--out", "o"], ["merge", db, "-o", "m-\(db)"],
                         ["run", spec.path, "--db", db]] {
                let r = try CLI.run(args, in: dir)
                #expect(r.status == 2 && firstLine(r).contains(db) && !r.stderr.contains("internal"), "\(args): \(r.stderr)")
            }
        }
        let r = try CLI.run(["merge", "good.sqlite", "-o", "/nonexistent/dir/x.sqlite"], in: dir)
        #expect(r.status == 2 && firstLine(r).contains("does not exist"), "\(r.stderr)")
    }

    @Test("7. a full disk gets exit 3 and the same sentence in run, merge, report and render")
    func diskFull() throws {
        let dir = temporaryDirectory()
        let full = dir.appendingPathComponent("full")
        try fm.createDirectory(at: full, withIntermediateDirectories: true)
        defer { _ = shell("umount '\(full.path)'"); try? fm.removeItem(at: dir) }
        guard shell("mount -t tmpfs -o size=96k tmpfs '\(full.path)'") == 0 else { return } // needs mount rights
        let spec = try writeSpec(dir, participants: 60)
        #expect(try CLI.run(["run", spec.path, "--db", "s.sqlite"], in: dir).status == 0)
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/photos/chelsea.png").path
        for args in [["run", spec.path, "--db", "full/r.sqlite"], ["merge", "s.sqlite", "-o", "full/m.sqlite"],
                     ["report", spec.path, "--db", "s.sqlite", "--out", "full/report"], ["render", photo, "-o", "full/out.png", "--depth", "16"]] {
            let r = try CLI.run(args, in: dir)
            #expect(r.status == 3 && firstLine(r).contains("no space left on the device; free some space and run the command again")
                    && r.stderr.split(separator: "\n").count == 1 && !r.stderr.contains("Domain"), "\(args): \(r.stderr)")
        }
    }

    @Test("8. directories, FIFOs and symlink loops as specs or photos; duplicate keys; photo errors located")
    func notRegularFiles() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        try fm.createDirectory(at: dir.appendingPathComponent("folder.yaml"), withIntermediateDirectories: true)
        #expect(shell("mkfifo '\(dir.appendingPathComponent("fifo.yaml").path)' && ln -s loop.yaml '\(dir.appendingPathComponent("loop.yaml").path)'") == 0)
        for (name, words) in [("folder.yaml", "is a directory"), ("fifo.yaml", "is not a regular file"), ("loop.yaml", "is not a regular file")] {
            let r = try CLI.run(["run", name, "--db", "r.sqlite"], in: dir)
            #expect(r.status == 2 && firstLine(r).contains(words) && !r.stderr.contains("Domain"), "\(name): \(r.stderr)")
        }
        let info = try CLI.run(["image", "info", "folder.yaml"], in: dir)
        #expect(info.status == 2 && firstLine(info).contains("is a directory"), "\(info.stderr)")
        let fifo = try CLI.run(["image", "info", "fifo.yaml"], in: dir)
        #expect(fifo.status == 2 && firstLine(fifo).contains("is not a regular file"), "\(fifo.stderr)")

        let dup = try writeSpec(dir, name: "dup.yaml", replace: ("seed: 11\n", "seed: 11\nseed: 12\n"))
        let d = try CLI.run(["run", dup.path, "--db", "r.sqlite"], in: dir)
        #expect(d.status == 2 && d.stderr.split(separator: "\n").count == 1 && firstLine(d).contains("dup.yaml:3:1:")
                && firstLine(d).contains("'seed' appears twice"), "\(d.stderr)")

        // Photo errors carry the spec's line and column, whatever is wrong with the photo.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var exposure = try String(contentsOf: root.appendingPathComponent("Experiments/exposure.yaml"), encoding: .utf8)
        exposure = exposure.replacingOccurrences(of: "../Data/photos/", with: root.path + "/Data/photos/")
        try "not a png".write(to: dir.appendingPathComponent("text.png"), atomically: true, encoding: .utf8)
        let photoLine = exposure.components(separatedBy: "\n").firstIndex { $0.contains("china.png") }! + 1
        for (photo, words) in [(dir.appendingPathComponent("folder.yaml").path, "is a directory"), (dir.appendingPathComponent("text.png").path, "not a PNG")] {
            let text = exposure.replacingOccurrences(of: root.path + "/Data/photos/china.png", with: photo)
            try text.write(to: dir.appendingPathComponent("exposure.yaml"), atomically: true, encoding: .utf8)
            let r = try CLI.run(["run", "exposure.yaml", "--db", "r.sqlite"], in: dir)
            #expect(r.status == 2 && firstLine(r).contains("exposure.yaml:\(photoLine):") && firstLine(r).contains(words), "\(r.stderr)")
        }
        #expect(!fm.fileExists(atPath: dir.appendingPathComponent("r.sqlite").path))
    }

    @Test("9. --jobs is checked the same way in every command that has it")
    func jobsEverywhere() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        let spec = try writeSpec(dir, replace: ("report:", GateTests().gate + "report:"))
        let commands = [["run", spec.path], ["sensitivity", spec.path], ["check", spec.path, "--baseline", "b.json"],
                        ["baseline", "update", spec.path], ["calibrate", spec.path], ["render", "x.png", "-o", "y.png"]]
        for command in commands {
            for bad in ["0", "-1", "100000"] {
                let r = try CLI.run(command + ["--jobs", bad], in: dir)
                #expect(r.status == 2 && firstLine(r) == "refine: error: --jobs: expected a whole number from 1 to 256, got \(bad) (see --help)",
                        "\(command) \(bad): \(r.stderr)")
            }
        }
        #expect(try fm.contentsOfDirectory(atPath: dir.path) == ["pip.yaml"])
    }

    @Test("10. a report's gnuplot scripts set the terminal before plotting and re-run without warnings")
    func gnuplotScriptsRerun() throws {
        let dir = temporaryDirectory()
        defer { try? fm.removeItem(at: dir) }
        let spec = try writeSpec(dir)
        #expect(try CLI.run(["run", spec.path, "--db", "r.sqlite"], in: dir).status == 0)
        #expect(try CLI.run(["report", spec.path, "--db", "r.sqlite", "--out", "out"], in: dir).status == 0)
        let out = dir.appendingPathComponent("out")
        let scripts = try fm.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".gp") }
        #expect(!scripts.isEmpty)
        for script in scripts {
            let text = try String(contentsOf: out.appendingPathComponent(script), encoding: .utf8)
            let commands = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
            #expect(commands.first?.hasPrefix("set terminal") == true, "\(script)")
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["gnuplot", script]
            p.currentDirectoryURL = out
            var env = ProcessInfo.processInfo.environment
            env["DISPLAY"] = nil
            p.environment = env
            let err = Pipe()
            p.standardError = err
            try p.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 0 && message.isEmpty, "\(script): \(message)")
        }
    }

    @discardableResult
    func shell(_ command: String) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try? p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }
}
