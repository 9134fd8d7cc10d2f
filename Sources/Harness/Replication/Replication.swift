import Foundation
import UserModels

/// One published study re-run with Refine's people (`Experiments/replications/<study>.yaml`):
/// the study's task as published, how many people, and how each of its findings
/// is read off the simulated measurements.
public struct Replication: Sendable {
    /// The study's id: its file in `Data/human/`.
    public var study: String
    public var file: String
    /// How the published task maps onto the simulated one, in a few sentences.
    public var about: String
    public var participants: Int
    public var task: any ReplicationTask
    public var findings: [FindingTest]

    /// The people of a replication: the catalogue's novices and experts in equal
    /// shares (as `refine validate`), with `overrides` (a fit's candidate values).
    public func people(seed: UInt64, overrides: [String: Distribution] = [:]) -> [Participant] {
        let population = Population(participants: participants, expertFraction: 0.5, overrides: overrides)
        return (0..<participants).map { population.participant($0, seed: seed) }
    }
}

/// How one published finding is read off a replication's measurements.
public struct FindingTest: Sendable {
    /// The finding's id in the study's `Data/human/` file.
    public var finding: String
    public var statistic: Statistic
    /// A published value stated as a bound ("greater than 0.96").
    public var bound: Bound?
    /// The published value when the corpus gives a pair or a derived figure; nil: the corpus's value.
    public var published: Double?
    /// Recorded as disagreeing, with the reason; validation fails only when a
    /// finding that agreed stops agreeing.
    public var knownDisagreement: String?
    /// Why this finding is not an independent test (a parameter or mechanism was
    /// chosen from it or from studies that say the same); nil: it is one. Such a
    /// finding is scored but left out of the independent tally.
    public var inSample: String?

    public enum Bound: String, Sendable, CaseIterable { case atLeast = "at-least", atMost = "at-most" }
}

/// A statistic of a replication's measurements, compared with a published finding.
public enum Statistic: Sendable {
    /// The mean of a cell, against a published value.
    case value(Observations.Cell)
    /// mean(a) / mean(b) (or that minus one: `increase`), against a published ratio.
    case ratio(Observations.Cell, over: Observations.Cell, minusOne: Bool)
    /// How a measure moves across a factor's levels (per person, a least-squares slope over the levels).
    case trend(Observations.Cell, over: String, expect: Trend)
    /// Two cells compared person by person.
    case contrast(Observations.Cell, against: Observations.Cell, expect: Order)
    /// The smallest level of a factor from which the measure no longer differs from its value at the last level.
    case plateau(Observations.Cell, over: String)
    /// How well a straight line over a factor's levels fits the cells' means (r² or r).
    case fit(Observations.Cell, over: String, goodness: Goodness)

    public enum Trend: String, Sendable, CaseIterable { case increasing, decreasing, flat }
    public enum Order: String, Sendable, CaseIterable { case lower, higher, same }
    public enum Goodness: String, Sendable, CaseIterable { case r2, r }

    /// Whether the published side is a direction (trend, contrast) rather than a value.
    public var isDirection: Bool {
        switch self {
        case .trend, .contrast: true
        default: false
        }
    }
}
