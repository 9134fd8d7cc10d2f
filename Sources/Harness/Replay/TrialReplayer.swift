import Foundation
import Interaction
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
    /// The population, drawn once.
    let participants: [Participant]
    let simulator: any FilmedSimulator

    /// What a question whose simulator has no camera (not a `FilmedSimulator`) says.
    public static func notFilmed(_ question: String) -> String {
        "trials of question '\(question)' cannot be replayed: its simulator films no gestures (FilmedSimulator)"
    }

    /// Nothing is planned up front: a replay makes its session's trials one
    /// at a time (`TrialPlan.forEachTrial`), so the memory does not grow with
    /// the run's trials nor with the session's length.
    public init(spec: ExperimentSpec) throws {
        self.spec = spec
        participants = (0..<spec.population.participants).map { spec.population.participant($0, seed: spec.seed) }
        guard let simulator = try spec.plugin.simulator(for: spec) as? any FilmedSimulator else {
            throw SpecError(file: spec.path, field: "question", message: Self.notFilmed(spec.question))
        }
        self.simulator = simulator
    }

    /// The data files the trials read, with their SHA-256 as they are now.
    public var dataFiles: [(path: String, sha256: String)] { simulator.dataFiles }

    /// The strategy, device and participant (with its index) of the session `key` is in, by its name.
    private func session(of key: String) -> (StrategySpec, DeviceConfiguration, Int)? {
        guard let name = TrialPlan.session(ofKey: key, spec: spec) else { return nil }
        for strategy in spec.strategies where name.hasPrefix("\(spec.question)/\(strategy.label)/") {
            for device in spec.devices {
                for (p, participant) in participants.enumerated()
                where TrialPlan.sessionName(spec, strategy: strategy, device: device, participant: participant) == name
                {
                    return (strategy, device, p)
                }
            }
        }
        return nil
    }

    /// Whether the plan has a trial with this key.
    public func contains(_ key: String) -> Bool {
        guard let (strategy, device, p) = session(of: key) else { return false }
        var found = false
        TrialPlan.forEachTrial(spec, strategy: strategy, device: device, participant: participants[p], index: p) {
            trial in
            found = trial.key == key
            return !found
        }
        return found
    }

    /// Replays trial `key`; nil when the spec plans no such trial.
    public func replay(_ key: String) -> TrialReplay? {
        guard let (strategy, device, p) = session(of: key) else { return nil }
        let participant = participants[p]
        // As ExperimentRunner.runSession runs a session: one memory carried from trial to trial.
        var memory = SessionMemory()
        var last: (PlannedTrial, TrialOutcome, TrialCamera)?
        var length = 0
        TrialPlan.forEachTrial(spec, strategy: strategy, device: device, participant: participant, index: p) { trial in
            length += 1
            // Past the trial: only counted, for the session's length.
            guard last == nil else { return true }
            let camera = trial.key == key ? TrialCamera() : nil
            var outcome = simulator.run(
                trial, participant: participant, memory: &memory, trace: camera != nil, camera: camera)
            outcome.metrics.append(Metric("session_trial", Double(trial.sessionIndex)))
            if let camera { last = (trial, outcome, camera) }
            return true
        }
        guard let (trial, outcome, camera) = last else { return nil }
        return TrialReplay(
            trial: trial, participantID: participant.id, participantGroup: participant.group.rawValue,
            metrics: outcome.metrics, events: outcome.events, shots: camera.shots,
            scene: simulator.scene(for: trial), earlierTrials: trial.sessionIndex - 1, sessionLength: length)
    }
}
