import Foundation

/// Survival observations sorted once by time, each with its participant's index
/// (into a `ClusteredSample`'s sorted participants), so that a statistic of a
/// cluster-bootstrap resample is one weighted pass instead of gathering the
/// resampled trials and sorting them again.
///
/// A participant drawn k times counts k times at every step: the weighted
/// counts are the same integers the gathered multiset would give, so each
/// replicate equals, to the bit, `KaplanMeier(gathered).restrictedMean(tau:)`
/// when the grid is exact; on a time grid (many trials per participant) it is
/// that of the gathered trials with their times rounded up to the grid (`SurvivalGrid`).
public struct ClusteredSurvival: Sendable {
    /// The observations summed per participant at each time (`SurvivalGrid.make`).
    public let grid: SurvivalGrid

    /// `values` encoded as `SurvivalObservation.encoded`, their participants
    /// indexed as in `sample` (built from the same values).
    public init(_ values: ParticipantValues, indexedAs sample: ClusteredSample) {
        let (ids, owners) = values.participants.participantIndex()
        precondition(ids == sample.participants, "the sample is made from the same values")
        self.init(encoded: values.values, owners: owners, clusters: sample.clusterCount)
    }

    /// Encoded observations (`SurvivalObservation.encoded`), value i given by
    /// participant `owners[i]` of `clusters` (as a `ClusteredSample` indexes them).
    package init(encoded values: [Double], owners: [Int32], clusters: Int) {
        self.init(SurvivalEntries(values: values, owners: owners), clusters: clusters)
    }

    /// Observations with multiplicities, sorted by time through 4-byte indices
    /// (ties keep their order, as before).
    package init(_ entries: SurvivalEntries, clusters: Int) {
        let sorted = entries.sortedByTime()
        grid = SurvivalGrid.make(
            sortedTimes: sorted.times, events: sorted.events, owners: sorted.owners, participants: clusters,
            weights: sorted.counts)
    }

    /// The restricted mean time to the event up to `tau` (area under the
    /// Kaplan–Meier curve) of the resample where participant c appears `w[c]` times.
    public func restrictedMean(tau: Double, weights w: [Int32]) -> Double {
        w.withUnsafeBufferPointer { grid.restrictedMean(tau: tau, weights: $0) }
    }

    /// `restrictedMean` of eight resamples at once, their weights participant-major
    /// (`SurvivalGrid.restrictedMeans(tau:lanes:into:)`: the same values).
    public func restrictedMeans(tau: Double, lanes w: UnsafePointer<Int32>, into out: UnsafeMutablePointer<Double>) {
        grid.restrictedMeans(tau: tau, lanes: w, into: out)
    }
}
