import ArgumentParser
import Foundation
import Harness

/// Runs variants of an experiment (sensitivity points, screening points, design
/// sweeps) one after another into its database, each stored under its label.
/// Shared by `refine sensitivity` and `refine tune`.
struct VariantRuns {
    var experiment: ExperimentSpec
    var database: String
    var jobs: Int
    var resume: Bool
    var quiet: Bool
    /// How progress lines name the variants ("sensitivity", "tuning").
    var kind: String

    /// One run of the sweep, stored under its label; `path` places a screening point on its trajectory.
    struct Variant {
        var label: String
        var spec: ExperimentSpec
        var path: PathPoint? = nil
    }

    /// Where a screening point sits on its trajectory: the first point, or a step that moved `moved` from the
    /// point run just before it, whose sessions that never read them it takes as they are (`CarryOver`).
    enum PathPoint {
        case start
        case step(moved: Set<String>)
    }

    func run(_ variants: [Variant]) throws {
        let store = try RunStore(path: database)
        defer { try? store.close() }
        let stop = StopSignal()
        var previous: PointSessions? = nil
        for (i, v) in variants.enumerated() {
            var options = RunOptions(jobs: jobs, resume: resume, progress: .silent)
            options.variant = v.label
            switch v.path {
            case nil: options.carryOver = nil
            case .start: options.carryOver = .start
            // A previous point not run by this process (complete before a resume) has no sessions here: all run.
            case .step(let moved): options.carryOver = CarryOver(previous: previous ?? PointSessions(), moved: moved)
            }
            previous = nil
            let line = "\(experiment.name) \(kind) \(i + 1)/\(variants.count) \(v.label)"
            let run = { (options: RunOptions) in
                try ExperimentRunner.run(spec: v.spec, store: store, options: options, cancelled: { stop.raised })
            }
            let summary: RunSummary
            do {
                summary = try run(options)
            } catch let nothing as NothingToResume {
                // A resumed sweep skips the variants already complete and starts those never begun.
                if let done = nothing.completedRun {
                    if !quiet { print("\(line): run \(done) already complete") }
                    continue
                }
                options.resume = false
                summary = try run(options)
            }
            previous = summary.sessions
            let carried = summary.sessions.map(\.carriedTrials) ?? 0
            let note = carried > 0 ? " (\(carried) carried over: their sessions never read what moved)" : ""
            if !quiet { print("\(line): run \(summary.runID), \(summary.ran) trials\(note)") }
        }
        try store.close()
    }
}

/// What `refine sensitivity` and `refine tune` share: where the variant runs go, how many workers run them,
/// whether unfinished ones are continued, and whether progress is printed.
struct SweepOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOption

    @OptionGroup var workers: JobsOption

    @Flag(help: "Continue unfinished sweep runs instead of starting new ones.")
    var resume = false

    @Flag(help: "No progress output.")
    var quiet = false

    /// Runs `variants` of `experiment` into its database, the progress lines naming them `kind`.
    func run(_ variants: [VariantRuns.Variant], of experiment: ExperimentSpec, kind: String) throws {
        try VariantRuns(
            experiment: experiment, database: database.path(for: experiment), jobs: workers.jobs, resume: resume,
            quiet: quiet, kind: kind
        ).run(variants)
    }
}
