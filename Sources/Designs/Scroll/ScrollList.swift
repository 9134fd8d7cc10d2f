import Foundation
import Interaction

/// What a scrolling list does at its ends.
public enum ScrollEdge: String, Sendable, Hashable {
    /// The content follows the finger past the end with growing resistance
    /// (`rubberBand`) and springs back when let go: the boundary is shown softly.
    case rubberBand = "rubber-band"
    /// The content stops dead at the end: dragging further does nothing, and
    /// coasting content halts at once ("you kind of hit a wall there").
    case hardStop = "hard-stop"
}

/// How a list scrolls: whether a flick's momentum carries on after lift
/// (decelerating like `UIScrollView`, so the distance is `project(velocity:decelerationRate:)`),
/// what happens at the ends, and the constants of both.
public struct ScrollPhysics: Sendable, Hashable {
    public var momentum: Bool
    public var edge: ScrollEdge
    /// Fraction of velocity kept each millisecond while coasting (0.998: `.normal`).
    public var decelerationRate: Double
    /// The spring that brings content stretched past an end back to it (critically damped).
    public var bounce: Spring
    /// The pan recognizer's hysteresis, pt (the talk: "usually 10 points in iOS").
    public var hysteresis: Double
    /// How the release velocity is estimated from the touch history.
    public var velocityEstimator: VelocityEstimator

    public init(
        momentum: Bool, edge: ScrollEdge, decelerationRate: Double = DecelerationRate.normal.value,
        bounce: Spring = Spring(response: 0.4, dampingRatio: 1), hysteresis: Double = 10,
        velocityEstimator: VelocityEstimator = .standard
    ) {
        precondition(decelerationRate > 0 && decelerationRate < 1, "deceleration rate must be in (0, 1)")
        self.momentum = momentum; self.edge = edge; self.decelerationRate = decelerationRate
        self.bounce = bounce; self.hysteresis = hysteresis; self.velocityEstimator = velocityEstimator
    }

    /// Content slower than this is at rest (`RestTolerance.standard`, 5 pt/s); a
    /// hard stop reached faster than this is an abrupt stop (a "wall hit").
    public static let restSpeed = RestTolerance.standard.speed
}

/// Content arriving at a hard stop while moving: the abrupt halt the talk calls hitting a wall.
public struct WallHit: Sendable, Hashable {
    public var time: Double
    /// Content speed at arrival, pt/s.
    public var speed: Double
}

/// A vertical list of `contentHeight` pt seen through a viewport `viewportHeight`
/// pt tall. Its state is the scroll offset (pt of content above the viewport's
/// top), 0…`maxOffset` at rest. One touch stream at a time: the list's pan
/// recognizer (with hysteresis) moves the content with the finger, and at lift
/// the physics takes over.
public struct ScrollList: Sendable, Hashable {
    public let contentHeight: Double
    public let viewportHeight: Double
    public let physics: ScrollPhysics

    public init(contentHeight: Double, viewportHeight: Double, physics: ScrollPhysics) {
        precondition(viewportHeight > 0 && contentHeight >= viewportHeight, "content must fill the viewport")
        self.contentHeight = contentHeight; self.viewportHeight = viewportHeight; self.physics = physics
    }

    public var maxOffset: Double { contentHeight - viewportHeight }

    /// Where content dragged to the unconstrained offset `raw` is shown: inside
    /// the range as is; past an end stretched by the rubber band (never more than
    /// the viewport's height past it) or clamped at a hard stop.
    public func displayed(_ raw: Double) -> Double {
        let edge = min(max(raw, 0), maxOffset)
        guard raw != edge else { return raw }
        switch physics.edge {
        case .hardStop: return edge
        case .rubberBand: return edge + rubberBand(offset: raw - edge, dimension: viewportHeight)
        }
    }

