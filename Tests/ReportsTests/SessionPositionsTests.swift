import Foundation
import Randomness
@testable import Reports
@testable import TestSupport
@testable import Statistics
import Testing
import UserModels

/// The learning section's summaries read in the report's pass
/// (`SessionPositions`) against the loaded trials they replace.
@Suite("Session positions")
struct SessionPositionsTests {
    @Test("read in the report's pass: the loaded trials' counts, rates and tallies; medians exact, or within the bucket width once counted in buckets; positions in bins past the bins' limit",
          arguments: [(SessionPositions.exactLimit, SessionPositions.maxBins), (5, SessionPositions.maxBins), (SessionPositions.exactLimit, 4)])
    func sameAsLoaded(exactLimit: Int, maxBins: Int) throws {
        let (store, ids, _, folder) = try TrialLoadTests.database(runs: 2, batch: 4, seed: 9, replications: 3)
        defer { try? FileManager.default.removeItem(at: folder) }
        let metrics = ["time_to_effect_s", "landed_intended", "corrections"]
        var bucketed = 0, positionsChecked = 0
        for id in ids {
            let reader = SessionPositions.Reader(metrics: metrics, exactLimit: exactLimit, maxBins: maxBins)
            let results = try LoadedRun.load(from: store, head: ResultSet.head(from: store, experiment: "pip", runID: id), alongside: [reader])
            let positions = reader.positions
            let longest = try #require(results.trials.compactMap { $0["session_trial"] }.max().map { Int($0) })
            #expect(positions.longest == longest)
            // One position a bin, unless the session is longer than the bins' limit.
            let w = positions.width
            #expect(w == 1 ? longest <= maxBins : (longest - 1) / w < maxBins && (longest - 1) / (w / 2) >= maxBins)
            #expect(positions.bins == (longest - 1) / w + 1)
            // A bin's first position at or after any position: within a bin's width, on a bin's start.
            #expect((1...longest).allSatisfy { p in let b = positions.binStart(atOrAfter: p); return b >= p && b < p + w && (b - 1) % w == 0 })
            #expect(positions.binStart(atOrAfter: longest / 2 + 1) <= longest, "practised use is never empty")
            if maxBins < SessionPositions.maxBins { #expect(w > 1, "the small limit exercises the bins") }
            for s in Set(results.trials.map(\.strategy)) {
                let parts: [(SessionPositions.Part, (Int) -> Bool)] = [
                    (.first, { $0 == 1 }), (.from(3), { ($0 - 1) / w * w + 1 >= 3 }), (.from(1), { _ in true }), (.bin(1), { ($0 - 1) / w == 1 })]
                for (part, keep) in parts {
                    let rows = results.trials.filter { $0.strategy == s && $0["session_trial"].map { keep(Int($0)) } == true }
                    #expect(positions.trialCount(s, part) == rows.count)
                    for m in metrics {
                        let values = rows.compactMap { $0[m] }
                        guard let pool = positions.pool(s, m, part) else { #expect(values.isEmpty); continue }
                        #expect(pool.count == values.count)
                        positionsChecked += 1
                        #expect(pool.isRate(metric: m) == Comparisons.isRate(values, metric: m), "\(s) \(m)")
                        if pool.isRate(metric: m) {
                            let tally = pool.tally(names: positions.participants), naive = ParticipantTally(m, rows)
                            #expect(tally.count == naive.count && tally.successCount == naive.successCount && tally.people == naive.people)
                            #expect(tally.oneValuePerParticipant == naive.oneValuePerParticipant)
                            #expect(tally.sample.statistic(.mean) == naive.sample.statistic(.mean))
                            #expect(pool.mean == Descriptive.mean(values))
                        }
                        let median = Descriptive.median(values)
                        // Exact while no bin's pool outgrew the limit (merging exact pools keeps them so).
                        let perBin = Dictionary(grouping: rows.filter { $0[m] != nil }) { (Int($0["session_trial"]!) - 1) / w }.values.map(\.count)
                        if perBin.allSatisfy({ $0 <= exactLimit }) {
                            #expect(pool.median == median, "\(s) \(m)")
                        } else {
                            bucketed += 1
                            #expect(pool.median <= median && median - pool.median <= ValueBuckets.relativeWidth * abs(median), "\(s) \(m)")
                        }
                    }
                }
            }
        }
        #expect(exactLimit == SessionPositions.exactLimit || bucketed > 0, "the small limit exercises the buckets")
        #expect(positionsChecked > 0)
    }

    @Test("a pool's buckets: an array while their range is narrow (zeros apart), a sketch past it (values of both signs, 40 doublings apart), merged in any order; exact pools merge exactly")
    func poolRanges() {
        var g = SeededGenerator(seed: 3)
        let narrow = (0..<3000).map { _ in 2 + Double.random(in: 0..<6, using: &g) }
        let wide = (0..<3000).map { i in (i % 2 == 0 ? 1 : -1) * pow(2, Double.random(in: -20..<20, using: &g)) }
        let counts = (0..<3000).map { _ in Double(g.next() % 10) }  // zeros and small whole numbers: each alone in its bucket
        for values in [narrow, wide, narrow + wide, counts, counts + narrow] {
            var whole = SessionPositions.Pool(counted: true, exactLimit: 100)
            var halves = (SessionPositions.Pool(counted: true, exactLimit: 100), SessionPositions.Pool(counted: true, exactLimit: 100))
            for (i, v) in values.enumerated() {
                whole.add(v, participant: i % 7)
                if i < values.count / 3 { halves.0.add(v, participant: i % 7) } else { halves.1.add(v, participant: i % 7) }
            }
            let median = Descriptive.median(values)
            // Each value stands at its bucket's smallest: below it, by less than a bucket's width.
            #expect(whole.median <= median && abs(median - whole.median) <= ValueBuckets.relativeWidth * abs(median))
            #expect(halves.0.merged(with: halves.1).median == whole.median && halves.1.merged(with: halves.0).median == whole.median)
            #expect(whole.count == values.count && !whole.isRate(metric: "m"))
            if values == counts { #expect(whole.median == median) }
        }
        // A pool counted in buckets merges with one still exact as with its values bucketed.
        var dense = SessionPositions.Pool(counted: true, exactLimit: 100), exact = dense, all = dense
        for (i, v) in narrow.prefix(400).enumerated() {
            if i < 350 { dense.add(v, participant: 0) } else { exact.add(v, participant: 0) }
            all.add(v, participant: 0)
        }
        #expect(dense.merged(with: exact).median == all.median && exact.merged(with: dense).median == all.median)
        // Pools still exact merge exactly, past the limit too.
        var a = SessionPositions.Pool(counted: true, exactLimit: 100), b = a
        for (i, v) in narrow.prefix(160).enumerated() { if i < 80 { a.add(v, participant: 0) } else { b.add(v, participant: 1) } }
        #expect(a.merged(with: b).median == Descriptive.median(Array(narrow.prefix(160))))
    }
}
