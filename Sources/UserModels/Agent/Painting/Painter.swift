import Foundation
import ImageEngine
import Interaction

/// A person painting a change onto part of a photo with a brush. They choose
/// the brush by name (`BrushFinder`), make the brush fit the region they mean
/// (pinching in until it is a fraction of the region's narrow side, or setting
/// a size slider if the screen shows one), then look and stroke in turns: they
/// rub over the patches that have changed less than they mean (`StrokeMotor`),
/// or erase patches where paint went that they did not mean (whichever are
/// more), and stop when no patch looks off — or at the time or gesture limit.
public struct Painter: Sendable {
    public var participant: Participant
    public var timeLimit: Double
    public var maxGestures: Int

    public init(participant: Participant, timeLimit: Double, maxGestures: Int) {
        self.participant = participant; self.timeLimit = timeLimit; self.maxGestures = maxGestures
    }

    /// Paints `goal` onto the photo of `env`; `reached` is the objective check
    /// of the render (asked after each stroke), for the time to effect.
    public func paint<E: PaintingEnvironment, G: RandomNumberGenerator>(_ env: inout E, goal: PaintingGoal, memory: inout SessionMemory,
                                                                        using g: inout G, trace: Bool, reached: (inout E) -> Bool) -> PaintingOutcome {
        let p = participant
        let cognition = Cognition(participant: p, repetition: memory.repetition)
        let finder = BrushFinder(participant: p, cognition: cognition)
        let eye = PaintPerception(participant: p)
        let motor = StrokeMotor(participant: p)
        let proxy = max(goal.goal.width, goal.goal.height)
        var log = TraceLog(enabled: trace)
        var outcome = PaintingOutcome(timeToEffect: nil, timeToDone: 0, satisfied: false)
        var clock = cognition.mentalPreparation
        var finger = env.screen.device.bounds.center
        defer { memory.trialsDone += 1 }

        func choose(_ name: String) -> Bool {
            let taps = finder.choose(name, &env, memory: &memory, clock: &clock, finger: &finger, budget: 12, log: &log, using: &g)
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
        var view = eye.look(env.photo(proxy: proxy), goal: goal, using: &g)
        clock += p["perception.cycle_s"]
        fit(&env, view: view, clock: &clock, finger: &finger, outcome: &outcome, log: &log, using: &g)

        while clock < timeLimit && outcome.strokes + outcome.erases < maxGestures {
            if view.isDone { outcome.satisfied = true; break }
            // Whichever looks like more work first: the region, or the paint that went outside it.
            let erasing = view.spill.count > view.paint.count
            guard choose(erasing ? goal.eraser : goal.brush) else { break }
            let shown = env.screen.photoFrame ?? env.screen.device.bounds
            let patches = StrokeMotor.order(erasing ? view.spill : view.paint)
            let size = patchPoints(env, proxy: proxy, width: goal.goal.width, height: goal.goal.height)
            let brush = env.brushRadius * photoLongSide(env)
            let way = StrokeMotor.cover(patches.map { env.screenPoint(photo: $0.centre) }.filter { shown.contains($0) }, patch: size, brushRadius: brush)
            guard !way.isEmpty else { break }
            let reach = Tapper(participant: p).reachTime(from: finger, to: way[0], size: size, on: env.screen.device)
            let (path, duration) = motor.path(through: way, patch: size, on: env.screen.device, using: &g)
            clock += reach
            if outcome.firstStroke == nil { outcome.firstStroke = clock }
            env.paint(path)
            clock += duration
            finger = path.last!
            if erasing { outcome.erases += 1 } else { outcome.strokes += 1 }
            log.add(clock, erasing ? "erase" : "stroke", [("patches", .number(Double(patches.count))), ("duration_s", .number(duration))])
            if outcome.timeToEffect == nil && reached(&env) { outcome.timeToEffect = clock }
            view = eye.look(env.photo(proxy: proxy), goal: goal, using: &g)
            clock += p["perception.cycle_s"]
        }
        outcome.timeToDone = min(clock, timeLimit)
        if let t = outcome.timeToEffect, t > timeLimit { outcome.timeToEffect = nil }
        log.add(outcome.timeToDone, "done", [("satisfied", .bool(outcome.satisfied)), ("strokes", .number(Double(outcome.strokes))),
                                             ("erases", .number(Double(outcome.erases)))])
        outcome.events = log.events
        return outcome
    }

    /// The photo's longer side on screen now, in points.
    func photoLongSide<E: PaintingEnvironment>(_ env: E) -> Double {
        let a = env.screenPoint(photo: Point(0, 0)), b = env.screenPoint(photo: Point(1, 1))
        return max(abs(b.x - a.x), abs(b.y - a.y))
    }

    /// A patch's size on screen now, in points.
    func patchPoints<E: PaintingEnvironment>(_ env: E, proxy: Int, width: Int, height: Int) -> Double {
        photoLongSide(env) / Double(max(2, Int(participant["paint.cells"].rounded())))
    }

    /// Makes the brush fit the region: the person wants a brush whose diameter is
    /// `paint.brush_to_region` of the region's narrow side. With a size slider on
    /// screen they drag it there (Fitts' drag law); otherwise they pinch in on
    /// the region, as far as keeps all of it in view.
    func fit<E: PaintingEnvironment, G: RandomNumberGenerator>(_ env: inout E, view: PaintPerception.View, clock: inout Double, finger: inout Point,
                                                               outcome: inout PaintingOutcome, log: inout TraceLog, using g: inout G) {
        guard let region = view.region else { return }
        let p = participant
        let long = env.aspect >= 1 ? 0 : 1
        // Region sides as fractions of the photo's longer side.
        let w = (region.max.x - region.min.x) * (long == 0 ? 1 : env.aspect), h = (region.max.y - region.min.y) * (long == 0 ? 1 / env.aspect : 1)
        let wanted = p["paint.brush_to_region"] * min(w, h) / 2
        let now = env.brushRadius
        if let slider = env.screen.controls.first(where: { $0.role == .slider }), let value = slider.value {
            // The slider shows the brush's size as it moves: the person stops where it looks right.
            var target = value, best = Double.infinity
            for v in stride(from: 0.0, through: 1.0, by: 0.02) {
                env.drag(slider.id, to: v)
                if abs(env.brushRadius - wanted) < best { best = abs(env.brushRadius - wanted); target = v }
            }
            env.drag(slider.id, to: value)
            guard abs(target - value) > 0.02 else { return }
            let law = FittsLaw(intercept: p["motor.drag_a_s"], slope: p["motor.drag_b_s_per_bit"])
            let track = env.screen.device.millimetres(slider.frame.width)
            clock += Tapper(participant: p).reachTime(from: finger, to: slider.thumbCenter!, size: slider.frame.height, on: env.screen.device)
            clock += law.movementTime(distance: abs(target - value) * track, width: 0.1 * track) + p["perception.cycle_s"]
            let set = min(max(target + g.normal(mean: 0, sd: 0.05), 0), 1)
            env.drag(slider.id, to: set)
            log.add(clock, "size", [("value", .number(set))])
        } else if now > wanted * 1.25 {
            let fitAll = 0.9 / max(region.max.x - region.min.x, region.max.y - region.min.y)
            let zoom = max(1, min(now / wanted, fitAll))
            guard zoom > 1.1 else { return }
            clock += p["paint.pinch_s"] + p["perception.cycle_s"]
            env.pinch(to: zoom, centre: Point((region.min.x + region.max.x) / 2, (region.min.y + region.max.y) / 2))
            outcome.zooms += 1
            log.add(clock, "pinch", [("zoom", .number(zoom))])
        }
    }
}
