import Foundation
import Interaction
import Randomness

/// The gesture a person uses to send an object somewhere on screen.
public enum ThrowStyle: String, Sendable, Codable, Hashable {
    /// A short, quick flick released while the finger is still moving fast.
    case flick
    /// A deliberate drag that carries the object part of the way and lets go gently.
    case drag
}

/// What a person intends for one throw, before motor noise.
public struct ThrowPlan: Sendable, Hashable {
    public var style: ThrowStyle
    /// Direction the person aims, in radians (screen coordinates, y down).
    public var direction: Double
    /// Distance the finger travels before it lets go, in points.
    public var travel: Double
    /// Peak finger speed in points per second.
    public var peakSpeed: Double
}

/// What a person has learned about throwing objects with one design: how far a
/// released object keeps going, which style (flick or drag) gets it where it was
/// meant, and how far a drag must carry it. Starts from the person's priors and
/// is carried from trial to trial of a session.
public struct ThrowingExperience: Sendable, Hashable {
    /// Believed carry: how far a released object keeps going, in seconds of its release speed.
    public var carry: Double
    /// Beta pseudo-counts (landed where meant, did not) per style.
    public var landed: [ThrowStyle: Double]
    public var missed: [ThrowStyle: Double]
    /// Share of the way a deliberate drag carries the object before letting go.
    public var dragFraction: Double

    /// The person's priors: the carry they expect from everyday scrolling, and
    /// their habitual preference for dragging as a weak belief about what works.
    public init(participant p: Participant) {
        carry = p["belief.throw_carry_s"]
        let q = p["style.drag_first_probability"], k = p["style.prior_strength"]
        landed = [.flick: (1 - q) * k + 0.05, .drag: q * k + 0.05]
        missed = [.flick: q * k + 0.05, .drag: (1 - q) * k + 0.05]
        dragFraction = p["style.drag_fraction"]
    }
}

/// How a person moves an object toward a place by flicking or dragging it:
/// minimum-jerk finger paths, a release speed chosen for the distance to cover
/// given what the person believes the object will do, aim noise, and learning
/// from where the object ended up.
///
/// It knows nothing about what a design does with the gesture: it only sees where
/// the object ended up, and learns.
public struct Thrower: Sendable {
    public var participant: Participant
    /// What the person believes about this design (carried across a session).
    public var experience: ThrowingExperience
    /// How many times the object has gone somewhere other than intended in
    /// this task; each miss makes the next drag carry it further.
    public private(set) var misses = 0

    public init(participant: Participant, experience: ThrowingExperience? = nil) {
        self.participant = participant
        self.experience = experience ?? ThrowingExperience(participant: participant)
    }

    /// The person's plan for moving an object from `start` toward `goal`: flick or
    /// drag, chosen by sampling what each style is believed to achieve (Thompson
    /// sampling on the person's experience), a flick's speed chosen so that the
    /// believed carry takes the object the rest of the way.
    public func plan<G: RandomNumberGenerator>(from start: Point, toward goal: Point, using g: inout G) -> ThrowPlan {
        let p = participant
        let offset = goal - start
        let aimNoise = g.normal(mean: 0, sd: p["motor.aim_sd_deg"] * .pi / 180)
        let direction = atan2(offset.y, offset.x) + aimNoise
        let cv = p["motor.speed_cv"]
        let usual = p["motor.release_speed_pt_s"]
        let travel = p["motor.flick_length_pt"] * max(0.3, 1 + g.normal(mean: 0, sd: cv))
        // The release speed that would carry the object the rest of the way, if the belief is right.
        let needed = max(0, offset.length - travel) / max(1e-6, experience.carry)
        let feasible = needed <= usual * p["motor.max_speed_factor"]
        let flickDraw = g.beta(experience.landed[.flick]!, experience.missed[.flick]!)
        let dragDraw = g.beta(experience.landed[.drag]!, experience.missed[.drag]!)
        let speedJitter = max(0.3, 1 + g.normal(mean: 0, sd: cv))
        if feasible && flickDraw >= dragDraw {
            let aimed = max(0.3 * usual, needed)
            return ThrowPlan(style: .flick, direction: direction, travel: travel, peakSpeed: aimed * speedJitter)
        }
        let fraction = min(0.95, experience.dragFraction + Double(misses) * p["learning.drag_fraction_step"])
        return ThrowPlan(
            style: .drag, direction: direction, travel: max(1, fraction * offset.length),
            peakSpeed: p["motor.drag_speed_pt_s"] * speedJitter)
    }

    /// Learns from one throw: the object was let go at `release` with `velocity`
    /// and came to rest at `rest`; `landed` says whether that is where it was meant to go.
    public mutating func learn(
        from plan: ThrowPlan, start: Point, goal: Point, release: Point, velocity: Vector2, rest: Point, landed: Bool
    ) {
        if landed { experience.landed[plan.style]! += 1 } else { experience.missed[plan.style]! += 1 }
        switch plan.style {
        case .flick:
            let speed = velocity.length
            guard speed > 50 else { break }
            // How far it went beyond the release point, along the throw, per unit of speed.
            let observed = max(0, (rest - release).dot(velocity / speed)) / speed
            experience.carry += participant["learning.throw_update"] * (observed - experience.carry)
        case .drag:
            let used = min(0.95, experience.dragFraction + Double(misses) * participant["learning.drag_fraction_step"])
            experience.dragFraction = landed ? used : min(0.95, used + participant["learning.drag_fraction_step"])
        }
        if !landed { misses += 1 }
    }

    /// Where the finger is meant to be for `plan`, starting on the object at `grab`
    /// at `startTime`: the path the touch sensor turns into samples.
    ///
    /// A flick follows a minimum-jerk path planned for twice its travel and lets go
    /// at the midpoint, at peak speed; a drag completes its minimum-jerk path and
    /// lets go nearly at rest.
    public func path(for plan: ThrowPlan, grabbingAt grab: Point, startTime: Double) -> FingerPath {
        let unit = Vector2(cos(plan.direction), sin(plan.direction))
        switch plan.style {
        case .flick:
            let path = MinimumJerk(from: grab, to: grab + unit * (2 * plan.travel), peakSpeed: plan.peakSpeed)
            // Cut halfway, which neither easing expresses: dense straight pieces (as Slider's flicks).
            return Slider.dense(from: startTime, duration: path.duration / 2) { path.position(at: $0) }
        case .drag:
            let path = MinimumJerk(from: grab, to: grab + unit * plan.travel, peakSpeed: plan.peakSpeed)
            return FingerPath([
                .init(time: startTime, location: grab),
                .init(time: startTime + path.duration, location: path.end, easing: .minimumJerk)
            ])
        }
    }

    /// The noise-free touches of `path(for:grabbingAt:startTime:)` at 120 Hz (tests
    /// and figures; trials sense the path with a `TouchSensor`).
    public func touches(for plan: ThrowPlan, grabbingAt grab: Point, startTime: Double) -> TouchStream {
        let path = path(for: plan, grabbingAt: grab, startTime: startTime)
        return TouchStream(startTime: startTime, duration: path.lift - path.contact) {
            path.position(at: startTime + $0)
        }
    }

    /// Time to bring the finger from `from` onto an object `targetWidth` points wide at `to`.
    public func reachTime(from: Point, to: Point, targetWidth: Double, on device: DeviceConfiguration) -> Double {
        Tapper(participant: participant).reachTime(from: from, to: to, size: targetWidth, on: device)
    }
}
