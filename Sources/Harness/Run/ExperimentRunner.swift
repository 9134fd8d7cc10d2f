import Dispatch
import Foundation
import UserModels

/// How to run an experiment.
public struct RunOptions: Sendable {
    public var jobs: Int
    public var resume: Bool
    public var trace: Bool
    public var shard: Shard
    public var progress: ProgressReporter.Style
    public var argv: [String]
    /// Trials per database transaction (at least: whole sessions are batched). 4096
    /// rather than 1024: fewer commits, each rewriting the B-tree's last pages; a kill
    /// loses at most the batches not yet committed (a stop by signal stores them),
    /// which --resume reruns.
    public var batchSize: Int
    /// Set for sensitivity-sweep runs: `path=value`.
    public var variant: String = ""
    /// A screening point after another (`CarryOver`): sessions that never read what moved are copied from it.
    /// With it, the run keeps its sessions and their reads for the next point (`RunSummary.sessions`).
    public var carryOver: CarryOver? = nil

    public init(
        jobs: Int = 1, resume: Bool = false, trace: Bool = false, shard: Shard = .whole,
        progress: ProgressReporter.Style = .silent, argv: [String] = CommandLine.arguments, batchSize: Int = 4096
    ) {
        self.jobs = jobs
        self.resume = resume
        self.trace = trace
        self.shard = shard
        self.progress = progress
        self.argv = argv
        self.batchSize = batchSize
    }
}

/// What a run did.
public struct RunSummary: Sendable {
    public var runID: Int64
    public var resumed: Bool
    public var planned: Int
    public var skipped: Int
    public var ran: Int
    public var status: String
    /// Wall-clock seconds spent simulating and storing (for benchmarks and logs).
    public var simulateSeconds: Double
    /// The store's busy time: wall clock inside `RunStore.record` (on whichever
    /// simulating thread holds the store), and the CPU time used there (less than
    /// the wall time when the thread waits for a core or the disk).
    public var storeSeconds: Double
    public var storeCPUSeconds: Double
    /// With `RunOptions.carryOver`: the sessions run or carried, with the parameters each read.
    public var sessions: PointSessions? = nil
}

/// Raised by a run with `resume` when the database holds no unfinished run of the spec (same spec text, seed,
/// variant and shard, and people drawn from the same user model): nothing was started. A new run is `resume: false`.
public struct NothingToResume: Error, CustomStringConvertible {
    public var experiment: String
    public var database: String
    /// The latest completed run of the same spec, seed, variant and shard, if any.
    public var completedRun: Int64?
    public init(experiment: String, database: String, completedRun: Int64?) {
        self.experiment = experiment; self.database = database; self.completedRun = completedRun
    }
    public var description: String {
        let done = completedRun.map { " (run \($0) of it is complete)" } ?? ""
        return "\(experiment): nothing to resume in \(database): "
            + "no unfinished run of this spec, seed and shard by this refine's people\(done); "
            + "`refine run` without --resume starts a new run"
    }
}

/// Raised when a run was stopped by a signal; the run is recorded as interrupted.
public struct RunInterrupted: Error, CustomStringConvertible {
    public var runID: Int64
    public var finished: Int
    public var description: String { "run \(runID) interrupted after \(finished) trials; continue it with --resume" }
}

/// Runs an experiment's trials on `jobs` threads and stores them in batches.
///
/// Results do not depend on `jobs`, on the order trials run in, or on how
/// often a run is interrupted and resumed: each trial's randomness comes from
/// its key, and a key is stored at most once per run.
public enum ExperimentRunner {
    /// Runs every trial of `spec` (or of one shard) in memory, without a database:
    /// for calibrations, sweeps and benchmarks. Results come back in plan order.
    public static func simulate(spec: ExperimentSpec, jobs: Int = 1, shard: Shard = .whole) throws -> [TrialResult] {
        try simulate(TrialPlan(spec: spec), jobs: jobs, shard: shard)
    }

    /// The catalogued parameters `spec`'s people read over its whole main run (simulated, not stored): the same
    /// set for any `jobs` (a union over every trial).
    public static func parametersRead(spec: ExperimentSpec, jobs: Int = 1) throws -> Set<String> {
        let log = ParameterReadLog()
        _ = try simulate(TrialPlan(spec: spec).recordingReads(into: log), jobs: jobs, shard: .whole)
        return log.read
    }

