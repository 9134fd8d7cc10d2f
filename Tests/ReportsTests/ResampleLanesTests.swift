import ImageEngine
import Kernels
import PropertyBased
import Randomness
@testable import Reports
@testable import Statistics
import Testing
import UserModels

/// The eight-resample kernels (`Sources/CKernels/resample_body.h`):
/// every build, and the scalar fallback, give each lane the scalar pass's
/// value to the bit, so reports do not change with the CPU or the batching.
@Suite("Bootstrap resamples eight at a time")
struct ResampleLanesTests {
    /// Every build this CPU runs, and nil (the scalar passes lane by lane).
    static let builds: [KernelBuild?] = KernelBuild.allCases.filter(\.available) + [nil]

    /// Eight resamples' weights, participant-major; lanes from `filled` on are zero (a last, partial group).
    static func lanes(participants: Int, filled: Int, _ g: inout SeededGenerator) -> (lanes: [Int32], each: [[Int32]]) {
        var each: [[Int32]] = []
        var w = [Int32](repeating: 0, count: participants)
        for k in 0..<ParallelReplicates.lanes {
            if k < filled { ClusterBootstrap.draw(&w, &g) } else { w = w.map { _ in 0 } }
            each.append(w)
        }
        var lanes = [Int32](repeating: 0, count: participants * ParallelReplicates.lanes)
        for c in 0..<participants { for k in each.indices { lanes[c * ParallelReplicates.lanes + k] = each[k][c] } }
        return (lanes, each)
    }

    @Test("cluster means: every lane is the scalar statistic's, to the bit, with negative, zero and infinite totals")
    func meansMatchScalar() async {
        await propertyCheck(count: 60, input: Gen.double(in: -50...50).array(of: 1...40), Gen.int(in: 1...8), Gen.int(in: 0...1_000_000)) {
            values, filled, seed in
            var g = SeededGenerator(seed: UInt64(seed))
            // Participants with one to five values; one in ten totals is ±∞ or −0.
            let people = values.count
            let sums = values.enumerated().map { i, v in i % 10 == 3 ? (v < 0 ? -Double.infinity : .infinity) : i % 10 == 7 ? -0.0 : v }
            let counts = (0..<people).map { _ in Int.random(in: 1...5, using: &g) }
            let sample = ClusteredSample(participants: (0..<people).map { "p\($0)" }, sums: sums, counts: counts)
            let (lanes, each) = Self.lanes(participants: people, filled: filled, &g)
            let scalar = each.map { sample.statistic(.mean, weights: $0) }
            for build in Self.builds {
                var out = [Double](repeating: 0, count: ParallelReplicates.lanes)
                sample.statistics(.mean, lanes: lanes, into: &out, build: build)
                #expect(out.map(\.bitPattern) == scalar.map(\.bitPattern), "\(String(describing: build))")
            }
        }
    }

    @Test("restricted means: every lane is the scalar pass's, to the bit, on exact and gridded summaries")
    func restrictedMeansMatchScalar() async {
        await propertyCheck(count: 40, input: Gen.int(in: 2...30), Gen.int(in: 1...40), Gen.int(in: 1...8),
                            Gen.int(in: 0...2), Gen.double(in: 0.2...35), Gen.int(in: 0...1_000_000)) { people, each, filled, layout, tau, seed in
            let o = SurvivalGridTests.observations(people: people, each: each, seed: UInt64(seed))
            let grid = SurvivalGrid(sortedTimes: o.times, events: o.events, owners: o.owners, participants: people,
                                    step: [nil, 0.01, 0.25][layout])
            var g = SeededGenerator(seed: UInt64(seed) &+ 1)
            let (lanes, each) = Self.lanes(participants: people, filled: filled, &g)
            let scalar = each.map { w in w.withUnsafeBufferPointer { grid.restrictedMean(tau: tau, weights: $0) } }
            for build in Self.builds {
                var out = [Double](repeating: .nan, count: ParallelReplicates.lanes)
                grid.restrictedMeans(tau: tau, lanes: lanes, into: &out, build: build)
                #expect(out.map(\.bitPattern) == scalar.map(\.bitPattern), "\(String(describing: build))")
            }
        }
    }

