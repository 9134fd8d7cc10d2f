import Foundation
import ImageEngine
import Interaction
import Randomness

/// A person painting a change onto part of a photo with a brush. They choose
/// the brush by name (`BrushFinder`), make the brush fit the region they mean
/// (pinching in until it is a fraction of the region's narrow side, or setting
/// a size slider if the screen shows one), then look and stroke in turns: they
/// rub over the patches that have changed less than they mean (`StrokeMotor`),
/// or erase patches where paint went that they did not mean (whichever are
/// more), watching the photo as they rub and lifting the finger once it looks
/// right (`watch`), and stop when no patch looks off — or at the time or
/// gesture limit. They see what is on screen at the current zoom (`Sight`).
public struct Painter: Sendable {
    public var participant: Participant
    public var timeLimit: Double
    public var maxGestures: Int

    public init(participant: Participant, timeLimit: Double, maxGestures: Int) {
        self.participant = participant; self.timeLimit = timeLimit; self.maxGestures = maxGestures
    }

    /// Paints `goal` onto the photo of `env`; `reached` is the objective check
    /// of the render (asked after each stroke), for the time to effect.
    public func paint<E: PaintingEnvironment, G: RandomNumberGenerator>(
        _ env: inout E, goal: PaintingGoal, memory: inout SessionMemory,
        using g: inout G, trace: Bool, reached: (inout E) -> Bool
    ) -> PaintingOutcome {
        let p = participant
        let cognition = Cognition(participant: p, repetition: memory.repetition)
        let finder = BrushFinder(participant: p, cognition: cognition)
        let eye = PaintPerception(participant: p)
        let motor = StrokeMotor(participant: p)
        var log = TraceLog(enabled: trace)
        var outcome = PaintingOutcome(timeToEffect: nil, timeToDone: 0, satisfied: false)
        var clock = cognition.mentalPreparation
        var finger = env.screen.device.bounds.center
        defer { memory.trialsDone += 1 }

        func choose(_ name: String) -> Bool {
            let taps = finder.choose(
                name, &env, memory: &memory, clock: &clock, finger: &finger, budget: 12, log: &log, using: &g)
            outcome.taps += taps
            return finder.isChosen(name, env.screen)
        }
        // The brush first.
        let found = choose(goal.brush)
        outcome.tapsToBrush = outcome.taps
        guard found else {
            outcome.timeToDone = min(clock, timeLimit); outcome.events = log.events
            return outcome
        }
        let sight = Sight(eye: eye, goal: goal, fitted: photoLongSide(env))
        var view = sight.look(&env, using: &g)
        clock += p["perception.cycle_s"]
        fit(&env, view: view, clock: &clock, finger: &finger, outcome: &outcome, log: &log, using: &g)
        // Zoomed in, the person looks again at what is now on screen.
        if outcome.zooms > 0 { view = sight.look(&env, using: &g); clock += p["perception.cycle_s"] }

        while clock < timeLimit && outcome.strokes + outcome.erases < maxGestures {
            if view.isDone { outcome.satisfied = true; break }
            // Whichever looks like more work first: the region, or the paint that went outside it.
            let erasing = view.spill.count > view.paint.count
            guard choose(erasing ? goal.eraser : goal.brush) else { break }
            let shown = env.screen.photoFrame ?? env.screen.device.bounds
            let patches = StrokeMotor.order(erasing ? view.spill : view.paint)
            // Patches keep their size on screen whatever the zoom.
            let size = sight.fitted / Double(eye.cells)
            let brush = env.brushRadius * photoLongSide(env)
            let way = StrokeMotor.cover(
                patches.map { env.screenPoint(photo: $0.centre) }.filter { shown.contains($0) }, patch: size,
                brushRadius: brush)
            guard !way.isEmpty else { break }
            let reach = Tapper(participant: p).reachTime(from: finger, to: way[0], size: size, on: env.screen.device)
            let (path, duration) = motor.path(through: way, patch: size, on: env.screen.device, using: &g)
            clock += reach
            if outcome.firstStroke == nil { outcome.firstStroke = clock }
            // The person watches the photo while rubbing and lifts when it looks right:
            // one stroke is delivered, up to the lift.
            let lift = watch(&env, sight: sight, path: path, duration: duration, erasing: erasing, using: &g)
            log.touches(along: Array(path.prefix(lift.samples)), start: clock, duration: lift.time, rate: Steerer.rate)
            env.paint(Array(path.prefix(lift.samples)), touchDown: clock)
            clock += lift.time
            finger = path[lift.samples - 1]
            if erasing { outcome.erases += 1 } else { outcome.strokes += 1 }
            log.add(
                clock, erasing ? "erase" : "stroke",
                [
                    ("patches", .number(Double(patches.count))), ("duration_s", .number(lift.time)),
                    ("planned_s", .number(duration)), ("looks", .number(Double(lift.looks)))
                ])
            if outcome.timeToEffect == nil && reached(&env) { outcome.timeToEffect = clock }
            view = sight.look(&env, using: &g)
            clock += p["perception.cycle_s"]
        }
        outcome.timeToDone = min(clock, timeLimit)
        if let t = outcome.timeToEffect, t > timeLimit { outcome.timeToEffect = nil }
        log.add(
            outcome.timeToDone, "done",
            [
                ("satisfied", .bool(outcome.satisfied)), ("strokes", .number(Double(outcome.strokes))),
                ("erases", .number(Double(outcome.erases)))
            ])
        outcome.events = log.events
        return outcome
    }

