import Foundation
import ImageEngine
@testable import Interaction
import Randomness
import Testing
@testable import UserModels

/// A photo to paint on, as an app without any design shows it: the photo fitted
/// in the screen's bounds, zoomed about a centre; every stroke lightens a disc
/// around each of its points, so that how much of a path has been delivered
/// decides what the render shows.
struct FakeCanvas: PaintingEnvironment {
    let original: Image
    var zoom = 1.0, centre = Point(0.5, 0.5)
    var strokes: [[Point]] = []
    let device = DeviceCatalog.configuration(named: "ipad-9.7-landscape")!

    var aspect: Double { Double(original.width) / Double(original.height) }
    var frame: Rect {
        let v = device.bounds, w = min(v.width, v.height * aspect), h = w / aspect
        return Rect(x: v.center.x - w / 2, y: v.center.y - h / 2, width: w, height: h)
    }
    var screen: Screen {
        Screen(device: device, controls: [Control(id: "lighten", role: .button, frame: Rect(x: 0, y: 0, width: 44, height: 44), label: "Lighten", value: 1)],
               photoFrame: frame)
    }
    func screenPoint(photo p: Point) -> Point {
        frame.center + Vector2((p.x - centre.x) * frame.width * zoom, (p.y - centre.y) * frame.height * zoom)
    }
    func photoPoint(_ s: Point) -> BrushPoint {
        BrushPoint(x: centre.x + (s.x - frame.center.x) / (frame.width * zoom), y: centre.y + (s.y - frame.center.y) / (frame.height * zoom))
    }
    var brushRadius: Double { 0.02 / zoom }
    func render(_ all: [[Point]], proxy: Int) -> Image {
        let brushes = all.map { BrushStroke(kind: .lighten, points: $0.map(photoPoint), radius: brushRadius, strength: 1, hardness: 0.9) }
        return Renderer(threads: 1).render(original.downscaled(toFit: proxy), with: Adjustments(brushes: brushes))
    }
    mutating func photo(proxy: Int) -> Image { render(strokes, proxy: proxy) }
    mutating func photo(proxy: Int, stroking path: [Point]) -> Image { render(strokes + [path], proxy: proxy) }
    mutating func tap(at point: Point, touchDown: Double) {}
    mutating func paint(_ path: [Point], touchDown: Double) { strokes.append(path) }
    mutating func pinch(to zoom: Double, centre: Point, touchDown: Double) { self.zoom = zoom; self.centre = centre }
    mutating func drag(_ id: String, to value: Double) {}
}

@Suite("Painter")
struct PainterTests {
    /// A person whose judgement barely wobbles (the JND far below their threshold).
    func person(cycle: Double = 0.1) -> Participant {
        Population(participants: 1, expertFraction: 0, overrides: [
            "perception.jnd_de00": .fixed(0.1), "perception.satisfied_de00": .fixed(3), "paint.cells": .fixed(12),
            "perception.cycle_s": .fixed(cycle),
        ]).participant(0, seed: 14)
    }

    /// A grey photo at `size` pixels, lightened (the goal) or not in the square
    /// [0.5, 0.53]² of it: a detail about a third of a zoom-1 patch wide.
    func photo(_ size: Int, detail: Bool) -> Image {
        Image(width: size, height: size) { x, y in
            let u = (Double(x) + 0.5) / Double(size), v = (Double(y) + 0.5) / Double(size)
            let inside = detail && u >= 0.5 && u < 0.53 && v >= 0.5 && v < 0.53
            return inside ? SIMD4(0.25, 0.25, 0.25, 1) : SIMD4(0.15, 0.15, 0.15, 1)
        }
    }

    func goal() -> PaintingGoal {
        let larger: @Sendable (Int) -> PaintingGoal = { size in
            PaintingGoal(brush: "Lighten", eraser: "Erase", goal: LabImage(photo(size, detail: true)), original: LabImage(photo(size, detail: false)))
        }
        return PaintingGoal(brush: "Lighten", eraser: "Erase", goal: LabImage(photo(96, detail: true)), original: LabImage(photo(96, detail: false)),
                            larger: larger)
    }

    @Test("perception: zoomed in ×2 on the detail, the look resolves it (a patch to paint); the zoom-1 glance averages it away; deterministic")
    func zoomResolvesDetail() {
        let eye = PaintPerception(participant: person())
        let goal = goal()
        var g = SeededGenerator(seed: 1)
        let whole = eye.look(photo(96, detail: false), goal: goal, using: &g)
        #expect(whole.paint.isEmpty, "at zoom 1 the detail is a ninth of a patch: \(whole.paint.count) patches to paint")
        let visible = PaintPerception.Visible(min: Point(0.25, 0.25), max: Point(0.75, 0.75))
        var g1 = SeededGenerator(seed: 1), g2 = SeededGenerator(seed: 1)
        let zoomed = eye.look(photo(192, detail: false), goal: goal, visible: visible, zoom: 2, using: &g1)
        let again = eye.look(photo(192, detail: false), goal: goal, visible: visible, zoom: 2, using: &g2)
        #expect(!zoomed.paint.isEmpty)
        #expect(zoomed.paint.allSatisfy { $0.centre.x > 0.45 && $0.centre.x < 0.58 && $0.centre.y > 0.45 && $0.centre.y < 0.58 })
        #expect(zoomed.paint == again.paint)
        // Only the visible part is judged: no patch outside it.
        let seen = eye.look(photo(192, detail: true), goal: goal, visible: visible, zoom: 2, using: &g)
        #expect(seen.isDone)
    }

