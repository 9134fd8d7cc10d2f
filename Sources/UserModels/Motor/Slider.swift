import Interaction
import Randomness

/// What a person means to do with one slide of a finger from where it starts.
public enum SlideIntent: String, Sendable, Hashable, Codable, CaseIterable {
    /// Slide to a place and stop there, holding still until the screen responds.
    case pause
    /// One continuous flick, let go while the finger is still moving fast.
    case flick
    /// Slide, slow down to a crawl without stopping, then flick on and let go.
    case hesitate
}

/// One slide as planned, before the sensor sees it.
public struct SlidePlan: Sendable, Hashable {
    public var intent: SlideIntent
    public var start: Point
    /// Unit vector of the slide.
    public var direction: Vector2
    /// Distance to the place where the finger stops (pause) or slows (hesitate), pt.
    public var distance: Double
    /// Peak speed of the slide toward that place (minimum jerk), pt/s.
    public var peakSpeed: Double
    /// Speed of the crawl (hesitate) and how long it lasts.
    public var crawlSpeed: Double
    public var crawlDuration: Double
    /// Travel and release speed of a flick (flick; the end of a hesitation).
    public var flickTravel: Double
    public var flickSpeed: Double
    /// Longest a person holds a pause waiting for the screen to respond, s.
    public var holdLimit: Double

    /// Seconds from contact until the finger comes to rest (a pause), or nil.
    public var restsAfter: Double? {
        intent == .pause ? MinimumJerk.duration(distance: distance, peakSpeed: peakSpeed) : nil
    }
}

/// Sliding a finger across the glass: to a place and stopping (minimum jerk,
/// Flash & Hogan 1985), flicking (a minimum-jerk path let go at its peak speed,
/// as `Thrower` flicks), or slowing to a crawl on the way. It produces where the
/// finger is meant to be (`FingerPath`); the touch sensor adds what a digitizer
/// does. It knows nothing about what a screen does with a slide.
public struct Slider: Sendable {
    public var participant: Participant

    public init(participant: Participant) { self.participant = participant }

    /// A plan for `intent` from `start` along `direction`, stopping or slowing
    /// after `distance` points, with this trial's motor variation.
    public func plan<G: RandomNumberGenerator>(
        _ intent: SlideIntent, from start: Point, direction: Vector2,
        distance: Double, using g: inout G
    ) -> SlidePlan {
        let p = participant
        let cv = p["motor.speed_cv"]
        func jitter() -> Double { max(0.3, 1 + g.normal(mean: 0, sd: cv)) }
        // Draws in a fixed order so every intent consumes the stream alike.
        let peak = p["motor.release_speed_pt_s"] * jitter()
        let crawl = p["gesture.crawl_speed_pt_s"] * jitter()
        let crawlFor = p["gesture.crawl_s"] * jitter()
        let flickTravel = p["motor.flick_length_pt"] * jitter()
        let flickSpeed = p["motor.release_speed_pt_s"] * jitter()
        return SlidePlan(
            intent: intent, start: start, direction: direction, distance: distance, peakSpeed: peak,
            crawlSpeed: crawl, crawlDuration: crawlFor, flickTravel: flickTravel, flickSpeed: flickSpeed,
            holdLimit: p["gesture.response_wait_s"])
    }

    /// Where the finger is meant to be, from contact at `startTime` to lift. A
    /// pause holds still for the whole `holdLimit`; the caller lifts earlier
    /// when the screen responds (the sensed samples before that are the same).
    public func path(for plan: SlidePlan, startTime t0: Double) -> FingerPath {
        let u = plan.direction, a = plan.start
        switch plan.intent {
        case .pause:
            let d = plan.restsAfter!
            let stop = a + u * plan.distance
            return FingerPath([
                .init(time: t0, location: a), .init(time: t0 + d, location: stop, easing: .minimumJerk),
                .init(time: t0 + d + plan.holdLimit, location: stop)
            ])
        case .flick:
            let half = Self.flickHalfDuration(travel: plan.flickTravel, speed: plan.flickSpeed)
            // Planned as a minimum-jerk movement over twice the travel, let go halfway at peak speed.
            return Self.dense(from: t0, duration: half) { t in
                a + u * (2 * plan.flickTravel * MinimumJerk.progress(t / (2 * half)))
            }
        case .hesitate:
            let d1 = MinimumJerk.duration(distance: plan.distance, peakSpeed: plan.peakSpeed)
            let vc = plan.crawlSpeed, h = plan.crawlDuration
            let d3 = Self.flickHalfDuration(travel: plan.flickTravel, speed: plan.flickSpeed)
            let vf = max(plan.flickSpeed, vc)
            // Slowing: the aimed movement fades out while the crawl fades in, so
            // the finger reaches the crawl speed without ever coming to rest.
            let s1 = plan.distance + vc * d1 * Self.rampIntegral(1)
            let s2 = s1 + vc * h
            return Self.dense(from: t0, duration: d1 + h + d3) { t in
                let s: Double
                if t <= d1 {
                    let tau = t / d1
                    s = plan.distance * MinimumJerk.progress(tau) + vc * d1 * Self.rampIntegral(tau)
                } else if t <= d1 + h {
                    s = s1 + vc * (t - d1)
                } else {
                    let tau = (t - d1 - h) / d3
                    s = s2 + vc * d3 * tau + (vf - vc) * d3 * Self.rampIntegral(tau)
                }
                return a + u * s
            }
        }
    }

    /// Half the duration of a minimum-jerk movement over twice `travel` that peaks at `speed`.
    static func flickHalfDuration(travel: Double, speed: Double) -> Double {
        MinimumJerk.duration(distance: 2 * travel, peakSpeed: speed) / 2
    }

    /// ∫₀^τ of the minimum-jerk progress curve: 2.5τ⁴ − 3τ⁵ + τ⁶.
    static func rampIntegral(_ tau: Double) -> Double {
        let t = min(max(tau, 0), 1)
        return t * t * t * t * (2.5 - 3 * t + t * t)
    }

    /// A path through `position(t)` for t in 0…duration, as waypoints every 2 ms
    /// (a profile the two easings cannot express, joined by straight pieces far
    /// shorter than the sensor's 8 ms period).
    static func dense(from t0: Double, duration: Double, position: (Double) -> Point) -> FingerPath {
        let n = max(1, Int((duration / 0.002).rounded(.up)))
        return FingerPath(
            (0...n).map { i in
                let t = duration * Double(i) / Double(n)
                return .init(time: t0 + t, location: position(t))
            })
    }
}

extension MinimumJerk {
    /// Duration of a minimum-jerk movement over `distance` whose peak speed is `peakSpeed`.
    public static func duration(distance: Double, peakSpeed: Double) -> Double {
        max(1e-3, 1.875 * distance / peakSpeed)
    }
}
