import Foundation
import Randomness
@testable import Reports
import Testing
import UserModels
@testable import TestSupport

/// The trial store's metric columns (`MetricColumn`): 1 byte a trial for
/// small-integer metrics, and every value read back bit for bit either way.
@Suite("Metric columns")
struct MetricColumnTests {
    static let awkward: [Double] = [0, 1, -1, 127, -127, -128, 128, -0.0, 0.5, .nan, 3, 1e300, -2.25, .infinity, 42]

    @Test("every value reads back with the same bits, small or wide, whatever the order")
    func roundTrip() {
        var g = SeededGenerator(seed: 11)
        for _ in 0..<50 {
            let values = (0..<40).map { _ in Self.awkward[Int(g.next() % UInt64(Self.awkward.count))] }
            var column = MetricColumn()
            column.reserve(values.count)
            for v in values { column.append(v) }
            #expect(column.count == values.count)
            for (i, v) in values.enumerated() {
                #expect(v.isNaN ? column[i].isNaN : column[i].bitPattern == v.bitPattern, "value \(i): \(v) read as \(column[i])")
            }
        }
    }

    @Test("flushing a spilling column hands over every value since the last flush, including the small ones before it went wide")
    func flushes() {
        var column = MetricColumn()
        column.reserve(4)
        var written: [Double] = [], all: [Double] = []
        for i in 0..<300 {
            // Small integers for 100 rows, then wide; flushed every 4 rows from then on.
            let v = i < 100 ? Double(i % 5) : Double(i) + 0.25
            column.append(v)
            all.append(v)
            if i % 4 == 3 { column.flushWide { written += $0 } }
            if i < 100 { #expect(column.isSmall && column.count == i + 1) }
        }
        column.flushWide { written += $0 }
        #expect(written == all && column.count == 0 && column.heldBytes == 0)
        column.append(1)
        #expect(!column.isSmall && column[0] == 1)
    }

    @Test("flags and counts stay at 1 byte a trial; one non-integer (or −0.0) makes the column 8")
    func layout() {
        var flags = MetricColumn(), times = MetricColumn(), negativeZero = MetricColumn()
        for i in 0..<1000 {
            flags.append(i % 3 == 0 ? .nan : Double(i % 2))
            times.append(i == 500 ? 2.5 : Double(i % 7))
            negativeZero.append(i == 999 ? -0.0 : 0)
        }
        #expect(flags.isSmall && flags.heldBytes == 1000)
        #expect(!times.isSmall && times.heldBytes == 8000)
        #expect(!negativeZero.isSmall && negativeZero[999].sign == .minus)
    }

    @Test("the trial store of flags and counts costs 1 byte per metric and trial, at 20 and 200 replications")
    func storeOfFlags() {
        func table(replications: Int) -> TrialColumns {
            let t = TrialColumns(metricNames: ["landed", "corrections", "time"])
            var g = SeededGenerator(seed: 5)
            for r in 0..<replications {
                for p in 0..<20 {
                    let factors = ["s", "phone", "p\(p)", "novice", "t01", "task"]
                    t.append(key: Array("pip/s/phone/p\(p)/t01/r\(r)".utf8), factor: { factors[$0] }, factorMatches: { factors[$0] == $1 },
                             metric: { m in m == 0 ? Double(g.next() % 2) : m == 1 ? Double(g.next() % 5) : Double(g.next() % 1000) / 100 })
                }
            }
            return t
        }
        let small = table(replications: 20), large = table(replications: 200)
        #expect((0..<3).map { small.column($0).isSmall } == [true, true, false])
        #expect((0..<3).map { large.column($0).heldBytes } == [4000, 4000, 32000])
    }
}

/// The trial store's keys: the plan's keys are rebuilt from the factors and
/// the replication, any other key is kept as it was; `key(_:)` returns each
/// trial's stored text either way.
@Suite("Trial store keys")
struct TrialKeyTests {
    @Test("plan keys and odd keys read back as stored; only odd keys cost bytes")
    func keysReadBack() {
        let t = TrialColumns(metricNames: ["x"])
        let factors = ["nearest-corner", "iphone-15-portrait", "p0001", "novice", "t01", "a → b"]
        let keys = ["pip/nearest-corner/iphone-15-portrait/p0001/t01/r1", "pip/nearest-corner/iphone-15-portrait/p0001/t01/r0",
                    "pip/nearest-corner/iphone-15-portrait/p0001/t01/r47", "pip/nearest-corner/iphone-15-portrait/p0001/t01/r01",
                    "pip/nearest-corner/iphone-15-portrait/p0001/t01/r", "pip/nearest-corner/iphone-15-portrait/p0001/t01/r1/x",
                    "scroll/nearest-corner/iphone-15-portrait/p0001/t01/r1", "pip/nearest-corner/iphone-15-portrait/p0001/t02/r1",
                    "pip/nearest-corner/iphone-15-portrait/p0001/t01/r1234567890", "free text"]
        for k in keys {
            t.append(key: Array(k.utf8), factor: { factors[$0] }, factorMatches: { factors[$0] == $1 }, metric: { _ in 1 })
        }
        #expect((0..<t.count).map { t.key($0) } == keys)
        // The first three are the plan's: no key bytes; the others keep theirs.
        #expect(t.replications.prefix(3) == [1, 0, 47])
        #expect(t.replications.dropFirst(3).allSatisfy { $0 == -1 })
        let odd = keys.dropFirst(3).reduce(0) { $0 + $1.utf8.count }
        // Six factors of a few values each and replications under 255: 1 byte a code.
        #expect(t.heldBytes == keys.count * (6 * 1 + 1 + 1) + odd)
    }
}

/// A factor's codes take 1, 2 or 4 bytes as its distinct values need, and read back the same.
@Suite("Factor columns")
struct FactorColumnTests {
    @Test("codes read back as appended across every widening, and permute like an array", arguments: [200, 300, 70_000])
    func codesReadBack(distinct: Int) {
        var g = SeededGenerator(seed: UInt64(distinct))
        // Small codes first, so the column widens after it holds some.
        var codes: [Int32] = (0..<5000).map { _ in Int32(g.next() % 200) }
        for _ in 0..<5000 { codes.append(Int32(g.next() % UInt64(distinct))) }
        codes.append(Int32(distinct - 1))
        var column = FactorColumn()
        column.reserve(codes.count)
        for c in codes { column.append(c) }
        #expect((0..<column.count).map { column[$0] } == codes)
        #expect(column.width == (distinct <= 256 ? 1 : distinct <= 65_536 ? 2 : 4))
        #expect(column.heldBytes == codes.count * column.width)
        let order = (0..<Int32(codes.count)).shuffled(using: &g)
        column.permute(order)
        #expect((0..<column.count).map { column[$0] } == order.map { codes[Int($0)] })
    }
}
