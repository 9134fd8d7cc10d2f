import Foundation

/// One selection's trials summarised in the report's pass (`SelectionReader`):
/// how many there were, the first key among them (which seeds its
/// bootstraps, as the first of the loaded rows did), its longest survival
/// time, and per requested metric
/// - each participant's number of values, of 1s and of 0s (what rates read),
/// - the values pooled over participants (`PooledSketch`: exact up to
///   `PooledSketch.exactLimit`, then buckets; medians, means, quantiles, ECDFs),
/// - and, only where asked (`SelectionRequests.add(byParticipant:)`), each
///   participant's `ValueSketch` (bootstrap intervals and paired differences);
/// and per participant a sketch of the survival observations when asked.
/// Memory grows with participants and buckets, not with trials.
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
    private let metricIndex: [String: Int]
    /// Per metric: each participant code's values and 1s, the pooled values, and (when asked) each one's sketch.
    private var valued: [[Int32]], ones: [[Int32]], zeros: [[Int32]]
    private var pooledValues: [PooledSketch]
    private var sketches: [[ValueSketch]?]
    /// Survival observations (encoded: minus the time when censored) by participant code; nil when not asked for.
    private var survival: [ValueSketch]?
    private var firstKeyBytes: [UInt8]?

    /// The Kaplan–Meier median already computed (several tables show it).
    private var cachedMedian: SurvivalCache.Median??
    private let lock = NSLock()

    init(_ selection: TrialSelection, need: SelectionRequests.Need) {
        self.selection = selection
        let metrics = need.metrics.sorted()
        metricIndex = Dictionary(uniqueKeysWithValues: metrics.enumerated().map { ($1, $0) })
        valued = metrics.map { _ in [] }
        ones = valued
        zeros = valued
        pooledValues = metrics.map { _ in PooledSketch() }
        sketches = metrics.map { need.byParticipant.contains($0) ? [] : nil }
        survival = need.survival ? [] : nil
    }

    var isEmpty: Bool { count == 0 }

    private func index(_ metric: String) -> Int {
        guard let m = metricIndex[metric] else {
            preconditionFailure("the section reads \(metric) of \(selection) without asking for it (SelectionRequests.add)")
        }
        return m
    }

    /// Participant codes with at least one value of metric `m`, sorted by name (as `ParticipantValues` indexes them).
    private func people(_ m: Int) -> [Int] {
        valued[m].indices.filter { valued[m][$0] > 0 }.sorted { names[$0] < names[$1] }
    }

    /// Which values a rate counts as successes.
    enum Success { case one, zero }

    /// Per participant: values of `metric` and the successes among them (what a rate reads).
    func tally(_ metric: String, success: Success = .one) -> ParticipantTally {
        let m = index(metric), who = people(m)
        let hits = success == .one ? ones[m] : zeros[m]
        return ParticipantTally(participants: who.map { names[$0] }, valued: who.map { Int(valued[m][$0]) }, successes: who.map { Int(hits[$0]) })
    }

    /// How many trials recorded `metric`.
    func valueCount(_ metric: String) -> Int { pooledValues[index(metric)].count }

    /// The values of `metric` pooled over participants.
    func pooled(_ metric: String) -> PooledValues { PooledValues(pooledValues[index(metric)]) }

    private func participantSketches(_ metric: String) -> (names: [String], sketches: [ValueSketch])? {
        let m = index(metric)
        guard let s = sketches[m] else {
            preconditionFailure("the section reads \(metric) of \(selection) by participant without asking for it (SelectionRequests.add(byParticipant:))")
        }
        let who = people(m)
        return who.isEmpty ? nil : (who.map { names[$0] }, who.map { s[$0] })
    }

    /// The values of `metric` by participant: exact while every participant's
    /// sketch is, else its buckets (`ClusteredSample(sketches:participants:)`); nil when none.
    func sample(_ metric: String) -> ClusteredSample? {
        participantSketches(metric).map { ClusteredSample(sketches: $0.sketches, participants: $0.names) }
    }

    /// The values of `metric` by participant as a comparison reads them; nil when none.
    func comparable(_ metric: String) -> BaselineSample? {
        participantSketches(metric).map { .sketches(participants: $0.names, sketches: $0.sketches) }
    }

    private var survivalSketches: [ValueSketch] {
        guard let survival else { preconditionFailure("the section reads survival of \(selection) without asking for it (SelectionRequests.add)") }
        return survival
    }

    /// The survival observations by participant (owners index the participants
    /// with one, sorted): one entry a trial while every participant's sketch is
    /// exact, else a bucket's smallest value and count.
    func survivalEntries() -> SurvivalEntries {
        let survival = survivalSketches
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
        return SurvivalEntries(values: values, owners: owners, counts: exact ? nil : counts)
    }

    /// Whether someone's survival observations were counted in buckets (`SurvivalData.isBucketed`).
    var survivalIsBucketed: Bool { !survivalSketches.allSatisfy(\.isExact) }

    /// Per participant with a survival observation (sorted): the sum and count of the encoded values.
    func survivalTotals() -> (participants: [String], sums: [Double], counts: [Int]) {
        let survival = survivalSketches
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
        if p >= names.count { grow(to: p + 1) }
        for m in valued.indices {
            guard let v = value(m) else { continue }
            valued[m][p] += 1
            if v == 1 { ones[m][p] += 1 } else if v == 0 { zeros[m][p] += 1 }
            pooledValues[m].add(v, given: valued[m][p])
            if sketches[m] != nil { sketches[m]![p].add(v) }
        }
        if let o = observed, survival != nil {
            survival![p].add(o)
            longest = Swift.max(longest ?? abs(o), abs(o))
        }
    }

    /// After the pass: the participants' names by code.
    func finish(participants: [String]) {
        grow(to: participants.count)
        names = participants
        firstKey = firstKeyBytes.map { String(decoding: $0, as: UTF8.self) }
        firstKeyBytes = nil
    }

    /// Room for participant codes below `n` (names stand in for the count until `finish`).
    private func grow(to n: Int) {
        let more = n - names.count
        guard more > 0 else { return }
        names += repeatElement("", count: more)
        for m in valued.indices {
            valued[m] += repeatElement(0, count: more)
            ones[m] += repeatElement(0, count: more)
            zeros[m] += repeatElement(0, count: more)
            if sketches[m] != nil { sketches[m]! += repeatElement(ValueSketch(), count: more) }
        }
        if survival != nil { survival! += repeatElement(ValueSketch(), count: more) }
    }
}

