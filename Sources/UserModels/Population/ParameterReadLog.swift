import Synchronization

/// The catalogued parameters simulated people read during a run, collected when a run is asked which of them its
/// design exercises (`ExperimentRunner.parametersRead`), and per session at each screening point (`CarryOver`). A
/// parameter no trial of the main run reads moves none of its results, so the study-size screening leaves it out
/// rather than spend ten trajectories of runs on it; a session that never read the parameter a screening step moves
/// is the same at the next point, so it is copied rather than simulated.
public final class ParameterReadLog: Sendable, Hashable {
    private let paths = Mutex<Set<String>>([])

    public init() {}

    func note(_ path: String) { _ = paths.withLock { $0.insert(path) } }

    /// Every parameter read so far.
    public var read: Set<String> { paths.withLock { $0 } }

    // A log records what a person did, not who they are: two logs never make two participants differ (nothing
    // compares participants, but `Participant` stays a plain value).
    public static func == (a: ParameterReadLog, b: ParameterReadLog) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
