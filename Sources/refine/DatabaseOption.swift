import ArgumentParser
import Foundation
import Harness

/// `--db PATH` for commands that write runs: by default `runs/<experiment>.sqlite`,
/// creating `runs/` (only the default folder is created for you).
struct DatabaseOption: ParsableArguments {
    @Option(help: "Results database (default: runs/<experiment>.sqlite).")
    var db: String?

    func path(for spec: ExperimentSpec) throws -> String {
        if let db { return db }
        let path = try OutputPath.inside("runs", "\(spec.name).sqlite")
        try FileManager.default.createDirectory(atPath: "runs", withIntermediateDirectories: true)
        return path
    }
}

/// Default output paths built from a spec's name, checked to stay in their folder
/// whatever the name holds (the spec loader already restricts names; this is the
/// second lock on the door).
enum OutputPath {
    static func inside(_ folder: String, _ name: String) throws -> String {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        let path = URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL.path
        guard !name.contains("/"), name != "..", name != ".", path.hasPrefix(base + "/") else {
            throw InputError("'\(name)' would be written outside \(folder)/; give the spec a plain name")
        }
        return "\(folder)/\(name)"
    }
}