    /// The photo's longer side on screen now, in points.
    func photoLongSide<E: PaintingEnvironment>(_ env: E) -> Double {
        let a = env.screenPoint(photo: Point(0, 0)), b = env.screenPoint(photo: Point(1, 1))
        return max(abs(b.x - a.x), abs(b.y - a.y))
    }

    /// How the person sees the photo: what is on screen at the current zoom (the
    /// photo's longer side is drawn `fitted` points long at zoom 1), resolved at
    /// the glance size times the zoom.
    struct Sight {
        let eye: PaintPerception
        let goal: PaintingGoal
        let fitted: Double
        /// The looks' difference maps, kept between looks.
        let maps = PaintPerception.Maps()

        /// One look at the photo as it is now, or with the finger still down on `stroking`.
        func look<E: PaintingEnvironment, G: RandomNumberGenerator>(
            _ env: inout E, stroking: [Point]? = nil, using g: inout G
        ) -> PaintPerception.View {
            let a = env.screenPoint(photo: Point(0, 0)), b = env.screenPoint(photo: Point(1, 1))
            let zoom = max(1, max(abs(b.x - a.x), abs(b.y - a.y)) / fitted)
            let size = Int((Double(goal.glance) * zoom).rounded())
            let image: Image
            if let stroking {
                image = env.photo(proxy: size, stroking: stroking)
            } else {
                image = env.photo(proxy: size)
            }
            return eye.look(
                image, goal: goal, visible: Self.visible(env.screen.photoFrame ?? env.screen.device.bounds, a: a, b: b),
                zoom: zoom, memory: maps, using: &g)
        }

        /// The part of the photo drawn from `a` (its top-left) to `b` (bottom-right) that the view `frame` shows.
        static func visible(_ frame: Rect, a: Point, b: Point) -> PaintPerception.Visible {
            let dx = max(b.x - a.x, 1e-9), dy = max(b.y - a.y, 1e-9)
            func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
            return PaintPerception.Visible(
                min: Point(clamp((frame.minX - a.x) / dx), clamp((frame.minY - a.y) / dy)),
                max: Point(clamp((frame.maxX - a.x) / dx), clamp((frame.maxY - a.y) / dy)))
        }
    }

    /// Where the finger lifts from `path` (samples at `Steerer.rate`, planned to
    /// last `duration`): while rubbing, the person looks at the photo again and
    /// again, each look a saccade and fixation (`perception.eye_movement_s`) and
    /// what it shows registering a perceptual cycle later (`perception.cycle_s`),
    /// the finger moving on meanwhile: that is what each look costs. They lift
    /// when a look shows nothing off, or shows the other tool now the more work
    /// (more patches of paint where none was meant than patches to paint, while
    /// painting; fewer, while erasing), the rule by which they chose this tool.
    /// Returns the samples delivered, the seconds until the lift, and the looks taken.
    func watch<E: PaintingEnvironment, G: RandomNumberGenerator>(
        _ env: inout E, sight: Sight, path: [Point], duration: Double, erasing: Bool,
        using g: inout G
    ) -> (samples: Int, time: Double, looks: Int) {
        let fixation = participant["perception.eye_movement_s"], lag = participant["perception.cycle_s"]
        var t = fixation, looks = 0
        func samples(_ time: Double) -> Int { min(path.count, max(1, Int(time * Steerer.rate) + 1)) }
        while t + lag < duration {
            let view = sight.look(&env, stroking: Array(path.prefix(samples(t))), using: &g)
            looks += 1
            let otherTool = erasing ? view.spill.count <= view.paint.count : view.spill.count > view.paint.count
            if view.isDone || otherTool { return (samples(t + lag), t + lag, looks) }
            t += lag + fixation
        }
        return (path.count, duration, looks)
    }

    /// How much larger than wanted a brush may be and still look right: a brush within this factor is kept.
    static let sizeSlack = 1.25

