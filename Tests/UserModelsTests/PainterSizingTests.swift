import Foundation
import ImageEngine
@testable import Interaction
import Randomness
import Testing
@testable import UserModels

/// A canvas whose brush is sized by a slider `label`led as the app labels it; the
/// brush's radius grows linearly with the slider's value.
struct SliderCanvas: PaintingEnvironment {
    var base = FakeCanvas(original: Image(width: 8, height: 8))
    var label: String?
    var value = 0.1
    var aspect: Double { base.aspect }
    var screen: Screen {
        var s = base.screen
        s.controls.append(
            Control(
                id: "size", role: .slider, frame: Rect(x: 100, y: 700, width: 240, height: 32), label: label,
                value: value, axis: .horizontal))
        return s
    }
    var brushRadius: Double { 0.005 + 0.1 * value }
    func screenPoint(photo p: Point) -> Point { base.screenPoint(photo: p) }
    mutating func photo(proxy: Int) -> Image { base.photo(proxy: proxy) }
    mutating func photo(proxy: Int, stroking path: [Point]) -> Image { base.photo(proxy: proxy, stroking: path) }
    mutating func tap(at point: Point, touchDown: Double) {}
    mutating func paint(_ path: [Point], touchDown: Double) {}
    mutating func pinch(to zoom: Double, centre: Point, touchDown: Double) {}
    mutating func drag(_ id: String, to value: Double) { if id == "size" { self.value = value } }
}

/// A size slider is used when its label names a size, dragged while the person watches the brush: the
/// drag ends within its tolerance of the size wanted and takes the Fitts drag law's time.
@Suite("Painter's size slider")
struct PainterSizingTests {
    var person: Participant { Population(participants: 1, expertFraction: 0).participant(0, seed: 21) }

    @Test("a slider's label is read: 'Size' and 'Brush radius' name a size, 'Opacity' and none do not")
    func labels() {
        #expect(Lexicon.namesSize("Size") && Lexicon.namesSize("Brush radius") && Lexicon.namesSize("width"))
        #expect(!Lexicon.namesSize("Opacity") && !Lexicon.namesSize(nil) && !Lexicon.namesSize("Sizeable"))
    }

    @Test("the drag ends where the brush is about the size wanted, and costs a reach and a drag")
    func dragsToTheWantedSize() {
        let painter = Painter(participant: person, timeLimit: 60, maxGestures: 10)
        var misses: [Double] = []
        for seed in 0..<40 {
            var env = SliderCanvas(label: "Size")
            var clock = 0.0, log = TraceLog(enabled: false), g = SeededGenerator(seed: UInt64(seed))
            let slider = env.screen.controls.last!
            // Wanted: the radius the slider gives at 0.6.
            painter.setSize(
                slider, value: env.value, wanted: 0.065, &env, clock: &clock, finger: Point(200, 400), log: &log,
                using: &g)
            misses.append(abs(env.brushRadius - 0.065) / 0.065)
            #expect(clock > person["perception.cycle_s"])
        }
        // Aimed within the slack, scattered by the drag's effective width: mostly close.
        let close = misses.filter { $0 <= Painter.sizeSlack - 1 }.count
        #expect(close >= 30, "\(misses)")
    }

    @Test("a brush already about the size wanted is left alone")
    func leavesARightSize() {
        let painter = Painter(participant: person, timeLimit: 60, maxGestures: 10)
        var env = SliderCanvas(label: "Size", value: 0.6)
        var clock = 0.0, log = TraceLog(enabled: false), g = SeededGenerator(seed: 1)
        painter.setSize(
            env.screen.controls.last!, value: 0.6, wanted: 0.065, &env, clock: &clock, finger: Point(0, 0),
            log: &log, using: &g)
        #expect(env.value == 0.6 && clock == 0)
    }
}
