import Designs
import ImageEngine
import Interaction
import Testing

/// The classic picker screens: their layout per model and dimension, what a
/// drag does, and gradient tracks that show exactly the colour each position
/// would give (updated live).
@Suite("Colour picker screens")
struct ColorPickerScreenTests {
    static let target = SRGBColor(0.8, 0.3, 0.2)
    static let start = SRGBColor(0.5, 0.5, 0.5)
    static var all: [(PickerModel, Int)] { PickerModel.allCases.flatMap { m in [1, 2].map { (m, $0) } } }

    func screen(_ m: PickerModel, _ d: Int, _ f: PickerFeedback = .gradient, start: SRGBColor = start) -> ColorPickerScreen {
        ColorPickerScreen(model: m, dimension: d, feedback: f, target: Self.target, start: start, track: 256, width: 768, gradientSteps: 16)
    }

    /// A straight drag from `a` to `b` (120 Hz samples).
    func drag(_ a: Point, _ b: Point) -> TouchStream {
        TouchStream(startTime: 0, duration: 0.3) { t in a + (b - a) * (t / 0.3) }
    }

    func close(_ a: SRGBColor, _ b: SRGBColor, _ tol: Double = 1e-9) -> Bool {
        abs(a.r - b.r) <= tol && abs(a.g - b.g) <= tol && abs(a.b - b.b) <= tol
    }

