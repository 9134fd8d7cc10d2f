import Foundation
import Testing
@testable import Interaction

/// The closed-form spring against a direct numerical integration of
/// x'' = −k·x − c·x' (classic RK4 at 0.1 ms).
@Suite("Spring")
struct SpringTests {
    func integrate(_ spring: Spring, x0: Double, v0: Double, until end: Double) -> [(t: Double, x: Double, v: Double)] {
        let k = spring.stiffness, c = spring.damping, h = 1e-4
        func acc(_ x: Double, _ v: Double) -> Double { -k * x - c * v }
        var x = x0, v = v0, t = 0.0
        var out = [(t, x, v)]
        while t < end {
            let k1x = v, k1v = acc(x, v)
            let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
            out.append((t, x, v))
        }
        return out
    }

    @Test("closed form matches integration", arguments: [0.3, 0.8, 1.0, 1.7], [(-300.0, 0.0), (120.0, -2500.0), (0.0, 1800.0)])
    func matchesIntegration(damping: Double, start: (Double, Double)) {
        let spring = Spring(response: 0.4, dampingRatio: damping)
        let motion = spring.motion(displacement: start.0, velocity: start.1)
        for (i, s) in integrate(spring, x0: start.0, v0: start.1, until: 1.5).enumerated() where i % 50 == 0 {
            #expect(abs(motion.displacement(at: s.t) - s.x) < 1e-6 * max(1, abs(start.0) + abs(start.1)))
            #expect(abs(motion.velocity(at: s.t) - s.v) < 1e-5 * max(1, abs(start.0) + abs(start.1)))
        }
    }

    @Test("stiffness and damping follow the talk's formulas")
    func constants() {
        let s = Spring(response: 0.5, dampingRatio: 0.825)
        #expect(abs(s.stiffness - pow(2 * .pi / 0.5, 2)) < 1e-12)
        #expect(abs(s.damping - 4 * .pi * 0.825 / 0.5) < 1e-12)
    }

    @Test("envelope bounds the motion from every time on", arguments: [0.2, 0.8, 1.0, 2.5])
    func envelopeBounds(damping: Double) {
        let m = Spring(response: 0.4, dampingRatio: damping).motion(displacement: 200, velocity: -3000)
        for t in stride(from: 0.0, through: 2.0, by: 0.01) {
            let e = m.envelope(at: t)
            for later in stride(from: t, through: 2.0, by: 0.01) {
                let s = m.state(at: later)
                #expect(abs(s.x) <= e.x * (1 + 1e-9) + 1e-12)
                #expect(abs(s.v) <= e.v * (1 + 1e-9) + 1e-12)
            }
        }
    }

    @Test("settle time is the last moment outside the tolerance")
    func settleTime() {
        for damping in [0.5, 0.8, 1.0, 1.5] {
            let a = SpringAnimation2D(spring: Spring(response: 0.4, dampingRatio: damping), from: Point(0, 0),
                                      to: Point(300, -200), initialVelocity: Vector2(800, 100))
            let settle = a.settleTime()
            #expect(settle > 0 && settle < 5)
            // At rest from then on…
            for t in stride(from: settle, through: settle + 3, by: 0.0005) {
                #expect((a.position(at: t) - a.target).length < 0.5 && a.velocity(at: t).length < 5)
            }
            // …and not quite at rest 2 ms before.
            let before = settle - 0.002
            #expect((a.position(at: before) - a.target).length >= 0.5 || a.velocity(at: before).length >= 5)
        }
    }

    @Test("a critically damped spring from rest never overshoots; a bouncy one does")
    func overshoot() {
        let calm = SpringAnimation2D(spring: Spring(response: 0.4, dampingRatio: 1), from: .zero, to: Point(100, 0), initialVelocity: .zero)
        #expect(calm.overshoot() < 1e-9)
        let bouncy = SpringAnimation2D(spring: Spring(response: 0.4, dampingRatio: 0.5), from: .zero, to: Point(100, 0), initialVelocity: .zero)
        // Under-damped step response overshoots by exp(−πζ/√(1−ζ²)) of the step.
        let expected = 100 * exp(-Double.pi * 0.5 / (1 - 0.25).squareRoot())
        #expect(abs(bouncy.overshoot(resolution: 0.0001) - expected) < 0.01)
    }
}
