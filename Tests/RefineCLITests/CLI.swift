import Foundation

/// Runs the built `refine` executable, as a user would.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `refine` binary next to the test bundle (SwiftPM builds it for these tests).
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["REFINE_BIN"] { return URL(fileURLWithPath: path) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("refine")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/refine")
    }

    /// Runs `refine args…` in `directory` and waits for it.
    @discardableResult
    static func run(_ args: [String], in directory: URL? = nil) throws -> Result {
        let p = start(args, in: directory)
        let out = p.stdout.fileHandleForReading.readDataToEndOfFile()
        let err = p.stderr.fileHandleForReading.readDataToEndOfFile()
        p.process.waitUntilExit()
        return Result(status: p.process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }

    static func start(_ args: [String], in directory: URL? = nil) -> (process: Process, stdout: Pipe, stderr: Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = args
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["CI"] = "true"
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try! process.run()
        return (process, out, err)
    }
}

/// A fresh temporary directory.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("refine-cli-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A PIP spec with `participants` people, written to `directory/name`.
@discardableResult
func writeSpec(_ directory: URL, participants: Int = 3, name: String = "pip.yaml", replace: (String, String)? = nil) throws -> URL {
    var text = """
        name: pip-cli
        question: pip
        seed: 11
        devices: [iphone-15-portrait, iphone-se-landscape]
        strategies:
          - design: nearest-corner
          - design: projected-momentum
            label: projected-fast
            parameters:
              rate: fast
        population:
          participants: \(participants)
        tasks:
          moves: all
        report:
          bootstrap_resamples: 200

        """
    if let (a, b) = replace { text = text.replacingOccurrences(of: a, with: b) }
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
}

/// A 24-trial PIP spec named `name` (2 people, one strategy, the 12 moves), with `extra` YAML after it.
func tinySpec(_ name: String, extra: String = "") -> String {
    """
    name: \(name)
    question: pip
    seed: 11
    devices: [iphone-15-portrait]
    strategies:
      - design: nearest-corner
    population:
      participants: 2
    tasks:
      moves: all

    """ + extra
}