    @Test("1-D: three sliders, one per axis in order, with the model's labels; 2-D: a plane for two axes and a slider for the third")
    func layout() {
        for (m, d) in Self.all {
            let s = screen(m, d)
            let covered = s.controls.flatMap(\.axes).sorted()
            #expect(covered == [0, 1, 2], "\(m) \(d)-D covers every axis once")
            #expect(s.controls.count == (d == 1 ? 3 : 2))
            #expect(s.controls.filter(\.isPlane).count == (d == 2 ? 1 : 0))
            for c in s.controls {
                #expect(c.labels == c.axes.map { m.axes[$0].label })
                #expect(c.frame.minX >= 0 && c.frame.maxX <= 768)
                #expect(!c.frame.intersects(s.targetPatch) && !c.frame.intersects(s.currentPatch))
                for o in s.controls where o.id != c.id { #expect(!c.frame.intersects(o.frame), "\(c.id) and \(o.id) overlap") }
            }
            #expect(close(s.current, Self.start, 1e-6), "the picker starts at the start colour")
        }
    }

    @Test("a gradient swatch shows exactly the colour the picker gives after dragging the thumb to it, on every model and layout")
    func gradientsAreWhatTheControlGives() {
        for (m, d) in Self.all {
            var s = screen(m, d, start: SRGBColor(0.3, 0.6, 0.4))
            for c in s.controls {
                let swatches = s.gradient(of: c)
                #expect(swatches.count == (c.isPlane ? 16 * 16 : 16))
                for sw in swatches.enumerated().filter({ $0.offset % 7 == 0 }).map(\.element) {
                    var moved = s
                    let to = c.isPlane ? Point(c.frame.minX + sw.position.x * c.frame.width, c.frame.maxY - sw.position.y * c.frame.height)
                                       : Point(c.frame.minX + sw.position.x * c.frame.width, c.frame.center.y)
                    #expect(moved.respond(to: drag(s.thumb(of: c), to))?.id == c.id)
                    #expect(close(moved.current, sw.color, 1e-6), "\(m) \(d)-D \(c.id) at \(sw.position)")
                }
            }
            // Live: after one control moves, the others' tracks show colours around the new current colour.
            let first = s.controls[0], other = s.controls[1]
            s.respond(to: drag(s.thumb(of: first), Point(first.frame.minX + 0.9 * first.frame.width, s.thumb(of: first).y)))
            let here = s.position(of: other)
            let nearest = s.gradient(of: other).min { (($0.position - here) * ($0.position - here)).sum() < (($1.position - here) * ($1.position - here)).sum() }!
            let exact = m.color(s.values(with: other, at: nearest.position)).color
            #expect(close(nearest.color, exact, 1e-12))
        }
    }

    @Test("plain tracks show no colours; a touch off every control changes nothing; the thumb follows the finger to where it lifts")
    func plainAndTouches() {
        for (m, d) in Self.all {
            var s = screen(m, d, .plain)
            #expect(s.controls.allSatisfy { s.gradient(of: $0).isEmpty })
            let before = s.values
            #expect(s.respond(to: drag(Point(5, 5), Point(300, 5))) == nil)
            #expect(s.values == before)
            let slider = s.controls.last!
            let to = Point(slider.frame.minX + 0.25 * slider.frame.width, slider.frame.center.y)
            s.respond(to: drag(s.thumb(of: slider), to))
            #expect(abs(s.position(of: slider).x - 0.25) < 1e-9)
            // Past the end of the track the value stops at the end.
            s.respond(to: drag(s.thumb(of: slider), Point(slider.frame.maxX + 200, slider.frame.center.y)))
            #expect(s.position(of: slider).x == 1)
        }
    }

    @Test("a 2-D pad takes any touch inside it and jumps its thumb there; a slider takes touches within its margin; elsewhere nothing moves")
    func whatATouchGrabs() {
        for m in PickerModel.allCases {
            var s = screen(m, 2, .plain)
            let plane = s.controls[0], slider = s.controls[1], f = plane.frame
            let slid = s.position(of: slider)
            for (u, v) in [(0.1, 0.9), (0.73, 0.2), (0.5, 0.5)] {
                let touch = Point(f.minX + u * f.width, f.minY + v * f.height)
                #expect(s.respond(to: drag(touch, touch))?.id == plane.id)
                #expect(s.thumb(of: plane).distance(to: touch) < 1e-9, "\(m): the pad's thumb did not jump to the touch")
                #expect(s.position(of: slider) == slid)
            }
            // Just outside the pad: no margin, so nothing is grabbed.
            let before = s.values
            #expect(s.respond(to: drag(Point(f.minX - 1, f.center.y), Point(f.center.x, f.center.y))) == nil)
            #expect(s.respond(to: drag(Point(f.center.x, f.maxY + 1), Point(f.center.x, f.center.y))) == nil)
            #expect(s.values == before)
            // Within the slider's margin above its frame: the slider is grabbed, not the pad.
            let edge = Point(slider.frame.minX + 0.3 * slider.frame.width, slider.frame.minY - s.grabMargin + 1)
            #expect(s.respond(to: drag(edge, edge))?.id == slider.id)
            #expect(abs(s.position(of: slider).x - 0.3) < 1e-9)
        }
    }

    @Test("strategy names: all 20 pickers parse; unknown names and parameters are errors naming the field")
    func names() throws {
        #expect(ColorPickerDesigns.names.count == 20)
        for n in ColorPickerDesigns.names { _ = try ColorPickerDesigns.make(n, parameters: StrategyParameters()) }
        #expect(throws: StrategyParameterError.self) { try ColorPickerDesigns.make("cmyk-1d-plain", parameters: StrategyParameters()) }
        #expect(throws: StrategyParameterError.self) { try ColorPickerDesigns.make("rgb-3d-plain", parameters: StrategyParameters()) }
        #expect(throws: StrategyParameterError.self) { try ColorPickerDesigns.make("rgb-1d-plain", parameters: StrategyParameters(["track_pt": .number(20)])) }
        #expect(throws: StrategyParameterError.self) { try ColorPickerDesigns.make("rgb-1d-plain", parameters: StrategyParameters(["tracks": .number(200)])) }
        let d = try ColorPickerDesigns.make("lab-2d-gradient", parameters: StrategyParameters(["track_pt": .number(300)]))
        #expect(d.model == .lab && d.dimension == 2 && d.feedback == .gradient && d.track == 300)
    }
}
