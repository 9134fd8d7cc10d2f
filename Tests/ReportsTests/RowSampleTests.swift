import Foundation
import Testing
import UserModels
@testable import Reports

/// `refine compare`'s reads from the column store (`RowSample.swift`): each is
/// what the per-trial path (a participant string and a dictionary per trial) made.
@Suite("Samples read from the column store")
struct RowSampleTests {
    /// Rows of two tables (two runs, participant codes assigned in different
    /// orders), shuffled, so a participant has a different code in each table.
    static func rows(seed: UInt64) -> [TrialRow] {
        var g = SeededGenerator(seed: seed)
        var out: [TrialRow] = []
        for run in 0..<2 {
            let table = TrialColumns(metricNames: ["landed_intended", "time_s", "never"])
            var people = (0..<12).map { String(format: "p%02d", $0) }
            people.shuffle(using: &g)
            for (i, p) in people.enumerated() where run == 0 || i % 4 != 0 {
                for r in 0..<Int.random(in: 1...6, using: &g) {
                    let factors = ["s", "phone", p, "novice", "t\(r % 2)", "label"]
                    // Ties within and across people, values a trial did not record, a 0/1 metric.
                    let landed: Double? = Double.random(in: 0..<1, using: &g) < 0.2 ? nil : Double(Int.random(in: 0...1, using: &g))
                    let time: Double? = Double.random(in: 0..<1, using: &g) < 0.1 ? nil : Double(Int.random(in: 0..<8, using: &g)) / 4
                    table.append(key: Array("q/s/phone/\(p)/t\(r % 2)/r\(r)-\(run)".utf8), factor: { factors[$0] },
                                 factorMatches: { factors[$0] == $1 }, metric: { [landed, time, nil][$0] })
                }
            }
            out += (0..<table.count).map { TrialRow(table: table, index: $0) }
        }
        out.shuffle(using: &g)
        return out
    }

    static func perTrial(_ metric: String, _ rows: [TrialRow]) -> ParticipantValues {
        var v = ParticipantValues()
        for row in rows { if let x = row[metric] { v.append(x, participant: row.participant) } }
        return v
    }

    @Test("a sample read by participant code is the per-trial sample: participants, sums, counts, order, medians")
    func sampleFromRows() {
        for seed: UInt64 in 1...20 {
            let rows = Self.rows(seed: seed)
            for selection in [rows, Array(rows.prefix(rows.count / 3)), []] {
                for metric in ["landed_intended", "time_s", "never", "unknown"] {
                    let new = ClusteredSample(metric, of: selection), old = ClusteredSample(Self.perTrial(metric, selection))
                    #expect(new.participants == old.participants && new.sums == old.sums && new.counts == old.counts)
                    #expect(new.sortedValues == old.sortedValues && new.sortedOwner == old.sortedOwner && new.grouped == old.grouped)
                    #expect(new.trialCount == old.trialCount)
                    if new.trialCount > 0 { #expect(new.statistic(.median) == old.statistic(.median)) }
                }
            }
            #expect(rows.recordedMetrics == Set(rows.flatMap(\.metrics.keys)))
            #expect(Array(rows.prefix(1)).recordedMetrics == Set(rows.prefix(1).flatMap(\.metrics.keys)))
        }
    }

    @Test("comparing rows is comparing their per-trial samples")
    func compareRows() {
        let rows = Self.rows(seed: 7)
        let a = rows.filter { $0.task == "t0" }, b = rows.filter { $0.task == "t1" }
        let metrics = ["landed_intended", "time_s", "never"]
        let old = Comparisons.compare(Dictionary(uniqueKeysWithValues: metrics.map { ($0, Self.perTrial($0, a)) }),
                                      Dictionary(uniqueKeysWithValues: metrics.map { ($0, Self.perTrial($0, b)) }),
                                      metrics: metrics, sameSeed: true, resamples: 200, seed: 3)
        let new = Comparisons.compare(a, b, metrics: metrics, sameSeed: true, resamples: 200, seed: 3)
        #expect(new.count == 2)
        // Compared as text: a NaN (an interval of a constant metric) never equals itself.
        #expect(String(describing: new) == String(describing: old))
    }
}
