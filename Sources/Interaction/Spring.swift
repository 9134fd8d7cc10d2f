import Foundation

/// A damped spring described the way designers tune it: by its *response* (the
/// period of the undamped oscillation, in seconds) and its *damping ratio*
/// (1 = critically damped, no overshoot; below 1 = bouncy), with unit mass.
///
/// From the fluid-interfaces talk: stiffness k = (2π / response)², damping
/// c = 4π·ζ / response. Motions are evaluated in closed form, so a trial's
/// animation costs the same at any time step and is exact.
public struct Spring: Sendable, Hashable, Codable {
    public var response: Double
    public var dampingRatio: Double

    public init(response: Double, dampingRatio: Double) {
        precondition(response > 0 && response.isFinite, "a spring's response must be positive (got \(response))")
        precondition(
            dampingRatio > 0 && dampingRatio.isFinite, "a spring's damping ratio must be positive (got \(dampingRatio))"
        )
        self.response = response
        self.dampingRatio = dampingRatio
    }

    /// SwiftUI's default `.spring`: response 0.5 s, damping ratio 0.825.
    public static let swiftUIDefault = Spring(response: 0.5, dampingRatio: 0.825)

    /// Undamped angular frequency ω₀ = 2π / response.
    public var angularFrequency: Double { 2 * .pi / response }
    /// k = ω₀² for unit mass.
    public var stiffness: Double { angularFrequency * angularFrequency }
    /// c = 2ζω₀ = 4πζ / response for unit mass.
    public var damping: Double { 4 * .pi * dampingRatio / response }

    /// The motion of a point released `displacement` away from rest (position
    /// minus target) with `velocity`.
    public func motion(displacement: Double, velocity: Double) -> SpringMotion {
        SpringMotion(spring: self, x0: displacement, v0: velocity)
    }
}

/// One-dimensional motion of a spring from an initial displacement and velocity,
/// relative to its rest position. Under-, critically and over-damped cases each
/// have their closed form.
public struct SpringMotion: Sendable, Hashable {
    public let spring: Spring
    /// Initial displacement from rest and initial velocity.
    public let x0: Double, v0: Double

    public init(spring: Spring, x0: Double, v0: Double) {
        self.spring = spring; self.x0 = x0; self.v0 = v0
    }

    private var w0: Double { spring.angularFrequency }
    private var zeta: Double { spring.dampingRatio }
    private static let criticalBand = 1e-9

    /// Displacement from rest at time `t` seconds.
    public func displacement(at t: Double) -> Double { state(at: t).x }
    /// Velocity at time `t`.
    public func velocity(at t: Double) -> Double { state(at: t).v }

    /// Displacement and velocity at time `t`.
    public func state(at t: Double) -> (x: Double, v: Double) {
        if abs(zeta - 1) < Self.criticalBand {
            let e = exp(-w0 * t)
            let b = v0 + w0 * x0
            return ((x0 + b * t) * e, (b - w0 * (x0 + b * t)) * e)
        } else if zeta < 1 {
            let a = zeta * w0
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 + a * x0) / wd
            let e = exp(-a * t), c = cos(wd * t), s = sin(wd * t)
            let x = e * (x0 * c + b * s)
            let v = e * ((-a * x0 + b * wd) * c + (-a * b - x0 * wd) * s)
            return (x, v)
        } else {
            let (r1, r2, c1, c2) = overdamped
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// Upper bounds on |displacement| and |velocity| for every time ≥ `t`, used to
    /// prove a motion has come to rest without sampling it forever.
    public func envelope(at t: Double) -> (x: Double, v: Double) {
        if abs(zeta - 1) < Self.criticalBand {
            // (c + dτ)e^{-ω0τ} is at most (c + d·max(t, 1/ω0))·e^{-ω0t} for all τ ≥ t.
            let b = abs(v0 + w0 * x0)
            let tt = max(t, 1 / w0)
            let e = exp(-w0 * t)
            return ((abs(x0) + b * tt) * e, (b + w0 * abs(x0) + w0 * b * tt) * e)
        } else if zeta < 1 {
            let a = zeta * w0
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let amp = (x0 * x0 + pow((v0 + a * x0) / wd, 2)).squareRoot()
            let e = exp(-a * t)
            return (amp * e, amp * w0 * e)
        } else {
            let (r1, r2, c1, c2) = overdamped
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (abs(c1) * e1 + abs(c2) * e2, abs(c1 * r1) * e1 + abs(c2 * r2) * e2)
        }
    }

    /// Over-damped motion is c1·e^{r1 t} + c2·e^{r2 t}: the two real roots and
    /// the coefficients that meet the initial displacement and velocity.
    private var overdamped: (r1: Double, r2: Double, c1: Double, c2: Double) {
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        return (r1, r2, x0 - c2, c2)
    }
}

/// When a moving object counts as at rest: within `position` points of its
/// target and slower than `speed` points per second, for good.
public struct RestTolerance: Sendable, Hashable, Codable {
    public var position: Double
    public var speed: Double
    public init(position: Double = 0.5, speed: Double = 5) {
        self.position = position; self.speed = speed
    }
    /// Half a point and 5 pt/s: below what a person can see move on a phone.
    public static let standard = RestTolerance()
}

/// A two-dimensional spring animation toward a target, with the figures a
/// designer asks of it: when it settles and how far it overshoots.
public struct SpringAnimation2D: Sendable, Hashable {
    public let spring: Spring
    public let start: Point
    public let target: Point
    public let initialVelocity: Vector2
    public let x: SpringMotion
    public let y: SpringMotion