    @Test("resampled curves: S at each query and the first step at or below a level are the scalar curve's, to the bit")
    func curvesMatchScalar() async {
        await propertyCheck(count: 40, input: Gen.int(in: 2...30), Gen.int(in: 1...40), Gen.int(in: 1...8), Gen.int(in: 0...2),
                            Gen.double(in: 0...35).array(of: 0...6), Gen.double(in: 0.05...0.95), Gen.int(in: 0...1_000_000)) {
            people, each, filled, layout, times, level, seed in
            let o = SurvivalGridTests.observations(people: people, each: each, seed: UInt64(seed))
            let grid = SurvivalGrid(sortedTimes: o.times, events: o.events, owners: o.owners, participants: people,
                                    step: [nil, 0.01, 0.25][layout])
            var g = SeededGenerator(seed: UInt64(seed) &+ 2)
            let (lanes, each) = Self.lanes(participants: people, filled: filled, &g)
            let queries = times.sorted()
            let through = queries.last ?? .infinity
            let curves = each.map { SurvivalGridTests.curve(grid, $0) }
            for build in Self.builds {
                var first = [Double](repeating: .nan, count: ParallelReplicates.lanes)
                var at = [Double](repeating: .nan, count: queries.count * ParallelReplicates.lanes)
                grid.survivalLanes(weights: lanes, until: level, through: through, queries: queries, first: &first, atQuery: &at, build: build)
                var alone = [Double](repeating: .nan, count: ParallelReplicates.lanes), none = 0.0
                grid.survivalLanes(weights: lanes, until: level, through: .infinity, queries: [], first: &alone, atQuery: &none, build: build)
                for (k, curve) in curves.enumerated() {
                    let steps = ArraySlice(curve.map(\.0)), survival = ArraySlice(curve.map(\.1))
                    let expected = curve.first { $0.1 <= level }?.0 ?? .infinity
                    #expect(alone[k] == expected, "lane \(k), \(String(describing: build))")
                    // Up to `through` the curve is the whole one's; the level is read on it.
                    let upTo = curve.filter { $0.0 <= through }
                    #expect(first[k] == (upTo.first { $0.1 <= level }?.0 ?? .infinity), "lane \(k), \(String(describing: build))")
                    for (q, t) in queries.enumerated() {
                        let s = SurvivalGrid.survival(at: t, steps, survival)
                        #expect(at[q * ParallelReplicates.lanes + k].bitPattern == s.bitPattern, "lane \(k) at \(t), \(String(describing: build))")
                    }
                }
            }
        }
    }

    @Test("lane batches give the one-at-a-time replicates: the same draws, paired and unpaired, with a partial last group")
    func runLanesMatchesRun() {
        for (resamples, clustersB) in [(1000, nil), (21, nil), (37, 5)] as [(Int, Int?)] {
            let one = ParallelReplicates.run(resamples: resamples, seed: 9, clustersA: 7, clustersB: clustersB, outputs: 2,
                                             scratch: { () }) { wa, wb, out, _ in
                out[0] = Double(wa.enumerated().reduce(0) { $0 + $1.offset * Int($1.element) })
                out[1] = Double(wb.enumerated().reduce(0) { $0 + ($1.offset + 1) * Int($1.element) })
            }
            let lanes = ParallelReplicates.runLanes(resamples: resamples, seed: 9, clustersA: 7, clustersB: clustersB, outputs: 2) { wa, wb, out in
                for k in 0..<ParallelReplicates.lanes {
                    out[k * 2] = Double((0..<7).reduce(0) { $0 + $1 * Int(wa[$1 * ParallelReplicates.lanes + k]) })
                    out[k * 2 + 1] = Double((0..<(clustersB ?? 7)).reduce(0) { $0 + ($1 + 1) * Int(wb[$1 * ParallelReplicates.lanes + k]) })
                }
            }
            #expect(lanes == one, "\(resamples) resamples, clusters b \(String(describing: clustersB))")
        }
    }
}

@Suite("Remainders by multiplication")
struct FastRemainderTests {
    @Test("x mod d by multiplications is the hardware remainder for any 64-bit x and d")
    func matchesDivision() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.uint64()) { x, d in
            for d in [d | 1, d >> (d % 64), max(1, d % 5000), 1, 2, UInt64.max, 1 << 63] where d > 0 {
                #expect(FastRemainder(d)(x) == x % d, "\(x) mod \(d)")
                #expect(FastRemainder(d)(UInt64.max - x % 7) == (UInt64.max - x % 7) % d)
            }
        }
    }
}
