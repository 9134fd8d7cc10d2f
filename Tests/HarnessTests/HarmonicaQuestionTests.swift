import Designs
import Foundation
@testable import Harness
import ImageEngine
import Interaction
@testable import Questions
import Reports
import Testing
import UserModels

/// The harmonica question: the pickers' layouts as the number of filters grows,
/// what a tap on them applies, and whole simulated experiments.
@Suite("Harmonica question")
struct HarmonicaQuestionTests {
    let device = DeviceCatalog.configuration(named: "iphone-15-landscape")!
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/photos").path

    func design(_ name: String, _ filters: Int) throws -> FilterPickerDesign {
        try HarmonicaDesigns.make(name, parameters: StrategyParameters(["filters": .number(Double(filters))]))
    }

    @Test("harmonica strips narrow and the photo share falls as filters are added; thumbnails keep their size")
    func stripsShrink() throws {
        var lastWidth = Double.infinity, lastShare = 1.0
        for n in 3...24 {
            let h = try design("harmonica", n), t = try design("thumbnail-strip", n)
            let w = h.harmonicaStripWidth(on: device)
            #expect(w <= lastWidth && h.photoShare(on: device) <= lastShare + 1e-12)
            #expect(Double(n) * w <= h.maxShare * device.safeBounds.width + 1e-9, "the strips never cover more than max_share")
            let strips = h.screen(FilterPickerState(), on: device).controls.filter { $0.role == .thumbnail }
            #expect(strips.count == n && strips.allSatisfy { abs($0.frame.width - w) < 1e-9 })
            #expect(h.looks.count == n && Set(h.looks.map(\.id)).count == n && h.looks[0].id == "bw-1")
            #expect(t.screen(FilterPickerState(), on: device).controls.filter { $0.role == .thumbnail }.allSatisfy { $0.frame.width == 72 })
            #expect(t.photoShare(on: device) == (try design("thumbnail-strip", 3)).photoShare(on: device))
            lastWidth = w; lastShare = h.photoShare(on: device)
        }
        #expect(try design("harmonica", 15).harmonicaStripWidth(on: device) < 44, "15 strips are narrower than a 44 pt target")
        for n in [3, 6, 10, 15] { #expect(try design("harmonica", n).looks.contains { $0.id == "vintage-1" }) }
        #expect(throws: StrategyParameterError.self) { try HarmonicaDesigns.make("harmonica", parameters: StrategyParameters(["filters": .number(6.5)])) }
    }

    @Test("a tap applies the filter under it: a strip's edge belongs to its neighbour; scrolling the strip shows later thumbnails")
    func tapsAndScroll() throws {
        let h = try design("harmonica", 10)
        var state = FilterPickerState()
        let strips = h.screen(state, on: device).controls.filter { $0.role == .thumbnail }
        let tap = { (p: Point) in Gesture.tap(TouchStream(samples: [TouchSample(time: 0, location: p, phase: .down), TouchSample(time: 0.08, location: p, phase: .up)])) }
        h.handle(tap(strips[4].frame.center), &state, on: device)
        #expect(state.effect == h.looks[4].effect && state.applications == 1)
        h.handle(tap(Point(strips[4].frame.maxX + 1, strips[4].frame.center.y)), &state, on: device)
        #expect(state.effect == h.looks[5].effect, "1 pt past a strip is the next strip")

        let t = try design("thumbnail-strip", 15)
        var s = FilterPickerState()
        let before = Set(t.screen(s, on: device).controls.filter { $0.role == .thumbnail }.map(\.id))
        #expect(before.count < 15)
        let column = t.pickerFrame(on: device)
        let drag = Gesture.drag(TouchStream(startTime: 0, duration: 0.3) { u in column.center + Vector2(0, 100 - 200 * u / 0.3) })
        t.handle(drag, &s, on: device)
        let after = Set(t.screen(s, on: device).controls.filter { $0.role == .thumbnail }.map(\.id))
        #expect(s.scrolls == 1 && s.scroll > 0 && !after.subtracting(before).isEmpty)
    }

    func spec(_ strategies: String, goal: String = "{family: vintage, look: 0}") throws -> ExperimentSpec {
        try SpecLoader.parse("""
            name: harmonica-test
            question: harmonica
            seed: 11
            devices: [iphone-15-landscape]
            strategies: \(strategies)
            population: {participants: 12}
            tasks:
              - {id: coffee, photo: \(Self.photos)/coffee.png, goal: \(goal)}
            limits: {time_limit_s: 30, max_attempts: 20}
            metrics: [mis_tap]
            """, file: "harmonica-test.yaml", catalog: .standard)
    }

    @Test("a named filter a strategy does not show is refused when the simulator is made")
    func goalMustBeShown() throws {
        #expect(throws: SpecError.self) { try HarmonicaSimulator(spec: spec("[{design: harmonica, parameters: {filters: 4}}]")) }
    }

    @Test("simulated: 15 harmonica strips are mis-tapped more than 15 thumbnails; the named filter gets applied; any jobs give the same")
    func simulated() throws {
        let s = try spec("[{design: harmonica, label: h, parameters: {filters: 15}}, {design: thumbnail-strip, label: t, parameters: {filters: 15}}]")
        let results = try ExperimentRunner.simulate(spec: s, jobs: 2)
        let values = { (label: String, metric: String) in results.filter { $0.trial.strategy == label }.compactMap { $0.outcome.metrics.first { $0.name == metric }?.value } }
        let mean = { (v: [Double]) in v.reduce(0, +) / Double(max(1, v.count)) }
        #expect(mean(values("h", "mis_tap")) > mean(values("t", "mis_tap")))
        #expect(mean(values("h", "reached_effect")) > 0.8 && mean(values("t", "reached_effect")) > 0.8)
        #expect(mean(values("t", "scrolls")) > 0, "the vintage look sits below the thumbnails first in view")
        let again = try ExperimentRunner.simulate(spec: s, jobs: 1)
        let byKey = { (r: [TrialResult]) in r.sorted { $0.trial.key < $1.trial.key }.map(\.outcome.metrics) }
        #expect(byKey(results) == byKey(again))
    }
}