    /// The list's motion from the touch-down of `stream` on, starting at rest (or
    /// just stopped by this touch) at `offset`. A finger moving up (−y) scrolls
    /// the content forward (+offset).
    public func respond(to stream: TouchStream, from offset: Double) -> ScrollMotion {
        var pan = PanRecognizer(.init(hysteresis: physics.hysteresis))
        var track = [ScrollMotion.TrackPoint(time: stream.start.time, offset: offset)]
        var hits: [WallHit] = []
        var previousRaw = offset
        for s in stream.samples {
            pan.receive(s)
            guard pan.state == .began || pan.state == .changed || pan.state == .ended else { continue }
            let raw = offset - pan.translation.y
            // Dragging into a hard stop: the content halts while the finger goes on. Its
            // speed toward the end is the recognizer's velocity estimate, not one noisy step,
            // so sensor jitter around an end the content rests at is no arrival.
            if physics.edge == .hardStop, let end = crossedEdge(from: previousRaw, to: raw) {
                let toward = -physics.velocityEstimator.velocity(of: pan.samples).y * (end == 0 ? -1 : 1)
                if toward > ScrollPhysics.restSpeed { hits.append(WallHit(time: s.time, speed: toward)) }
            }
            previousRaw = raw
            track.append(.init(time: s.time, offset: displayed(raw)))
        }
        let lift = stream.end.time
        let liftOffset = track[track.count - 1].offset
        let panned = pan.origin != nil
        // Content velocity is opposite to the finger's.
        let velocity = panned ? -physics.velocityEstimator.velocity(of: pan.samples).y : 0
        return ScrollMotion(
            list: self, track: track, lift: lift, liftOffset: liftOffset,
            releaseVelocity: physics.momentum ? velocity : 0, dragWallHits: hits, panned: panned)
    }

    /// The end the unconstrained offset reached or passed going from `a` (inside the range) to `b`, if any.
    func crossedEdge(from a: Double, to b: Double) -> Double? {
        if a < maxOffset && b >= maxOffset { return maxOffset }
        if a > 0 && b <= 0 { return 0 }
        return nil
    }
}

/// What a list does from one touch-down until it comes to rest: following the
/// finger, then (after lift) coasting, stopping at or bouncing off an end, or
/// springing back from a stretch. Times are on the trial's clock.
public struct ScrollMotion: Sendable, Hashable {
    public enum AfterLift: Sendable, Hashable {
        /// At rest where the finger left it.
        case still
        /// Coasting from `liftOffset` at `releaseVelocity`, decelerating per millisecond, until `restTime`.
        case coast
        /// Coasting, then meeting an end at `time` moving at `speed` (signed).
        case edge(time: Double, at: Double, speed: Double)
        /// Let go stretched past an end: springs back to it.
        case springBack(at: Double)
    }

    /// The displayed offset at one sensed sample.
    public struct TrackPoint: Sendable, Hashable {
        public var time: Double
        public var offset: Double
    }

    public let list: ScrollList
    /// Displayed offset at each sensed sample while the finger was down.
    public let track: [TrackPoint]
    public let lift: Double
    public let liftOffset: Double
    /// Content velocity handed to the physics at lift (0 without momentum), pt/s.
    public let releaseVelocity: Double
    /// Whether the pan recognizer began (the finger moved beyond the hysteresis).
    public let panned: Bool
    public let afterLift: AfterLift
    /// When the content comes to rest, and where.
    public let restTime: Double
    public let restOffset: Double
    /// Arrivals at a hard stop while moving faster than `ScrollPhysics.restSpeed`.
    public let wallHits: [WallHit]

    init(
        list: ScrollList, track: [TrackPoint], lift: Double, liftOffset: Double,
        releaseVelocity: Double, dragWallHits: [WallHit], panned: Bool
    ) {
        self.list = list; self.track = track; self.lift = lift; self.liftOffset = liftOffset
        self.releaseVelocity = releaseVelocity; self.panned = panned
        var hits = dragWallHits
        let p = list.physics, r = p.decelerationRate
        let edge = min(max(liftOffset, 0), list.maxOffset)
        if liftOffset != edge {
            // Stretched past an end (rubber band only): back to it on the bounce spring.
            let motion = p.bounce.motion(displacement: liftOffset - edge, velocity: releaseVelocity)
            afterLift = .springBack(at: edge)
            restTime = lift + Self.settle(motion)
            restOffset = edge
        } else if abs(releaseVelocity) <= ScrollPhysics.restSpeed {
            afterLift = .still
            restTime = lift; restOffset = liftOffset
        } else {
            let v = releaseVelocity
            // Milliseconds until the speed falls below the rest speed: v·rⁿ = restSpeed.
            let nRest = log(ScrollPhysics.restSpeed / abs(v)) / log(r)
            let travel = Self.coastDistance(velocity: v, rate: r, milliseconds: nRest)
            let target = v > 0 ? list.maxOffset : 0
            if (v > 0 && liftOffset + travel < target) || (v < 0 && liftOffset + travel > target) {
                afterLift = .coast
                restTime = lift + nRest / 1000; restOffset = liftOffset + travel
            } else {
                // The end is met while coasting: solve x(n) = end for n.
                let q = 1 - (target - liftOffset) * (1 - r) / (v * 0.001 * r)
                let n = max(0, log(max(q, 1e-300)) / log(r))
                let te = lift + n / 1000, ve = v * pow(r, n)
                afterLift = .edge(time: te, at: target, speed: ve)
                restOffset = target
                switch p.edge {
                case .hardStop:
                    restTime = te
                    if abs(ve) > ScrollPhysics.restSpeed { hits.append(WallHit(time: te, speed: abs(ve))) }
                case .rubberBand:
                    restTime = te + Self.settle(p.bounce.motion(displacement: 0, velocity: ve))
                }
            }
        }
        wallHits = hits
    }

