import Foundation
@testable import Harness
import PropertyBased
import Testing
import UserModels
@testable import Reports

/// The ceiling table read as a pass goes by (`CeilingSection.Tally`): the
/// counts a filter over every trial gives, and the median of the distances
/// above the ceiling exactly while nobody gave more than 256, within the
/// sketches' bucket width past that.
@Suite("Ceiling section")
struct CeilingSectionTests {
    static let ceilings = [DesignCeiling(strategy: "s", task: "a", deltaE: 1.5, tolerance: 3, setting: ""),
                           DesignCeiling(strategy: "s", task: "b", deltaE: 4, tolerance: 3, setting: "")]

    @Test("counts and median are a naive pass's; exact up to 256 values a person, within the bucket width past it")
    func sameAsNaive() async {
        await propertyCheck(count: 60, input: Gen.int(in: 1...4), Gen.int(in: 1...400), Gen.int(in: 0...1_000_000)) { people, each, seed in
            var g = SeededGenerator(seed: UInt64(seed))
            var tally = CeilingSection.Tally()
            var trials: [(reached: Bool, ceiling: DesignCeiling, final: Double)] = []
            for p in 0..<people {
                for _ in 0..<each {
                    let ceiling = Self.ceilings[Int.random(in: 0...1, using: &g)]
                    let t = (reached: Bool.random(using: &g), ceiling: ceiling, final: Double.random(in: 0...12, using: &g).rounded(toPlaces: 2))
                    trials.append(t)
                    tally.add(reached: t.reached, ceiling: t.ceiling, final: t.final, participant: p)
                }
            }
            #expect(tally.trials == trials.count)
            #expect(tally.reached == trials.filter(\.reached).count)
            #expect(tally.cannot == trials.filter { !$0.reached && !$0.ceiling.expressible }.count)
            #expect(tally.expressible == trials.filter(\.ceiling.expressible).count)
            #expect(tally.reachedWhereExpressible == trials.filter { $0.reached && $0.ceiling.expressible }.count)
            let median = Descriptive.median(trials.map { $0.final - $0.ceiling.deltaE })
            if each <= ValueSketch.exactLimit {
                #expect(tally.medianAbove == median)
            } else {
                #expect(abs(tally.medianAbove - median) <= ValueBuckets.relativeWidth * abs(median) + 1e-12, "\(tally.medianAbove) against \(median)")
            }
        }
    }

    @Test("a ceiling without a number (NaN) counts its trials but gives no distance; none at all gives a NaN median")
    func nanCeiling() {
        let unknown = DesignCeiling(strategy: "s", task: "c", deltaE: .nan, tolerance: 3, setting: "")
        var tally = CeilingSection.Tally()
        tally.add(reached: false, ceiling: unknown, final: 2, participant: 0)
        #expect(tally.trials == 1 && tally.medianAbove.isNaN)
        tally.add(reached: true, ceiling: Self.ceilings[0], final: 2, participant: 1)
        #expect(tally.trials == 2 && tally.medianAbove == 0.5)
    }
}

private extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
