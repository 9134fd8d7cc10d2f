import UserModels

/// One screening point's sessions kept in memory for the next point: each session's results and the catalogued
/// parameters its person read while running them (`ParameterReadLog`).
public struct PointSessions: Sendable {
    public struct Session: Sendable {
        public var results: [TrialResult]
        public var read: Set<String>
    }

    /// By session name (`PlannedTrial.session`). A session missing here (stored before a resume) runs again.
    public var sessions: [String: Session] = [:]
    /// Trials taken from the previous point rather than simulated (and not stored before a resume).
    public var carriedTrials = 0

    public init() {}
}

/// What a point of a screening takes from the point before it: that point's sessions, and the parameters whose
/// values differ between the two.
///
/// Why it is exact: neighbouring points of a Morris trajectory differ in one factor and keep the seed, and each
/// parameter of a person is drawn from its own stream (`Population.participant`), so the same person differs only
/// in the factor moved. A session that never read it runs the same instructions on the same numbers at both
/// points; its results are copied, not simulated again. A session that read it, or whose reads are not known,
/// runs. The carried results are the same bits as a fresh run (`CarryOverTests`).
public struct CarryOver: Sendable {
    public var previous: PointSessions
    public var moved: Set<String>

    public init(previous: PointSessions, moved: Set<String>) {
        self.previous = previous
        self.moved = moved
    }

    /// A first point: nothing to carry, every session's reads recorded for the next one.
    public static let start = CarryOver(previous: PointSessions(), moved: [])

    /// The previous point's session of `range` in `plan` (its results renumbered into this plan), when it read
    /// nothing that moved and ran the same trials; nil when the session must run.
    func carriedSession(_ range: Range<Int>, of plan: TrialPlan) -> PointSessions.Session? {
        guard let before = previous.sessions[plan.trials[range.lowerBound].session],
            before.read.isDisjoint(with: moved),
            before.results.map(\.trial.key) == plan.trials[range].map(\.key),
            before.results.allSatisfy({ $0.participantID == plan.participants[$0.trial.participantIndex].id })
        else { return nil }
        let results = zip(range, before.results).map { index, result in
            var result = result
            result.trial = plan.trials[index]
            result.planIndex = index
            return result
        }
        return PointSessions.Session(results: results, read: before.read)
    }
}
