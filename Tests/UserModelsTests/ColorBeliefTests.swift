import Foundation
import ImageEngine
@testable import Interaction
import Randomness
import Testing
@testable import UserModels

/// A colour picker no design in the harness has, with labels the person's lexicon
/// does not know: dial 1 turns the hue round the circle, dial 2 sets the chroma
/// (0 at its low end: grey), dial 3 the lightness. Starting at grey, dial 1 does
/// nothing until dial 2 has moved — the situation of a hue slider at grey, without
/// the word "hue" or any HSV arithmetic.
struct DialPicker: ColorMatchEnvironment {
    var target: SRGBColor
    var u = SIMD3<Double>(0.5, 0, 0.5)
    static let frames = (0..<3).map { Rect(x: 256, y: 220 + 80 * Double($0), width: 256, height: 44) }

    static func color(_ u: SIMD3<Double>) -> SRGBColor {
        let h = u.x * 2 * .pi, c = 45 * u.y
        let x = ColorScience.srgb(Lab(25 + 55 * u.z, c * cos(h), c * sin(h)))
        func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
        return SRGBColor(clamp(x.r), clamp(x.g), clamp(x.b))
    }

    var view: ColorMatchView {
        let controls = (0..<3).map { k in
            let f = Self.frames[k]
            return ColorMatchControl(id: "dial-\(k + 1)", frame: f, axes: [ColorMatchAxis(label: "Dial \(k + 1)", direction: Vector2(1, 0), length: f.width)],
                                     position: SIMD2(u[k], 0), thumb: Point(f.minX + u[k] * f.width, f.center.y), swatches: [])
        }
        return ColorMatchView(target: target, current: Self.color(u), controls: controls)
    }

    mutating func perform(_ drag: TouchStream) {
        let s = drag.start.location, e = drag.end.location
        guard let k = Self.frames.firstIndex(where: { s.x >= $0.minX - 12 && s.x <= $0.maxX + 12 && s.y >= $0.minY - 12 && s.y <= $0.maxY + 12 }) else { return }
        u[k] = min(1, max(0, (e.x - Self.frames[k].minX) / Self.frames[k].width))
    }
}

@Suite("What a person believes a colour axis does")
struct ColorBeliefTests {
    static let device = DeviceCatalog.configuration(named: "ipad-9.7-portrait")!

    @Test("a belief formed far from the current colour is doubted; near it, it stands")
    func context() {
        let grey = SIMD3<Double>(50, 0, 0)
        let b = ColorAxisBelief(effect: SIMD3(0, 1, 0), source: .tried, anchor: grey)
        #expect(!b.isFormed(farFrom: SIMD3(52, 1, 0), by: 10))
        #expect(b.isFormed(farFrom: SIMD3(50, 30, 10), by: 10))
        #expect(!ColorAxisBelief(effect: .zero, source: .tried).isFormed(farFrom: SIMD3(50, 30, 10), by: 10))
        // A doubted axis takes its next lesson whole and is anchored where it was learned.
        var beliefs = [ColorAxisBelief(effect: SIMD3(0, 10, 0), source: .doubted, anchor: grey)]
        ColorMappingLearning.learn(&beliefs, moved: SIMD2(0.5, 0), seen: SIMD3(0, 0, 20), rate: 0.5, at: SIMD3(50, 0, 20))
        #expect(abs(beliefs[0].effect.y) < 1e-9 && abs(beliefs[0].effect.z - 40) < 1e-9)
        #expect(beliefs[0].source == .tried && beliefs[0].anchor == SIMD3(50, 0, 20))
    }

    /// The assumed ones are screened with their groups; the finest drag aim comes from Bérard & Rochet-Capellan.
    @Test("the colour-matching person's constants are in the catalogue; the aim scatter says it serves pads too")
    func catalogued() {
        for path in ["agent.belief_context_de00", "motor.drag_aim_coarse_pt",
                     "cognition.swatch_compare_s", "agent.gradient_read_span"] {
            guard let d = ParameterCatalog.definition(path) else { Issue.record("\(path) is not catalogued"); continue }
            #expect(d.source.lowercased().hasPrefix("assumption"), "\(path): \(d.source)")
            #expect(ParameterGroups.all.contains { $0.paths.contains(path) }, "\(path) is in no screened group")
            #expect(d.allowed.contains(d.novice.typical))
        }
        let fine = ParameterCatalog.definition("motor.drag_aim_fine_pt")!
        #expect(fine.source.hasPrefix("Bérard & Rochet-Capellan 2012"))
        #expect(!ParameterGroups.all.contains { $0.paths.contains(fine.path) })
        #expect(fine.novice.typical < ParameterCatalog.definition("motor.drag_aim_coarse_pt")!.novice.typical)
        #expect(ParameterCatalog.definition("motor.aim_sd_deg")!.meaning.contains("pad"))
    }

    /// Mean true final ΔE00 over people and targets on the dial picker, each person's session carrying what they learned.
    static func meanFinal(_ changes: [String: Double]) -> Double {
        var total = 0.0, n = 0.0
        for i in 0..<12 {
            var p = Population(participants: 100).participant(i, seed: 7)
            for (k, v) in changes { p.values[k] = v }
            var memory = SessionMemory()
            for (j, hue) in [0.1, 0.45, 0.8].enumerated() {
                let target = DialPicker.color(SIMD3(hue, 0.7, 0.55))
                var env = DialPicker(target: target)
                var g = SeededGenerator(seed: UInt64(100 * i + j))
                _ = ColorMatcher(participant: p, timeLimit: 60, maxDrags: 80).match(&env, memory: &memory, device: device, trace: false, using: &g)
                total += ColorScience.deltaE2000(ColorScience.lab(env.view.current), ColorScience.lab(target))
                n += 1
            }
        }
        return total / n
    }

    @Test("starting at grey, where one dial does nothing until another moves, a person who re-tests beliefs once the colour has moved gets closer than one who never does")
    func regrounding() {
        let retests = Self.meanFinal([:])
        let never = Self.meanFinal(["agent.belief_context_de00": 200])
        // With the old belief (one slope per axis, never re-tested) the two are the same person: not less.
        #expect(retests < never, "mean final ΔE00: re-testing \(retests), never re-testing \(never)")
    }
}