    static func simulate(_ plan: TrialPlan, jobs: Int, shard: Shard) throws -> [TrialResult] {
        let spec = plan.spec
        let sessions = plan.sessions(in: shard)
        let simulator = try spec.plugin.simulator(for: spec)
        let results = Locked([[TrialResult]?](repeating: nil, count: sessions.count))
        DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { worker in
            var mine: [(Int, [TrialResult])] = []
            for i in stride(from: worker, to: sessions.count, by: max(1, jobs)) {
                mine.append((i, runSession(sessions[i], plan: plan, simulator: simulator, trace: false)))
            }
            results.withLock { all in for (i, r) in mine { all[i] = r } }
        }
        return results.current.flatMap { $0! }
    }

    /// One session's trials, in order, with what the person learns carried from
    /// trial to trial. Each result records its position in the session (`session_trial`).
    /// With `log`, the person notes there every parameter they read.
    static func runSession(
        _ range: Range<Int>, plan: TrialPlan, simulator: any TrialSimulator, trace: Bool, log: ParameterReadLog? = nil
    ) -> [TrialResult] {
        var memory = SessionMemory()
        return range.map { index in
            let trial = plan.trials[index]
            var participant = plan.participants[trial.participantIndex]
            if let log { participant.readLog = log }
            var outcome = simulator.run(trial, participant: participant, memory: &memory, trace: trace)
            outcome.metrics.append(Metric("session_trial", Double(trial.sessionIndex)))
            return TrialResult(
                trial: trial, participantID: participant.id, participantGroup: participant.group.rawValue,
                outcome: outcome, planIndex: index)
        }
    }

