import Foundation
import ImageEngine
@testable import Interaction
import Randomness
import Testing
@testable import UserModels

/// One way of deciding (issue 46): what a control shows is evidence for a belief;
/// the planner that turns beliefs into moves does not know where a belief came from.
@Suite("The colour matcher's one planner")
struct ColorPlannerTests {
    static func control(_ id: String, gradient: Bool) -> ColorMatchControl {
        let frame = Rect(x: 100, y: 200, width: 256, height: 44)
        let swatches = gradient ? (0..<32).map { k in
            (position: SIMD2(Double(k) / 31, 0), color: SRGBColor(Double(k) / 31, 0.5, 0.5))
        } : []
        let axis = ColorMatchAxis(label: "Red", direction: Vector2(1, 0), length: 256)
        return ColorMatchControl(id: id, frame: frame, axes: [axis], position: SIMD2(0.3, 0),
                                 thumb: Point(100 + 0.3 * 256, 222), swatches: swatches)
    }

    static let matcher = ColorMatcher(participant: Population(participants: 1).participant(0, seed: 1), timeLimit: 60,
                                      maxDrags: 80)

    @Test("a belief read from a gradient and the same belief from a label plan the same move")
    func gradientIsEvidenceNotAProcess() {
        let effect = SIMD3<Double>(10, 40, 30)
        let error = SIMD3<Double>(2, 9, 6)
        let gradient = Self.matcher.beliefMoves([Self.control("g", gradient: true)],
                                                ["g": [ColorAxisBelief(effect: effect, source: .gradient)]],
                                                error: error)
        let label = Self.matcher.beliefMoves([Self.control("l", gradient: false)],
                                             ["l": [ColorAxisBelief(effect: effect, source: .label)]], error: error)
        #expect(gradient.moves.count == 1 && label.moves.count == 1)
        #expect(gradient.moves[0].delta == label.moves[0].delta)
        #expect(gradient.planLeaves == label.planLeaves)
    }

    @Test("a gradient read around the thumb sees the track's local change, per unit of travel")
    func gradientReadsAroundTheThumb() {
        var quiet = Population(participants: 1).participant(0, seed: 1)
        quiet.values["perception.jnd_de00"] = 1e-9
        let matcher = ColorMatcher(participant: quiet, timeLimit: 60, maxDrags: 80)
        var g = SeededGenerator(seed: 1)
        let c = Self.control("g", gradient: true)
        let read = matcher.gradientEffect(c, axis: 0, perception: ColorPerception(participant: quiet), using: &g)
        // The red channel's whole run, as CIELAB: the read over a stretch is that change per unit of travel.
        let whole = ColorPerception.lab(SRGBColor(1, 0.5, 0.5)) - ColorPerception.lab(SRGBColor(0, 0.5, 0.5))
        #expect(read.x > 0 && read.y > 0)
        #expect(abs((read * read).sum().squareRoot() / (whole * whole).sum().squareRoot() - 1) < 0.35)
    }

    @Test("the gradient_reading ablation leaves a gradient track's colours unread: learned as a plain track's")
    func gradientReadingAblation() {
        let gradient = Self.control("g", gradient: true), plain = Self.control("l", gradient: false)
        #expect(Self.matcher.readsGradient(of: gradient))
        #expect(!Self.matcher.readsGradient(of: plain))
        var population = Population(participants: 1)
        population.ablations = [.gradientReading]
        let ablated = ColorMatcher(participant: population.participant(0, seed: 1), timeLimit: 60, maxDrags: 80)
        #expect(ablated.participant["agent.gradient_read_span"] == 0)
        #expect(!ablated.readsGradient(of: gradient))
    }
}
