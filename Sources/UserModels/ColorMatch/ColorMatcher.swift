import Foundation
import ImageEngine
import Interaction
import Randomness

/// How one colour-matching trial went, as the person did it.
public struct ColorMatchOutcome: Sendable {
    /// Whether the person judged the colours matched before stopping.
    public var matched: Bool
    public var timeToMatch: Double?
    public var timeToDone: Double
    public var drags: Int
    /// Drags on a control with two axes.
    public var planeDrags: Int
    /// Moves made to find out what an axis does (no belief promised progress).
    public var explorations: Int
    /// Drags taken back, before the finger lifted, to where the colour had looked closer (`watchedDrag`).
    public var correctedDrags = 0
    /// Drags after which another control's thumb moved (the finger landed on it), or none moved.
    public var wrongGrabs = 0
    public var missedGrabs = 0
    /// The colour after each drag, with when the drag ended (the first is the start).
    public var steps: [(time: Double, color: SRGBColor)]
    /// ΔE00 the person saw at their last look.
    public var perceivedFinal: Double
    public var events: [TraceEvent]

    /// Counts a drag of `control` that ended at `time` leaving `colour`.
    mutating func count(dragOf control: ColorMatchControl, endingAt time: Double, with colour: SRGBColor) {
        drags += 1
        if control.axes.count == 2 { planeDrags += 1 }
        steps.append((time, colour))
    }
}

/// A person matching a colour with any picker (issue 12): no design-specific
/// code, and one way of deciding whatever a control shows (issue 46). Every look
/// compares the target and current patches (JND noise); they stop when the
/// difference they see is under their satisfaction threshold, settle after
/// `agent.patience_gestures` looks that did not improve on the look before (as
/// remembered), or run out of time. What each axis does is a belief, whatever
/// its evidence: the colours a gradient track shows either side of the thumb
/// (read afresh at every look, paid per pair of colours compared), else the
/// axis's label (ColorWords) or what trying it taught them earlier in the
/// session. One planner uses every belief: where every control should go
/// together (least squares over all the axes they know), the control with the
/// biggest share of the planned change first, scaled by their boldness with it;
/// when nothing known promises progress they probe the axis they know least.
/// They drag its thumb (touching down where a finger aimed at it lands,
/// `ColorMatchHand`; Fitts-like drag law, aiming as precisely as their
/// satisfaction asks, through the noisy touch sensor), look at which thumb moved
/// (`ThumbMoved`, as `GrabSeen`: another control's = a wrong grab, credited to it
/// and dragged back; none = a missed grab; neither teaches anything about the
/// control meant, and both cost the time and patience of a fruitless move), and
/// learn from what the colour did (delta rule). A belief is local to the colour
/// it was formed at (what one slider does depends on where the others are): once
/// the colour has moved `agent.belief_context_de00` from there, a label is read
/// again at the new colour and a lesson from trying is doubted (re-tested first,
/// its next lesson taken whole).
public struct ColorMatcher: Sendable {
    public var participant: Participant
    public var timeLimit: Double
    public var maxDrags: Int

    public init(participant: Participant, timeLimit: Double, maxDrags: Int) {
        self.participant = participant; self.timeLimit = timeLimit; self.maxDrags = maxDrags
    }

    /// One planned move: which control, the move in its 0…1 units, the
    /// difference it promises to leave (CIELAB), and whether it probes.
    struct Move {
        var control: Int
        var delta: SIMD2<Double>
        var residual: Double
        var exploring: Bool
        /// How far (CIELAB) the move is expected to change the colour.
        var size = 0.0
    }