    @Test("the sight: what a pinched-in view shows is the photo part under the view, at the glance size × zoom")
    func sightFollowsZoom() {
        var env = FakeCanvas(original: photo(256, detail: false))
        let painter = Painter(participant: person(), timeLimit: 40, maxGestures: 40)
        let a = env.screenPoint(photo: Point(0, 0)), b = env.screenPoint(photo: Point(1, 1))
        let sight = Painter.Sight(eye: PaintPerception(participant: painter.participant), goal: goal(), fitted: max(b.x - a.x, b.y - a.y))
        env.pinch(to: 2, centre: Point(0.5, 0.5), touchDown: 0)
        let a2 = env.screenPoint(photo: Point(0, 0)), b2 = env.screenPoint(photo: Point(1, 1))
        let v = Painter.Sight.visible(env.frame, a: a2, b: b2)
        #expect(abs(v.min.x - 0.25) < 1e-9 && abs(v.max.x - 0.75) < 1e-9 && abs(v.min.y - 0.25) < 1e-9 && abs(v.max.y - 0.75) < 1e-9)
        var g = SeededGenerator(seed: 3)
        #expect(!sight.look(&env, using: &g).paint.isEmpty, "zoomed in ×2 the unpainted detail shows")
    }

    /// A stroke planned along the photo's middle row and back: the goal is reached halfway.
    func plannedStroke(_ env: FakeCanvas, painter: Painter) -> (points: [Point], duration: Double) {
        let way = [env.screenPoint(photo: Point(0.2, 0.515)), env.screenPoint(photo: Point(0.9, 0.515)), env.screenPoint(photo: Point(0.2, 0.515))]
        var g = SeededGenerator(seed: 5)
        return StrokeMotor(participant: painter.participant).path(through: way, patch: 40, on: env.device, using: &g)
    }

    @Test("a stroke ends early once the goal looks reached mid-stroke: fewer samples delivered, less time than the planned stroke; each look's cycle is charged")
    func strokeEndsEarly() throws {
        var results: [Double: (samples: Int, time: Double, looks: Int)] = [:]
        for cycle in [0.1, 0.3] {
            let painter = Painter(participant: person(cycle: cycle), timeLimit: 40, maxGestures: 40)
            var env = FakeCanvas(original: photo(96, detail: false))
            let a = env.screenPoint(photo: Point(0, 0)), b = env.screenPoint(photo: Point(1, 1))
            // The goal: the photo lightened along the stroke's first leg, as the brush paints it.
            let leg = (0...70).map { env.screenPoint(photo: Point(0.2 + Double($0) / 100, 0.515)) }
            let band = PaintingGoal(brush: "Lighten", eraser: "Erase", goal: LabImage(env.render([leg], proxy: 96)), original: LabImage(photo(96, detail: false)))
            let sight = Painter.Sight(eye: PaintPerception(participant: painter.participant), goal: band, fitted: max(b.x - a.x, b.y - a.y))
            let (path, duration) = plannedStroke(env, painter: painter)
            var g = SeededGenerator(seed: 9)
            let lift = painter.watch(&env, sight: sight, path: path, duration: duration, erasing: false, using: &g)
            #expect(lift.time < duration, "lifted at \(lift.time) s of a \(duration)-s stroke")
            #expect(lift.samples < path.count)
            #expect(lift.looks >= 1)
            // The lift comes one perceptual cycle after the look that saw it done, and
            // looks follow one another a fixation plus a cycle apart.
            let fixation = painter.participant["perception.eye_movement_s"]
            let look = fixation + Double(lift.looks - 1) * (fixation + cycle)
            #expect(abs(lift.time - (look + cycle)) < 1e-9)
            #expect(lift.samples == min(path.count, Int(lift.time * Steerer.rate) + 1))
            // What the look saw painted was delivered: the delivered stroke reaches the goal.
            env.paint(Array(path.prefix(lift.samples)), touchDown: 0)
            var h = SeededGenerator(seed: 2)
            #expect(sight.look(&env, using: &h).paint.isEmpty)
            results[cycle] = lift
        }
        let fast = try #require(results[0.1]), slow = try #require(results[0.3])
        // Looks a slower perceptual cycle apart: fewer of them before the same effect shows.
        #expect(slow.looks < fast.looks, "looks: \(fast.looks) at a 0.1-s cycle, \(slow.looks) at 0.3 s")
    }
}
