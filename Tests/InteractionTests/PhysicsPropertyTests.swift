import PropertyBased
import Testing
@testable import Interaction

/// Invariants of the talk's physics over generated inputs (x-sheep's
/// PropertyBased: a failure is shrunk to a small counterexample and printed
/// with the seed that reproduces it).
@Suite("Physics invariants, generated")
struct PhysicsPropertyTests {
    @Test("a projection keeps the throw's direction and grows with its speed and with the deceleration rate")
    func projection() async {
        await propertyCheck(input: Gen.double(in: -5000...5000), Gen.double(in: 0.9...0.999)) { v, r in
            let d = project(velocity: v, decelerationRate: .custom(r))
            #expect(d == 0 || (d > 0) == (v > 0))
            #expect(abs(project(velocity: v * 1.5, decelerationRate: .custom(r))) >= abs(d))
            #expect(abs(project(velocity: v, decelerationRate: .custom(r + 0.0005))) >= abs(d))
        }
    }

    @Test("a rubber band gives less than the finger moved, never reaches the dimension, and keeps order")
    func rubberBandBounds() async {
        await propertyCheck(input: Gen.double(in: 0...5000), Gen.double(in: 10...2000)) { x, dimension in
            let y = rubberBand(offset: x, dimension: dimension)
            #expect(y >= 0 && y <= x + 1e-9 && y < dimension)
            #expect(rubberBand(offset: x + 10, dimension: dimension) >= y)
        }
    }

    @Test("a spring let go anywhere comes to rest at its target; at damping ratio ≥ 1 it never overshoots from rest")
    func springSettles() async {
        await propertyCheck(input: Gen.double(in: 0.1...2), Gen.double(in: 0.2...2), Gen.double(in: -500...500)) { response, damping, x0 in
            let motion = Spring(response: response, dampingRatio: damping).motion(displacement: x0, velocity: 0)
            // The slowest decay is ζω (under-damped) or at least ω/2ζ (over-damped), ω = 2π/response:
            // by 10·response·max(ζ, 1/ζ) the displacement has shrunk by e^(−10π) or more.
            let late = 10 * response * max(damping, 1 / damping)
            #expect(abs(motion.displacement(at: late)) <= 1e-9 * abs(x0) + 1e-9)
            if damping >= 1 {
                for k in 0...200 {
                    #expect(motion.displacement(at: late * Double(k) / 200) * x0 >= -1e-9)
                }
            }
        }
    }
}
