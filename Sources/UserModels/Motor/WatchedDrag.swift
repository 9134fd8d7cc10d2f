import Foundation
import Interaction
import Randomness

/// A drag the person watches while it moves (issue 46, closed-loop movement). An aimed movement is a primary
/// submovement and, when it ends off its mark, a corrective submovement made under visual feedback (Meyer,
/// Abrams, Kornblum, Wright & Smith 1988, Psychological Review 95(3):340–370, the optimized dual submovement
/// model). The mark here is not a place but how the screen looks (a colour, a photo): the person sees the screen
/// once every `perception.cycle_s` while the finger moves and where it stops, and what they saw reaches them
/// `perception.feedback_delay_s` late (Saunders & Knill 2005), so the finger rests on the glass that long after
/// the movement. When the best look was better than the last (where the finger stopped) by more than `margin`,
/// the finger goes back to where it was then (a second submovement, still on the glass, aimed with the same
/// tolerance) before it lifts. A person who does not watch (`agent.watch_drag_share` of drags are watched; the
/// `closed_loop` ablation watches none) lifts as soon as the movement ends, and sees what it did afterwards.
extension KnobDragger {
    /// What a watched drag did.
    public struct WatchedDrag {
        /// The touches as the digitizer reported them; nil when it never saw the contact.
        public var sensed: TouchStream?
        /// The touches the person made, before the digitizer.
        public var touches: TouchStream
        /// Whether the person went back to a place that had looked better.
        public var corrected: Bool
        /// Where and when the finger lifted.
        public var lift: TouchSample { touches.end }
    }

    /// Drags from `grab` toward `goal` aiming within `tolerance` points, watching the screen: `look` says how
    /// far from right the screen looks (lower is better, as the person sees it) after the touches so far (the
    /// reported drag `lifted(at:)` the moment of the look, so the screen shows what it shows mid-drag), and a
    /// look better than the last by more than `margin` is gone back to. `sensor` is the digitizer between the
    /// finger and the screen (the looks see what it reported, as the screen does); without one the screen gets
    /// the finger's touches themselves (as the photo editor's screens do).
    public func watchedDrag<G: RandomNumberGenerator>(
        from grab: Point, to goal: Point, tolerance: Double, startTime: Double, margin: Double,
        on device: DeviceConfiguration, sensor: TouchSensor?,
        look: (TouchStream, inout G) -> Double, using g: inout G
    ) -> WatchedDrag {
        let p = participant
        let watches = g.unit() < p["agent.watch_drag_share"]
        let primary = submovement(from: grab, to: goal, tolerance: tolerance, on: device, using: &g)
        var touches = primary.touches(from: startTime)
        // The digitizer's draws come from one seed, so the touches seen during the movement are the first
        // touches of the drag it finally reports, whatever follows them.
        let digitizerSeed = g.next()
        var digitizer = SeededGenerator(seed: digitizerSeed)
        // The screen gets what the digitizer reports, or, with none, the finger's touches themselves.
        func reported(_ t: TouchStream) -> TouchStream? {
            guard let sensor else { return t }
            return sensor.sense(FingerPath(t), using: &digitizer)
        }
        let stop = startTime + primary.duration
        var looks: [(seen: Double, time: Double)] = []
        if watches, let felt = reported(touches) {
            let cycle = p["perception.cycle_s"]
            let times = stride(from: startTime + cycle, to: stop, by: cycle).map { $0 } + [stop]
            looks = times.map { (look(felt.lifted(at: $0), &g), $0) }
            // The finger rests where it stopped until the last look's feedback arrives.
            touches = touches.resting(for: p["perception.feedback_delay_s"])
        }
        var direction = goal - grab, corrected = false
        if let last = looks.last, let best = looks.min(by: { $0.seen < $1.seen }), best.seen < last.seen - margin {
            let back = primary.path.position(at: best.time - startTime)
            let fix = submovement(from: primary.end, to: back, tolerance: tolerance, on: device, using: &g)
            touches = touches.followed(by: fix.touches(from: touches.end.time))
            direction = back - primary.end
            corrected = true
        }
        touches = lift(touches, along: direction, using: &g)
        digitizer = SeededGenerator(seed: digitizerSeed)
        return WatchedDrag(sensed: reported(touches), touches: touches, corrected: corrected)
    }
}

extension TouchStream {
    /// The same touches with the finger resting where it lifted for `duration` more seconds before it lifts.
    fileprivate func resting(for duration: Double) -> TouchStream {
        let end = self.end
        return followed(by: TouchStream(startTime: end.time, duration: duration) { _ in end.location })
    }

    /// The same touches going on, without lifting, into `next` (which starts where and when these end).
    fileprivate func followed(by next: TouchStream) -> TouchStream {
        var samples = self.samples
        samples[samples.count - 1].phase = .move
        return TouchStream(samples: samples + next.samples.dropFirst())
    }
}

extension Presser {
    /// A slide meant to move content by `distance` points (a list dragged by hand), watched as `KnobDragger`'s
    /// drags are: where the slide stops the person sees how far the content went, and what they saw reaches them
    /// `perception.feedback_delay_s` late, so the finger rests that long. Here the mark is a place the person can
    /// aim at — the content moves with the finger — so a content that has fallen short (a pan that started late,
    /// or not at all) is a corrective submovement *onward* by the shortfall seen (Meyer et al. 1988: the second
    /// submovement aims at the target from where the first ended), made when the shortfall is larger than the
    /// finger's own scatter along the slide (Bi & Zhai 2013's absolute landing spread, which no care removes).
    /// One correction, as in the dual submovement model. Looks during the slide are not needed: the content only
    /// moves one way, so the look where the finger stops is the one that decides.
    /// `sense` is the digitizer (the same draws every call, so the look sees the first touches of the slide
    /// finally reported); `shortfall` says how much farther the content looks to need to go after the touches
    /// so far (the reported slide lifted at the moment of the look). A person who does not watch
    /// (`agent.watch_drag_share`) lifts where the slide stops.
    public func watchedDrag<G: RandomNumberGenerator>(
        at landing: Point, direction: Vector2, distance: Double, start: Double, on device: DeviceConfiguration,
        sense: (FingerPath) -> TouchStream?, shortfall: (TouchStream) -> Double, using g: inout G
    ) -> (path: FingerPath, corrected: Bool) {
        let p = participant
        let watches = g.unit() < p["agent.watch_drag_share"]
        let primary = drag(at: landing, direction: direction, distance: distance, start: start, using: &g)
        guard watches, let felt = sense(primary) else { return (primary, false) }
        let stop = primary.waypoints[primary.waypoints.count - 1]
        let seen = shortfall(felt.lifted(at: stop.time))
        let rest = FingerPath.Waypoint(time: stop.time + p["perception.feedback_delay_s"], location: stop.location)
        let u = direction.normalized
        let scatter = device.points(millimetres: TouchLanding(participant: p).ownSigma(along: u))
        guard seen > scatter else { return (FingerPath(primary.waypoints + [rest]), false) }
        let onward = slide(from: stop.location, direction: u, distance: seen, start: rest.time, using: &g)
        return (FingerPath(primary.waypoints + [rest] + onward.dropFirst()), true)
    }
}
