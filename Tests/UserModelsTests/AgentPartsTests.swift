import Foundation
import ImageEngine
@testable import Interaction
import Randomness
import Testing
@testable import UserModels

/// A screen of option buttons (each applies one look) and a navigation button,
/// for testing how the agent chooses and judges buttons.
struct OptionEditor: PhotoEditingEnvironment {
    var base: Image
    var options: [(label: String, adjustments: Adjustments)]
    var applied = Adjustments()
    var navigationTaps = 0
    var taps: [String] = []
    let device = DeviceCatalog.configuration(named: "ipad-pro-12.9-landscape")!

    var screen: Screen {
        var controls = [Control(id: "nav", role: .button, frame: Rect(x: 1000, y: 100, width: 120, height: 44), label: "Effects")]
        for (i, o) in options.enumerated() {
            controls.append(Control(id: "option-\(i)", role: .button, frame: Rect(x: 1000, y: 200 + Double(i) * 60, width: 200, height: 44), label: o.label))
        }
        return Screen(device: device, controls: controls, photoFrame: Rect(x: 40, y: 100, width: 900, height: 700))
    }

    mutating func photo(proxy: Int) -> Image { Renderer(threads: 1).render(base, with: applied) }

    mutating func perform(_ gesture: Gesture) {
        guard case .tap(let t) = gesture, let hit = screen.hitTest(t.end.location) else { return }
        taps.append(hit.id)
        if hit.id == "nav" { navigationTaps += 1; return }
        applied = options[Int(hit.id.dropFirst(7))!].adjustments
    }
}

/// One slider that glows a warning once it passes 80% of its track.
struct WarningSlider: PhotoEditingEnvironment {
    var base: Image
    var value = 0.7
    let device = DeviceCatalog.configuration(named: "ipad-pro-12.9-landscape")!
    let frame = Rect(x: 1000, y: 300, width: 300, height: 44)

    var screen: Screen {
        Screen(device: device, controls: [Control(id: "b", role: .slider, frame: frame, label: "Brightness", value: value,
                                                  axis: .horizontal, warning: value > 0.8 ? "clipping" : nil)],
               photoFrame: Rect(x: 40, y: 100, width: 900, height: 700))
    }

    mutating func photo(proxy: Int) -> Image { Renderer(threads: 1).render(base, with: Adjustments(brightness: value * 2 - 1)) }

    mutating func perform(_ gesture: Gesture) {
        guard case .drag(let s) = gesture, frame.insetBy(-10).contains(s.start.location) else { return }
        value = min(1, max(0, (s.end.location.x - frame.minX) / frame.width))
    }
}

@Suite("The agent's parts: looking after taps, choosing buttons, heeding warnings, a second policy")
struct AgentPartsTests {
    static let photo = PhotoEditorTests.photo

    /// An expert with a perfect memory of the goal (memory is tested on its own).
    func person(_ seed: UInt64 = 3, overrides: [String: Distribution] = [:]) -> Participant {
        var o = overrides
        o["memory.goal_noise"] = o["memory.goal_noise"] ?? .fixed(0)
        o["memory.drift_per_sqrt_s"] = o["memory.drift_per_sqrt_s"] ?? .fixed(0)
        var p = Population(participants: 1, expertFraction: 1, overrides: o).participant(0, seed: seed)
        p.values["perception.satisfied_de00"] = 1.5
        return p
    }

    @Test("after tapping an option the person looks again, the goal check runs, and options come before navigation")
    func optionsAndGoalCheck() {
        let goal = Adjustments(saturation: -1)
        var env = OptionEditor(base: Self.photo, options: [("Bright", Adjustments(brightness: 0.5)), ("Faded", Adjustments(contrast: -0.6)),
                                                         ("Noir", goal), ("Dark", Adjustments(brightness: -0.5))])
        let goalLab = LabImage(Renderer(threads: 1).render(Self.photo, with: goal))
        var g = SeededGenerator(seed: 1)
        let o = PhotoEditor(participant: person()).edit(&env, goal: goalLab, using: &g, trace: true) { e in
            LabImage(Renderer(threads: 1).render(e.base, with: e.applied)).meanDeltaE2000(to: goalLab) < 1
        }
        #expect(o.timeToEffect != nil, "taps: \(env.taps)")
        #expect(o.events.filter { $0.kind == "perceive" }.count == env.taps.count + 1, "a look after every tap")
        #expect(o.satisfied)
        #expect(env.navigationTaps == 0, "a button that leads elsewhere is tried only after the options: \(env.taps)")
        #expect(env.taps.contains("option-2"))
    }

