import Foundation
import Randomness
@testable import Reports
@testable import Statistics
import Testing
import UserModels
@testable import TestSupport

@Suite("Kaplan–Meier with participants resampled")
struct ClusteredKaplanMeierTests {
    /// `people` participants with `each` trials; a person's times scatter around their own speed.
    func sample(people: Int, each: Int, spreadWithin: Double, seed: UInt64) -> ([SurvivalObservation], [String]) {
        var g = SeededGenerator(seed: seed)
        var obs: [SurvivalObservation] = [], who: [String] = []
        for p in 0..<people {
            let speed = 2 + 6 * Double.random(in: 0..<1, using: &g)
            for _ in 0..<each {
                let t = speed * (1 + spreadWithin * Double.random(in: -1..<1, using: &g))
                // A fifth stop before reaching the goal: censored at their time.
                obs.append(SurvivalObservation(time: t, event: Double.random(in: 0..<1, using: &g) > 0.2))
                who.append("p\(p)")
            }
        }
        return (obs, who)
    }

    func width(_ e: Estimate) -> Double { e.upper - e.lower }

    @Test("one trial per person: the band agrees with Greenwood's")
    func independentTrials() {
        let (obs, who) = sample(people: 400, each: 1, spreadWithin: 0, seed: 1)
        let km = ClusteredKaplanMeier(obs, participants: who, resamples: 2000, seed: 9)
        let greenwood = KaplanMeier(obs).reached(by: 5), boot = km.reached(by: 5)
        #expect(boot.value == greenwood.value)
        #expect(abs(width(boot) - width(greenwood)) < 0.2 * width(greenwood), "\(boot) vs \(greenwood)")
    }

    @Test("a person's alike trials widen the band: Greenwood's is too narrow for them")
    func clusteredTrials() {
        let (obs, who) = sample(people: 30, each: 12, spreadWithin: 0.05, seed: 2)
        let km = ClusteredKaplanMeier(obs, participants: who, resamples: 1000, seed: 9)
        let greenwood = KaplanMeier(obs).reached(by: 5), boot = km.reached(by: 5)
        // Twelve near-copies per person: the effective sample is nearer 30 than 360.
        #expect(width(boot) > 2 * width(greenwood), "\(boot) vs \(greenwood)")
        #expect(boot.lower <= boot.value && boot.value <= boot.upper)
        let band = km.reachedBand(at: [1, 5, 9])
        #expect(band[1].lower == boot.lower && band[1].upper == boot.upper)
        #expect(band[0].upper <= band[2].upper + 1e-12, "the band of a rising curve rises")
    }

    @Test("the median's point is Kaplan–Meier's; the same seed gives the same interval")
    func medianAndDeterminism() {
        let (obs, who) = sample(people: 40, each: 5, spreadWithin: 0.3, seed: 3)
        let a = ClusteredKaplanMeier(obs, participants: who, seed: 5), b = ClusteredKaplanMeier(obs, participants: who, seed: 5)
        #expect(a.median.value == KaplanMeier(obs).median.value && a.curve.median == a.median.value)
        #expect(a.median.lower == b.median.lower && a.median.upper == b.median.upper)
        let m = a.median
        #expect(m.lower! <= m.value! && m.value! <= m.upper!)
    }
}
