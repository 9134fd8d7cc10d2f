import Foundation
import Statistics

/// What the gate keeps of one strategy's gated metric: every value with its
/// participant while no participant gave more than `ValueSketch.exactLimit`
/// of them (what format-2 baselines always held), else one `ValueSketch` per
/// participant, so past a few thousand trials a person (once a person's
/// buckets are full) a baseline stops growing with trials (issue 17).
///
/// Either way the gate resamples a `ClusteredSample` of it: the same sample to
/// the bit while the sketches are exact; past that its medians are known to
/// within `ValueBuckets.relativeWidth` (2.7 × 10⁻³) and its means exactly.
public enum BaselineSample: Sendable, Equatable {
    /// Every value, in trial order, with its participant.
    case values(ParticipantValues)
    /// One sketch per participant; `participants` distinct and sorted.
    case sketches(participants: [String], sketches: [ValueSketch])

    /// Values with their owners (`participants[owners[i]]` gave `values[i]`,
    /// participants distinct and sorted): kept as they are unless someone gave
    /// more than `ValueSketch.exactLimit` of them.
    init(values: [Double], owners: [Int32], participants: [String]) {
        var counts = [Int](repeating: 0, count: participants.count)
        for c in owners { counts[Int(c)] += 1 }
        guard counts.contains(where: { $0 > ValueSketch.exactLimit }) else {
            self = .values(ParticipantValues(values: values, participants: owners.map { participants[Int($0)] }))
            return
        }
        var sketches = [ValueSketch](repeating: ValueSketch(), count: participants.count)
        for (v, c) in zip(values, owners) { sketches[Int(c)].add(v) }
        self = .sketches(participants: participants, sketches: sketches)
    }

    /// Whether there is no value.
    public var isEmpty: Bool { trialCount == 0 }

    /// How many values it stands for.
    public var trialCount: Int {
        switch self {
        case .values(let v): v.count
        case .sketches(_, let s): s.reduce(0) { $0 + $1.count }
        }
    }

    /// The sample the gate resamples.
    public var clustered: ClusteredSample {
        switch self {
        case .values(let v): ClusteredSample(v)
        case .sketches(let p, let s): ClusteredSample(sketches: s, participants: p)
        }
    }

    /// The mean of the values: `Descriptive.mean` of them in their order, or
    /// the sketches' sums (each added in the order its values came) over their counts.
    public var mean: Double {
        switch self {
        case .values(let v): Descriptive.mean(v.values)
        case .sketches(_, let s): s.reduce(0) { $0 + $1.sum } / Double(trialCount)
        }
    }

    /// The empirical distribution of the values over `total` trials (trials
    /// that did not record the metric count in the total): a point per distinct
    /// value, as `Descriptive.ecdf` gives; past a sketch's exact limit each
    /// person's values of a bucket stand at their smallest (within
    /// `ValueBuckets.relativeWidth` below them).
    public func ecdf(total: Int) -> [(x: Double, y: Double)] {
        switch self {
        case .values(let v): return Descriptive.ecdf(v.values, total: total)
        case .sketches(_, let sketches):
            var counts: [Double: Int] = [:]
            for sketch in sketches {
                if let values = sketch.exactValues {
                    for v in values { counts[v, default: 0] += 1 }
                } else {
                    for b in sketch.buckets { counts[b.value, default: 0] += Int(b.count) }
                }
            }
            var seen = 0
            return counts.keys.sorted().map { x in
                seen += counts[x]!
                return (x, Double(seen) / Double(total))
            }
        }
    }

    /// True for a metric recorded as 0/1 (`Comparisons.isRate`), judged for
    /// sketches by the sample they make (`ClusteredSample.isZeroOne`: 1's bucket
    /// also holds values below 1.0027, told apart by the sums).
    public func isRate(metric: String) -> Bool {
        switch self {
        case .values(let v): Comparisons.isRate(v.values, metric: metric)
        case .sketches: Comparisons.isRate(clustered, metric: metric)
        }
    }
}

extension ValueSketch: Codable {
    enum CodingKeys: String, CodingKey { case count, sum, values, buckets }

    /// `{"count", "sum", "values": [...]}` while exact, else
    /// `{"count", "sum", "buckets": [[smallest value, count], ...]}`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(count, forKey: .count)
        try c.encode(sum, forKey: .sum)
        if let values = exactValues {
            try c.encode(values, forKey: .values)
        } else {
            try c.encode(buckets.map { [$0.value, Double($0.count)] }, forKey: .buckets)
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let count = try c.decode(Int.self, forKey: .count), sum = try c.decode(Double.self, forKey: .sum)
        // A participant with no values would make resamples of nothing; counts add up in 32 bits.
        guard count > 0, count <= Int(Int32.max) else {
            throw DecodingError.dataCorruptedError(
                forKey: .count, in: c, debugDescription: "a sketch's count is 1…\(Int32.max), not \(count)")
        }
        if let values = try c.decodeIfPresent([Double].self, forKey: .values) {
            guard values.count == count, values.count <= ValueSketch.exactLimit else {
                throw DecodingError.dataCorruptedError(
                    forKey: .values, in: c,
                    debugDescription:
                        "a sketch's values should number its count (\(count)), at most \(ValueSketch.exactLimit)")
            }
            self.init(values)
            return
        }
        let pairs = try c.decode([[Double]].self, forKey: .buckets)
        var buckets: [(value: Double, count: Int32)] = []
        for pair in pairs {
            guard pair.count == 2, let n = Int32(exactly: pair[1]), n > 0, pair[0].isFinite else {
                throw DecodingError.dataCorruptedError(
                    forKey: .buckets, in: c,
                    debugDescription:
                        "a bucket is [smallest value, count > 0], not \(pair)")
            }
            buckets.append((pair[0], n))
        }
        guard buckets.reduce(0, { $0 + Int($1.count) }) == count,
            zip(buckets, buckets.dropFirst()).allSatisfy({ $0.value < $1.value })
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .buckets, in: c,
                debugDescription:
                    "buckets should be ascending by value, their counts summing to count (\(count))")
        }
        // Files written with finer buckets (1,024 a doubling, before 256) are read
        // into today's: neighbours of one bucket merge, the smallest value standing for them.
        var merged: [(value: Double, count: Int32)] = []
        for b in buckets {
            // (Counts sum to `count`, checked above to fit 32 bits.)
            if let last = merged.last, ValueBuckets.ordinal(last.value) == ValueBuckets.ordinal(b.value) {
                merged[merged.count - 1].count += b.count
            } else {
                merged.append(b)
            }
        }
        self.init(buckets: merged, count: count, sum: sum)
    }
}
