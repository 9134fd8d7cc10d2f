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
        try FileManager.default.createDirectory(atPath: "runs", withIntermediateDirectories: true)
        return "runs/\(spec.name).sqlite"
    }
}
