/// Samples and metric sets read straight from a run's column store, without a
/// participant string or a dictionary per trial (what `refine compare` reads
/// for every metric of two strategies, at any number of trials).
extension ClusteredSample {
    /// `metric` of `rows` by participant: the sample that
    /// `ClusteredSample(ReportKit.participantValues(metric, rows), ordered:)` makes
    /// (the same values in the same order, the same sorted participants), with
    /// participants looked up by their code once per table, not by name per trial.
    init(_ metric: String, of rows: [TrialRow], ordered: Bool = true) {
        self.init(OwnedValues(metric, of: rows), ordered: ordered)
    }

    init(_ owned: OwnedValues, ordered: Bool = true) {
        self.init(values: owned.values, owners: owned.owners, participants: owned.participants, ordered: ordered)
    }
}

extension Array where Element == TrialRow {
    /// The metrics at least one of these trials recorded (`Set(flatMap(\.metrics.keys))`,
    /// reading each table's columns instead of a dictionary per trial).
    public var recordedMetrics: Set<String> {
        var out = Set<String>()
        var start = startIndex
        while start < endIndex {
            // A run of rows from one table.
            let table = self[start].table
            var end = start
            while end < endIndex && self[end].table === table { end += 1 }
            for (m, name) in table.metricNames.enumerated() where !out.contains(name) {
                let column = table.column(m)
                if self[start..<end].contains(where: { !column[$0.index].isNaN }) { out.insert(name) }
            }
            start = end
        }
        return out
    }
}

extension Comparisons {
    /// Compares trials `a` with trials `b` for each of `metrics` (see
    /// `compare(_:_:metrics:sameSeed:…)`), reading each metric's two samples from
    /// the column store when it is compared: memory holds one metric's values at
    /// a time, with no participant string per value.
    public static func compare(_ a: [TrialRow], _ b: [TrialRow], metrics: [String], sameSeed: Bool,
                               confidence: Double = 0.95, resamples: Int = 2000, seed: UInt64) -> [MetricComparison] {
        compare(metrics: metrics, sameSeed: sameSeed, confidence: confidence, resamples: resamples, seed: seed) { metric in
            (ClusteredSample(metric, of: a), ClusteredSample(metric, of: b))
        }
    }
}
