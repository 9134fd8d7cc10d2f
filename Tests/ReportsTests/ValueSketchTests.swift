import Foundation
import PropertyBased
import Randomness
@testable import Reports
@testable import Statistics
import Testing
import UserModels

/// Per-participant value sketches and the cells layout of a clustered sample
/// (issue 17): exact while small, every value within `ValueBuckets.relativeWidth`
/// of what stands for it after, memory that stops growing with trials at fixed
/// participants, and resampled statistics that match the gathered trials.
@Suite("Value sketches and sample cells")
struct ValueSketchTests {
    /// `people` participants with `each` values: continuous (seconds) or small integers.
    static func values(people: Int, each: Int, discrete: Bool, seed: UInt64) -> (values: [Double], owners: [Int32]) {
        var g = SeededGenerator(seed: seed)
        var values: [Double] = [], owners: [Int32] = []
        for p in 0..<people {
            let speed = 1 + Double.random(in: 0..<3, using: &g)
            for _ in 0..<each {
                let x = speed * (0.5 + Double.random(in: 0..<1, using: &g))
                values.append(discrete ? x.rounded(.down) : x)
                owners.append(Int32(p))
            }
        }
        return (values, owners)
    }

    static func ids(_ n: Int) -> [String] { (0..<n).map { String(format: "p%04d", $0) } }

    /// The median of the trials of a resample, gathered one by one (the oracle).
    static func gatheredMedian(_ v: (values: [Double], owners: [Int32]), _ w: [Int32]) -> Double {
        var sample: [Double] = []
        for (x, c) in zip(v.values, v.owners) { sample += repeatElement(x, count: Int(w[Int(c)])) }
        return Descriptive.median(sample)
    }

