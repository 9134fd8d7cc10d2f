import Interaction
import UserModels

/// One trial as planned: everything needed to run it anywhere, any time.
public struct PlannedTrial: Sendable, Hashable {
    /// Stable key, e.g. `pip/projected-momentum/iphone-15-portrait/p0042/t07/r1`.
    public var key: String
    public var strategy: String
    public var device: DeviceConfiguration
    public var participantIndex: Int
    public var task: TaskSpec
    public var replication: Int
    /// hash(experiment seed, key): the trial's own random stream.
    public var seed: UInt64
    /// The session it belongs to (`question/strategy/device/participant`): a
    /// participant's trials with one design on one device, run in order so the
    /// person can learn (DESIGN §2).
    public var session: String
    /// 1-based position of the trial in its session.
    public var sessionIndex: Int
    /// hash(experiment seed, key without the strategy): the person's intentions
    /// and motor noise for this task, shared by every strategy so that
    /// comparisons between designs use common random numbers.
    public var behaviourSeed: UInt64
}

/// A named value measured in a trial (DESIGN §6 vocabulary).
public struct Metric: Sendable, Hashable {
    public var name: String
    public var value: Double
    public init(_ name: String, _ value: Double) { self.name = name; self.value = value }
}

/// What a trial produced.
public struct TrialOutcome: Sendable {
    public var metrics: [Metric]
    public var events: [TraceEvent]

    public init(metrics: [Metric], events: [TraceEvent]) {
        self.metrics = metrics
        self.events = events
    }
}

/// Runs the trials of one design question. Implementations hold everything
/// built from the spec (controllers per strategy and device) and are shared
/// by the worker threads, so they must be immutable.
public protocol TrialSimulator: Sendable {
    /// Runs one trial; `memory` holds what the person learned in the session's
    /// earlier trials and is updated with what this one taught them.
    func run(_ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool) -> TrialOutcome
    /// Data files the trials read (photos), with their SHA-256, for the run's provenance.
    var dataFiles: [(path: String, sha256: String)] { get }
}

extension TrialSimulator {
    public var dataFiles: [(path: String, sha256: String)] { [] }
}

import Foundation
