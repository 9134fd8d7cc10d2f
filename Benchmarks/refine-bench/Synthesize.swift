import Foundation
import Harness
import Questions
import Randomness
import UserModels

/// `refine-bench --synthesize N --db PATH`: a real Refine database holding one
/// completed run of about N plausible trials, for measuring reports at sizes no
/// single machine simulates in a sitting.
///
/// How: the spec (default Experiments/large/pip.yaml: 3 strategies × 6 devices
/// × 12 tasks per participant) is simulated for real once, with P = min(its
/// participants, ⌈N / trials per participant⌉) participants and one
/// replication. Replications 2…R (R = ⌈N / that run's trials⌉) repeat each
/// simulated trial under its own key (`…/rR`) with its continuous metrics
/// (times, speeds, distances: the non-integer values) scaled by one seeded
/// log-normal factor per trial (σ = 0.1, an assumption of this benchmark only) and its
/// session position moved on by a block, so values do not tie across
/// replications and a person stays themselves (participant effects kept). The
/// run's stored spec says R replications and P participants, so reports read it
/// like any run; it is written through the store (`RunStore.record`), in the
/// store's own schema. Trials are streamed in batches: memory is that of the one
/// simulated replication. Row ids (`TrialIdentity`) number the trials replication
/// by replication rather than in the stored spec's plan order: unique in the run,
/// which is all the store asks of them (nothing reads a plan index back).
enum Synthesizer {
    static let jitter = 0.1

    static func synthesize(trials target: Int, specPath: String, db: String, jobs: Int = 2) throws -> (trials: Int, participants: Int, replications: Int) {
        guard !FileManager.default.fileExists(atPath: db) else {
            throw SynthesisError("\(db): already exists; synthesize into a new file")
        }
        let base = try SpecLoader.load(path: specPath, catalog: .standard)
        let perParticipant = base.strategies.count * base.devices.count * base.tasks.count
        let participants = min(base.population.participants, max(1, (target + perParticipant - 1) / perParticipant))
        let replications = max(1, (target + perParticipant * participants - 1) / (perParticipant * participants))
        // The stored spec: the same experiment with these participants and replications.
        let text = try rewrite(base.text, participants: participants, replications: replications, file: specPath)
        let stored = try SpecLoader.parse(text, file: specPath, catalog: .standard)
        var once = stored
        once.replications = 1
        let simulated = try ExperimentRunner.simulate(spec: once, jobs: jobs)
        let store = try RunStore(path: db)
        let runID = try store.beginRun(spec: stored, provenance: Provenance.current(gitDirectory: URL(fileURLWithPath: ".")),
                                       shard: .whole, jobs: jobs, trace: false,
                                       plannedTrials: simulated.count * replications, variant: "")
        let tasks = stored.tasks.count
        var batch: [TrialResult] = []
        batch.reserveCapacity(20_000)
        for r in 1...replications {
            var g = SeededGenerator(seed: stored.seed, label: "refine-bench/synthesize/r\(r)")
            for (i, var result) in simulated.enumerated() {
                // Replication r's trials after r − 1 whole copies of the once-simulated plan.
                result.planIndex = (r - 1) * simulated.count + i
                if r > 1 {
                    result.trial.key = String(result.trial.key.dropLast("r1".count)) + "r\(r)"
                    result.trial.replication = r
                    result.trial.sessionIndex += (r - 1) * tasks
                    result.outcome.events = []
                    // One factor per trial, so a trial's times, speeds and distances keep their
                    // relations (time to effect ≤ time to done).
                    let factor = exp(jitter * normal(&g))
                    for i in result.outcome.metrics.indices {
                        let m = result.outcome.metrics[i]
                        if m.name == "session_trial" { result.outcome.metrics[i].value = m.value + Double((r - 1) * tasks); continue }
                        if m.value != m.value.rounded() { result.outcome.metrics[i].value = m.value * factor }
                    }
                }
                batch.append(result)
                if batch.count == 20_000 { try store.record(runID: runID, batch); batch.removeAll(keepingCapacity: true) }
            }
        }
        if !batch.isEmpty { try store.record(runID: runID, batch) }
        try store.finish(runID: runID, status: "completed")
        try store.close()
        return (simulated.count * replications, participants, replications)
    }

    /// The spec text with `participants:` and `replications:` set.
    static func rewrite(_ text: String, participants: Int, replications: Int, file: String) throws -> String {
        var lines = text.components(separatedBy: "\n")
        var setP = false, setR = false
        for i in lines.indices {
            if lines[i].hasPrefix("replications:") { lines[i] = "replications: \(replications)"; setR = true }
            if lines[i].hasPrefix("  participants:") && !setP { lines[i] = "  participants: \(participants)"; setP = true }
        }
        guard setP, setR else { throw SynthesisError("\(file): needs top-level `replications:` and `population: participants:` lines to scale") }
        return lines.joined(separator: "\n")
    }

    /// A standard normal draw (Box–Muller).
    static func normal(_ g: inout SeededGenerator) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &g), v = Double.random(in: 0..<1, using: &g)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}

struct SynthesisError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
