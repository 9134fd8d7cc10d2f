import Foundation

/// One selection's trials summarised by participant (`SelectionReader`): how
/// many there were, the first key among them (which seeds its bootstraps, as
/// the first of the loaded rows did), and per requested metric and
/// participant a `ValueSketch` of the values and the number of 1s. Memory
/// grows with the participants and, within a sketch, with its buckets, not
/// with the trials (each sketch is exact up to `ValueSketch.exactLimit` values).
final class SelectedTrials: @unchecked Sendable {
    let selection: TrialSelection
    /// How many trials the selection holds (whether or not they recorded a metric).
    private(set) var count = 0
    /// The smallest key among them (the first loaded row's, in key order); nil when empty.
    private(set) var firstKey: String?
    /// The longest survival time among them (time to effect, or to stopping).
    private(set) var longest: Double?

    /// Participant names by the reader's participant code.
    private var names: [String] = []
    fileprivate let metricIndex: [String: Int]
    /// `perMetric[m][p]`: metric m's values of participant code p.
    private var perMetric: [[Entry]]
    /// Survival observations (encoded: minus the time when censored) by participant code; nil when not asked for.
    private var survival: [ValueSketch]?
    private var firstKeyBytes: [UInt8]?

    private struct Entry {
        var ones: Int32 = 0
        var sketch = ValueSketch()
    }

    /// The Kaplan–Meier median already computed (several tables show it).
    var cachedMedian: SurvivalCache.Median??
    let lock = NSLock()

    init(_ selection: TrialSelection, need: SelectionRequests.Need) {
        self.selection = selection
        let metrics = need.metrics.sorted()
        metricIndex = Dictionary(uniqueKeysWithValues: metrics.enumerated().map { ($1, $0) })
        perMetric = metrics.map { _ in [] }
        survival = need.survival ? [] : nil
    }

    var isEmpty: Bool { count == 0 }

    private func entries(_ metric: String) -> [Entry] {
        guard let m = metricIndex[metric] else {
            preconditionFailure("the section reads \(metric) of \(selection) without asking for it (SelectionRequests.add)")
        }
        return perMetric[m]
    }

    /// Participant codes with at least one value, sorted by name (as `ParticipantValues` indexes them).
    private func people(_ entries: [Entry]) -> [Int] {
        entries.indices.filter { entries[$0].sketch.count > 0 }.sorted { names[$0] < names[$1] }
    }

    /// Per participant: values of `metric` and 1s among them (what a rate reads).
    func tally(_ metric: String) -> ParticipantTally {
        let e = entries(metric), who = people(e)
        return ParticipantTally(participants: who.map { names[$0] }, valued: who.map { e[$0].sketch.count }, successes: who.map { Int(e[$0].ones) })
    }

    /// How many trials recorded `metric`.
    func valueCount(_ metric: String) -> Int { entries(metric).reduce(0) { $0 + $1.sketch.count } }

    /// The values of `metric` pooled over participants.
    func pooled(_ metric: String) -> PooledValues {
        let e = entries(metric), who = people(e)
        return PooledValues(who.map { e[$0].sketch })
    }

    /// The values of `metric` by participant: exact while every participant's
    /// sketch is, else its buckets (`ClusteredSample(sketches:participants:)`); nil when none.
    func sample(_ metric: String) -> ClusteredSample? {
        let e = entries(metric), who = people(e)
        guard !who.isEmpty else { return nil }
        return ClusteredSample(sketches: who.map { e[$0].sketch }, participants: who.map { names[$0] })
    }

    /// The values of `metric` by participant as a comparison reads them; nil when none.
    func comparable(_ metric: String) -> BaselineSample? {
        let e = entries(metric), who = people(e)
        guard !who.isEmpty else { return nil }
        return .sketches(participants: who.map { names[$0] }, sketches: who.map { e[$0].sketch })
    }

    /// The survival observations by participant (owners index the participants
    /// with one, sorted): one entry a trial while every participant's sketch is
    /// exact, else a bucket's smallest value and count.
    func survivalEntries() -> (entries: SurvivalEntries, participants: Int) {
        guard let survival else { preconditionFailure("the section reads survival of \(selection) without asking for it (SelectionRequests.add)") }
        let who = survival.indices.filter { survival[$0].count > 0 }.sorted { names[$0] < names[$1] }
        var values: [Double] = [], owners: [Int32] = [], counts: [Int32] = []
        let exact = who.allSatisfy { survival[$0].isExact }
        for (o, p) in who.enumerated() {
            if exact {
                let v = survival[p].exactValues!
                values += v
                owners += repeatElement(Int32(o), count: v.count)
            } else {
                for b in survival[p].buckets {
                    values.append(b.value); owners.append(Int32(o)); counts.append(b.count)
                }
            }
        }
        return (SurvivalEntries(values: values, owners: owners, counts: exact ? nil : counts), who.count)
    }

