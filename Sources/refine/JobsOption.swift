import ArgumentParser
import Foundation

/// `--jobs N`, the worker threads of every command that has them, checked in one
/// place: 1…256. The value is taken as given even when it starts with '-', so
/// `--jobs -1` is refused for being negative, not reported as a missing value.
struct JobsOption: ParsableArguments {
    static let range = 1...256

    @Option(parsing: .unconditional, help: "Worker threads, 1…256 (default: the number of cores).")
    var jobs: Int = min(ProcessInfo.processInfo.activeProcessorCount, 256)

    func validate() throws {
        guard Self.range.contains(jobs) else {
            throw ValidationError(
                "--jobs: expected a whole number from \(Self.range.lowerBound) to \(Self.range.upperBound), got \(jobs)"
            )
        }
    }
}
