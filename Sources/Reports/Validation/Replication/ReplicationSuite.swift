import Foundation
import Synchronization
import Harness
import UserModels

/// The replications of published studies and the corpus they are scored against
/// (`refine validate --replications`, `refine fit`).
public struct ReplicationSuite: Sendable {
    public let replications: [Replication]
    public let studies: [String: HumanStudy]
    public let seed: UInt64
    /// Every study's sample size is multiplied by this (CI runs a smaller one).
    public let scale: Double
    /// What each study's people did at each set of parameter values asked for so far (the seed, sizes and
    /// replications are constants of the suite, so the study and the values are the whole key).
    let memo = ObservationMemo()

    /// `tasks`: the task kinds of modules above this one (the Questions module's `replicationTasks`).
    public init(
        folder: String, corpus: String, seed: UInt64 = 1983, scale: Double = 1, tasks: ReplicationTaskKinds = [:]
    ) throws {
        replications = try ReplicationLoader.loadAll(folder: folder, more: tasks)
        var studies: [String: HumanStudy] = [:]
        for r in replications { studies[r.study] = try HumanStudy.load(folder: corpus, id: r.study) }
        self.studies = studies
        self.seed = seed
        self.scale = scale
    }

    /// The people of `replication` at this suite's scale.
    func size(_ replication: Replication) -> Int { max(4, Int((Double(replication.participants) * scale).rounded())) }

    /// Runs every replication with the catalogue's parameters moved to `parameters`
    /// (each a distribution's new centre) and scores every finding. Studies run in
    /// parallel; the result does not depend on how many at once.
    public func score(parameters: [String: Double] = [:], only: Set<String>? = nil,
                      resamples: Int = 1000) throws -> [FindingScore] {
        let chosen = replications.filter { only?.contains($0.study) ?? true }
        let seen = ParallelMap.run(chosen) { r in
            memo.observations(of: r.study, at: parameters) { observe(r, parameters: parameters) }
        }
        return try zip(chosen, seen).flatMap { r, seen in
            try r.findings.map {
                try FindingScore.score($0, of: r, study: studies[r.study]!, seen: seen, seed: seed,
                                       resamples: resamples)
            }
        }
    }

    func observe(_ r: Replication, parameters: [String: Double]) -> Observations {
        var overrides: [String: Distribution] = [:]
        for (path, centre) in parameters {
            guard let definition = ParameterCatalog.definition(path) else { continue }
            overrides[path] = definition.novice.relocated(to: centre)
        }
        var sized = r
        sized.participants = size(r)
        return r.task.observe(sized.people(seed: seed, overrides: overrides), seed: seed)
    }
}

/// Observations already made, by study and parameter values. A replication is deterministic (its seed and size
/// are the suite's), so asking again gives the same people doing the same things; and a fit asks again often:
/// every leave-one-out search starts from the same simplex, and each evaluation runs every study but one.
final class ObservationMemo: Sendable {
    /// Exact values (bit patterns), so only the very same point is reused.
    private struct Point: Hashable {
        var study: String
        var values: [String: UInt64]
    }

    private let made = Mutex<[Point: Observations]>([:])

    func observations(of study: String, at parameters: [String: Double], _ make: () -> Observations) -> Observations {
        let point = Point(study: study, values: parameters.mapValues(\.bitPattern))
        if let known = made.withLock({ $0[point] }) { return known }
        // Made outside the lock: two leave-one-out fits asking for one point at once both make it (the same
        // observations); waiting on a per-point lock instead measured no faster (47–49 s a fit against 45–47 s).
        let seen = make()
        made.withLock { $0[point] = seen }
        return seen
    }
}
