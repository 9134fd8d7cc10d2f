import Foundation
import Testing
import UserModels
@testable import Reports

/// The report's cache of clustered Kaplan–Meier medians (`SurvivalCache`):
/// a median read from it is the one a rebuild gives, and different trials
/// never share an entry.
@Suite("Survival cache")
struct SurvivalCacheTests {
    /// `people` × `each` trials in one table, times with ties and censoring.
    static func rows(people: Int, each: Int) -> [TrialRow] {
        let v = ScaleTests.survivalSample(people: people, each: each, seed: 3)
        let table = TrialColumns(metricNames: ["time_to_done_s", "time_to_effect_s"])
        for (i, (x, p)) in zip(v.values, v.participants).enumerated() {
            let factors = ["s", "d", p, "novice", "t", "task"]
            table.append(key: Array("k\(i)".utf8), factor: { factors[$0] }, factorMatches: { factors[$0] == $1 },
                         metric: { $0 == 1 ? (x >= 0 ? x : nil) : abs(x) })
        }
        return (0..<table.count).map { TrialRow(table: table, index: $0) }
    }

    static func curve(_ t: [TrialRow], seed: UInt64) -> ClusteredKaplanMeier {
        let obs = t.map { SurvivalObservation(time: $0["time_to_effect_s"] ?? $0["time_to_done_s"]!, event: $0["time_to_effect_s"] != nil) }
        return ClusteredKaplanMeier(obs, participants: t.map(\.participant), resamples: 200, seed: seed)
    }

    @Test("a cached median is the one a rebuild gives, a second request is a hit, and an empty curve has none")
    func cachedIsRebuilt() {
        let rows = Self.rows(people: 12, each: 15)
        let cache = SurvivalCache()
        let key = cache.key(rows, resamples: 200, confidence: 0.95, seed: 9)
        var built = 0
        let first = cache.median(key) { built += 1; return Self.curve(rows, seed: 9) }
        let again = cache.median(cache.key(rows, resamples: 200, confidence: 0.95, seed: 9)) { built += 1; return Self.curve(rows, seed: 9) }
        #expect(built == 1)
        let fresh = Self.curve(rows, seed: 9).median
        #expect(first?.value == fresh.value && first?.lower == fresh.lower && first?.upper == fresh.upper)
        #expect(again?.value == fresh.value && again?.lower == fresh.lower && again?.upper == fresh.upper)
        // No key (rows of two tables): built each time, not cached.
        _ = cache.median(nil) { built += 1; return Self.curve(rows, seed: 9) }
        #expect(built == 2)
        let none = cache.key([], resamples: 200, confidence: 0.95, seed: 9)
        #expect(cache.median(none) { Self.curve([], seed: 9) } == nil)
    }

    @Test("different trials, or the same trials with another seed or resample count, get different keys")
    func keysSeparate() {
        let rows = Self.rows(people: 12, each: 15)
        let cache = SurvivalCache()
        let all = cache.key(rows, resamples: 200, confidence: 0.95, seed: 9)
        // Same count, one row swapped for another; a reordering; a subset.
        var swapped = rows
        swapped[5] = rows[rows.count - 1]
        let reordered = Array(rows.reversed())
        let keys = [cache.key(swapped, resamples: 200, confidence: 0.95, seed: 9),
                    cache.key(reordered, resamples: 200, confidence: 0.95, seed: 9),
                    cache.key(Array(rows.dropLast()), resamples: 200, confidence: 0.95, seed: 9),
                    cache.key(rows, resamples: 100, confidence: 0.95, seed: 9),
                    cache.key(rows, resamples: 200, confidence: 0.9, seed: 9),
                    cache.key(rows, resamples: 200, confidence: 0.95, seed: 10)]
        for k in keys { #expect(k != nil && k != all) }
        #expect(Set(keys.compactMap { $0 }).count == keys.count)
        // Rows of another table are not cached under this one's identity.
        let other = Self.rows(people: 12, each: 15)
        #expect(cache.key(other, resamples: 200, confidence: 0.95, seed: 9) != all)
        #expect(cache.key([rows[0], other[1]], resamples: 200, confidence: 0.95, seed: 9) == nil)
    }
}
