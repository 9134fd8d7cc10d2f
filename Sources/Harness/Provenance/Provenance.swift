import Foundation
import UserModels

/// Where a run came from: everything a researcher needs to rerun it (DESIGN §7).
public struct Provenance: Sendable, Codable, Hashable {
    public var toolVersion: String
    public var gitCommit: String
    /// Whether anything that affects results differs from the commit (see `resultPaths`).
    public var gitDirty: Bool
    /// What differs, as `git status --porcelain` lines (e.g. ` M Sources/Harness/Store/RunStore.swift`).
    public var gitDirtyPaths: [String]
    public var os: String
    public var swiftVersion: String
    public var argv: [String]
    public var host: String
    public var pid: Int32

    /// This machine's name, looked up once: Foundation resolves it through the
    /// resolver (getaddrinfo), ≈ 50 ms a call here, and a run asked for it three
    /// times (its provenance, and each listing of runs to tell dead local ones).
    public static let hostName = ProcessInfo.processInfo.hostName

    /// Refine's version, bumped with each release of the harness.
    public static let toolVersion = "0.1.0"

    /// The SHA-256 of the simulated people as data (`ModelDescription`): runs with other hashes drew their people
    /// from another catalogue.
    public static let modelSHA256 = SHA256.hex(ModelDescription.text)

    /// The parts of the repository that can change a result: the code, the specs, the
    /// photos and baselines, and the package manifest with its pinned versions. Generated
    /// `Reports/` (rewritten by every suite run) and `runs/` are not among them, so a
    /// clean checkout running the suite records a clean run.
    public static let resultPaths = ["Sources", "Experiments", "Data", "Package.swift", "Package.resolved"]

    /// The provenance of this process, reading git from `directory` (the spec's folder).
    public static func current(argv: [String] = CommandLine.arguments, gitDirectory: URL) -> Provenance {
        let commit = run("git", ["-C", gitDirectory.path, "rev-parse", "HEAD"]) ?? "unknown"
        let dirty = dirtyPaths(gitDirectory)
        return Provenance(
            toolVersion: toolVersion, gitCommit: commit,
            gitDirty: !dirty.isEmpty, gitDirtyPaths: dirty,
            os: operatingSystem(), swiftVersion: swiftVersion, argv: argv,
            host: hostName, pid: ProcessInfo.processInfo.processIdentifier)
    }

    /// `git status --porcelain` lines for `resultPaths` (untracked files there count:
    /// a new source file changes the build), read from the repository's top folder so
    /// the paths mean the same wherever the spec lives. Empty outside a repository.
    static func dirtyPaths(_ directory: URL) -> [String] {
        guard let top = run("git", ["-C", directory.path, "rev-parse", "--show-toplevel"]), !top.isEmpty else {
            return []
        }
        let status =
            run("git", ["-C", top, "status", "--porcelain", "--untracked-files=all", "--"] + resultPaths, trim: false)
            ?? ""
        return status.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    static var swiftVersion: String {
        #if compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }

    static func operatingSystem() -> String {
        var name = ProcessInfo.processInfo.operatingSystemVersionString
        if let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
            let line = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
        {
            name =
                line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                + " (\(name))"
        }
        return name
    }

    /// Output of a helper program, trimmed, or nil if it could not run or failed.
    static func run(_ tool: String, _ arguments: [String], trim: Bool = true) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return trim ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text
    }
}
