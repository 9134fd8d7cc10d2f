import Foundation
import PropertyBased
import Testing
import Harness
@testable import Reports

/// Output folders are Refine's own (issue 43): what `StagedFolder` may replace, what it must
/// refuse untouched, and the manifest that tells them apart.
@Suite("Output folders")
struct OutputFolderTests {
    let fm = FileManager.default

    func scratch() throws -> URL {
        let url = fm.temporaryDirectory.appendingPathComponent("refine-out-\(UUID().uuidString)")
        try fm.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func write(_ url: URL, files: [String: String]) throws -> URL {
        try StagedFolder.write(to: url) { staging in
            for (path, text) in files {
                let file = staging.appendingPathComponent(path)
                try fm.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            }
        }
    }

    func refused(_ url: URL, inputs: [String] = [], mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try StagedFolder.claim(url, inputs: inputs)
            Issue.record("\(url.path) was not refused", sourceLocation: sourceLocation)
        } catch let e as OutputFolderError {
            #expect(e.description.contains(text), "\(e)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("a folder Refine wrote is replaced whole; the manifest lists every file as sha256sum does")
    func replacesItsOwnFolder() throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let out = root.appendingPathComponent("report")
        try write(out, files: ["index.html": "one", "figures/a.dat": "1 2\n"])
        let manifest = try String(contentsOf: out.appendingPathComponent(OutputManifest.fileName), encoding: .utf8)
        #expect(manifest == """
            \(SHA256.hex("1 2\n"))  figures/a.dat
            \(SHA256.hex("one"))  index.html

            """)
        try write(out, files: ["index.html": "two"])
        #expect(try OutputManifest.files(under: out) == ["index.html"])
        // Neither staging nor the moved-aside folder is left beside it.
        #expect(try fm.contentsOfDirectory(atPath: root.path) == ["report"])
    }

    @Test("anything the user added or changed, a file, a link, an input or the current folder is refused untouched")
    func refusesWhatIsNotRefines() throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let out = root.appendingPathComponent("report")
        try write(out, files: ["index.html": "one"])
        try Data("mine".utf8).write(to: out.appendingPathComponent("notes.txt"))
        refused(out, mentioning: "'notes.txt' was not written by Refine")
        try fm.removeItem(at: out.appendingPathComponent("notes.txt"))
        try Data("edited".utf8).write(to: out.appendingPathComponent("index.html"))
        refused(out, mentioning: "'index.html' was changed after Refine wrote it")

        let user = root.appendingPathComponent("user")
        try fm.createDirectory(at: user.appendingPathComponent(".git"), withIntermediateDirectories: true)
        refused(user, mentioning: "holds files Refine did not write ('.git')")
        // Refused inside `write` too, before `build` runs.
        #expect(throws: OutputFolderError.self) { try write(user, files: ["x": "y"]) }
        #expect(fm.fileExists(atPath: user.appendingPathComponent(".git").path))

        let file = root.appendingPathComponent("file")
        try Data("mine".utf8).write(to: file)
        refused(file, mentioning: "is a file")
        try fm.createSymbolicLink(at: root.appendingPathComponent("link"), withDestinationURL: out)
        refused(root.appendingPathComponent("link"), mentioning: "symbolic link")
        refused(root, inputs: [file.path], mentioning: "holds the input")
        refused(file, inputs: [file.path], mentioning: "is the input")
        refused(URL(fileURLWithPath: fm.currentDirectoryPath), mentioning: "current folder")
        refused(URL(fileURLWithPath: "/"), mentioning: "root folder")
    }

    @Test("a subfolder with its own intact mark is Refine's even when the outer mark is older; a file added there is not")
    func nestedMarkVouches() throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let out = root.appendingPathComponent("report")
        let replay = out.appendingPathComponent("replays/best")
        try write(out, files: ["index.html": "one"])
        let outerMark = try Data(contentsOf: out.appendingPathComponent(OutputManifest.fileName))
        // Replays written later (with their own mark), then the report's outer mark restored from version control.
        try fm.createDirectory(at: replay.deletingLastPathComponent(), withIntermediateDirectories: true)
        try write(replay, files: ["frame.svg": "<svg/>"])
        try outerMark.write(to: out.appendingPathComponent(OutputManifest.fileName))
        try StagedFolder.claim(out, inputs: [])
        try Data("mine".utf8).write(to: replay.appendingPathComponent("notes.txt"))
        refused(out, mentioning: "replays/best/")
    }

    @Test("a FIFO in an output folder is refused, not read (which would hang)")
    func fifoIsForeign() throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let out = root.appendingPathComponent("report")
        try write(out, files: ["index.html": "one"])
        #expect(mkfifo(out.appendingPathComponent("pipe").path, 0o600) == 0)
        refused(out, mentioning: "'pipe'")
    }

    @Test("an absent or empty folder is Refine's to make")
    func absentOrEmpty() throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        try StagedFolder.claim(root.appendingPathComponent("new/deeper"))
        try StagedFolder.claim(root)
    }

    @Test("a Markdown code fence outlasts every run of backticks in its text")
    func codeFence() async {
        let pieces = ["`", "``", "```", "````", "a", "\n", " "]
        await propertyCheck(input: Gen.int(in: 0...40).array(of: 0...30)) { picks in
            let text = picks.map { pieces[$0 % pieces.count] }.joined()
            let fence = ReportDocument.codeFence(for: text)
            #expect(fence.count >= 3 && fence.allSatisfy { $0 == "`" })
            #expect(!text.contains(fence))
        }
    }

    @Test("JSON problems name the field and what was expected, never the decoder's words")
    func jsonProblems() {
        func problem(_ json: String) -> String {
            do {
                _ = try JSONDecoder().decode(ProblemDocument.self, from: Data(json.utf8))
                return ""
            } catch {
                return JSONFiles.problem(error)
            }
        }
        #expect(problem("{") == "not valid JSON")
        #expect(problem("{\"values\": []}") == "missing field 'name'")
        #expect(problem("{\"name\": 3, \"values\": []}") == "field 'name': expected a string")
        #expect(problem("{\"name\": \"a\", \"values\": [1, \"x\"]}") == "field 'values[1]': expected a number")
        #expect(problem("[]") == "expected an object at the top level")
    }
}

/// A document for `JSONFiles.problem` to find fault with.
private struct ProblemDocument: Decodable {
    var name: String
    var values: [Double]
}
