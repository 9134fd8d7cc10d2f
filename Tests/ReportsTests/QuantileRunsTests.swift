import PropertyBased
import Randomness
@testable import Statistics
import Testing

/// The quantile of values held as runs of equal values (`Descriptive.quantile(runs:total:_:)`, behind `Cells.median`
/// and a bucketed selection's quantiles) is the quantile of the values written out.
@Suite("Quantiles of runs")
struct QuantileRunsTests {
    @Test("equal to the quantile of the values written out, for odd and even counts")
    func sameAsWrittenOut() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...12), Gen.int(in: 0...1_000_000)) { runs, seed in
            var g = SeededGenerator(seed: UInt64(seed))
            var value = 0.0, pairs: [(value: Double, count: Int)] = []
            for _ in 0..<runs {
                value += Double(Int.random(in: 1...5, using: &g)) / 4
                pairs.append((value, Int.random(in: 1...4, using: &g)))
            }
            let sorted = pairs.flatMap { [Double](repeating: $0.value, count: $0.count) }
            for p in [0, 0.1, 0.25, 0.5, 0.9, 1] {
                #expect(Descriptive.quantile(runs: pairs, total: sorted.count, p) == Descriptive.quantile(sorted: sorted, p))
            }
            #expect(Descriptive.quantile(runs: pairs, total: sorted.count, 0.5) == Descriptive.median(sorted))
        }
    }

    @Test("no values, no quantile")
    func empty() {
        #expect(Descriptive.quantile(runs: [(value: Double, count: Int)](), total: 0, 0.5).isNaN)
    }
}