    public static func run(
        spec: ExperimentSpec, store: RunStore, options: RunOptions,
        cancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> RunSummary {
        let plan = TrialPlan(spec: spec)
        let mySessions = plan.sessions(in: options.shard)
        let mine = mySessions.flatMap { plan.trials[$0] }
        let simulator = try spec.plugin.simulator(for: spec)
        let gitDirectory = URL(fileURLWithPath: spec.path).deletingLastPathComponent()
        try store.markDeadRunsInterrupted()

        var done: Set<String> = []
        let previous =
            options.resume ? try store.resumableRun(spec: spec, shard: options.shard, variant: options.variant) : nil
        if options.resume && previous == nil {
            let completed = try store.completedRun(spec: spec, shard: options.shard, variant: options.variant)
            throw NothingToResume(experiment: spec.name, database: store.path, completedRun: completed?.id)
        }
        if let previous {
            // Reopened at once, so that no other process takes the same run meanwhile.
            try store.reopen(
                runID: previous.id, provenance: Provenance.current(argv: options.argv, gitDirectory: gitDirectory),
                jobs: options.jobs)
            done = try store.finishedKeys(runID: previous.id)
        }
        let resumed = previous != nil
        // A session with any trial left runs again from its start (the person must
        // relearn what the stored trials taught); only the missing trials are stored.
        let todo = mySessions.filter { plan.trials[$0].contains { !done.contains($0.key) } }
        let stored = done
        let remaining = mine.count - done.count
        let progress = ProgressReporter(
            label: spec.name, total: mine.count, alreadyDone: done.count,
            style: options.progress)

        let kept = Locked<PointSessions?>(options.carryOver.map { _ in PointSessions() })
        /// One session's results: carried over from the previous point when it read nothing that moved.
        @Sendable func session(_ range: Range<Int>) -> [TrialResult] {
            guard let carry = options.carryOver else {
                return runSession(range, plan: plan, simulator: simulator, trace: options.trace)
            }
            let name = plan.trials[range.lowerBound].session
            if let carried = carry.carriedSession(range, of: plan) {
                let new = carried.results.count { !stored.contains($0.trial.key) }
                kept.withLock { $0!.sessions[name] = carried; $0!.carriedTrials += new }
                return carried.results
            }
            let log = ParameterReadLog()
            let results = runSession(range, plan: plan, simulator: simulator, trace: options.trace, log: log)
            kept.withLock { $0!.sessions[name] = PointSessions.Session(results: results, read: log.read) }
            return results
        }

        let next = Locked(0)
        let failure = Locked<(any Error)?>(nil)
        let timing = Locked((simulate: 0.0, store: 0.0, storeCPU: 0.0))
        let perSession = max(1, mine.count / max(1, mySessions.count))
        // Sessions are handed out a few at a time (about 1,024 trials, fewer near the end)
        // so that the threads finish together; they are stored in that order (`InOrderBatches`).
        let chunk = max(1, min(max(1, 1024 / perSession), todo.count / max(1, options.jobs * 8) + 1))

        // A new run's row needs its provenance, and git takes 10–120 ms to give it: the
        // run is recorded on another thread while the first sessions simulate.
        let runIDs = Locked<Int64?>(previous?.id)
        let begun = DispatchGroup()
        if previous == nil {
            begun.enter()
            DispatchQueue.global().async {
                defer { begun.leave() }
                do {
                    let provenance = Provenance.current(argv: options.argv, gitDirectory: gitDirectory)
                    let id = try store.beginRun(
                        spec: spec, provenance: provenance, shard: options.shard, jobs: options.jobs,
                        trace: options.trace, plannedTrials: mine.count, variant: options.variant,
                        dataFiles: simulator.dataFiles)
                    runIDs.withLock { $0 = id }
                } catch { failure.withLock { $0 = $0 ?? error } }
            }
        }

        let heartbeat = DispatchSource.makeTimerSource(queue: .global())
        heartbeat.schedule(deadline: .now() + 2, repeating: 2)
        heartbeat.setEventHandler { [store] in if let id = runIDs.current { try? store.heartbeat(runID: id) } }
        heartbeat.resume()
        defer { heartbeat.cancel() }

        // The simulating threads store the batches themselves, one at a time and in plan
        // order (`InOrderBatches`): no third thread waits for a core (there are as many
        // jobs as cores), and the store's busy time is the time a thread stores.
        let batches = InOrderBatches<TrialResult>(batchSize: options.batchSize)
        DispatchQueue.concurrentPerform(iterations: max(1, options.jobs)) { _ in
            // Lays the batch out before its turn, so that another thread can store meanwhile.
            func storeBatch(_ turn: InOrderBatches<TrialResult>.Turn) {
                let batch: TrialBatch?
                do { batch = try TrialBatch(turn.items, database: store.path) } catch {
                    failure.withLock { $0 = $0 ?? error }
                    batch = nil
                }
                begun.wait()
                batches.store(turn) {
                    // After a failure nothing more is stored: the run is marked failed.
                    guard let batch, failure.current == nil, let runID = runIDs.current else { return }
                    let w0 = Date(), c0 = threadCPUSeconds()
                    do { try store.record(runID: runID, batch) } catch { failure.withLock { $0 = $0 ?? error } }
                    let stored = Date().timeIntervalSince(w0), storedCPU = threadCPUSeconds() - c0
                    timing.withLock {
                        $0.store += stored; $0.storeCPU += storedCPU
                    }
                    progress.advance(by: batch.count)
                }
            }
            while !cancelled() && failure.current == nil {
                let start = next.withLock { i -> Int in
                    defer { i += chunk }; return i
                }
                guard start < todo.count else { break }
                let t0 = Date()
                let results = todo[start..<min(start + chunk, todo.count)].flatMap(session)
                    .filter { !stored.contains($0.trial.key) }
                let simulated = Date().timeIntervalSince(t0)
                timing.withLock { $0.simulate += simulated }
                batches.add(chunk: start / chunk, results)
                while let turn = batches.takeBatch() { storeBatch(turn) }
            }
            // What is simulated is stored, also when the run was stopped: every chunk handed
            // out is finished, and the last thread to take the rest takes all of it.
            while let turn = batches.takeRest() { storeBatch(turn) }
        }
        begun.wait()
        progress.finish()

        guard let runID = runIDs.current else { throw failure.current! }
        if let error = failure.current {
            try? store.finish(runID: runID, status: "failed")
            throw error
        }
        let finished = try store.finishedCount(runID: runID)
        if cancelled() && finished < mine.count {
            try store.finish(runID: runID, status: "interrupted")
            throw RunInterrupted(runID: runID, finished: finished)
        }
        try store.finish(runID: runID, status: "completed")
        let t = timing.current
        return RunSummary(
            runID: runID, resumed: resumed, planned: mine.count, skipped: done.count,
            ran: remaining, status: "completed", simulateSeconds: t.simulate, storeSeconds: t.store,
            storeCPUSeconds: t.storeCPU, sessions: kept.current)
    }
}

/// CPU seconds used so far by the calling thread.
func threadCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
