import Foundation
import Statistics

/// One selection's trials summarised in the report's pass (`SelectionReader`):
/// how many there were, the first key among them (which seeds its
/// bootstraps, as the first of the loaded rows did), its longest survival
/// time, and per requested metric
/// - each participant's number of values, of 1s, of 0s and of values above 0 (what rates read),
/// - the values pooled over participants (`PooledSketch`: exact up to
///   `PooledSketch.exactLimit`, then buckets; medians, means, quantiles, ECDFs),
/// - and, only where asked (`SelectionRequests.add(byParticipant:)`), each
///   participant's `ValueSketch` (bootstrap intervals and paired differences);
/// and per participant a sketch of the survival observations when asked.
/// Memory grows with participants and buckets, not with trials.
package final class SelectedTrials: @unchecked Sendable {
    let selection: TrialSelection
    /// How many trials the selection holds (whether or not they recorded a metric).
    package private(set) var count = 0
    /// The smallest key among them (the first loaded row's, in key order); nil when empty.
    package private(set) var firstKey: String?
    /// The longest survival time among them (time to effect, or to stopping).
    private(set) var longest: Double?

    /// Participant names by the reader's participant code.
    private var names: [String] = []
    private let metricIndex: [String: Int]
    /// Per metric: each participant code's values and 1s, the pooled values, and (when asked) each one's sketch.
    private var valued: [[Int32]], ones: [[Int32]], zeros: [[Int32]], positives: [[Int32]]
    private var pooledValues: [PooledSketch]
    private var sketches: [[ValueSketch]?]
    /// Per metric kept by participant: each exact value's scan position (put in key order at the end).
    private var positions: [[[Int32]]?]
    /// Each metric's value in the first trial by key.
    private var firstValues: [Double?]
    /// Per (participant code, task code), when asked for: the metric's `CellValues`.
    private var cellMetric: Int?
    private var cellsByCode: [Int: CellValues] = [:]
    /// After the pass: by participant and task name.
    private(set) var cellValues: [String: [String: CellValues]] = [:]
    /// The typical trial, when asked for: the metric it is the median of and the metrics it keeps (indices).
    private var typical: (trial: TypicalTrial, by: Int, keeping: [Int])?
    /// Survival observations (encoded: minus the time when censored) by participant code; nil when not asked for.
    private var survival: [ValueSketch]?
    private var firstKeyBytes: [UInt8]?

    /// A Kaplan–Meier median with its interval; nil parts: not reached (∞).
    typealias SurvivalMedian = (value: Double?, lower: Double?, upper: Double?)
    /// The Kaplan–Meier median already computed (several tables show it).
    private var cachedMedian: SurvivalMedian??
    private let lock = NSLock()

    init(_ selection: TrialSelection, need: SelectionRequests.Need) {
        self.selection = selection
        let metrics = need.metrics.sorted()
        metricIndex = Dictionary(uniqueKeysWithValues: metrics.enumerated().map { ($1, $0) })
        valued = metrics.map { _ in [] }
        ones = valued
        zeros = valued
        positives = valued
        pooledValues = metrics.map { _ in PooledSketch() }
        sketches = metrics.map { need.byParticipant.contains($0) ? [] : nil }
        positions = sketches.map { $0 == nil ? nil : [] }
        firstValues = metrics.map { _ in nil }
        cellMetric = need.byCell.map { metrics.firstIndex(of: $0)! }
        typical = need.typical.map { t in
            (TypicalTrial(), metrics.firstIndex(of: t.by)!, t.keeping.map { metrics.firstIndex(of: $0)! })
        }
        survival = need.survival ? [] : nil
    }

    package var isEmpty: Bool { count == 0 }

    private func index(_ metric: String) -> Int {
        guard let m = metricIndex[metric] else {
            preconditionFailure(
                "the section reads \(metric) of \(selection) without asking for it (SelectionRequests.add)")
        }
        return m
    }

    /// Participant codes with at least one value of metric `m`, sorted by name (as `ParticipantValues` indexes them).
    private func people(_ m: Int) -> [Int] {
        valued[m].indices.filter { valued[m][$0] > 0 }.sorted { names[$0] < names[$1] }
    }

    /// Which values a rate counts as successes: 1s, 0s, or any value above 0.
    package enum Success { case one, zero, positive }

    /// Per participant: values of `metric` and the successes among them (what a rate reads).
    func tally(_ metric: String, success: Success = .one) -> ParticipantTally {
        let m = index(metric), who = people(m)
        let hits = success == .one ? ones[m] : success == .zero ? zeros[m] : positives[m]
        return ParticipantTally(
            participants: who.map { names[$0] }, valued: who.map { Int(valued[m][$0]) },
            successes: who.map { Int(hits[$0]) })
    }

    /// How many trials recorded `metric`.
    package func valueCount(_ metric: String) -> Int { pooledValues[index(metric)].count }

    /// The values of `metric` pooled over participants.
    package func pooled(_ metric: String) -> PooledValues { PooledValues(pooledValues[index(metric)]) }

    /// Whether some metric's pooled values went to buckets (`PooledSketch`).
    var hasBucketedValues: Bool { pooledValues.contains { $0.exact == nil } }

    private func participantSketches(_ metric: String) -> (names: [String], sketches: [ValueSketch])? {
        let m = index(metric)
        guard let s = sketches[m] else {
            preconditionFailure(
                "the section reads \(metric) of \(selection) by participant without asking for it "
                    + "(SelectionRequests.add(byParticipant:))"
            )
        }
        let who = people(m)
        return who.isEmpty ? nil : (who.map { names[$0] }, who.map { s[$0] })
    }

    /// The values of `metric` by participant: exact while every participant's
    /// sketch is, else its buckets (`ClusteredSample(sketches:participants:)`); nil when none.
    package func sample(_ metric: String) -> ClusteredSample? {
        participantSketches(metric).map { ClusteredSample(sketches: $0.sketches, participants: $0.names) }
    }

    /// The values of `metric` by participant as a comparison reads them; nil when none.
    package func comparable(_ metric: String) -> BaselineSample? {
        participantSketches(metric).map { .sketches(participants: $0.names, sketches: $0.sketches) }
    }

    private var survivalSketches: [ValueSketch] {
        guard let survival else {
            preconditionFailure(
                "the section reads survival of \(selection) without asking for it (SelectionRequests.add)")
        }
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
    package var survivalIsBucketed: Bool { !survivalSketches.allSatisfy(\.isExact) }

    /// Per participant with a survival observation (sorted): the sum and count of the encoded values.
    func survivalTotals() -> (participants: [String], sums: [Double], counts: [Int]) {
        let survival = survivalSketches
        let who = survival.indices.filter { survival[$0].count > 0 }.sorted { names[$0] < names[$1] }
        return (who.map { names[$0] }, who.map { survival[$0].sum }, who.map { survival[$0].count })
    }

    /// The Kaplan–Meier median `make` computes, computed once.
    func survivalMedian(_ make: () -> ClusteredKaplanMeier) -> SurvivalMedian? {
        lock.lock(); defer { lock.unlock() }
        if let known = cachedMedian { return known }
        let km = make()
        let m: SurvivalMedian? = km.curve.count > 0 ? km.median : nil
        cachedMedian = .some(m)
        return m
    }

    // MARK: Filling (the reader)

    /// The requested metrics, in the order `add`'s `value` indexes them.
    var metrics: [String] { metricIndex.sorted { $0.value < $1.value }.map(\.key) }
    var wantsSurvival: Bool { survival != nil }

    /// One trial of the selection: its participant's code, its key and its
    /// place in the scan; `value(m)` is its value of `metrics[m]` (nil: not
    /// recorded), `observed` its survival observation (encoded) when asked for.
    func add(
        participant p: Int, task: Int, key: UnsafeBufferPointer<UInt8>, position: Int32, value: (Int) -> Double?,
        observed: Double?
    ) {
        count += 1
        if let c = cellMetric { cellsByCode[p << 32 | task, default: CellValues()].add(value(c), key: key) }
        let first = firstKeyBytes.map { key.lexicographicallyPrecedes($0) } ?? true
        if first { firstKeyBytes = Array(key) }
        if p >= names.count { grow(to: p + 1) }
        if typical != nil {
            typical!.trial.add(value(typical!.by), position: position, kept: typical!.keeping.map(value))
        }
        for m in valued.indices {
            let v = value(m)
            if first { firstValues[m] = v }
            guard let v else { continue }
            valued[m][p] += 1
            if v == 1 { ones[m][p] += 1 } else if v == 0 { zeros[m][p] += 1 }
            if v > 0 { positives[m][p] += 1 }
            pooledValues[m].add(v, given: valued[m][p], position: position)
            if sketches[m] != nil {
                sketches[m]![p].add(v)
                if sketches[m]![p].isExact {
                    positions[m]![p].append(position)
                } else if !positions[m]![p].isEmpty {
                    positions[m]![p] = []
                }
            }
        }
        if let o = observed, survival != nil {
            survival![p].add(o)
            longest = Swift.max(longest ?? abs(o), abs(o))
        }
    }

    /// After the pass: the participants' names by code, and each scan
    /// position's rank in key order (`rank[position]`), by which the values
    /// still held exactly are put in key order, as the loaded trials were
    /// (so means and per-participant sums add in the same order, to the bit).
    func finish(participants: [String], tasks: [String], rank: [Int32]) {
        for (code, cell) in cellsByCode {
            cellValues[participants[code >> 32], default: [:]][tasks[code & 0xFFFF_FFFF]] = cell
        }
        cellsByCode = [:]
        grow(to: participants.count)
        names = participants
        firstKey = firstKeyBytes.map { String(decoding: $0, as: UTF8.self) }
        firstKeyBytes = nil
        for m in pooledValues.indices { pooledValues[m].putInKeyOrder(rank) }
        typical?.trial.finish(rank: rank)
        for m in sketches.indices where sketches[m] != nil {
            for p in sketches[m]!.indices {
                guard let values = sketches[m]![p].exactValues, values.count > 1 else { continue }
                let order = positions[m]![p].indices.sorted {
                    rank[Int(positions[m]![p][$0])] < rank[Int(positions[m]![p][$1])]
                }
                sketches[m]![p] = ValueSketch(order.map { values[$0] })
            }
            positions[m] = nil
        }
    }

    /// The typical trial's values of the metrics asked to keep (`SelectionRequests.add(_:typicalBy:keeping:)`), by
    /// name; nil when the selection is empty.
    package func typicalTrial() -> [String: Double?]? {
        guard let typical else {
            preconditionFailure(
                "the section reads the typical trial of \(selection) without asking for it "
                    + "(SelectionRequests.add(_:typicalBy:keeping:))"
            )
        }
        let names = metrics
        return typical.trial.pick.map { kept in
            Dictionary(uniqueKeysWithValues: zip(typical.keeping.map { names[$0] }, kept))
        }
    }

    /// The cells asked for (`SelectionRequests.add(_:byCell:)`): by participant, then task.
    package var cells: [String: [String: CellValues]] {
        guard cellMetric != nil else {
            preconditionFailure(
                "the section reads the cells of \(selection) without asking for them (SelectionRequests.add(_:byCell:))"
            )
        }
        return cellValues
    }

    /// The value of `metric` in the selection's first trial (by key), nil when it did not record it.
    package func firstTrialValue(_ metric: String) -> Double? { firstValues[index(metric)] }

    /// Room for participant codes below `n` (names stand in for the count until `finish`).
    private func grow(to n: Int) {
        let more = n - names.count
        guard more > 0 else { return }
        names += repeatElement("", count: more)
        for m in valued.indices {
            valued[m] += repeatElement(0, count: more)
            ones[m] += repeatElement(0, count: more)
            zeros[m] += repeatElement(0, count: more)
            positives[m] += repeatElement(0, count: more)
            if sketches[m] != nil {
                sketches[m]! += repeatElement(ValueSketch(), count: more)
                positions[m]! += repeatElement([], count: more)
            }
        }
        if survival != nil { survival! += repeatElement(ValueSketch(), count: more) }
    }
}

/// One metric's values of a selection, pooled over participants: kept as
/// they are while there are at most `exactLimit` of them and nobody gave more
/// than `ValueSketch.exactLimit` (256) — so the default specs' medians and
/// means are the trials' own, and the exact phase is bounded whatever the
/// number of participants or trials — then in a `ValueSketch`'s buckets,
/// whose memory does not grow with the values.
struct PooledSketch {
    /// 8,192 values: pip's default spec has 7,200 a strategy.
    static let exactLimit = 1 << 13
    private(set) var exact: [Double]? = []
    /// Each exact value's scan position, until the values are put in key order.
    private var positions: [Int32] = []
    private(set) var sketch = ValueSketch()
    private(set) var count = 0
    private(set) var sum = 0.0

    /// Adds `v`, at scan position `position`, given by a participant who has now given `given` values.
    mutating func add(_ v: Double, given: Int32, position: Int32) {
        count += 1
        sum += v
        if exact != nil {
            exact!.append(v)
            positions.append(position)
            guard given > ValueSketch.exactLimit || exact!.count > Self.exactLimit else { return }
            sketch = ValueSketch(exact!)
            exact = nil
            positions = []
        } else {
            sketch.add(v)
        }
    }

    /// Orders the exact values by their trials' keys (`rank[position]`).
    mutating func putInKeyOrder(_ rank: [Int32]) {
        defer { positions = [] }
        guard let values = exact, values.count > 1 else { return }
        exact = positions.indices.sorted { rank[Int(positions[$0])] < rank[Int(positions[$1])] }.map { values[$0] }
    }
}

/// Values pooled over participants: exact while they were few enough, else
/// buckets (each value known to `ValueBuckets.relativeWidth`).
package struct PooledValues {
    /// Exact values, in the order they came; nil when bucketed.
    package let exact: [Double]?
    private let sketch: ValueSketch
    package let count: Int
    package let sum: Double

    init(_ pooled: PooledSketch) {
        (exact, sketch, count, sum) = (pooled.exact, pooled.sketch, pooled.count, pooled.sum)
    }

    package var isEmpty: Bool { count == 0 }

    /// Ascending values (buckets' smallest) with their counts.
    private var steps: [(value: Double, count: Int32)] {
        if let exact { return exact.sorted().map { ($0, 1) } }
        return sketch.buckets
    }

    /// The p-quantile (type 7, as `Descriptive.quantile`); nil when empty.
    package func quantile(_ p: Double) -> Double? {
        guard !isEmpty else { return nil }
        if let exact { return p == 0.5 ? Descriptive.median(exact) : Descriptive.quantile(sorted: exact.sorted(), p) }
        return Descriptive.quantile(runs: steps.lazy.map { (value: $0.value, count: Int($0.count)) }, total: count, p)
    }

    package var median: Double? { quantile(0.5) }
    /// The smallest value (a bucket keeps its smallest, so exact either way).
    package var smallest: Double? { isEmpty ? nil : exact.map { $0.min()! } ?? sketch.buckets.first?.value }
    /// The mean (exact values summed in their order; else the running sum).
    package var mean: Double { exact.map(Descriptive.mean) ?? (count == 0 ? .nan : sum / Double(count)) }

    /// ECDF points: each distinct value (bucket) and the fraction of `total` at or below it.
    package func ecdf(total: Int) -> [(x: Double, y: Double)] {
        if let exact { return Descriptive.ecdf(exact, total: total) }
        var seen = 0
        return steps.map { b in
            seen += Int(b.count)
            return (b.value, Double(seen) / Double(total))
        }
    }
}