    @Test("when every option disappoints, the best one tried is tapped again")
    func bestOptionReturns() {
        let goal = Adjustments(saturation: -1)
        var env = OptionEditor(base: Self.photo, options: [("Bright", Adjustments(brightness: 0.5)), ("Grey", Adjustments(saturation: -0.7)),
                                                         ("Dark", Adjustments(brightness: -0.5))])
        let goalLab = LabImage(Renderer(threads: 1).render(Self.photo, with: goal))
        var g = SeededGenerator(seed: 2)
        _ = PhotoEditor(participant: person()).edit(&env, goal: goalLab, using: &g) { _ in false }
        #expect(env.applied.saturation == -0.7, "taps: \(env.taps)")
    }

    @Test("a warning that lights up on the control makes the person take part of the move back")
    func warningBacksOff() {
        // The goal sits just below the warning; a first probing move overshoots into it.
        let goalLab = LabImage(Renderer(threads: 1).render(Self.photo, with: Adjustments(brightness: 0.5)))
        var env = WarningSlider(base: Self.photo)
        var g = SeededGenerator(seed: 4)
        let o = PhotoEditor(participant: person()).edit(&env, goal: goalLab, using: &g, trace: true) { _ in false }
        #expect(o.warningBackoffs >= 1)
        #expect(o.events.contains { $0.kind == "warning" })
    }

    @Test("the hill-climbing policy, with no effect model, closes most of the distance to a goal with labelled sliders", arguments: [1, 2, 3] as [UInt64])
    func hillClimberReaches(seed: UInt64) {
        var env = SliderEditor(base: Self.photo, sliders: [("b", "Brightness", \.brightness), ("s", "Saturation", \.saturation),
                                                           ("h", "Highlights", \.highlights)])
        let goalLab = LabImage(Renderer(threads: 1).render(Self.photo, with: Adjustments(brightness: 0.4, saturation: -0.4)))
        var g = SeededGenerator(seed: seed)
        let o = PhotoEditor(participant: person(seed), policy: .hillClimber).edit(&env, goal: goalLab, using: &g, trace: true) { _ in false }
        let final = LabImage(Renderer(threads: 1).render(Self.photo, with: env.adjustments)).meanDeltaE2000(to: goalLab)
        let start = LabImage(Self.photo).meanDeltaE2000(to: goalLab)
        let steps = o.events.filter { $0.kind == "decide" || $0.kind == "perceive" }.map { "\($0.kind) \($0.detail)" }
        #expect(final < 0.75 * start, "final ΔE00 \(final) from \(start) after \(o.touches) touches: \(steps.joined(separator: " | "))")
        #expect(o.events.contains { $0.detail.contains("\"undo\"") } || o.satisfied)
    }

    @Test("what a person learns carries into the next trial of a session: fewer fruitless tries, less time")
    func sessionMemoryCarries() {
        let goal = Adjustments(brightness: 0.4, saturation: -0.4)
        let goalLab = LabImage(Renderer(threads: 1).render(Self.photo, with: goal))
        var memory = SessionMemory()
        var times: [Double] = []
        for trial in 0..<3 {
            var env = SliderEditor(base: Self.photo, sliders: [("b", "Brightness", \.brightness), ("s", "Saturation", \.saturation),
                                                               ("h", "Highlights", \.highlights)])
            var g = SeededGenerator(seed: 11 + UInt64(trial))
            let o = PhotoEditor(participant: person(5)).edit(&env, goal: goalLab, memory: &memory, using: &g) { _ in false }
            times.append(o.timeToDone)
        }
        #expect(memory.trialsDone == 3 && !memory.controls.isEmpty)
        #expect(times[2] < times[0], "times \(times)")
    }
}

@Suite("Liking looks and learning to throw")
struct PreferenceAndThrowTests {
    @Test("a look's appeal comes from its pixels and the person's taste")
    func appealFromPixels() {
        let photo = PhotoEditorTests.photo
        let original = LookFeatures(LabImage(photo))
        let grey = LookFeatures(LabImage(Renderer(threads: 1).render(photo, with: Adjustments(saturation: -1))))
        let vivid = LookFeatures(LabImage(Renderer(threads: 1).render(photo, with: Adjustments(saturation: 0.8))))
        #expect(grey.monochrome && !original.monochrome && vivid.colourfulness > original.colourfulness)
        let overrides: [String: Distribution] = ["preference.appeal_noise": .fixed(0), "preference.contrast_weight": .fixed(0),
                                                 "preference.warmth_weight": .fixed(0)]
        var lover = overrides, hater = overrides
        lover["preference.monochrome_weight"] = .fixed(3); lover["preference.colourfulness_weight"] = .fixed(-1)
        hater["preference.monochrome_weight"] = .fixed(-3); hater["preference.colourfulness_weight"] = .fixed(1)
        let a = Taste(participant: Population(participants: 1, overrides: lover).participant(0, seed: 1))
        let b = Taste(participant: Population(participants: 1, overrides: hater).participant(0, seed: 1))
        var g = SeededGenerator(seed: 1)
        #expect(a.appeal(of: grey, comparedWith: original, using: &g) > a.appeal(of: vivid, comparedWith: original, using: &g))
        #expect(b.appeal(of: grey, comparedWith: original, using: &g) < b.appeal(of: vivid, comparedWith: original, using: &g))
    }