/// One metric's values of a selection, pooled over participants: kept as
/// they are while nobody gave more than `ValueSketch.exactLimit` (256) of
/// them — the rule of the per-participant sketches, so the exact phase is
/// bounded by the participants, not the trials, and the default specs'
/// medians are the trials' own — then in a `ValueSketch`'s buckets, whose
/// memory does not grow with the values.
struct PooledSketch {
    private(set) var exact: [Double]? = []
    private(set) var sketch = ValueSketch()
    private(set) var count = 0
    private(set) var sum = 0.0

    /// Adds `v`, given by a participant who has now given `given` values.
    mutating func add(_ v: Double, given: Int32) {
        count += 1
        sum += v
        if exact != nil {
            exact!.append(v)
            guard given > ValueSketch.exactLimit else { return }
            sketch = ValueSketch(exact!)
            exact = nil
        } else {
            sketch.add(v)
        }
    }
}

/// Values pooled over participants: exact while they were few enough, else
/// buckets (each value known to `ValueBuckets.relativeWidth`).
struct PooledValues {
    /// Exact values, in the order they came; nil when bucketed.
    let exact: [Double]?
    private let sketch: ValueSketch
    let count: Int
    let sum: Double

    init(_ pooled: PooledSketch) {
        (exact, sketch, count, sum) = (pooled.exact, pooled.sketch, pooled.count, pooled.sum)
    }

    var isEmpty: Bool { count == 0 }

    /// Ascending values (buckets' smallest) with their counts.
    private var steps: [(value: Double, count: Int32)] {
        if let exact { return exact.sorted().map { ($0, 1) } }
        return sketch.buckets
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
    /// The smallest value (a bucket keeps its smallest, so exact either way).
    var smallest: Double? { isEmpty ? nil : exact.map { $0.min()! } ?? sketch.buckets.first?.value }
    /// The mean (exact values summed in their order; else the running sum).
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
