import Foundation
import Interaction

/// The running record of one editing trial: the virtual clock, where the finger
/// is, the outcome counted so far and the trace.
struct EditingRecord {
    var clock = VirtualClock()
    var finger: Point
    var outcome = PhotoEditingOutcome(
        satisfied: false, timeToEffect: nil, timeToDone: 0, touches: 0, controlSwitches: 0,
        wrongControlTries: 0, missedTaps: 0, travel: 0, events: [])
    var log: TraceLog

    /// Counts a gesture that started at `start`.
    mutating func touched(at start: Double) {
        if outcome.firstTouch == nil { outcome.firstTouch = start }
        outcome.touches += 1
    }

    /// Traces a decision: `planned`, on `control` as the screen shows it now.
    mutating func logDecision(_ planned: PlannedMove, on control: Control) {
        log.add(
            clock.now, "decide",
            [
                ("control", .text(control.id)), ("region", .text(planned.region.rawValue)),
                ("reason", .text(planned.reason.rawValue))
            ])
    }
}

/// Acting: taps, drags and swipes through the motor models, delivered to the
/// environment, with the clock advanced to when the finger lifts.
struct Hands {
    let participant: Participant
    let trace: Bool

    /// Taps `control` after deciding to (KLM M); true when the finger landed on it.
    func tap<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ control: Control, on screen: Screen, _ environment: inout E,
        _ record: inout EditingRecord, cognition: Cognition,
        using g: inout G
    ) -> Bool {
        record.clock.advance(by: cognition.mentalPreparation)
        let tap = Tapper(participant: participant).tap(
            control.frame, from: record.finger, startTime: record.clock.now,
            on: screen.device, using: &g)
        let hit = control.frame.contains(tap.landing)
        record.log.add(
            tap.touches.start.time, "tap",
            [
                ("control", .text(control.id)), ("x", .number(tap.landing.x)), ("y", .number(tap.landing.y)),
                ("hit", .bool(hit))
            ])
        logTouches(tap.touches, &record)
        environment.perform(.tap(tap.touches))
        record.touched(at: tap.touches.start.time)
        record.clock.advance(to: tap.touches.end.time)
        record.finger = tap.contact
        if !hit { record.outcome.missedTaps += 1 }
        return hit
    }

    /// Swipes a scroll area up to see more of it.
    func scroll<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ area: Control, _ environment: inout E,
        _ record: inout EditingRecord, cognition: Cognition,
        using g: inout G
    ) {
        let swipe = KnobDragger(participant: participant).swipe(
            from: area.frame.center + Vector2(0, area.frame.height * 0.3), direction: Vector2(0, -1),
            distance: area.frame.height * 0.4, startTime: record.clock.now + cognition.choiceTime(among: 2, using: &g))
        logTouches(swipe, &record)
        environment.perform(.drag(swipe))
        record.touched(at: swipe.start.time)
        record.clock.advance(to: swipe.end.time)
        record.outcome.scrolls += 1
        record.log.add(record.clock.now, "scroll", [("control", .text(area.id))])
    }

    /// A judgement of how wrong the photo looks to the person while a drag is under way (its touches so far),
    /// lower being better: what a watching person compares (`Hands.slide`).
    typealias Judge<E, G> = (inout E, TouchStream, inout G) -> Double

    /// Drags `control` by `move` points along its axis, grabbing its thumb (or, for
    /// a zone, the point `grabAt`). Returns how far the finger actually moved along the axis.
    func drag<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ control: Control, by move: Double, grabAt zonePoint: Point,
        on screen: Screen, _ environment: inout E,
        _ record: inout EditingRecord, judge: Judge<E, G>? = nil, using g: inout G
    ) -> Double {
        let axis = Self.axisVector(control)
        let move = fitted(move, along: control, of: control)
        let grab = touchDown(control, zonePoint: zonePoint, on: screen, using: &g)
        record.clock.advance(by: reachTime(to: control, at: grab, from: record.finger, on: screen))
        let touches = slide(
            from: grab, to: grab + axis * move, tolerance: max(3, abs(move) * 0.1), on: screen, &environment,
            &record, judge: judge, using: &g)
        return (touches.end.location - touches.start.location).dot(axis)
    }

    /// `move` points along `track` (a control, or a facet of `control` for one axis of a plane), as the person
    /// makes it: a drawn thumb shows where the track ends, so it is not dragged past it, and one already at the
    /// end is dragged the other way; a zone shows no value, so it is dragged as planned and the person sees what
    /// it did (nothing, past its end: `agent.no_effect_de`). At least a point.
    func fitted(_ move: Double, along track: Control, of control: Control) -> Double {
        var move = move
        if control.hasDrawnThumb, let v = track.value {
            let length = Self.trackLength(track, for: participant)
            let target = min(1, max(0, v + move / length))
            move = (target - v) * length
            if abs(move) < 1 { move = (target >= 1 ? -0.1 : 0.1) * length }
        }
        return abs(move) < 1 ? (move < 0 ? -1 : 1) : move
    }

    /// The finger on the glass from `grab` toward `aim` (within `tolerance` points), delivered as one drag and
    /// counted. With `judge` and a screen that shows a drag under way, the person watches the photo while the
    /// finger moves and goes back to a place that looked noticeably better (`KnobDragger.watchedDrag`, Meyer et
    /// al. 1988; `perception.jnd_de00` the margin); otherwise the drag is aimed once.
    func slide<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        from grab: Point, to aim: Point, tolerance: Double, on screen: Screen, _ environment: inout E,
        _ record: inout EditingRecord, judge: Judge<E, G>?, using g: inout G
    ) -> TouchStream {
        let dragger = KnobDragger(participant: participant), start = record.clock.now
        let touches: TouchStream
        if let judge, environment.showsDragsUnderWay {
            let watched = dragger.watchedDrag(
                from: grab, to: aim, tolerance: tolerance, startTime: start,
                margin: participant["perception.jnd_de00"], on: screen.device, sensor: nil,
                look: { seen, g in judge(&environment, seen, &g) }, using: &g)
            touches = watched.touches
            if watched.corrected { record.outcome.correctedDrags += 1 }
        } else {
            touches = dragger.drag(
                from: grab, to: aim, tolerance: tolerance, startTime: start, on: screen.device, using: &g)
        }
        logTouches(touches, &record)
        environment.perform(.drag(touches))
        record.touched(at: touches.start.time)
        record.clock.advance(to: touches.end.time)
        record.outcome.travel += touches.pathLength
        record.finger = touches.end.location
        return touches
    }

    /// Where the finger touches down to drag `control`: on a thumb, where a finger
    /// aimed at it lands (`KnobDragger.touchDown`, the tap's landing scatter), so a
    /// thumb crowded by others can be missed or another grabbed; on a zone (a large
    /// surface with no drawn thumb, even when it keeps a value the screen does not show),
    /// at `zonePoint`, where the person chose to touch it, not a small target.
    func touchDown<G: RandomNumberGenerator>(
        _ control: Control, zonePoint: Point, on screen: Screen, using g: inout G
    ) -> Point {
        guard control.hasDrawnThumb, let thumb = control.thumbCenter else { return zonePoint }
        return KnobDragger(participant: participant).touchDown(
            onThumb: thumb, size: Self.target(control), on: control.frame, device: screen.device, using: &g)
    }

    /// The size of what a finger aims at to drag `control`: a drawn thumb (`KnobDragger.thumbSize`: as wide as
    /// the track is thick, at most 44 pt), or a zone's smaller side (a surface grabbed where its value or the
    /// planned point is, with the whole of it to land on).
    static func target(_ control: Control) -> Double {
        guard control.hasDrawnThumb, control.thumbCenter != nil else {
            return min(control.frame.width, control.frame.height)
        }
        let thickness: Double? =
            control.crossAxis != nil ? nil : control.axis == .vertical ? control.frame.width : control.frame.height
        return KnobDragger.thumbSize(trackThickness: thickness)
    }

    /// The reach from `finger` to `grab` on `control`: a Fitts movement to the target the touch-down aims at
    /// (`target`), so the time and the landing agree on how big the target is.
    func reachTime(to control: Control, at grab: Point, from finger: Point, on screen: Screen) -> Double {
        Tapper(participant: participant).reachTime(
            from: finger, to: grab, size: Self.target(control), on: screen.device)
    }

    /// Traces every sample of a gesture's finger (`touch` events, down … up), so a
    /// trace holds each gesture whole: taps, swipes and drags alike.
    func logTouches(_ touches: TouchStream, _ record: inout EditingRecord) {
        guard trace else { return }
        record.log.touches(touches)
    }

    static func axisVector(_ c: Control) -> Vector2 {
        switch c.axis {
        case .horizontal?: Vector2(1, 0)
        case .vertical?: Vector2(0, -1)
        // A surface with no axis is dragged up for more: the population stereotype for "increase" (forward, up,
        // right, clockwise; NUREG-0700 Rev. 2, 2002, guideline 3.1.1-16); what the drag did is then seen and learnt.
        case nil: Vector2(0, -1)
        }
    }

    /// How far one drag along `c` can move it, in points. A track, or a zone that keeps a value along its axis,
    /// spans its length along that axis. A surface that keeps no value (the photo itself, a zone with no axis)
    /// has no travel to see, so its travel is what one drag covers on it: its extent along the drag (up, for a
    /// zone with no axis), at most the person's longest single drag (`gesture.swipe_span_pt`, from Frank et
    /// al.'s strokes).
    static func trackLength(_ c: Control, for participant: Participant) -> Double {
        let along = c.axis == .horizontal ? c.frame.width : c.frame.height
        guard (c.role == .zone && c.value == nil) || c.axis == nil else { return along }
        return min(along, participant["gesture.swipe_span_pt"])
    }
}
