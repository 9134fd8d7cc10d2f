import Foundation
import ImageEngine
import Testing
@testable import Designs
@testable import Interaction

@Suite("Colour designs")
struct ColorDesignTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func photo(_ name: String) -> Image {
        try! PNGFile.read(root.appendingPathComponent("Data/photos/\(name).png")).downscaled(toFit: 160)
    }
    let ipad = DeviceCatalog.configuration(named: "ipad-pro-12.9-landscape")!
    let phone = DeviceCatalog.configuration(named: "iphone-15-portrait")!

    /// A drag through `points` (straight segments, equal time each).
    func drag(_ points: [Point], duration: Double = 0.4) -> TouchStream {
        let segments = points.count - 1
        return TouchStream(startTime: 0, duration: duration) { t in
            let u = min(Double(segments) - 1e-9, max(0, t / duration * Double(segments)))
            let i = Int(u), f = u - Double(i)
            return points[i] + (points[i + 1] - points[i]) * f
        }
    }

    func state(_ image: Image) -> ColorState { ColorState(photoAspect: Double(image.width) / Double(image.height)) }

    /// A screen point over a pixel of `image` drawn in `frame`.
    func point(_ x: Int, _ y: Int, _ image: Image, in frame: Rect) -> Point {
        Point(frame.minX + (Double(x) + 0.5) / Double(image.width) * frame.width, frame.minY + (Double(y) + 0.5) / Double(image.height) * frame.height)
    }

    /// The pixel of `image` the engine weighs most in `range`.
    func pixel(_ image: Image, _ range: ColorRange) -> (Int, Int) {
        let k = ColorRange.allCases.firstIndex(of: range)!
        var best = (0, 0), bestW: Float = -1
        for y in 0..<image.height {
            for x in 0..<image.width where ColorRange.weights(image[x, y])[k] > bestW {
                best = (x, y)
                bestW = ColorRange.weights(image[x, y])[k]
            }
        }
        return best
    }

    /// CIELAB hue of a linear pixel, in degrees.
    func hue(_ p: SIMD4<Float>) -> Double {
        ColorScience.lch(ColorScience.lab(linear: SIMD3(Double(p.x), Double(p.y), Double(p.z)))).h
    }

    @Test("on-image: the colour under the finger picks the control, on real photos")
    func regionPicking() {
        let design = OnImageColor()
        // Each range's surest pixel in the photo, checked against the hue windows a
        // person's eye sorts regions by (RegionMasks: foliage 85–165°, skin 20–70°; sky 190–265°,
        // where the engine's sky band is centred bluer: the temple's surest sky pixel is at 271°).
        for (name, range, window, control) in [("china", ColorRange.sky, 190.0...285.0, ColorControl.blueSkies),
                                               ("china", .foliage, 85.0...165.0, .greenery),
                                               ("astronaut", .skin, 20.0...70.0, .skinTones)] {
            let image = Self.photo(name)
            var s = state(image)
            let frame = design.screen(s, on: ipad).photoFrame!
            let (x, y) = pixel(image, range)
            #expect(window.contains(hue(image[x, y])), "\(name) \(range) at (\(x), \(y)): hue \(hue(image[x, y]))")
            let start = point(x, y, image, in: frame)
            design.handle(.drag(drag([start, start + Vector2(60, 0)])), &s, on: ipad, photo: image)
            #expect(s.highlighted == control, "\(name) at (\(x), \(y))")
            for c in ColorControl.allCases { #expect(abs((s.values[c] ?? 0) - (c == control ? 0.3 : 0)) < 1e-6, "\(name): \(c)") }
        }
        // A gray pixel belongs to no range: left–right does nothing there.
        let camera = Self.photo("camera")
        var gray = state(camera)
        let frame = design.screen(gray, on: ipad).photoFrame!
        design.handle(.drag(drag([frame.center, frame.center + Vector2(60, 0)])), &gray, on: ipad, photo: camera)
        #expect(gray.adjustments == Adjustments())
    }

    @Test("on-image: the axis first moved along locks; the perpendicular part of the drag after the lock changes nothing")
    func axisLock() {
        let design = OnImageColor()
        let image = Self.photo("china")
        let frame = design.screen(state(image), on: ipad).photoFrame!
        let (x, y) = pixel(image, .sky)
        let start = point(x, y, image, in: frame)
        var straight = state(image), wobbly = state(image)
        design.handle(.drag(drag([start, start + Vector2(80, 0)])), &straight, on: ipad, photo: image)
        // Right past the lock distance, then a large drift downwards while going on to the right.
        design.handle(.drag(drag([start, start + Vector2(15, 0), start + Vector2(80, 45)])), &wobbly, on: ipad, photo: image)
        #expect(abs(straight.adjustments.blueSkies - wobbly.adjustments.blueSkies) < 1e-6 && wobbly.adjustments.saturation == 0)
        #expect(abs(straight.adjustments.blueSkiesLuminance - wobbly.adjustments.blueSkiesLuminance) < 1e-6)
        #expect(wobbly.values[.saturation] == nil && abs(wobbly.values[.blueSkies]! - 0.4) < 1e-6)
        #expect(wobbly.lastMove?.intended == wobbly.adjustments)
        // Up first: the saturation axis locks and sideways movement is ignored.
        var up = state(image)
        design.handle(.drag(drag([start, start + Vector2(0, -20), start + Vector2(50, -60)])), &up, on: ipad, photo: image)
        #expect(abs(up.values[.saturation]! - 0.3) < 1e-6 && up.values[.blueSkies] == nil)
        // Below the lock distance nothing moves.
        var tiny = state(image)
        design.handle(.drag(drag([start, start + Vector2(6, 5)])), &tiny, on: ipad, photo: image)
        #expect(tiny.adjustments == Adjustments())
    }

    @Test("on-image: both axes hinted until the lock; then the other fades over the fade time, the chosen one after lift-off")
    func hintFade() {
        let design = OnImageColor(lockDistance: 10, fadeDuration: 0.25)
        let touches = drag([Point(100, 100), Point(300, 100)], duration: 0.8)
        let (axis, i) = design.lock(touches)!
        #expect(axis == .horizontal)
        let locked = touches.samples[i].time
        #expect(design.hintOpacity(touches, at: 0) == (1, 1))
        let half = design.hintOpacity(touches, at: locked + 0.125)
        #expect(half.horizontal == 1 && abs(half.vertical - 0.5) < 1e-9)
        #expect(design.hintOpacity(touches, at: locked + 0.3) == (1, 0))
        #expect(design.hintOpacity(touches, at: touches.end.time + 0.3) == (0, 0))
    }

    @Test("two-axis pads: the puck moves freely, so sideways wobble moves the other axis, recorded as not meant")
    func freePad() {
        let design = TwoAxisPads()
        let image = Self.photo("china")
        var s = state(image)
        let pad = design.screen(s, on: ipad).control("blue_skies")!
        #expect(pad.crossAxis == .vertical && pad.thumbCenter == pad.frame.center)
        let start = pad.thumbCenter!
        design.handle(.drag(drag([start, start + Vector2(30, -6)])), &s, on: ipad, photo: image)
        #expect(abs(s.adjustments.blueSkies - 0.5) < 1e-9 && abs(s.adjustments.blueSkiesLuminance - 0.1) < 1e-9)
        #expect(s.lastMove?.along == .horizontal && s.lastMove?.intended.blueSkiesLuminance == 0 && s.lastMove?.intended.blueSkies == s.adjustments.blueSkies)
    }

    @Test("one-axis mapping: more means more of the colour and darker, monotone in the named direction, for any coupling")
    func oneAxisMonotone() {
        for coupling in stride(from: 0.0, through: 1.0, by: 0.05) {
            let m = OneAxisMapping(coupling: coupling)
            var last = m.axes(-1)
            for v in stride(from: -0.99, through: 1.0, by: 0.01) {
                let now = m.axes(v)
                #expect(now.amount > last.amount && now.luminance <= last.luminance, "coupling \(coupling) at \(v)")
                last = now
            }
        }
        // On the pixels: dragging the blue skies slider right makes the temple's sky ever more colourful.
        let image = Self.photo("china")
        let design = OneAxisSliders()
        var previous = -Double.infinity
        for v in stride(from: -1.0, through: 1.0, by: 0.25) {
            let render = Renderer(threads: 1).render(image, with: design.adjustments(at: [0, v, 0, 0]))
            var sum = 0.0, n = 0
            for (i, p) in image.pixels.enumerated() where ColorRange.classify(p) == .sky {
                let q = render.pixels[i]
                let lab = ColorScience.lab(linear: SIMD3(Double(q.x), Double(q.y), Double(q.z)))
                sum += (lab.a * lab.a + lab.b * lab.b).squareRoot(); n += 1
            }
            #expect(n > 100 && sum / Double(n) > previous, "v \(v)")
            previous = sum / Double(n)
        }
    }

    @Test("on a compact-width phone every colour design splits into four buttons that open one control each")
    func compactSplit() {
        let image = Self.photo("china")
        let designs: [any ColorDesign] = [TwoAxisPads(), OneAxisSliders(), OnImageColor()]
        for design in designs {
            var s = state(image)
            let closed = design.screen(s, on: phone)
            #expect(closed.controls.filter { $0.role == .button }.map(\.label) == ["Saturation", "Blue Skies", "Skin Tones", "Greenery"])
            #expect(closed.controls.allSatisfy { $0.role != .slider })
            let button = closed.control("button-skin_tones")!
            design.handle(.tap(TouchStream(samples: [TouchSample(time: 0, location: button.frame.center, phase: .down),
                                                     TouchSample(time: 0.08, location: button.frame.center, phase: .up)])), &s, on: phone, photo: image)
            let open = design.screen(s, on: phone)
            #expect(open.controls.filter { $0.role == .slider }.map(\.id) == ["skin_tones"])
            #expect(open.controls.filter { $0.role == .slider }.allSatisfy { !closed.photoFrame!.intersects($0.frame) })
            let wide = design.screen(s, on: ipad)
            #expect(wide.controls.filter { $0.role == .slider }.count == 4 && wide.controls.allSatisfy { $0.role != .button })
        }
    }
}
