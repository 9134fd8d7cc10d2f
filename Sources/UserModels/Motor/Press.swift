import Interaction
import Randomness

/// A finger pressing where it landed: a tap whose contact point drifts a little
/// while it is down, or a press taken back by sliding off before lifting (the
/// way a person changes their mind on a button). Where the finger lands is the
/// caller's (`Tapper`, Bi & Zhai's dual Gaussian); this adds what happens while
/// it is down, as a `FingerPath` for the touch sensor. It knows nothing about
/// what a screen does with the touch.
public struct Presser: Sendable {
    public var participant: Participant

    public init(participant: Participant) { self.participant = participant }

    /// A tap at `landing` from `start`: held for the person's tap hold while
    /// the contact drifts (`gesture.tap_drift_mm` per axis, converted on `device`).
    public func tap<G: RandomNumberGenerator>(
        at landing: Point, start: Double, on device: DeviceConfiguration, using g: inout G
    ) -> FingerPath {
        let sd = device.points(millimetres: participant["gesture.tap_drift_mm"])
        let drift = Vector2(g.normal(mean: 0, sd: sd), g.normal(mean: 0, sd: sd))
        return FingerPath([
            .init(time: start, location: landing),
            .init(time: start + participant["motor.tap_hold_s"], location: landing + drift)
        ])
    }

    /// A press at `landing` taken back: the finger rests for a tap's hold, then
    /// slides `gesture.cancel_drag_pt` (with the person's speed variation) along
    /// `direction` in a minimum-jerk movement at their drag speed, and lifts.
    public func takeBack<G: RandomNumberGenerator>(
        at landing: Point, direction: Vector2, start: Double, using g: inout G
    ) -> FingerPath {
        let distance =
            participant["gesture.cancel_drag_pt"] * max(0.3, 1 + g.normal(mean: 0, sd: participant["motor.speed_cv"]))
        return drag(at: landing, direction: direction, distance: distance, start: start, using: &g)
    }

    /// A deliberate drag of `distance` points along `direction` from `landing`:
    /// the finger rests for a tap's hold (the contact settling before it moves),
    /// then slides in one minimum-jerk movement (Flash & Hogan 1985) at the
    /// person's drag speed (varied by `motor.speed_cv`), and lifts where it stops.
    /// Movement starts at `start + motor.tap_hold_s`.
    public func drag<G: RandomNumberGenerator>(
        at landing: Point, direction: Vector2, distance: Double, start: Double, using g: inout G
    ) -> FingerPath {
        let hold = start + participant["motor.tap_hold_s"]
        return FingerPath(
            [.init(time: start, location: landing)]
                + slide(from: landing, direction: direction, distance: distance, start: hold, using: &g))
    }

    /// A finger already on the glass at `from` sliding `distance` points along `direction` from `start`: one
    /// minimum-jerk movement at the person's drag speed (varied by `motor.speed_cv`), as waypoints.
    func slide<G: RandomNumberGenerator>(
        from: Point, direction: Vector2, distance: Double, start: Double, using g: inout G
    ) -> [FingerPath.Waypoint] {
        let p = participant
        let speed = p["motor.drag_speed_pt_s"] * max(0.3, 1 + g.normal(mean: 0, sd: p["motor.speed_cv"]))
        return [
            .init(time: start, location: from),
            .init(
                time: start + MinimumJerk.duration(distance: distance, peakSpeed: speed),
                location: from + direction * distance, easing: .minimumJerk)
        ]
    }

    /// The pause between the first tap's lift and the second touch-down of a
    /// double tap, for this person (`gesture.double_tap_gap_s`, varied trial to
    /// trial by `motor.timing_cv`).
    public func doubleTapGap<G: RandomNumberGenerator>(using g: inout G) -> Double {
        participant["gesture.double_tap_gap_s"] * max(0.3, 1 + g.normal(mean: 0, sd: participant["motor.timing_cv"]))
    }
}
