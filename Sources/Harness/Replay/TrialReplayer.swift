import Foundation
import UserModels

/// One trial lived again for watching: its metrics, its trace, what the person
/// saw after each gesture, and the scene.
public struct TrialReplay: Sendable {
    public var trial: PlannedTrial
    public var participantID: String
    public var participantGroup: String
    /// The metrics as a run stores them (with `session_trial`).
    public var metrics: [Metric]
    /// The trial's trace, as `refine run --trace` stores it.
    public var events: [TraceEvent]
    /// The screen as first seen, then one shot per gesture.
    public var shots: [ReplayShot]
    public var scene: ReplayScene
    /// How many trials of the session were relived before this one.
    public var earlierTrials: Int
    /// The session's length.
    public var sessionLength: Int
}

/// Re-simulates single trials of an experiment in memory, to watch them.
///
/// A trial's person has learned from the trials before it in their session
/// (same participant, strategy and device), so replaying trial *k* relives the
/// session from its first trial up to *k*; only trial *k* is traced and filmed.
/// Everything is seeded from the spec and the key, so the replayed metrics equal
/// the stored ones when the code and the data are those of the run.
public struct TrialReplayer: Sendable {
    public let spec: ExperimentSpec
    public let plan: TrialPlan
    let simulator: any FilmedSimulator
    let index: [String: Int]

    /// What a question whose simulator has no camera (not a `FilmedSimulator`) says.
    public static func notFilmed(_ question: String) -> String {
        "trials of question '\(question)' cannot be replayed: its simulator films no gestures (FilmedSimulator)"
    }

    /// With `sessions` (`PlannedTrial.session` values), only those sessions'
    /// trials are planned and can be replayed: the memory of a few sessions,
    /// not of every trial of the run (`TrialPlan(spec:only:)`).
    public init(spec: ExperimentSpec, sessions: Set<String>? = nil) throws {
        self.spec = spec
        plan = TrialPlan(spec: spec, only: sessions)
        guard let simulator = try spec.plugin.simulator(for: spec) as? any FilmedSimulator else {
            throw SpecError(file: spec.path, field: "question", message: Self.notFilmed(spec.question))
        }
        self.simulator = simulator
        var index: [String: Int] = [:]
        for (i, t) in plan.trials.enumerated() { index[t.key] = i }
        self.index = index
    }

    /// The data files the trials read, with their SHA-256 as they are now.
    public var dataFiles: [(path: String, sha256: String)] { simulator.dataFiles }

    /// Whether the plan has a trial with this key.
    public func contains(_ key: String) -> Bool { index[key] != nil }

    /// Replays trial `key`; nil when the spec plans no such trial.
    public func replay(_ key: String) -> TrialReplay? {
        guard let i = index[key], let session = plan.sessions.first(where: { $0.contains(i) }) else { return nil }
        // As ExperimentRunner.runSession runs a session: one memory carried from trial to trial.
        var memory = SessionMemory()
        var last: (TrialOutcome, TrialCamera)?
        for trial in plan.trials[session.lowerBound...i] {
            let participant = plan.participants[trial.participantIndex]
            let camera = trial.key == key ? TrialCamera() : nil
            var outcome = simulator.run(trial, participant: participant, memory: &memory, trace: camera != nil, camera: camera)
            outcome.metrics.append(Metric("session_trial", Double(trial.sessionIndex)))
            if let camera { last = (outcome, camera) }
        }
        let trial = plan.trials[i]
        let participant = plan.participants[trial.participantIndex]
        return TrialReplay(trial: trial, participantID: participant.id, participantGroup: participant.group.rawValue,
                           metrics: last!.0.metrics, events: last!.0.events, shots: last!.1.shots,
                           scene: simulator.scene(for: trial), earlierTrials: i - session.lowerBound, sessionLength: session.count)
    }
}