    public init(spring: Spring, from start: Point, to target: Point, initialVelocity: Vector2) {
        self.spring = spring
        self.start = start
        self.target = target
        self.initialVelocity = initialVelocity
        x = spring.motion(displacement: start.x - target.x, velocity: initialVelocity.x)
        y = spring.motion(displacement: start.y - target.y, velocity: initialVelocity.y)
    }

    /// Position at time `t` after release.
    public func position(at t: Double) -> Point {
        target + Vector2(x.displacement(at: t), y.displacement(at: t))
    }

    public func velocity(at t: Double) -> Vector2 {
        Vector2(x.velocity(at: t), y.velocity(at: t))
    }

    /// Seconds after release until the object is at rest for good, to `resolution`.
    public func settleTime(tolerance: RestTolerance = .standard, resolution: Double = 0.001) -> Double {
        SpringSettling.settleTime(
            resolution: resolution, tolerance: tolerance,
            state: { t in
                let sx = x.state(at: t), sy = y.state(at: t)
                return (Vector2(sx.x, sy.x), Vector2(sx.v, sy.v))
            },
            envelope: { t in
                let ex = x.envelope(at: t), ey = y.envelope(at: t)
                return (
                    (ex.x * ex.x + ey.x * ey.x).squareRoot(),
                    (ex.v * ex.v + ey.v * ey.v).squareRoot()
                )
            })
    }

    /// The farthest the object travels past its target, in points, measured along
    /// the direction from its start to its target (0 when it never passes it).
    /// `settledAt` is the settle time when already known (it bounds the search).
    public func overshoot(resolution: Double = 0.001, settledAt: Double? = nil) -> Double {
        let approach = (target - start).normalized
        guard approach != .zero else { return 0 }
        // A motion that never settles is scanned up to the horizon, not for ever.
        let end = min(settledAt ?? settleTime(resolution: resolution), SpringSettling.horizon)
        var worst = 0.0
        var t = 0.0
        while t <= end {
            worst = max(worst, (position(at: t) - target).dot(approach))
            t += resolution
        }
        return worst
    }
}

/// Settle-time search shared by one- and two-dimensional motions.
public enum SpringSettling {
    /// The longest motion searched, in seconds: a spring still moving after it never settles here.
    public static let horizon = 600.0

    /// Finds, to `resolution`, the first time after which the motion stays within
    /// `tolerance`: an envelope bound gives a time by which it surely has, then
    /// a backward scan finds the last moment it had not.
    public static func settleTime(
        resolution: Double, tolerance: RestTolerance,
        state: (Double) -> (offset: Vector2, velocity: Vector2),
        envelope: (Double) -> (x: Double, v: Double)
    ) -> Double {
        var bound = 0.0
        while true {
            let e = envelope(bound)
            if e.x < tolerance.position && e.v < tolerance.speed { break }
            bound += max(resolution, 0.01)
            // NaN never compares below the tolerance: it counts as unsettled, so it ends here too.
            if bound > horizon { return .infinity }
        }
        var t = bound
        while t > 0 {
            let s = state(t)
            if s.offset.length >= tolerance.position || s.velocity.length >= tolerance.speed {
                return min(bound, t + resolution)
            }
            t -= resolution
        }
        let s0 = state(0)
        return s0.offset.length < tolerance.position && s0.velocity.length < tolerance.speed ? 0 : resolution
    }
}