    /// Distance coasted in `n` milliseconds from velocity `v` keeping `r` of it each
    /// millisecond: Σₖ₌₁ⁿ v·rᵏ·0.001 = v·0.001·r(1 − rⁿ)/(1 − r), whose limit is
    /// the talk's projection `(v/1000)·r/(1 − r)`.
    public static func coastDistance(velocity v: Double, rate r: Double, milliseconds n: Double) -> Double {
        v * 0.001 * r * (1 - pow(r, n)) / (1 - r)
    }

    /// Time for a spring motion to settle within the standard rest tolerance.
    static func settle(_ m: SpringMotion) -> Double {
        SpringSettling.settleTime(
            resolution: 0.002, tolerance: .standard,
            state: { t in
                let s = m.state(at: t); return (Vector2(s.x, 0), Vector2(s.v, 0))
            },
            envelope: { m.envelope(at: $0) })
    }

    /// Whether the content is still coasting freely at `t` (after lift, before
    /// rest or an end): the phase in which a touch-down catches it.
    public func isCoasting(at t: Double) -> Bool {
        switch afterLift {
        case .coast: t >= lift && t < restTime
        case .edge(let te, _, _): t >= lift && t < te
        default: false
        }
    }

    /// The displayed offset at time `t`.
    public func offset(at t: Double) -> Double {
        if t <= lift {
            guard let i = track.lastIndex(where: { $0.time <= t }) else { return track[0].offset }
            return track[i].offset
        }
        if t >= restTime { return restOffset }
        let p = list.physics
        switch afterLift {
        case .still: return liftOffset
        case .springBack(let edge):
            return edge
                + p.bounce.motion(displacement: liftOffset - edge, velocity: releaseVelocity).displacement(at: t - lift)
        case .coast:
            return liftOffset
                + Self.coastDistance(
                    velocity: releaseVelocity, rate: p.decelerationRate, milliseconds: (t - lift) * 1000)
        case .edge(let te, let edge, let ve):
            if t < te {
                return liftOffset
                    + Self.coastDistance(
                        velocity: releaseVelocity, rate: p.decelerationRate, milliseconds: (t - lift) * 1000)
            }
            return p.edge == .hardStop
                ? edge : edge + p.bounce.motion(displacement: 0, velocity: ve).displacement(at: t - te)
        }
    }

    /// The content's velocity at `t` after lift (0 while the finger is down is not claimed: use the track).
    public func velocity(at t: Double) -> Double {
        guard t > lift, t < restTime else { return 0 }
        let p = list.physics
        switch afterLift {
        case .still: return 0
        case .springBack(let edge):
            return p.bounce.motion(displacement: liftOffset - edge, velocity: releaseVelocity).velocity(at: t - lift)
        case .coast:
            return releaseVelocity * pow(p.decelerationRate, (t - lift) * 1000)
        case .edge(let te, _, let ve):
            if t < te { return releaseVelocity * pow(p.decelerationRate, (t - lift) * 1000) }
            return p.edge == .hardStop ? 0 : p.bounce.motion(displacement: 0, velocity: ve).velocity(at: t - te)
        }
    }

    /// The furthest the displayed content went beyond an end while the finger was down or bouncing, pt.
    public var largestStretch: Double {
        var worst = track.map { max(0, -$0.offset, $0.offset - list.maxOffset) }.max() ?? 0
        if case .edge(let te, _, let ve) = afterLift, list.physics.edge == .rubberBand {
            let m = list.physics.bounce.motion(displacement: 0, velocity: ve)
            var t = 0.0
            while te + t < restTime { worst = max(worst, abs(m.displacement(at: t))); t += 0.004 }
        }
        return worst
    }
}