    public func match<E: ColorMatchEnvironment, G: RandomNumberGenerator>(
        _ env: inout E, memory: inout SessionMemory, device: DeviceConfiguration,
        trace: Bool, using g: inout G
    ) -> ColorMatchOutcome {
        let p = participant
        let cognition = Cognition(participant: p, repetition: memory.repetition)
        let perception = ColorPerception(participant: p)
        let ratio = p["perception.jnd_de76_per_de00"]
        let satisfied = p["perception.satisfied_de00"], progress = p["agent.progress_de00"]
        let eye = p["perception.eye_movement_s"], cycle = p["perception.cycle_s"]
        var log = TraceLog(enabled: trace)
        var clock = cognition.mentalPreparation
        var finger = Point(device.bounds.width / 2, device.bounds.height - 60)
        var beliefs: [String: [ColorAxisBelief]] = [:]
        var boldness: [String: Double] = [:]
        var outcome = ColorMatchOutcome(
            matched: false, timeToMatch: nil, timeToDone: 0, drags: 0, planeDrags: 0, explorations: 0,
            steps: [(0, env.view.current)], perceivedFinal: .infinity, events: [])
        // The difference seen at the last look, as remembered (nil before the first), and when it was seen.
        var remembered: (de00: Double, time: Double)?, fruitless = 0
        // Whether the person understood each label they read (read once; what it says depends on the colour).
        var understood: [String: Bool] = [:]
        let context = p["agent.belief_context_de00"]
        let hand = ColorMatchHand(participant: p, device: device)

        while clock < timeLimit {
            let view = env.view
            // Look at the target and the current patch, and see the difference.
            clock += 2 * eye + cycle
            let seen = perception.compare(current: view.current, target: view.target, using: &g)
            outcome.perceivedFinal = seen.deltaE00
            log.add(
                clock, "look",
                [
                    ("de00", .number(seen.deltaE00)), ("dL", .number(seen.deltaL)), ("dC", .number(seen.deltaC)),
                    ("dH", .number(seen.deltaH))
                ])
            if seen.deltaE00 <= satisfied { outcome.matched = true; outcome.timeToMatch = clock; break }
            // Progress is judged against the last look as remembered: its noisy ΔE00, blurred by memory over the
            // time since (not against the best of many noisy looks, which noise alone makes hard to beat).
            if let last = remembered {
                let blur = p["memory.drift_per_sqrt_s"] / ratio * (clock - last.time).squareRoot()
                let recalled = last.de00 + g.normal(mean: 0, sd: blur)
                fruitless = seen.deltaE00 < recalled - progress ? 0 : fruitless + 1
            }
            remembered = (seen.deltaE00, clock)
            if fruitless >= Int(p["agent.patience_gestures"]) || outcome.drags >= maxDrags { break }

            // What each axis does: gradients read afresh, labels read once, memory recalled.
            let current = ColorPerception.lab(view.current)
            for c in view.controls {
                if readsGradient(of: c) {
                    // A gradient is read afresh at every look (it changes as the other axes move): one pair of
                    // colours compared along each axis, paid for as read.
                    clock += eye + cognition.practice * p["cognition.swatch_compare_s"] * Double(c.axes.count)
                    beliefs[c.id] = c.axes.indices.map { k in
                        ColorAxisBelief(
                            effect: gradientEffect(c, axis: k, perception: perception, using: &g),
                            source: .gradient, anchor: current)
                    }
                } else if var b = beliefs[c.id] {
                    // What an axis does depends on where the others are: a belief formed where the colour was
                    // far from here is doubted (a lesson learned by trying) or read again here (a label).
                    for (k, a) in c.axes.enumerated() where b[k].isFormed(farFrom: current, by: context) {
                        switch b[k].source {
                        case .tried: b[k].source = .doubted
                        case .unknown, .label:
                            b[k] = labelBelief(a.label, understood: understood[a.label] ?? false, at: current)
                        case .gradient, .doubted: break
                        }
                    }
                    beliefs[c.id] = b
                } else {
                    beliefs[c.id] = c.axes.map { a in
                        if let m = memory.colorAxes[a.label] { return m }
                        clock += cognition.readingTime(
                            words: a.label.split(whereSeparator: { $0 == " " || $0 == "–" }).count)
                        let u = cognition.infersFromLabel(using: &g)
                        understood[a.label] = u
                        return labelBelief(a.label, understood: u, at: current)
                    }
                }
            }

            // Plan where every control should go; the plan's next step is its biggest share of the change.
            let (moves, promise) = beliefMoves(view.controls, beliefs, error: seen.difference)
            let here = (seen.difference * seen.difference).sum().squareRoot()
            var move = moves.max { $0.size < $1.size }
            if move == nil || promise > here - progress * ratio {
                // Nothing known promises progress: probe an axis not yet tried, or else the one
                // believed to do least (what an axis does depends on where the others are).
                let axes = view.controls.enumerated().flatMap { i, c in c.axes.indices.map { (i, $0) } }
                func strength(_ a: (Int, Int)) -> Double {
                    // Probed first: axes known only from a label, or doubted (nothing seen or tried says what they do).
                    guard let b = beliefs[view.controls[a.0].id]?[a.1], [.tried, .gradient].contains(b.source) else {
                        return -1
                    }
                    return (b.effect * b.effect).sum()
                }
                if let (i, k) = axes.min(by: { strength($0) < strength($1) }) {
                    let c = view.controls[i]
                    var d = SIMD2<Double>.zero
                    d[k] = (c.position[k] < 0.5 ? 1 : -1) * p["agent.explore_step"]
                    move = Move(control: i, delta: d, residual: here, exploring: true)
                }
            }
            guard var chosen = move else { break }
            clock += cognition.choiceTime(among: view.controls.count, using: &g)
            let c = view.controls[chosen.control]
            if !chosen.exploring { chosen.delta *= boldness[c.id] ?? p["agent.boldness_max"] }

            // Drag the thumb there, aiming as precisely as the colour asks.
            var goal = c.position + chosen.delta
            goal = SIMD2(min(max(goal.x, 0), 1), min(max(goal.y, 0), 1))
            let to = c.point(at: goal)
            let travel = to.distance(to: c.thumb)
            var rate = 0.0
            if let b = beliefs[c.id] {
                var change = SIMD3<Double>.zero
                for k in b.indices { change += b[k].effect * (goal[k] - c.position[k]) }
                rate = (change * change).sum().squareRoot() / max(travel, 1e-6)
            }
            let (fine, coarse) = (p["motor.drag_aim_fine_pt"], p["motor.drag_aim_coarse_pt"])
            let tolerance = min(coarse, max(fine, rate > 0 ? satisfied * ratio / rate : coarse))
            let before = view.current
            guard
                let corrected = hand.drag(
                    c, to: to, tolerance: tolerance, watching: perception, &env, clock: &clock, finger: &finger,
                    using: &g)
            else {
                clock += cycle; continue
            }
            if corrected { outcome.correctedDrags += 1 }
            var after = env.view
            outcome.count(dragOf: c, endingAt: clock, with: after.current)
            if chosen.exploring { outcome.explorations += 1 }
            log.add(
                clock, "drag",
                [
                    ("control", .text(c.id)), ("du", .number(chosen.delta.x)), ("dv", .number(chosen.delta.y)),
                    ("explore", .bool(chosen.exploring)), ("corrected", .bool(corrected))
                ])

            // Look at which thumb moved: another one, or none, teaches nothing about the control meant.
            clock += cycle
            switch ThumbMoved.after(
                meant: c.id, before: view.controls.map { ($0.id, $0.thumb) },
                after: { id in after.controls.first { $0.id == id }?.thumb })
            {
            case .nothing:
                outcome.missedGrabs += 1
                log.add(clock, "grab", [("control", .text(c.id)), ("seen", .text("missed"))])
                continue
            case .other(let id):
                outcome.wrongGrabs += 1
                log.add(clock, "grab", [("control", .text(c.id)), ("seen", .text("wrong")), ("moved", .text(id))])
                // Credit goes to the control that moved; then put its thumb back where it was.
                let was = view.controls.first { $0.id == id }!, now = after.controls.first { $0.id == id }!
                learn(
                    &beliefs, &memory, was: was, now: now, before: before, after: after.current, perception: perception,
                    using: &g)
                if hand.drag(
                    now, to: was.thumb, tolerance: p["motor.drag_aim_fine_pt"], watching: nil, &env, clock: &clock,
                    finger: &finger, using: &g) != nil
                {
                    after = env.view
                    outcome.count(dragOf: now, endingAt: clock, with: after.current)
                    log.add(clock, "drag", [("control", .text(id)), ("back", .bool(true))])
                }
                clock += cycle
                continue
            case .meant:
                break
            }
            // See what the move did and learn from it.
            guard let moved = after.controls.first(where: { $0.id == c.id }) else { continue }
            let change = learn(
                &beliefs, &memory, was: c, now: moved, before: before, after: after.current, perception: perception,
                using: &g)
            let leftOver = seen.difference - change
            let worse = (leftOver * leftOver).sum() > (seen.difference * seen.difference).sum()
            let bold = boldness[c.id] ?? p["agent.boldness_max"]
            boldness[c.id] =
                worse
                ? max(0.1, bold * p["agent.overshoot_caution"])
                : min(p["agent.boldness_max"], bold * p["agent.boldness_regain"])
        }
        outcome.timeToDone = min(clock, timeLimit)
        log.add(
            outcome.timeToDone, "done", [("matched", .bool(outcome.matched)), ("drags", .number(Double(outcome.drags)))]
        )
        outcome.events = log.events
        memory.trialsDone += 1
        return outcome
    }

