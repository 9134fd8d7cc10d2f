import Foundation

/// Where a run came from: everything a researcher needs to rerun it (DESIGN §7).
public struct Provenance: Sendable, Codable, Hashable {
    public var toolVersion: String
    public var gitCommit: String
    public var gitDirty: Bool
    public var os: String
    public var swiftVersion: String
    public var argv: [String]
    public var host: String
    public var pid: Int32

    /// Refine's version, bumped with each release of the harness.
    public static let toolVersion = "0.1.0"

    /// The provenance of this process, reading git from `directory` (the spec's folder).
    public static func current(argv: [String] = CommandLine.arguments, gitDirectory: URL) -> Provenance {
        let commit = run("git", ["-C", gitDirectory.path, "rev-parse", "HEAD"]) ?? "unknown"
        let status = run("git", ["-C", gitDirectory.path, "status", "--porcelain", "--untracked-files=no"])
        return Provenance(
            toolVersion: toolVersion, gitCommit: commit,
            gitDirty: status.map { !$0.isEmpty } ?? false,
            os: operatingSystem(), swiftVersion: swiftVersion, argv: argv,
            host: ProcessInfo.processInfo.hostName, pid: ProcessInfo.processInfo.processIdentifier)
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
           let line = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") }) {
            name = line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) + " (\(name))"
        }
        return name
    }

    /// Output of a helper program, trimmed, or nil if it could not run or failed.
    static func run(_ tool: String, _ arguments: [String]) -> String? {
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
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
