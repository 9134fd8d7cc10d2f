import Foundation
import Randomness
import Testing
@testable import UserModels

/// The emergent validation checks pass with the catalogue's defaults and fail
/// when a model parameter is absurd: a check that cannot fail validates nothing.
@Suite("Validation checks that can fail")
struct ValidationChecksTests {
    static let defaults = ValidationSuite(participants: 8)

    func figure(_ check: LawCheck, _ name: String) -> Double { check.figures.first { $0.name == name }!.value }

    @Test("every check says whether it is emergent and why")
    func labelled() {
        let s = Self.defaults
        let checks = [s.speedAccuracy(), s.steering(), s.hickHyman(), s.hitRates()]
        #expect(checks.allSatisfy { !$0.originReason.isEmpty })
        #expect(s.hickHyman().origin == .restatesInput && s.steering().origin == .emergent)
        let json = String(decoding: try! JSONEncoder().encode(s.hickHyman()), as: UTF8.self)
        #expect(json.contains("\"origin\":\"restates an input\""))
    }

    @Test("speed–accuracy: the published pattern with default landing spread")
    func speedAccuracyPasses() {
        let c = Self.defaults.speedAccuracy()
        #expect(c.passed, "\(c.figures)")
        #expect(figure(c, "we_over_w_smallest") > 1 && figure(c, "we_over_w_largest") < 1)
    }

    @Test("speed–accuracy fails when the finger lands anywhere within centimetres")
    func speedAccuracyFails() {
        let sloppy = ValidationSuite(participants: 8, overrides: [
            "motor.landing_x_abs_mm2": .fixed(20), "motor.landing_y_abs_mm2": .fixed(20),
            "motor.landing_x_slope": .fixed(0.1), "motor.landing_y_slope": .fixed(0.1)])
        let c = sloppy.speedAccuracy()
        #expect(!c.passed)
        #expect(figure(c, "we_over_w_largest") > 1)
    }

    @Test("steering: time linear in A/W, equal A/W equal time, with the default wobble")
    func steeringPasses() {
        let c = Self.defaults.steering()
        #expect(c.passed, "\(c.figures)")
    }

    @Test("steering fails for a finger with no sideways wobble: width stops mattering")
    func steeringFails() {
        let c = ValidationSuite(participants: 8, overrides: ["motor.steer_wobble_s": .fixed(0)]).steering()
        #expect(!c.passed)
        #expect(figure(c, "same_a_over_w_time_spread") > 0.15)
    }

    @Test("steering time is not a formula: a pass leaves the tunnel more often when faster")
    func steererIsStochastic() {
        let person = Population(participants: 1).participant(0, seed: 1)
        var g = SeededGenerator(seed: 3)
        let steer = Steerer(participant: person)
        let slow = (0..<200).filter { _ in steer.pass(length: 60, width: 4, duration: 3, using: &g).inside }.count
        let fast = (0..<200).filter { _ in steer.pass(length: 60, width: 4, duration: 0.6, using: &g).inside }.count
        #expect(slow > fast + 50)
    }

    // That the learning curve passes with the defaults is checked end to end (ValidateCLITests).

    @Test("learning curve fails when practice does nothing: learning the sliders alone gives no power law")
    func learningCurveFails() {
        let flat = ValidationSuite(participants: 16, overrides: ["learning.practice_alpha": .fixed(0)]).learningCurve()
        #expect(!flat.passed, "\(flat.figures)")
    }
}
