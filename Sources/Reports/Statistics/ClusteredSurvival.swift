import Foundation

/// Survival observations sorted once by time, each with its participant's index
/// (into a `ClusteredSample`'s sorted participants), so that a statistic of a
/// cluster-bootstrap resample is one weighted pass instead of gathering the
/// resampled trials and sorting them again.
///
/// A participant drawn k times counts k times at every step: the weighted
/// counts are the same integers the gathered multiset would give, so each
/// replicate equals, to the bit, `KaplanMeier(gathered).restrictedMean(tau:)`.
public struct ClusteredSurvival: Sendable {
    let times: [Double]
    let events: [Bool]
    let owners: [Int32]
    /// How many observations each participant has.
    let counts: [Int]

    /// `values` encoded as `SurvivalObservation.encoded`, their participants
    /// indexed as in `sample` (built from the same values).
    public init(_ values: ParticipantValues, indexedAs sample: ClusteredSample) {
        var index: [String: Int32] = [:]
        for (i, id) in sample.participants.enumerated() { index[id] = Int32(i) }
        let observations = values.values.map(SurvivalObservation.init(encoded:))
        let order = observations.indices.sorted { observations[$0].time < observations[$1].time }
        times = order.map { observations[$0].time }
        events = order.map { observations[$0].event }
        owners = order.map { index[values.participants[$0]]! }
        var counts = [Int](repeating: 0, count: sample.clusterCount)
        for o in owners { counts[Int(o)] += 1 }
        self.counts = counts
    }

    /// The restricted mean time to the event up to `tau` (area under the
    /// Kaplan–Meier curve) of the resample where participant c appears `w[c]` times.
    public func restrictedMean(tau: Double, weights w: [Int32]) -> Double {
        // Integer counts, exact in a Double in any order: O(participants), not O(trials).
        var atRisk = 0.0
        for c in 0..<w.count where w[c] != 0 { atRisk += Double(Int(w[c]) * counts[c]) }
        var area = 0.0, last = 0.0, s = 1.0, survival = 1.0
        let n = times.count
        // The hot loop of the answer's comparison: unchecked reads (indices below n or a participant's).
        times.withUnsafeBufferPointer { times in events.withUnsafeBufferPointer { events in owners.withUnsafeBufferPointer { owners in
            w.withUnsafeBufferPointer { w in
                var i = 0
                while i < n {
                    let t = times[i]
                    if t >= tau { break }
                    var d = 0.0, leaving = 0.0
                    while i < n && times[i] == t {
                        let k = Double(w[Int(owners[i])])
                        if events[i] { d += k }
                        leaving += k
                        i += 1
                    }
                    if d > 0 {
                        survival *= 1 - d / atRisk
                        area += s * (t - last)
                        last = t
                        s = survival
                    }
                    atRisk -= leaving
                }
            }
        } } }
        return area + s * (tau - last)
    }
}
