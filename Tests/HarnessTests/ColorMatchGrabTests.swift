import Designs
import Foundation
@testable import Harness
import ImageEngine
import Interaction
@testable import Questions
import Randomness
import Testing
@testable import UserModels

/// Colour-matching drags touch down where a finger aimed at the thumb lands
/// (issue 14): the scatter, what the picker's screen makes of it, what the
/// person sees, and that every trial ends.
@Suite("Colour-matching drags touch down where a finger lands")
struct ColorMatchGrabTests {
    static let device = ColorMatchQuestionTests.device
    static let task = ColorMatchQuestionTests.targets[0]

    static func environment(_ picker: String) -> PickerEnvironment {
        let design = try! ColorPickerDesigns.make(picker, parameters: StrategyParameters())
        return PickerEnvironment(screen: design.screen(target: task.target, start: task.start, width: device.bounds.width))
    }

    func sd(_ v: [Double]) -> Double {
        let m = v.reduce(0, +) / Double(v.count)
        return (v.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(v.count - 1)).squareRoot()
    }

    @Test("the touch-down scatters around the part of a slider's and a pad's thumb on the control as the tap's dual-Gaussian landing says")
    func touchDownScatter() {
        let p = ColorMatchQuestionTests.person(0)
        let hand = ColorMatchHand(participant: p, device: Self.device)
        for picker in ["rgb-1d-plain", "hsv-2d-gradient"] {
            let control = Self.environment(picker).view.controls[0]
            var g = SeededGenerator(seed: 21, label: picker)
            let downs = (0..<4000).map { _ in hand.touchDown(control, using: &g) }
            // The finger aims at the centre of the part of the thumb's square that lies on the control
            // (`KnobDragger.touchDown`); the hue × saturation thumb starts on the plane's bottom edge.
            let side = KnobDragger.thumbSize(trackThickness: control.trackThickness)
            let square = Rect(x: control.thumb.x - side / 2, y: control.thumb.y - side / 2, width: side, height: side)
            let target = square.intersection(control.frame)!
            if picker == "hsv-2d-gradient" { #expect(target.height < side * 0.75, "the start thumb overhangs the plane's edge") }
            let dx = downs.map { Self.device.millimetres($0.x - target.center.x) }, dy = downs.map { Self.device.millimetres($0.y - target.center.y) }
            let expected = TouchLanding(participant: p).sigma(widthMM: Self.device.millimetres(target.width),
                                                              heightMM: Self.device.millimetres(target.height))
            #expect(abs(dx.reduce(0, +) / Double(dx.count)) < 0.1 && abs(dy.reduce(0, +) / Double(dy.count)) < 0.1)
            #expect(abs(sd(dx) / expected.x - 1) < 0.05, "\(picker): σx \(sd(dx)) mm, landing model \(expected.x) mm")
            #expect(abs(sd(dy) / expected.y - 1) < 0.05, "\(picker): σy \(sd(dy)) mm, landing model \(expected.y) mm")
        }
        // A slider's thumb offers its track's thickness (44 pt here); a pad's the 44-pt target.
        #expect(Self.environment("rgb-1d-plain").view.controls[0].trackThickness == 44)
        #expect(Self.environment("rgb-2d-plain").view.controls[0].trackThickness == nil)
    }

    /// A person whose finger lands far more loosely than anyone's (σ about 40 pt on
    /// the iPad), so wrong and missed grabs are common.
    static func clumsy(_ i: Int, _ changes: [String: Double] = [:]) -> Participant {
        ColorMatchQuestionTests.person(i, changes.merging(["motor.landing_x_abs_mm2": 60, "motor.landing_y_abs_mm2": 60]) { $1 })
    }

    @Test("a wrong or missed grab is counted and seen; after a wrong one the moved control is dragged back before anything else")
    func grabsCounted() {
        var wrong = 0, missed = 0
        for picker in ["rgb-1d-plain", "hsv-2d-plain", "lab-2d-gradient"] {
            for i in 0..<4 {
                var env = Self.environment(picker)
                var memory = SessionMemory()
                var g = SeededGenerator(seed: UInt64(i), label: "test")
                let o = ColorMatcher(participant: Self.clumsy(i), timeLimit: 60, maxDrags: 80)
                    .match(&env, memory: &memory, device: Self.device, trace: true, using: &g)
                let grabs = o.events.filter { $0.kind == "grab" }
                let w = grabs.filter { $0.detail.contains("\"wrong\"") }
                #expect(w.count == o.wrongGrabs && grabs.count - w.count == o.missedGrabs, "\(picker) person \(i)")
                #expect(o.events.filter { $0.kind == "drag" }.count == o.drags)
                for e in w {
                    let next = o.events.drop { $0 != e }.dropFirst().first { $0.kind == "drag" || $0.kind == "look" }
                    if next?.kind == "drag" { #expect(next!.detail.contains("\"back\"")) }
                }
                wrong += o.wrongGrabs; missed += o.missedGrabs
            }
        }
        #expect(wrong > 0 && missed > 0, "wrong \(wrong), missed \(missed) grabs with a loose finger")
    }

    @Test("what the person sees a drag did: the thumb meant, another, or none", arguments: [false, true])
    func thumbMoved(plane: Bool) {
        var env = Self.environment(plane ? "hsv-2d-plain" : "rgb-1d-plain")
        let before = env.view
        let meant = before.controls[0], other = before.controls[1]
        func seen() -> ThumbMoved {
            let after = env.view
            return ThumbMoved.after(meant: meant.id, before: before.controls.map { ($0.id, $0.thumb) },
                                    after: { id in after.controls.first { $0.id == id }?.thumb })
        }
        #expect(seen() == .nothing)
        let off = Point(other.frame.minX + 0.8 * other.frame.width, other.frame.center.y)
        env.perform(TouchStream(startTime: 0, duration: 0.2) { _ in off })
        #expect(seen() == .other(other.id))
        let on = meant.point(at: SIMD2(0.3, 0.6))
        env.perform(TouchStream(startTime: 0, duration: 0.2) { _ in on })
        #expect(seen() == .meant)
    }

    @Test("every picker's trial ends within its time and drag limits, however loose the finger or sharp the eye", .timeLimit(.minutes(2)))
    func everyTrialEnds() {
        for picker in ColorPickerDesigns.names {
            for (i, changes) in [[:], ColorMatchQuestionTests.perfect].enumerated() {
                for person in [ColorMatchQuestionTests.person(i, changes), Self.clumsy(i, changes)] {
                    var env = Self.environment(picker)
                    var memory = SessionMemory()
                    var g = SeededGenerator(seed: UInt64(i), label: picker)
                    let o = ColorMatcher(participant: person, timeLimit: 60, maxDrags: 80)
                        .match(&env, memory: &memory, device: Self.device, trace: true, using: &g)
                    let looks = o.events.filter { $0.kind == "look" }.count
                    let perLook = 2 * person["perception.eye_movement_s"] + person["perception.cycle_s"]
                    #expect(o.timeToDone <= 60 && o.drags <= 80 + 1 && Double(looks) <= 60 / perLook + 1, "\(picker): \(o.drags) drags, \(looks) looks")
                }
            }
        }
    }
}