    @Test("a flick's release speed scales with the distance to cover and the believed carry")
    func flicksAim() {
        let p = Population(participants: 1, overrides: ["style.drag_first_probability": .fixed(0), "motor.aim_sd_deg": .fixed(0),
                                                        "motor.speed_cv": .fixed(0), "style.prior_strength": .fixed(50),
                                                        "belief.throw_carry_s": .fixed(0.5), "motor.release_speed_pt_s": .fixed(1000)]).participant(0, seed: 2)
        var g = SeededGenerator(seed: 3)
        let thrower = Thrower(participant: p)
        let near = thrower.plan(from: Point(100, 700), toward: Point(100, 400), using: &g)
        let far = thrower.plan(from: Point(100, 700), toward: Point(100, 100), using: &g)
        #expect(near.style == .flick && far.style == .flick)
        #expect(far.peakSpeed > near.peakSpeed)
        var believesMore = thrower
        believesMore.experience.carry *= 2
        let lighter = believesMore.plan(from: Point(100, 700), toward: Point(100, 100), using: &g)
        #expect(lighter.peakSpeed < far.peakSpeed)
    }
}

@Suite("Holding a goal in mind")
struct GoalMemoryTests {
    @Test("a remembered goal that slipped is chased: with a poor memory the person ends further from the goal, and may be satisfied off it")
    func memoryMatters() {
        let photo = PhotoEditorTests.photo
        let goalLab = LabImage(Renderer(threads: 1).render(photo, with: Adjustments(brightness: 0.4, saturation: -0.4)))
        func finals(noise: Double) -> [Double] {
            (1...6).map { (seed: UInt64) -> Double in
                var env = SliderEditor(base: photo, sliders: [("b", "Brightness", \.brightness), ("s", "Saturation", \.saturation)])
                var p = Population(participants: 1, expertFraction: 1, overrides: ["memory.goal_noise": .fixed(noise),
                                                                                   "memory.drift_per_sqrt_s": .fixed(0)]).participant(0, seed: seed)
                p.values["perception.satisfied_de00"] = 2.5
                var g = SeededGenerator(seed: seed)
                _ = PhotoEditor(participant: p).edit(&env, goal: goalLab, using: &g) { _ in false }
                return LabImage(Renderer(threads: 1).render(photo, with: env.adjustments)).meanDeltaE2000(to: goalLab)
            }
        }
        let sharp = finals(noise: 0), vague = finals(noise: 6)
        #expect(vague.reduce(0, +) > sharp.reduce(0, +), "sharp \(sharp), vague \(vague)")
    }
}

/// The reach to a control and the touch-down on it aim at one target (`Hands.target`): a drawn thumb as wide as
/// the track is thick (at most 44 pt), a zone's smaller side — not the frame's height for every control.
@Suite("Reaching a control")
struct ReachTargetTests {
    @Test("a thumb's target is the thumb, a zone's its smaller side; a bigger target is reached no slower")
    func targets() {
        let slider = Control(
            id: "s", role: .slider, frame: Rect(x: 0, y: 0, width: 300, height: 30), label: "Shadows", value: 0.5,
            axis: .horizontal)
        let tall = Control(
            id: "v", role: .slider, frame: Rect(x: 0, y: 0, width: 60, height: 300), label: "Level", value: 0.5,
            axis: .vertical)
        let zone = Control(id: "z", role: .zone, frame: Rect(x: 0, y: 0, width: 120, height: 400), label: nil)
        #expect(Hands.target(slider) == 30 && Hands.target(tall) == 44 && Hands.target(zone) == 120)
        let device = DeviceCatalog.configuration(named: "iphone-15-portrait")!
        let hands = Hands(participant: Population(participants: 1).participant(0, seed: 2), trace: false)
        let screen = Screen(device: device, controls: [slider, zone])
        let from = Point(10, 700)
        #expect(
            hands.reachTime(to: zone, at: Point(60, 200), from: from, on: screen)
                <= hands.reachTime(to: slider, at: Point(60, 200), from: from, on: screen))
    }
}
