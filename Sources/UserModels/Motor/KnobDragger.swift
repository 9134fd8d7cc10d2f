import Foundation
import Interaction
import Randomness

/// Dragging a knob or slider thumb to a chosen position: one minimum-jerk
/// movement whose duration follows the Fitts-like drag law, an endpoint scattered
/// by the precision the person aims for, and a jump when the finger lifts off.
/// Corrections are separate drags, decided by the person after looking again.
public struct KnobDragger: Sendable {
    public var participant: Participant

    public init(participant: Participant) { self.participant = participant }

    /// Where the finger touches down when it reaches for a thumb drawn at `thumb`
    /// to drag it: the dual-Gaussian landing of a tap (`TouchLanding`, the same
    /// participant parameters) for a thumb `size` points across. The person puts
    /// the finger on the thumb where it lies on its control (`control`, the frame
    /// they see the thumb sit on): a thumb at a track's end or a pad's edge
    /// overhangs it, and people grab the part that sits on the control, as they
    /// hold a handle by its body, not at a centre in the air. The aim is the centre
    /// of that part, and that part is the target. What the finger grabbed is still
    /// the design's to decide.
    public func touchDown<G: RandomNumberGenerator>(
        onThumb thumb: Point, size: Double, on control: Rect,
        device: DeviceConfiguration, using g: inout G
    ) -> Point {
        let drawn = Rect(x: thumb.x - size / 2, y: thumb.y - size / 2, width: size, height: size)
        let target = drawn.intersection(control) ?? drawn
        return TouchLanding(participant: participant).land(
            aim: target.center, target: target.size, on: device, using: &g)
    }

    /// The size a thumb offers a fingertip, for the landing model: as wide as its
    /// track is thick, at most Apple's 44-pt minimum touch target (a 2-D pad's
    /// thumb, with no track thickness, is taken as that target).
    public static func thumbSize(trackThickness: Double?) -> Double {
        min(44, trackThickness ?? 44)
    }

    /// Drags from `grab` (on the thumb) toward `goal` along a track's axis,
    /// aiming within `tolerance` points. Returns the touches; the last sample is
    /// where the finger lifted, jump included.
    public func drag<G: RandomNumberGenerator>(
        from grab: Point, to goal: Point, tolerance: Double, startTime: Double,
        on device: DeviceConfiguration, using g: inout G
    ) -> TouchStream {
        let move = submovement(from: grab, to: goal, tolerance: tolerance, on: device, using: &g)
        return lift(move.touches(from: startTime), along: goal - grab, using: &g)
    }

    /// One aimed movement of a finger on the glass: a minimum-jerk movement whose duration follows the
    /// Fitts-like drag law for `tolerance`, ending scattered along its direction as Fitts' effective width
    /// says (W_e = 4.133·σ, taken as the aimed tolerance).
    public struct Submovement {
        public var path: MinimumJerk
        public var duration: Double
        public var end: Point

        /// The movement sampled as touches from `startTime`.
        public func touches(from startTime: Double) -> TouchStream {
            TouchStream(startTime: startTime, duration: duration) { path.position(at: $0) }
        }
    }

    public func submovement<G: RandomNumberGenerator>(
        from grab: Point, to goal: Point, tolerance: Double, on device: DeviceConfiguration, using g: inout G
    ) -> Submovement {
        let p = participant
        let distance = device.millimetres(grab.distance(to: goal))
        let width = max(0.5, device.millimetres(tolerance))
        let law = FittsLaw.aimedDrag(p)
        let duration = max(
            0.1,
            law.movementTime(distance: distance, width: width)
                * max(0.3, 1 + g.normal(mean: 0, sd: p["motor.timing_cv"])))
        let end = goal + (goal - grab).normalized * g.normal(mean: 0, sd: tolerance / 4.133)
        return Submovement(path: MinimumJerk(from: grab, to: end, duration: duration), duration: duration, end: end)
    }

    /// The finger lifting at the end of `touches`: lifting rolls its contact point, so the value jumps a little
    /// along the movement's `direction`.
    func lift<G: RandomNumberGenerator>(_ touches: TouchStream, along direction: Vector2, using g: inout G)
        -> TouchStream
    {
        let jump = direction.normalized * g.uniform(-1, 1) * participant["motor.liftoff_jump_pt"] / 2
        var samples = touches.samples
        samples[samples.count - 1].location = samples[samples.count - 1].location + jump
        return TouchStream(samples: samples)
    }

    /// A swipe (scroll) of `distance` points in `direction` starting at `from`: a
    /// flick-like minimum-jerk movement released at speed.
    public func swipe(from: Point, direction: Vector2, distance: Double, startTime: Double) -> TouchStream {
        let speed = participant["motor.release_speed_pt_s"]
        let path = MinimumJerk(from: from, to: from + direction.normalized * (2 * distance), peakSpeed: speed)
        return TouchStream(startTime: startTime, duration: path.duration / 2) { path.position(at: $0) }
    }

    /// A pinch: two fingers moving apart (scale > 1) or together about `center`.
    public func pinch(center: Point, startSpan: Double, scale: Double, startTime: Double) -> [TouchStream] {
        let endSpan = startSpan * scale
        let duration = max(0.15, 1.875 * abs(endSpan - startSpan) / 2 / participant["motor.drag_speed_pt_s"])
        return [-1.0, 1.0].map { side in
            let a = center + Vector2(side * startSpan / 2, 0), b = center + Vector2(side * endSpan / 2, 0)
            let path = MinimumJerk(from: a, to: b, duration: duration)
            return TouchStream(startTime: startTime, duration: duration) { path.position(at: $0) }
        }
    }
}
