import UserModels

/// One run's sessions kept in memory for the next point of a screening: each session's results and the catalogued
/// parameters its person read while running them (`ParameterReadLog`).
public struct SessionReads: Sendable {
    public struct Session: Sendable {
        public var results: [TrialResult]
        public var read: Set<String>
    }

    /// By session name (`PlannedTrial.session`). A session missing here (stored before a resume) runs again.
    public var sessions: [String: Session] = [:]
    /// Trials taken from the previous point rather than simulated.
    public var carried = 0

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
    public var previous: SessionReads
    public var moved: Set<String>

    public init(previous: SessionReads, moved: Set<String>) {
        self.previous = previous
        self.moved = moved
    }

    /// A first point: nothing to carry, every session's reads recorded for the next one.
    public static let start = CarryOver(previous: SessionReads(), moved: [])

    /// The previous point's results for the session of `range` in `plan`, renumbered into this plan, when that
    /// session read nothing that moved; nil when it must run.
    func results(for range: Range<Int>, of plan: TrialPlan) -> SessionReads.Session? {
        guard let before = previous.sessions[plan.trials[range.lowerBound].session],
            before.results.count == range.count, before.read.isDisjoint(with: moved)
        else { return nil }
        let results = zip(range, before.results).map { index, result in
            var result = result
            result.trial = plan.trials[index]
            result.planIndex = index
            return result
        }
        return SessionReads.Session(results: results, read: before.read)
    }
}
