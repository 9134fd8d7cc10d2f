import Foundation
import Interaction
import Randomness

/// One swipe on scrolling content, as a person plans it.
public struct SwipePlan: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// A quick flick let go while the finger still moves fast (relies on the content coasting).
        case flick
        /// An aimed drag over the distance still to go, ending at rest (the final adjustment).
        case drag
        /// A long, fast swipe over the person's whole comfortable span, ending at rest
        /// (the talk's "long, laborious swipes" when a flick is not believed to carry).
        case longSwipe
    }
    public var kind: Kind
    /// +1: move the content forward (the finger moves up the screen); −1: back.
    public var sign: Double
    /// How far the finger travels before it lets go, pt.
    public var travel: Double
    /// A flick's release (peak) speed, or a drag's peak speed, pt/s.
    public var speed: Double
    /// Seconds from contact to lift.
    public var duration: Double
}

/// Moving content by swiping: what a person does to bring something `distance`
/// points away into view, given what they believe a released swipe carries.
///
/// Close enough for one drag (within `gesture.swipe_span_pt`), they drag the
/// distance, aimed: the time is the longer of the Fitts-like drag law and a
/// minimum-jerk movement at their deliberate drag speed, and the end lands with
/// the scatter of Fitts' effective width (sd = W / 4.133; MacKenzie 1992).
/// Further, they flick at the speed their believed carry says is needed (as a
/// `Thrower` does), up to their fastest flick; when even that is believed to
/// carry less than one long swipe over their span, they make long swipes.
/// It learns the carry from where flicked content came to rest (delta rule, as
/// `Thrower` learns a throw's carry). It knows nothing of any particular design.
public struct Swiper: Sendable {
    public var participant: Participant
    /// Believed carry: how far released content keeps going, in seconds of its release speed.
    public private(set) var carry: Double

    public init(participant: Participant, carry: Double? = nil) {
        self.participant = participant
        self.carry = carry ?? participant["belief.throw_carry_s"]
    }

    /// The plan for moving content by `distance` pt (signed) so that it ends
    /// within `tolerance` pt, on `device`.
    public func plan<G: RandomNumberGenerator>(
        toMove distance: Double, tolerance: Double, on device: DeviceConfiguration,
        using g: inout G
    ) -> SwipePlan {
        let p = participant
        let cv = p["motor.speed_cv"]
        // Draws in a fixed order so that every strategy consumes the stream alike.
        let lengthJitter = max(0.3, 1 + g.normal(mean: 0, sd: cv))
        let speedJitter = max(0.3, 1 + g.normal(mean: 0, sd: cv))
        let timeJitter = max(0.3, 1 + g.normal(mean: 0, sd: p["motor.timing_cv"]))
        let endpoint = g.normal(mean: 0, sd: 2 * tolerance / 4.133)
        let sign: Double = distance < 0 ? -1 : 1
        let d = abs(distance), span = p["gesture.swipe_span_pt"], usual = p["motor.release_speed_pt_s"]
        let fastest = usual * p["motor.max_speed_factor"]
        if d <= span {
            let travel = max(1, d + endpoint)
            let fitts = FittsLaw.swipe(p)
                .movementTime(distance: device.millimetres(travel), width: device.millimetres(2 * tolerance))
            let duration =
                max(fitts, MinimumJerk.duration(distance: travel, peakSpeed: p["motor.drag_speed_pt_s"])) * timeJitter
            return SwipePlan(
                kind: .drag, sign: sign, travel: travel, speed: 1.875 * travel / duration, duration: duration)
        }
        let length = min(p["motor.flick_length_pt"] * lengthJitter, span)
        let c = max(carry, 1e-6)
        let needed = max(0, d - length) / c
        let flickSpeed: Double?
        if needed <= fastest {
            flickSpeed = max(0.3 * usual, needed)
        } else if length + c * fastest >= span {
            flickSpeed = fastest
        } else {
            flickSpeed = nil
        }
        if let v = flickSpeed {
            let speed = v * speedJitter
            return SwipePlan(
                kind: .flick, sign: sign, travel: length, speed: speed,
                duration: MinimumJerk.duration(distance: 2 * length, peakSpeed: speed) / 2)
        }
        let speed = usual * speedJitter
        return SwipePlan(
            kind: .longSwipe, sign: sign, travel: span, speed: speed,
            duration: MinimumJerk.duration(distance: span, peakSpeed: speed))
    }

    /// Where the finger is meant to be for `plan`, from contact at `start` and
    /// `startTime`. Moving the content forward moves the finger up (−y).
    public func path(for plan: SwipePlan, from start: Point, startTime t0: Double) -> FingerPath {
        let u = Vector2(0, -plan.sign)
        switch plan.kind {
        case .flick:
            // A minimum-jerk movement planned over twice the travel, let go halfway at peak speed (as `Slider` flicks).
            return Slider.dense(from: t0, duration: plan.duration) { t in
                start + u * (2 * plan.travel * MinimumJerk.progress(t / (2 * plan.duration)))
            }
        case .drag, .longSwipe:
            return FingerPath([
                .init(time: t0, location: start),
                .init(time: t0 + plan.duration, location: start + u * plan.travel, easing: .minimumJerk)
            ])
        }
    }

    /// A finger put down on moving content to stop it and lifted again: held for the person's tap time.
    public func hold(at location: Point, startTime: Double) -> FingerPath {
        FingerPath.stationary(at: location, from: startTime, duration: participant["motor.tap_hold_s"])
    }

    /// Learns from a flick let go at `speed` whose content then went `carried` pt
    /// further on its own (delta rule, `learning.throw_update`). When the person
    /// stopped it before it came to rest (`stillMoving`), the distance is only a
    /// lower bound: it teaches them that the carry is at least that, never less.
    public mutating func learn(flickSpeed speed: Double, carried: Double, stillMoving: Bool = false) {
        guard speed > 50 else { return }
        let observed = max(0, carried) / speed
        guard !stillMoving || observed > carry else { return }
        carry += participant["learning.throw_update"] * (observed - carry)
    }
}