    /// Learns what moving control `was` to `now` did to the colour (`before` → `after`,
    /// as seen): a plain track's beliefs by the delta rule, and remembered for the
    /// session; a gradient's are read afresh at every look. Returns the change seen (CIELAB).
    @discardableResult
    func learn<G: RandomNumberGenerator>(
        _ beliefs: inout [String: [ColorAxisBelief]], _ memory: inout SessionMemory,
        was: ColorMatchControl, now: ColorMatchControl, before: SRGBColor, after: SRGBColor,
        perception: ColorPerception, using g: inout G
    ) -> SIMD3<Double> {
        let change = perception.difference(from: before, to: after, using: &g)
        if var b = beliefs[was.id], !readsGradient(of: now) {
            ColorMappingLearning.learn(
                &b, moved: now.position - was.position, seen: change, rate: participant["agent.color_mapping_update"],
                at: ColorPerception.lab(after))
            beliefs[was.id] = b
            for (k, a) in was.axes.enumerated() where b[k].source == .tried { memory.colorAxes[a.label] = b[k] }
        }
        return change
    }

    /// What a label says an axis does at colour `current` (CIELAB), if the person understood it:
    /// a label belief, or unknown where the words say nothing (e.g. "Hue" at grey); anchored at `current`.
    func labelBelief(_ label: String, understood: Bool, at current: SIMD3<Double>) -> ColorAxisBelief {
        guard understood, let d = ColorWords.direction(of: label, at: current) else {
            return ColorAxisBelief(anchor: current)
        }
        let chroma = (current.y * current.y + current.z * current.z).squareRoot()
        return ColorAxisBelief(
            effect: d * ColorWords.span(of: label, chroma: chroma, prior: participant["agent.label_track_de"]),
            source: .label, anchor: current)
    }

