import Foundation
import Randomness
@testable import Reports
import Testing
import UserModels
@testable import TestSupport

/// The per-table shortcuts for choosing trials (`filter(metric)`,
/// `filter(factor)`, `mapFactors`) give what the plain per-row closures give,
/// also when the rows come from several tables.
@Suite("Choosing trials by metric and factor")
struct TrialSelectionTests {
    /// Rows from one many-row table followed by one-row tables, some metrics missing.
    static func rows(seed: UInt64) -> [TrialRow] {
        var g = SeededGenerator(seed: seed)
        let table = TrialColumns(metricNames: ["a", "b"])
        var single: [TrialRow] = []
        for i in 0..<80 {
            let a = Double(g.next() % 3), b: Double? = g.next() % 4 == 0 ? nil : Double(g.next() % 100) / 10
            let factors = ["s\(g.next() % 3)", "d\(g.next() % 2)", "p\(g.next() % 5)", "g", "t\(g.next() % 4)", "t"]
            if i < 60 {
                table.append(key: Array("k\(i)".utf8), factor: { factors[$0] }, factorMatches: { factors[$0] == $1 },
                             metric: { $0 == 0 ? a : b })
            } else {
                single.append(TrialRow(key: "k\(i)", strategy: factors[0], device: factors[1], participant: factors[2], group: "g",
                                       task: factors[4], taskLabel: "t", metrics: b.map { ["a": a, "b": $0] } ?? ["a": a]))
            }
        }
        return (0..<table.count).map { TrialRow(table: table, index: $0) } + single
    }

    @Test("filter by metric, filter by factor and mapFactors equal the plain closures")
    func sameAsPlain() {
        for seed in UInt64(1)...20 {
            let rows = Self.rows(seed: seed)
            #expect(rows.filter("b") { ($0 ?? -1) > 4 }.map(\.key) == rows.filter { ($0["b"] ?? -1) > 4 }.map(\.key))
            #expect(rows.filter("missing") { $0 == nil }.count == rows.count)
            #expect(rows.filter(.strategy) { $0 != "s1" }.map(\.key) == rows.filter { $0.strategy != "s1" }.map(\.key))
            #expect(rows.mapFactors(.task, .device) { "\($0.task)/\($0.device)" } == rows.map { "\($0.task)/\($0.device)" })
            #expect(rows.mapFactors(.participant) { $0.participant } == rows.map(\.participant))
        }
    }

    @Test("mapFactors asks once per distinct combination in each table")
    func oncePerCombination() {
        let rows = Self.rows(seed: 3)
        var asked = 0
        _ = rows.mapFactors(.task, .device) { _ in asked += 1 }
        let shared = Set(rows.prefix(60).map { "\($0.task)/\($0.device)" }).count
        #expect(asked == shared + 20, "once per pair in the 60-row table, once per one-row table")
    }
}
