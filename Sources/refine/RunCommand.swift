import ArgumentParser
import Dispatch
import Foundation
import Harness
import Questions
import Reports

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run an experiment spec and store every trial's metrics in SQLite.",
        discussion: """
            The same spec and seed give the same metric values with any --jobs, any --shard split and after \
            any number of interruptions resumed with --resume. Ctrl-C (or SIGTERM) stops cleanly and marks the \
            run interrupted; a run killed outright shows as interrupted in `refine show`.
            """)

    @Argument(help: "The experiment spec (YAML), e.g. Experiments/pip.yaml.")
    var spec: String

    @OptionGroup var database: DatabaseOption

    @OptionGroup var workers: JobsOption
    var jobs: Int { workers.jobs }

    @Flag(help: "Continue the latest unfinished run of this spec, seed and shard, skipping finished trials.")
    var resume = false

    @Flag(help: "Store every perception, decision and touch as an event (large).")
    var trace = false

    @Option(help: "Run only shard I of N (e.g. 2/4): a deterministic subset of the trials.")
    var shard: String = "1/1"

    @Option(
        help: """
            Run with this seed instead of the spec's (other people, other noise); the spec file is unchanged, \
            the run stores the effective spec.
            """)
    var seed: UInt64?

    @Option(help: "Run with this many people instead of the spec's population.participants; stored like --seed.")
    var participants: Int?

    @Flag(help: "No progress output.")
    var quiet = false

    @Flag(help: "Print the run summary as JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            guard let shard = Shard(parsing: shard) else {
                throw InputError("--shard: expected I/N with 1 ≤ I ≤ N, e.g. 2/4; got '\(self.shard)'")
            }
            if let participants, participants < 1 || participants > 1_000_000 {
                throw InputError("--participants: expected 1 to 1000000 people, got \(participants)")
            }
            let experiment = try SpecLoader.load(
                path: spec, catalog: .standard,
                overrides: SpecOverrides(seed: seed, participants: participants))
            let dbPath = try database.path(for: experiment)
            // A resume reads the database as every reader does first (refusing what they refuse) and
            // writes nothing to it when there is nothing to resume.
            if resume, let nothing = try nothingToResume(experiment, dbPath: dbPath, shard: shard) {
                return try say(nothing)
            }
            let store = try RunStore(path: dbPath)
            // Closed on every way out, interrupted runs included, so the main file holds everything.
            defer { try? store.close() }
            let stop = StopSignal()
            let options = RunOptions(
                jobs: jobs, resume: resume, trace: trace, shard: shard,
                progress: quiet ? .silent : ProgressReporter.automaticStyle())
            let summary: RunSummary
            do {
                summary = try ExperimentRunner.run(
                    spec: experiment, store: store, options: options,
                    cancelled: { stop.raised })
            } catch let nothing as NothingToResume {
                // Another process finished the run meanwhile: the work asked for is done.
                try store.close()
                return try say(nothing)
            }
            try store.close()
            if json {
                try printJSON([
                    "run_id": Double(summary.runID), "planned": Double(summary.planned),
                    "skipped": Double(summary.skipped), "ran": Double(summary.ran)
                ])
            } else if !quiet {
                let verb = summary.resumed ? "resumed run \(summary.runID)" : "run \(summary.runID)"
                print(
                    "\(experiment.name): \(verb) completed: \(summary.ran) trials run, \(summary.skipped) already "
                        + "done → \(dbPath)"
                )
            }
        }
    }

    /// Why `--resume` has nothing to do (no database, or no unfinished run of this spec, seed and
    /// shard in it), read without writing; nil when there is a run to resume.
    func nothingToResume(_ experiment: ExperimentSpec, dbPath: String, shard: Shard) throws -> NothingToResume? {
        var nothing = NothingToResume(experiment: experiment.name, database: dbPath, completedRun: nil)
        guard FileManager.default.fileExists(atPath: dbPath) else { return nothing }
        let store = try RunStore(readingFrom: dbPath)
        defer { try? store.close() }
        if try store.resumableRun(spec: experiment, shard: shard) != nil { return nil }
        nothing.completedRun = try store.completedRun(spec: experiment, shard: shard)?.id
        return nothing
    }

    /// Not an error: the work asked for is done, or there is none. Says so; starts nothing.
    func say(_ nothing: NothingToResume) throws {
        if json {
            try printJSON(NothingResumed(nothing_to_resume: true, completed_run_id: nothing.completedRun))
        } else {
            print(nothing.description)
        }
    }
}

/// What `run --resume --json` prints when there was nothing to resume.
struct NothingResumed: Encodable {
    var nothing_to_resume: Bool
    var completed_run_id: Int64?
}

/// Turns SIGINT and SIGTERM into a flag the runner polls, so a stopped run
/// finishes its current batch, is marked interrupted, and loses nothing.
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    private var sources: [DispatchSourceSignal] = []

    init() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [weak self] in
                self?.lock.withLock { self?.flag = true }
                FileHandle.standardError.write(Data("\nrefine: stopping after the current batch…\n".utf8))
            }
            source.resume()
            sources.append(source)
        }
    }

    var raised: Bool { lock.withLock { flag } }
}
