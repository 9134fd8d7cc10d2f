import Foundation
import Interaction

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

/// The first motor model: how a person moves an object toward a place by flicking
/// or dragging it, with minimum-jerk finger paths, per-person speeds and lengths,
/// aim noise, and a simple adaptation after the object goes to the wrong place.
///
/// It knows nothing about what a design does with the gesture: it only sees where
/// the object ended up and carries it further next time.
public struct Thrower: Sendable {
    public var participant: Participant
    /// How many times the object has gone somewhere other than intended in
    /// this task; each miss makes the next throw more deliberate.
    public private(set) var misses = 0

    public init(participant: Participant) {
        self.participant = participant
    }

    /// The person's plan for moving an object from `start` toward `goal`.
    /// The first attempt uses the person's habitual style; after a miss the person
    /// drags, carrying the object further each time.
    public func plan<G: RandomNumberGenerator>(from start: Point, toward goal: Point, using g: inout G) -> ThrowPlan {
        let p = participant
        let prefersDrag = g.bernoulli(p["style.drag_first_probability"])
        let offset = goal - start
        let aimNoise = g.normal(mean: 0, sd: p["motor.aim_sd_deg"] * .pi / 180)
        let direction = atan2(offset.y, offset.x) + aimNoise
        let cv = p["motor.speed_cv"]
        let speedJitter = max(0.3, 1 + g.normal(mean: 0, sd: cv))
        if misses == 0 && !prefersDrag {
            return ThrowPlan(style: .flick, direction: direction,
                             travel: p["motor.flick_length_pt"] * max(0.3, 1 + g.normal(mean: 0, sd: cv)),
                             peakSpeed: p["motor.release_speed_pt_s"] * speedJitter)
        }
        let fraction = min(0.95, p["style.drag_fraction"] + Double(misses) * p["learning.drag_fraction_step"])
        return ThrowPlan(style: .drag, direction: direction,
                         travel: max(1, fraction * offset.length),
                         peakSpeed: p["motor.drag_speed_pt_s"] * speedJitter)
    }

    /// The finger's touches for `plan`, starting on the object at `grab`.
    ///
    /// A flick follows a minimum-jerk path planned for twice its travel and lets go
    /// at the midpoint, at peak speed; a drag completes its minimum-jerk path and
    /// lets go nearly at rest.
    public func touches(for plan: ThrowPlan, grabbingAt grab: Point, startTime: Double) -> TouchStream {
        let unit = Vector2(cos(plan.direction), sin(plan.direction))
        switch plan.style {
        case .flick:
            let path = MinimumJerk(from: grab, to: grab + unit * (2 * plan.travel), peakSpeed: plan.peakSpeed)
            return TouchStream(startTime: startTime, duration: path.duration / 2) { path.position(at: $0) }
        case .drag:
            let path = MinimumJerk(from: grab, to: grab + unit * plan.travel, peakSpeed: plan.peakSpeed)
            return TouchStream(startTime: startTime, duration: path.duration) { path.position(at: $0) }
        }
    }

    /// Tells the person the object went somewhere it was not meant to go.
    public mutating func noticeMiss() { misses += 1 }

    /// Time to bring the finger from `from` onto an object `targetWidth` points wide at `to`.
    public func reachTime(from: Point, to: Point, targetWidth: Double, on device: DeviceConfiguration) -> Double {
        Tapper(participant: participant).reachTime(from: from, to: to, size: targetWidth, on: device)
    }
}
