import Synchronization

/// The catalogued parameters simulated people read during a run, collected when a run is asked which of them its
/// design exercises (`ExperimentRunner.parameterReads`). A parameter no trial reads cannot change any result, so
/// the study-size screening leaves it out rather than spend ten trajectories of runs showing that it does nothing.
public final class ParameterReadLog: Sendable, Hashable {
    private let paths = Mutex<Set<String>>([])

    public init() {}

    func note(_ path: String) { _ = paths.withLock { $0.insert(path) } }

    /// Every parameter read so far.
    public var read: Set<String> { paths.withLock { $0 } }

    // A log records what a person did; it is not part of who they are, so any two are alike to a participant.
    public static func == (a: ParameterReadLog, b: ParameterReadLog) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