    @Test("a sketch holds its values as they came up to the exact limit, then buckets within the stated error")
    func exactThenBounded() async {
        await propertyCheck(count: 40, input: Gen.int(in: 1...600), Gen.double(in: -50...50), Gen.double(in: 0.001...1000)) { n, shift, scale in
            let values = (0..<n).map { i in (Double((i * 7919) % 613) / 613 - 0.3) * scale + shift }
            let sketch = ValueSketch(values)
            #expect(sketch.count == n)
            #expect(abs(sketch.sum - values.reduce(0, +)) <= 1e-9 * values.map(abs).reduce(0, +))
            #expect(sketch.isExact == (n <= ValueSketch.exactLimit))
            if sketch.isExact { #expect(sketch.exactValues == values) }
            let buckets = sketch.buckets
            #expect(buckets.reduce(0) { $0 + Int($1.count) } == n)
            #expect(zip(buckets, buckets.dropFirst()).allSatisfy { $0.value < $1.value })
            // Every value is within the relative width of its bucket's smallest.
            for v in values {
                let k = ValueBuckets.ordinal(v)
                let smallest = buckets.first { ValueBuckets.ordinal($0.value) == k }!.value
                #expect(v >= smallest)
                #expect(abs(v - smallest) <= ValueBuckets.relativeWidth * abs(smallest) * (1 + 1e-12))
            }
        }
    }

    @Test("bucket ordinals order as the values do, zero and signs included")
    func ordinalsOrder() async {
        await propertyCheck(count: 200, input: Gen.double(in: -1e6...1e6), Gen.double(in: -1e6...1e6)) { a, b in
            if a < b { #expect(ValueBuckets.ordinal(a) <= ValueBuckets.ordinal(b)) }
        }
        #expect(ValueBuckets.ordinal(-1e-300) < ValueBuckets.ordinal(0) && ValueBuckets.ordinal(0) < ValueBuckets.ordinal(1e-300))
        // Whole numbers below `wholeNumbersAlone` (368) are alone in their buckets; not so far above it.
        #expect(ValueBuckets.wholeNumbersAlone == 368)
        let alone = Int(ValueBuckets.wholeNumbersAlone)
        #expect((-alone...alone).allSatisfy { ValueBuckets.ordinal(Double($0)) != ValueBuckets.ordinal(Double($0 + 1)) })
        #expect((3000...3010).contains { ValueBuckets.ordinal(Double($0)) == ValueBuckets.ordinal(Double($0 + 1)) })
        #expect(ValueBuckets.ordinal(.infinity) > ValueBuckets.ordinal(.greatestFiniteMagnitude) / 2
                && ValueBuckets.ordinal(-.infinity) == -ValueBuckets.ordinal(.infinity)
                && ValueBuckets.ordinal(.leastNonzeroMagnitude) > 0)
    }

    @Test("merging sketches gives the sketch of all their values, in any order")
    func merging() {
        let v = Self.values(people: 1, each: 3000, discrete: false, seed: 5).values
        let whole = ValueSketch(v)
        var parts = (0..<6).map { k in ValueSketch(v[(k * 500)..<((k + 1) * 500)]) }
        var forward = ValueSketch(), backward = ValueSketch()
        for p in parts { forward.merge(p) }
        parts.reverse()
        for p in parts { backward.merge(p) }
        #expect(forward.histogram == whole.histogram && backward.histogram == whole.histogram)
        #expect(forward.count == whole.count && backward.count == whole.count)
        var small = ValueSketch([1, 2]); small.merge(ValueSketch([3]))
        #expect(small.exactValues == [1, 2, 3])
    }

    @Test("at fixed participants a sketch's and a sample's memory stop growing with trials (200 vs 2,000 replications)")
    func boundedByParticipants() {
        // The same 10 people; each replication another trial per task (40) from each.
        func build(replications: Int) -> (sketchBytes: Int, entries: Int, spanned: Int) {
            let v = Self.values(people: 10, each: 40 * replications, discrete: false, seed: 11)
            var sketches = [ValueSketch](repeating: ValueSketch(), count: 10)
            for (x, c) in zip(v.values, v.owners) { sketches[Int(c)].add(x) }
            let sample = ClusteredSample(sketches: sketches, participants: Self.ids(10))
            // The buckets each person's values span: no sketch can hold more.
            let spanned = (0..<10).reduce(0) { total, c in
                let mine = zip(v.values, v.owners).filter { $0.1 == Int32(c) }.map(\.0)
                return total + Int(ValueBuckets.ordinal(mine.max()!) - ValueBuckets.ordinal(mine.min()!)) + 1
            }
            return (sketches.reduce(0) { $0 + $1.heldBytes }, sample.sortedValues.count, spanned)
        }
        let few = build(replications: 200), many = build(replications: 2000)
        // Ten times the trials (8,000 → 80,000 a person): the buckets are full, the memory stays.
        #expect(Double(many.sketchBytes) < Double(few.sketchBytes) * 1.1, "sketch bytes \(few.sketchBytes) → \(many.sketchBytes)")
        #expect(Double(many.entries) < Double(few.entries) * 1.1, "sample entries \(few.entries) → \(many.entries)")
        #expect(many.entries <= many.spanned && few.entries <= few.spanned)
    }

    @Test("cells of small integers: every resampled median and Cliff's delta is the gathered trials' to the bit")
    func discreteCellsExact() {
        let v = Self.values(people: 25, each: 80, discrete: true, seed: 3)
        let u = Self.values(people: 25, each: 80, discrete: true, seed: 4)
        let a = ClusteredSample(values: v.values, owners: v.owners, participants: Self.ids(25), ordered: true)
        let b = ClusteredSample(values: u.values, owners: u.owners, participants: Self.ids(25), ordered: true)
        #expect(!a.sortedCount.isEmpty && a.sortedValues.count * 2 <= v.values.count, "cells taken")
        var g = SeededGenerator(seed: 9)
        for _ in 0..<50 {
            let w = (0..<25).map { _ in Int32.random(in: 0...3, using: &g) }, wb = (0..<25).map { _ in Int32.random(in: 0...3, using: &g) }
            guard w.contains(where: { $0 > 0 }), wb.contains(where: { $0 > 0 }) else { continue }
            #expect(a.statistic(.median, weights: w) == Self.gatheredMedian(v, w))
            var ga: [Double] = [], gb: [Double] = []
            for (x, c) in zip(v.values, v.owners) { ga += repeatElement(x, count: Int(w[Int(c)])) }
            for (x, c) in zip(u.values, u.owners) { gb += repeatElement(x, count: Int(wb[Int(c)])) }
            #expect(ClusteredSample.cliffsDelta(a, weights: w, b, weights: wb) == RankTests.cliffsDelta(ga, gb))
            var gathered: [Double] = []
            a.gather(weights: w, into: &gathered)
            #expect(gathered.sorted() == ga.sorted())
        }
        #expect(a.statistic(.median) == Descriptive.median(v.values))
    }

    @Test("continuous values: kept exact from trial values; sketched, resampled medians within the bucket width of the gathered trials'")
    func continuousSketchesBounded() {
        // Enough trials per person that their sketches are past the exact limit.
        let v = Self.values(people: 20, each: 3000, discrete: false, seed: 8)
        let exact = ClusteredSample(values: v.values, owners: v.owners, participants: Self.ids(20), ordered: true)
        #expect(exact.sortedCount.isEmpty, "distinct values are never merged")
        var sketches = [ValueSketch](repeating: ValueSketch(), count: 20)
        for (x, c) in zip(v.values, v.owners) { sketches[Int(c)].add(x) }
        let a = ClusteredSample(sketches: sketches, participants: Self.ids(20))
        #expect(!a.sortedCount.isEmpty && a.sortedValues.count * 2 <= v.values.count, "buckets hold several values a person")
        var g = SeededGenerator(seed: 2)
        for _ in 0..<15 {
            let w = (0..<20).map { _ in Int32.random(in: 0...3, using: &g) }
            guard w.contains(where: { $0 > 0 }) else { continue }
            let gathered = Self.gatheredMedian(v, w), sketched = a.statistic(.median, weights: w)
            #expect(sketched <= gathered && gathered - sketched <= ValueBuckets.relativeWidth * sketched * (1 + 1e-12))
        }
    }

    @Test("a sample of sketches: the values' own sample while exact, within the bucket width after")
    func samplesOfSketches() {
        let small = Self.values(people: 12, each: 30, discrete: false, seed: 21)
        var sketches = [ValueSketch](repeating: ValueSketch(), count: 12)
        for (x, c) in zip(small.values, small.owners) { sketches[Int(c)].add(x) }
        let fromSketches = ClusteredSample(sketches: sketches, participants: Self.ids(12))
        let fromValues = ClusteredSample(values: small.values, owners: small.owners, participants: Self.ids(12), ordered: true)
        let e1 = ClusterBootstrap.estimate(fromSketches, .median, confidence: 0.95, resamples: 400, seed: 1)
        let e2 = ClusterBootstrap.estimate(fromValues, .median, confidence: 0.95, resamples: 400, seed: 1)
        #expect(e1.value == e2.value && e1.lower == e2.lower && e1.upper == e2.upper)

        let large = Self.values(people: 12, each: 2000, discrete: false, seed: 22)
        var big = [ValueSketch](repeating: ValueSketch(), count: 12)
        for (x, c) in zip(large.values, large.owners) { big[Int(c)].add(x) }
        let sketched = ClusteredSample(sketches: big, participants: Self.ids(12))
        let exact = ClusteredSample(values: large.values, owners: large.owners, participants: Self.ids(12), ordered: true)
        #expect(sketched.trialCount == exact.trialCount && sketched.counts == exact.counts)
        let s = ClusterBootstrap.estimate(sketched, .median, confidence: 0.95, resamples: 400, seed: 1)
        let x = ClusterBootstrap.estimate(exact, .median, confidence: 0.95, resamples: 400, seed: 1)
        for (a, b) in [(s.value, x.value), (s.lower, x.lower), (s.upper, x.upper)] {
            #expect(a <= b && b - a <= ValueBuckets.relativeWidth * a * (1 + 1e-12), "\(a) vs \(b)")
        }
        // Means read the exact per-participant sums.
        #expect(abs(sketched.statistic(.mean) - exact.statistic(.mean)) < 1e-12)
    }

    @Test("sketches of whole numbers are their values; continuous ones state how far Cliff's delta may move (the share of pairs in one bucket)")
    func wholeNumbersAndTieShare() {
        func sketches(_ v: (values: [Double], owners: [Int32]), people: Int) -> [ValueSketch] {
            var out = [ValueSketch](repeating: ValueSketch(), count: people)
            for (x, c) in zip(v.values, v.owners) { out[Int(c)].add(x) }
            return out
        }
        let dv = Self.values(people: 10, each: 600, discrete: true, seed: 31), du = Self.values(people: 10, each: 600, discrete: true, seed: 32)
        let (sv, su) = (sketches(dv, people: 10), sketches(du, people: 10))
        #expect(sv.allSatisfy { $0.isWhole && !$0.isExact })
        let a = ClusteredSample(sketches: sv, participants: Self.ids(10)), b = ClusteredSample(sketches: su, participants: Self.ids(10))
        #expect(!a.isSketched && !b.isSketched, "each bucket one whole number")
        #expect(RankTests.cliffsDelta(du.values, dv.values) == ClusteredSample.cliffsDelta(b, weights: Array(repeating: 1, count: 10), a, weights: Array(repeating: 1, count: 10)))

        var merged = sv[0]
        merged.merge(ValueSketch([0.5]))
        #expect(!merged.isWhole && !ValueSketch([2.25]).isWhole)

        let cv = Self.values(people: 10, each: 600, discrete: false, seed: 33), cu = Self.values(people: 10, each: 600, discrete: false, seed: 34)
        let ca = ClusteredSample(sketches: sketches(cv, people: 10), participants: Self.ids(10))
        let cb = ClusteredSample(sketches: sketches(cu, people: 10), participants: Self.ids(10))
        #expect(ca.isSketched && cb.isSketched)
        let share = Comparisons.bucketTieShare(cb, ca)
        let ones = [Int32](repeating: 1, count: 10)
        let error = abs(ClusteredSample.cliffsDelta(cb, weights: ones, ca, weights: ones) - RankTests.cliffsDelta(cu.values, cv.values))
        #expect(share > 0 && share < 0.01 && error <= share, "error \(error), bound \(share)")
    }

    @Test("a sketch written with finer buckets reads into today's: neighbours merge; values that do not ascend are refused")
    func finerBucketsRead() throws {
        let fine = #"{"count": 6, "sum": 6.5, "buckets": [[1.0, 2], [1.0005, 3], [1.5, 1]]}"#
        let sketch = try JSONDecoder().decode(ValueSketch.self, from: Data(fine.utf8))
        #expect(sketch.buckets.map(\.value) == [1.0, 1.5] && sketch.buckets.map(\.count) == [5, 1])
        let unordered = #"{"count": 3, "sum": 3, "buckets": [[1.5, 1], [1.0, 2]]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ValueSketch.self, from: Data(unordered.utf8)) }
    }

    @Test("Cliff's delta of sketched sides is taken on the bucket scale: one bucket's values tie across sides, within the stated share")
    func deltaOnBucketScale() {
        // All in one bucket (1 … 2^(1/256)): A's smallest is 1.0, B's 1.001, yet B is below most of A.
        let a = [1.0] + Array(repeating: 1.0025, count: 299), b = Array(repeating: 1.001, count: 300)
        let sa = ClusteredSample(sketches: [ValueSketch(a)], participants: ["p"])
        let sb = ClusteredSample(sketches: [ValueSketch(b)], participants: ["p"])
        #expect(sa.isSketched && sb.isSketched)
        let truth = RankTests.cliffsDelta(b, a)
        #expect(truth < -0.99)
        let (e, share) = Comparisons.cliffsDelta(sb, sa, paired: false, confidence: 0.95, resamples: 50, seed: 1)
        #expect(e.value == 0 && share == 1 && abs(e.value - truth) <= share!)
        // An exact side against a sketched one is read on the bucket scale too.
        let exact = ClusteredSample(ParticipantValues(values: b, participants: Array(repeating: "q", count: 300)))
        let (mixed, mixedShare) = Comparisons.cliffsDelta(exact, sa, paired: false, confidence: 0.95, resamples: 50, seed: 1)
        #expect(mixed.value == 0 && mixedShare == 1)
        // Both exact: the values' own delta, no share.
        let (plain, none) = Comparisons.cliffsDelta(exact, exact, paired: false, confidence: 0.95, resamples: 50, seed: 1)
        #expect(plain.value == 0 && none == nil)
    }
}