    /// Whether the person reads what `c`'s axes do from its gradient: a stretch of no length
    /// (`agent.gradient_read_span` 0, the `gradient_reading` ablation) shows nothing, so its axes are learned as a
    /// plain track's are, from the label and by trying.
    func readsGradient(of c: ColorMatchControl) -> Bool {
        !c.swatches.isEmpty && participant["agent.gradient_read_span"] > 0
    }

    /// The change along axis `k` a gradient shows around the thumb: the colours at the ends of a stretch
    /// `agent.gradient_read_span` of the track long, centred on the thumb (on the row or column through it on a
    /// plane), per unit of travel, as seen.
    func gradientEffect<G: RandomNumberGenerator>(
        _ c: ColorMatchControl, axis k: Int, perception: ColorPerception,
        using g: inout G
    ) -> SIMD3<Double> {
        let other = 1 - k
        let line = c.axes.count == 2 ? Self.row(of: c, along: k, through: c.position[other]) : c.swatches
        // Centred on the thumb, cut short at a track's end (a hue track's ends are the same colour: reading past
        // the thumb to the far end would see the wheel's chord, not the way the colour turns here).
        let half = participant["agent.gradient_read_span"] / 2
        let from = max(c.position[k] - half, 0), to = min(c.position[k] + half, 1)
        func nearest(_ u: Double) -> (position: SIMD2<Double>, color: SRGBColor)? {
            line.min { abs($0.position[k] - u) < abs($1.position[k] - u) }
        }
        guard let lo = nearest(from), let hi = nearest(to), hi.position[k] > lo.position[k] else { return .zero }
        return perception.difference(from: lo.color, to: hi.color, using: &g) / (hi.position[k] - lo.position[k])
    }

