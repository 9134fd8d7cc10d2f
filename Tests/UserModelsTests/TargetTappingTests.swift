import Interaction
import Testing
@testable import UserModels

/// The discrete tapping task of the replications: a disc of a size sits inside the square of that size, so the
/// same people with the same noise can only miss it as often or more; a first tap never outlasts the whole trial.
@Suite("Replications: tapping at squares and discs")
struct TargetTappingTests {
    func mean(_ seen: Observations, _ measure: String, size: Double) -> Double {
        let values = seen.values[Observations.Cell(measure, ["size_mm": Observations.level(size)])]!
        return values.reduce(0, +) / Double(values.count)
    }

    @Test("a disc is missed at least as often as the square around it, and first taps are part of the time")
    func discInsideSquare() {
        let people = (0..<12).map { Population(participants: 12).participant($0, seed: 5) }
        let device = DeviceCatalog.iPadPro129.configuration(.portrait)
        let sizes = [3.0, 5, 7]
        let square = TargetTapping(device: device, sizes: sizes, distance: 20, taps: 40).observe(people, seed: 9)
        let disc = TargetTapping(device: device, sizes: sizes, distance: 20, taps: 40, circular: true)
            .observe(people, seed: 9)
        for size in sizes {
            #expect(mean(disc, "error_rate", size: size) >= mean(square, "error_rate", size: size))
            #expect(mean(disc, "first_tap_s", size: size) <= mean(disc, "time_s", size: size))
        }
        #expect(mean(disc, "error_rate", size: 3) > mean(square, "error_rate", size: 3))
    }

    /// The first tap's offset is the dual Gaussian's: about √(π/2) times its mean per-axis SD (nearly equal axes),
    /// and four times the finger's own variances at least half as far again (the size term stays).
    @Test("the first tap's offset follows the landing spread")
    func offsetFollowsTheLandingSpread() {
        let device = DeviceCatalog.iPhoneSE.configuration(.portrait)
        func offset(_ overrides: [String: Distribution]) -> Double {
            let population = Population(participants: 20, overrides: overrides)
            let people = (0..<20).map { population.participant($0, seed: 5) }
            let seen = TargetTapping(device: device, sizes: [4], distance: 30, taps: 200, attempts: 1, circular: true)
                .observe(people, seed: 9)
            return mean(seen, "offset_mm", size: 4)
        }
        let plain = offset([:])
        let varX = 0.0075 * 16 + 1.68, varY = 0.0108 * 16 + 1.33   // Bi & Zhai at 4 mm (the catalogue's values)
        let predicted = (Double.pi / 2).squareRoot() * ((varX + varY) / 2).squareRoot()
        #expect(abs(plain / predicted - 1) < 0.05)
        let wider = offset(["motor.landing_x_abs_mm2": .fixed(4 * 1.68), "motor.landing_y_abs_mm2": .fixed(4 * 1.33)])
        #expect(wider > 1.5 * plain)
    }
}
