import ImageEngine
import Testing
@testable import Designs
@testable import Interaction

@Suite("Effects designs")
struct EffectsDesignTests {
    let ipad = DeviceCatalog.configuration(named: "ipad-pro-12.9-landscape")!
    let phone = DeviceCatalog.configuration(named: "iphone-15-portrait")!

    func tap(_ p: Point) -> Gesture {
        .tap(TouchStream(samples: [TouchSample(time: 0, location: p, phase: .down), TouchSample(time: 0.08, location: p, phase: .up)]))
    }
    func drag(_ from: Point, by d: Vector2, duration: Double = 0.6) -> Gesture {
        .drag(TouchStream(startTime: 0, duration: duration) { from + d * MinimumJerkLike.progress($0 / duration) })
    }

    @Test("the grid shows about six of the 24 effects; scrolling shows the rest")
    func grid() {
        let design = EffectsDesign(browser: .grid, refiner: .oneSwipe)
        for device in [ipad, phone] {
            var state = EffectsState(photoAspect: 1.5)
            let first = design.screen(state, on: device).controls.filter { $0.role == .thumbnail }
            #expect(first.count == 6, "\(device.name)")
            #expect(first.map(\.id) == EffectCatalog.all.prefix(6).map { "effect-\($0.id)" })
            let grid = design.screen(state, on: device).control("grid")!
            design.handle(drag(grid.frame.center, by: Vector2(0, -grid.frame.height * 0.5)), &state, on: device)
            let after = design.screen(state, on: device).controls.filter { $0.role == .thumbnail }.map(\.id)
            #expect(state.scrolls == 1 && !after.isEmpty && after != first.map(\.id))
        }
    }

    @Test("the swatch book shows every family, named; a tapped card becomes the control")
    func swatchBook() {
        let design = EffectsDesign(browser: .swatchBook, refiner: .oneSwipe)
        var state = EffectsState(photoAspect: 1.5)
        let cards = design.screen(state, on: phone).controls.filter { $0.role == .thumbnail }
        #expect(cards.map(\.label) == EffectFamily.allCases.map(\.displayName))
        #expect(cards.allSatisfy { $0.frame.width >= 44 })
        let aura = cards.first { $0.label == "Aura" }!
        design.handle(tap(Point(aura.frame.minX + 10, aura.frame.center.y)), &state, on: phone)
        #expect(!state.browsing && state.effect?.family == .aura && state.cardsOpened == 1)
        let swipe = design.screen(state, on: phone).control("swipe")!
        let before = state.effect!.position
        design.handle(drag(swipe.thumbCenter!, by: Vector2(swipe.frame.width * 0.2, 0)), &state, on: phone)
        #expect(abs(state.effect!.position - min(1, before + 0.2)) < 1e-9)
    }

    @Test("three sliders keep the black & white mix at 100%")
    func threeSliders() {
        let design = EffectsDesign(browser: .grid, refiner: .threeSliders)
        var state = EffectsState(photoAspect: 1.5)
        let first = design.screen(state, on: ipad).controls.first { $0.id == "effect-bw-1" }!
        design.handle(tap(first.frame.center), &state, on: ipad)
        let red = design.screen(state, on: ipad).control("red")!
        design.handle(drag(red.thumbCenter!, by: Vector2(red.frame.width * 0.3, 0)), &state, on: ipad)
        #expect(abs(state.mix.red + state.mix.green + state.mix.blue - 100) < 1e-9)
        #expect(state.mix.red > 50 && state.effect?.mix != nil)
    }

    @Test("effects map back to their place in the catalogue")
    func catalogIndex() {
        for (i, e) in EffectCatalog.all.enumerated() { #expect(EffectsDesign.catalogIndex(e.effect) == i) }
    }
}

/// Minimum-jerk progress, for test gestures (Designs may not import UserModels).
enum MinimumJerkLike {
    static func progress(_ t: Double) -> Double { let x = min(max(t, 0), 1); return x * x * x * (10 + x * (-15 + 6 * x)) }
}
