import Foundation
import Interaction
import Randomness

/// Where a finger lands when aiming at a target (Bi & Zhai's dual Gaussian,
/// "Bayesian Touch", UIST 2013): per axis, σ² = slope·d² + abs with d the target
/// size in millimetres. The absolute term is the finger's own imprecision, so
/// small targets are missed however carefully they are aimed at.
public struct TouchLanding: Sendable, Hashable {
    public var xSlope, xAbs, ySlope, yAbs: Double

    public init(participant p: Participant) {
        xSlope = p["motor.landing_x_slope"]; xAbs = p["motor.landing_x_abs_mm2"]
        ySlope = p["motor.landing_y_slope"]; yAbs = p["motor.landing_y_abs_mm2"]
    }

    public init(xSlope: Double = 0.0075, xAbs: Double = 1.68, ySlope: Double = 0.0108, yAbs: Double = 1.33) {
        self.xSlope = xSlope; self.xAbs = xAbs; self.ySlope = ySlope; self.yAbs = yAbs
    }

    /// Standard deviations in mm for a target `width` × `height` mm.
    public func sigma(widthMM w: Double, heightMM h: Double) -> (x: Double, y: Double) {
        ((xSlope * w * w + xAbs).squareRoot(), (ySlope * h * h + yAbs).squareRoot())
    }

    /// The finger's own imprecision along the unit `direction`, in mm: the absolute terms alone, the scatter no
    /// care removes (a correction finer than it cannot be aimed).
    public func ownSigma(along direction: Vector2) -> Double {
        (direction.x * direction.x * xAbs + direction.y * direction.y * yAbs).squareRoot()
    }

    /// The predicted probability of landing inside a `width` × `height` mm target aimed at its centre.
    public func hitProbability(widthMM w: Double, heightMM h: Double) -> Double {
        let s = sigma(widthMM: w, heightMM: h)
        return erf(w / 2 / (2.0.squareRoot() * s.x)) * erf(h / 2 / (2.0.squareRoot() * s.y))
    }

    /// A landing point for an aim at `aim` on a `target` (points) on `device`.
    public func land<G: RandomNumberGenerator>(
        aim: Point, target: Size, on device: DeviceConfiguration, using g: inout G
    ) -> Point {
        let s = sigma(widthMM: device.millimetres(target.width), heightMM: device.millimetres(target.height))
        return aim
            + Vector2(
                device.points(millimetres: g.normal(mean: 0, sd: s.x)),
                device.points(millimetres: g.normal(mean: 0, sd: s.y)))
    }
}

/// The outcome of one tap.
public struct Tap: Sendable, Hashable {
    public var touches: TouchStream
    /// Where the screen reports the touch: the finger's centre, or the edge of the
    /// glass when the finger overhangs it (`Glass`).
    public var landing: Point
    /// Where the finger's centre landed (where a movement from here starts).
    public var contact: Point
    /// Seconds from the start of the movement to touch-down.
    public var movementTime: Double
    /// Index of difficulty of the aimed movement, in bits.
    public var indexOfDifficulty: Double
}

/// Tapping: Fitts' law for the time, the dual Gaussian for where the finger lands,
/// the glass for where the screen reports it.
public struct Tapper: Sendable {
    public var participant: Participant

    public init(participant: Participant) { self.participant = participant }

    /// Taps the centre of `target` starting from the finger at `from`, at `startTime`.
    /// Distances and sizes become millimetres through the device's density.
    public func tap<G: RandomNumberGenerator>(
        _ target: Rect, from: Point, startTime: Double, on device: DeviceConfiguration,
        using g: inout G
    ) -> Tap {
        let p = participant
        let aim = target.center
        let offset = aim - from
        // The target's extent along the direction of movement sets Fitts' W.
        let along = abs(offset.x) >= abs(offset.y) ? target.width : target.height
        let distance = device.millimetres(offset.length)
        let width = device.millimetres(along)
        let id = FittsLaw.indexOfDifficulty(distance: distance, width: width)
        let law = FittsLaw.tap(p)
        let mt =
            law.movementTime(distance: distance, width: width)
            * max(0.3, 1 + g.normal(mean: 0, sd: p["motor.timing_cv"]))
        let contact = TouchLanding(participant: p).land(aim: aim, target: target.size, on: device, using: &g)
        let radius = device.points(millimetres: TouchSensorParameters.standard.contactDiameter / 2)
        let landing = Glass(device: device).reported(contactAt: contact, radius: radius) ?? contact
        let down = startTime + mt
        let touches = TouchStream(samples: [
            TouchSample(time: down, location: landing, phase: .down),
            TouchSample(time: down + p["motor.tap_hold_s"], location: landing, phase: .up)
        ])
        return Tap(touches: touches, landing: landing, contact: contact, movementTime: mt, indexOfDifficulty: id)
    }
}
