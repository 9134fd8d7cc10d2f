import Foundation
@testable import Reports
@testable import Statistics
@testable import TestSupport

/// The gate's samples of a loaded run, grouped from its trial store: what the
/// one-pass readers (`RunSamples`) are checked against.
extension Baseline {
    /// strategy → metric → values with their participants.
    /// One strategy and metric at a time, read by column and participant code
    /// (`OwnedValues`): the same values in trial order as asking every trial
    /// for every metric by name, without a hash and a string per trial and metric.
    static func group(_ trials: [TrialRow], metrics: [String]) -> [String: [String: ParticipantValues]] {
        grouped(trials, metrics: metrics) { ParticipantValues(values: $0.values, participants: $0.owners.map { [p = $0.participants] in p[Int($0)] }) }
    }

    /// strategy → metric → what a baseline keeps (`BaselineSample`): the values
    /// as `group` gives them, or per-participant sketches where someone gave
    /// more than `ValueSketch.exactLimit` (one strategy and metric's values in
    /// memory at a time).
    static func samples(_ trials: [TrialRow], metrics: [String]) -> [String: [String: BaselineSample]] {
        grouped(trials, metrics: metrics) { BaselineSample(values: $0.values, owners: $0.owners, participants: $0.participants) }
    }

    /// `make` of each strategy's values of each metric, read by column and participant code.
    private static func grouped<T>(_ trials: [TrialRow], metrics: [String], _ make: (OwnedValues) -> T) -> [String: [String: T]] {
        var strategies: [String] = [], seen = Set<String>()
        var table: TrialColumns?
        for t in trials where t.table !== table {
            table = t.table
            for s in t.table.names(of: .strategy) where seen.insert(s).inserted { strategies.append(s) }
        }
        var out: [String: [String: T]] = [:]
        for s in strategies {
            let rows = ResultSet.trials(strategy: s, trials)
            for m in Set(metrics) {
                let owned = OwnedValues(m, of: rows)
                guard !owned.values.isEmpty else { continue }
                out[s, default: [:]][m] = make(owned)
            }
        }
        return out
    }
}
