import Testing
@testable import Interaction

/// A spring that cannot settle within the horizon says so at once (issue 43: `refine spring`
/// hung for responses of 1000 s and damping ratios of 1000 or 1e-6).
@Suite("Spring settling horizon")
struct SpringHorizonTests {
    @Test("settle time is infinite past the horizon and overshoot still ends", arguments: [(1000.0, 1.0), (0.5, 1000.0), (0.5, 1e-6)])
    func neverSettles(response: Double, damping: Double) {
        let a = SpringAnimation2D(spring: Spring(response: response, dampingRatio: damping), from: Point(0, 0),
                                  to: Point(100, 0), initialVelocity: Vector2(0, 0))
        #expect(a.settleTime() == .infinity)
        #expect(a.overshoot(resolution: 0.01).isFinite)
    }

    @Test("a NaN start counts as never settled, not as a loop")
    func nanVelocity() {
        let a = SpringAnimation2D(spring: Spring(response: 0.5, dampingRatio: 1), from: Point(0, 0),
                                  to: Point(100, 0), initialVelocity: Vector2(.nan, 0))
        #expect(a.settleTime() == .infinity)
    }
}