    /// The swatches of a plane on the row (or column) along axis `k` nearest to `position` across it.
    static func row(
        of c: ColorMatchControl, along k: Int,
        through position: Double
    ) -> [(position: SIMD2<Double>, color: SRGBColor)] {
        let other = 1 - k
        func away(_ s: (position: SIMD2<Double>, color: SRGBColor)) -> Double { abs(s.position[other] - position) }
        guard let nearest = c.swatches.min(by: { away($0) < away($1) }) else { return [] }
        return c.swatches.filter { abs($0.position[other] - nearest.position[other]) < 1e-9 }
    }

    /// Where the known axes of every control should go together (least squares
    /// over all of them, whatever told the person what they do: a person plans
    /// the whole change, not one slider at a time), as a move of each control
    /// kept on its track, with the difference each control's share promises to
    /// leave when made alone.
    func beliefMoves(
        _ controls: [ColorMatchControl], _ beliefs: [String: [ColorAxisBelief]], error e: SIMD3<Double>
    ) -> (moves: [Move], planLeaves: Double) {
        var axes: [(control: Int, axis: Int, effect: SIMD3<Double>)] = []
        for (i, c) in controls.enumerated() {
            for (k, b) in (beliefs[c.id] ?? []).enumerated() where b.isKnown && (b.effect * b.effect).sum() > 1e-9 {
                axes.append((i, k, b.effect))
            }
        }
        guard !axes.isEmpty else { return ([], .infinity) }
        let n = axes.count
        // Normal equations (AᵀA + λI)x = Aᵀe, with a tiny ridge so axes that do the same stay solvable.
        var m = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
        let scale = axes.reduce(0.0) { $0 + ($1.effect * $1.effect).sum() } / Double(n)
        for r in 0..<n {
            for c in 0..<n { m[r][c] = (axes[r].effect * axes[c].effect).sum() + (r == c ? 1e-6 * scale : 0) }
            m[r][n] = (axes[r].effect * e).sum()
        }
        let x = Self.solve(m)
        var moves: [Move] = []
        var whole = SIMD3<Double>.zero
        for (i, c) in controls.enumerated() {
            var delta = SIMD2<Double>.zero, predicted = SIMD3<Double>.zero, any = false
            for (j, a) in axes.enumerated() where a.control == i {
                delta[a.axis] = min(max(x[j], -c.position[a.axis]), 1 - c.position[a.axis])
                predicted += a.effect * delta[a.axis]
                any = true
            }
            guard any else { continue }
            whole += predicted
            let left = e - predicted
            moves.append(
                Move(
                    control: i, delta: delta, residual: (left * left).sum().squareRoot(), exploring: false,
                    size: (predicted * predicted).sum().squareRoot()))
        }
        let left = e - whole
        return (moves, (left * left).sum().squareRoot())
    }

    /// Gaussian elimination with partial pivoting on an augmented n × (n+1) matrix.
    static func solve(_ matrix: [[Double]]) -> [Double] {
        var m = matrix
        let n = m.count
        for col in 0..<n {
            let pivot = (col..<n).max { abs(m[$0][col]) < abs(m[$1][col]) }!
            m.swapAt(col, pivot)
            guard abs(m[col][col]) > 1e-15 else { continue }
            for r in 0..<n where r != col {
                let f = m[r][col] / m[col][col]
                for c in col...n { m[r][c] -= f * m[col][c] }
            }
        }
        return (0..<n).map { abs(m[$0][$0]) > 1e-15 ? m[$0][n] / m[$0][$0] : 0 }
    }
}