    /// Drags a size slider while watching the brush, as the colour matcher drags a
    /// track while watching the colour: the brush's size shows as the thumb passes
    /// each point of the track, and the person aims at the point where it looks
    /// right, within the travel over which the size stays within `sizeSlack` of it
    /// (bounded by `motor.drag_aim_fine_pt` and `motor.drag_aim_coarse_pt`); the
    /// drag takes the Fitts drag law's time to that tolerance and ends scattered
    /// over it (`KnobDragger.drag`'s effective width).
    func setSize<E: PaintingEnvironment, G: RandomNumberGenerator>(
        _ slider: Control, value: Double, wanted: Double, _ env: inout E, clock: inout Double, finger: Point,
        log: inout TraceLog, using g: inout G
    ) {
        let p = participant, device = env.screen.device
        let points = max(1, Int(slider.frame.width.rounded()))
        func radius(at v: Double) -> Double {
            env.drag(slider.id, to: v)
            return env.brushRadius
        }
        // The size seen at each point the thumb passes; the value whose size looks closest.
        let sizes = (0...points).map { radius(at: Double($0) / Double(points)) }
        let best = sizes.indices.min { abs(sizes[$0] - wanted) < abs(sizes[$1] - wanted) }!
        let target = Double(best) / Double(points)
        env.drag(slider.id, to: value)
        guard abs(sizes[best] - env.brushRadius) > wanted * (Self.sizeSlack - 1) else { return }
        // The travel over which the brush stays within the slack of the size aimed at.
        let within = sizes.indices.filter { abs(sizes[$0] - sizes[best]) <= wanted * (Self.sizeSlack - 1) }
        let tolerance = min(
            p["motor.drag_aim_coarse_pt"],
            max(p["motor.drag_aim_fine_pt"], Double(within.max()! - within.min()!)))
        let travel = abs(target - value) * slider.frame.width
        let law = FittsLaw.aimedDrag(p)
        clock += Tapper(participant: p).reachTime(
            from: finger, to: slider.thumbCenter!, size: slider.frame.height, on: device)
        clock += law.movementTime(
            distance: device.millimetres(travel), width: max(0.5, device.millimetres(tolerance)))
        clock += p["perception.cycle_s"]
        let end = target + g.normal(mean: 0, sd: tolerance / 4.133) / slider.frame.width
        let set = min(max(end, 0), 1)
        env.drag(slider.id, to: set)
        log.add(clock, "size", [("value", .number(set))])
    }

    /// Makes the brush fit the region: the person wants a brush whose diameter is
    /// `paint.brush_to_region` of the region's narrow side. With a slider labelled
    /// as a size on screen they drag it there while watching the brush
    /// (`setSize`); otherwise they pinch in on the region, as far as keeps all of
    /// it in view.
    func fit<E: PaintingEnvironment, G: RandomNumberGenerator>(
        _ env: inout E, view: PaintPerception.View, clock: inout Double, finger: inout Point,
        outcome: inout PaintingOutcome, log: inout TraceLog, using g: inout G
    ) {
        guard let region = view.region else { return }
        let p = participant
        let long = env.aspect >= 1 ? 0 : 1
        // Region sides as fractions of the photo's longer side.
        let w = (region.max.x - region.min.x) * (long == 0 ? 1 : env.aspect),
            h = (region.max.y - region.min.y) * (long == 0 ? 1 / env.aspect : 1)
        let wanted = p["paint.brush_to_region"] * min(w, h) / 2
        let now = env.brushRadius
        let sizing = env.screen.controls.first { $0.role == .slider && Lexicon.namesSize($0.label) }
        if let slider = sizing, let value = slider.value {
            setSize(slider, value: value, wanted: wanted, &env, clock: &clock, finger: finger, log: &log, using: &g)
        } else if now > wanted * Self.sizeSlack {
            let fitAll = 0.9 / max(region.max.x - region.min.x, region.max.y - region.min.y)
            let zoom = max(1, min(now / wanted, fitAll))
            guard zoom > 1.1 else { return }
            let centre = Point((region.min.x + region.max.x) / 2, (region.min.y + region.max.y) / 2)
            // Traced as one finger, 20 pt from the centre to start with (the other mirrors it).
            let onScreen = env.screenPoint(photo: centre)
            log.touches(
                along: [onScreen + Vector2(20, 0), onScreen + Vector2(20 * zoom, 0)], start: clock,
                duration: p["paint.pinch_s"], rate: 1 / p["paint.pinch_s"])
            let touchDown = clock
            clock += p["paint.pinch_s"] + p["perception.cycle_s"]
            env.pinch(to: zoom, centre: centre, touchDown: touchDown)
            outcome.zooms += 1
            log.add(clock, "pinch", [("zoom", .number(zoom))])
        }
    }
}
