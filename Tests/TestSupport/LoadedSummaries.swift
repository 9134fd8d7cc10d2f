import Foundation
@testable import Reports
@testable import Statistics

// The loaded-trials path of `SurvivalData` and `ParticipantTally`: what the
// reports' one-pass readers are tested against.

extension SurvivalData {
    /// The loaded trials' observations, one entry each.
    init(_ t: [TrialRow]) {
        var effect = MetricReader("time_to_effect_s"), done = MetricReader("time_to_done_s")
        let owned = OwnedValues(t) { row in effect(row) ?? done(row).map { -$0 } }
        self.init(
            entries: SurvivalEntries(values: owned.values, owners: owned.owners),
            sample: ClusteredSample(owned, ordered: false), trials: t.count, firstKey: t.first?.key)
    }
}

extension ParticipantTally {
    /// Tallies `metric` over `rows`; a trial counts as a success when `success` holds for its value.
    init(_ metric: String, _ rows: [TrialRow], success: (Double) -> Bool = { $0 == 1 }) {
        // Counted in locals and stored once: a stored array mutated per trial
        // would be checked for uniqueness at every trial.
        var valued: [Int] = [], successes: [Int] = []
        var people = ParticipantSlots()
        people.forEachValue(metric, in: rows) { v, slot in
            if slot == valued.count {
                valued.append(0)
                successes.append(0)
            }
            valued[slot] += 1
            if success(v) { successes[slot] += 1 }
        }
        self.init(participants: people.names, valued: valued, successes: successes)
    }
}