    /// Per participant with a survival observation (sorted): the sum and count of the encoded values.
    func survivalTotals() -> (participants: [String], sums: [Double], counts: [Int]) {
        guard let survival else { preconditionFailure("the section reads survival of \(selection) without asking for it (SelectionRequests.add)") }
        let who = survival.indices.filter { survival[$0].count > 0 }.sorted { names[$0] < names[$1] }
        return (who.map { names[$0] }, who.map { survival[$0].sum }, who.map { survival[$0].count })
    }

    /// The Kaplan–Meier median `make` computes, computed once.
    func survivalMedian(_ make: () -> ClusteredKaplanMeier) -> SurvivalCache.Median? {
        lock.lock(); defer { lock.unlock() }
        if let known = cachedMedian { return known }
        let km = make()
        let m: SurvivalCache.Median? = km.curve.count > 0 ? km.median : nil
        cachedMedian = .some(m)
        return m
    }

    // MARK: Filling (the reader)

    /// The requested metrics, in the order `add`'s `value` indexes them.
    var metrics: [String] { metricIndex.sorted { $0.value < $1.value }.map(\.key) }
    var wantsSurvival: Bool { survival != nil }

    /// One trial of the selection: its participant's code and its key;
    /// `value(m)` is its value of `metrics[m]` (nil: not recorded), `observed`
    /// its survival observation (encoded) when asked for.
    func add(participant p: Int, key: UnsafeBufferPointer<UInt8>, value: (Int) -> Double?, observed: Double?) {
        count += 1
        if firstKeyBytes.map({ key.lexicographicallyPrecedes($0) }) ?? true { firstKeyBytes = Array(key) }
        if perMetric.first.map({ $0.count <= p }) ?? false || (survival.map { $0.count <= p } ?? false) { grow(to: p + 1) }
        for m in perMetric.indices {
            guard let v = value(m) else { continue }
            perMetric[m][p].sketch.add(v)
            if v == 1 { perMetric[m][p].ones += 1 }
        }
        if let o = observed, survival != nil {
            survival![p].add(o)
            longest = Swift.max(longest ?? abs(o), abs(o))
        }
    }

    /// After the pass: the participants' names by code.
    func finish(participants: [String]) {
        names = participants
        grow(to: participants.count)
        firstKey = firstKeyBytes.map { String(decoding: $0, as: UTF8.self) }
        firstKeyBytes = nil
    }

    private func grow(to participants: Int) {
        for m in perMetric.indices where perMetric[m].count < participants {
            perMetric[m] += repeatElement(Entry(), count: participants - perMetric[m].count)
        }
        if let s = survival, s.count < participants { survival! += repeatElement(ValueSketch(), count: participants - s.count) }
    }
}

/// Values pooled over participants: exact while every sketch was, else the
/// merged buckets (each value known to `ValueBuckets.relativeWidth`).
struct PooledValues {
    /// Exact values, in no particular order; nil when bucketed.
    let exact: [Double]?
    /// The merged sketch (count and sum exact either way).
    let merged: ValueSketch

    init(_ sketches: [ValueSketch]) {
        exact = sketches.allSatisfy(\.isExact) ? sketches.flatMap { $0.exactValues! } : nil
        var m = ValueSketch()
        if exact == nil { for s in sketches { m.merge(s) } } else { m = ValueSketch() }
        merged = m
        count = sketches.reduce(0) { $0 + $1.count }
        sum = sketches.reduce(0) { $0 + $1.sum }
    }

    let count: Int
    let sum: Double
    var isEmpty: Bool { count == 0 }

    /// Ascending values with their counts.
    private var steps: [(value: Double, count: Int32)] {
        if let exact { return exact.sorted().map { ($0, 1) } }
        return merged.buckets
    }

    /// The p-quantile (type 7, as `Descriptive.quantile`); nil when empty.
    func quantile(_ p: Double) -> Double? {
        guard !isEmpty else { return nil }
        if let exact { return p == 0.5 ? Descriptive.median(exact) : Descriptive.quantile(sorted: exact.sorted(), p) }
        let s = steps, h = Double(count - 1) * p
        let lo = Int(h.rounded(.down)), hi = Swift.min(lo + 1, count - 1)
        func value(atRank k: Int) -> Double {
            var seen = 0
            for b in s { seen += Int(b.count); if seen > k { return b.value } }
            return s.last!.value
        }
        let a = value(atRank: lo), b = value(atRank: hi)
        return p == 0.5 ? a + (b - a) / 2 : a + (h - Double(lo)) * (b - a)
    }

    var median: Double? { quantile(0.5) }
    var smallest: Double? { exact.map { $0.min() } ?? (merged.count > 0 ? merged.buckets.first?.value : nil) }
    /// The mean (exact values summed in their order; else the sketches' sums).
    var mean: Double { exact.map(Descriptive.mean) ?? (count == 0 ? .nan : sum / Double(count)) }

    /// ECDF points: each distinct value (bucket) and the fraction of `total` at or below it.
    func ecdf(total: Int) -> [(x: Double, y: Double)] {
        if let exact { return Descriptive.ecdf(exact, total: total) }
        var seen = 0
        return steps.map { b in
            seen += Int(b.count)
            return (b.value, Double(seen) / Double(total))
        }
    }
}
