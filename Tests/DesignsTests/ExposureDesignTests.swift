import Foundation
import ImageEngine
import Testing
@testable import Designs
@testable import Interaction

@Suite("Exposure designs")
struct ExposureDesignTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func photo(_ name: String) -> Image {
        try! PNGFile.read(root.appendingPathComponent("Data/photos/\(name).png")).downscaled(toFit: 160)
    }
    let ipad = DeviceCatalog.configuration(named: "ipad-pro-12.9-landscape")!
    let phone = DeviceCatalog.configuration(named: "iphone-15-portrait")!

    func drag(_ from: Point, by delta: Vector2) -> Gesture {
        .drag(TouchStream(startTime: 0, duration: 0.3) { from + delta * ($0 / 0.3) })
    }

    func prepared(_ design: any ExposureDesign, _ image: Image) -> ExposureState {
        var s = ExposureState(original: image)
        design.prepare(&s)
        return s
    }

    @Test("the exposure control's end knobs start at the photo's histogram ends")
    func knobsStartAtHistogramEnds() {
        for name in ["china", "rocket", "hubble"] {
            let image = Self.photo(name)
            let state = prepared(ExposureControl(), image)
            let ends = Histogram(of: image).endpoints
            #expect(state.knobs["darks"] == ends.low && state.knobs["lights"] == ends.high, "\(name)")
            let screen = ExposureControl().screen(state, on: ipad)
            #expect(abs(screen.control("darks")!.thumbCenter!.x - (screen.control("darks")!.frame.minX + ends.low * screen.control("darks")!.frame.width)) < 1e-9)
        }
        // The dusk launch's lights stay below 100% at the robust percentile, so its right knob starts inside.
        let rocket = prepared(ExposureControl(), Self.photo("rocket"))
        #expect(rocket.knobs["lights"]! < 0.9)
    }

    @Test("left knob: left is black level, right is shadow recovery; the end zone glows red only when it really clips")
    func leftKnob() {
        let design = ExposureControl()
        let image = Self.photo("china")
        var state = prepared(design, image)
        let track = design.screen(state, on: ipad).control("darks")!
        #expect(track.warning == nil)
        design.handle(drag(track.thumbCenter!, by: Vector2(60, 0)), &state, on: ipad, photo: image)
        #expect(state.adjustments.shadows > 0 && state.adjustments.blackLevel == 0)
        var dark = prepared(design, image)
        design.handle(drag(track.thumbCenter!, by: Vector2(-track.frame.width, 0)), &dark, on: ipad, photo: image)
        #expect(dark.adjustments.blackLevel > 0.9 && dark.adjustments.shadows == 0)
        dark.clipping = Clipping(of: Renderer(threads: 1).render(image, with: dark.adjustments))
        #expect(dark.clipsShadows)
        #expect(design.screen(dark, on: ipad).control("darks")!.warning == "clipping")
    }

    @Test("on a compact-width phone the control splits into three buttons that open overlays")
    func compactSplit() {
        let design = ExposureControl()
        let image = Self.photo("rocket")
        var state = prepared(design, image)
        let closed = design.screen(state, on: phone)
        #expect(closed.controls.filter { $0.role == .button }.map(\.label) == ["Highlights & Shadows", "Brightness", "Contrast"])
        #expect(closed.controls.allSatisfy { $0.role != .knob })
        let button = closed.control("button-brightness")!
        design.handle(.tap(TouchStream(samples: [TouchSample(time: 0, location: button.frame.center, phase: .down),
                                                 TouchSample(time: 0.08, location: button.frame.center, phase: .up)])), &state, on: phone, photo: image)
        #expect(design.screen(state, on: phone).controls.filter { $0.role == .knob }.map(\.id) == ["brightness"])
        #expect(design.screen(state, on: ipad).controls.filter { $0.role == .knob }.count == 5)
    }

    @Test("on-image: what the finger lands on decides the adjustment")
    func onImage() {
        let design = OnImage()
        let image = Self.photo("rocket")
        var state = prepared(design, image)
        let frame = design.screen(state, on: ipad).photoFrame!
        // The rocket photo's darkest and brightest pixels, in screen points.
        var darkest = (0, 0, Float.infinity), brightest = (0, 0, -Float.infinity)
        for y in 0..<image.height { for x in 0..<image.width {
            let p = image[x, y]; let l = 0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z
            if l < darkest.2 { darkest = (x, y, l) }
            if l > brightest.2 { brightest = (x, y, l) }
        } }
        func point(_ p: (Int, Int, Float)) -> Point {
            Point(frame.minX + (Double(p.0) + 0.5) / Double(image.width) * frame.width, frame.minY + (Double(p.1) + 0.5) / Double(image.height) * frame.height)
        }
        design.handle(drag(point(darkest), by: Vector2(0, -100)), &state, on: ipad, photo: image)
        #expect(state.adjustments.shadows > 0.4 && state.adjustments.highlights == 0)
        design.handle(drag(point(brightest), by: Vector2(0, 100)), &state, on: ipad, photo: image)
        #expect(state.adjustments.highlights > 0.4)
        #expect(design.screen(state, on: ipad).controls[0].visibleAffordance == false)
    }

    @Test("six sliders move only when grabbed by the thumb; histogram zones show no affordance")
    func slidersAndZones() {
        let image = Self.photo("chelsea")
        var state = ExposureState(original: image)
        let sliders = SixSliders().screen(state, on: ipad)
        #expect(sliders.controls.map(\.label) == ["Black Level", "Shadows", "Brightness", "Contrast", "Highlights", "White Level"])
        let shadows = sliders.control("shadows")!
        SixSliders().handle(drag(Point(shadows.frame.minX + 5, shadows.frame.center.y), by: Vector2(100, 0)), &state, on: ipad, photo: image)
        #expect(state.adjustments.shadows == 0)
        SixSliders().handle(drag(shadows.thumbCenter!, by: Vector2(shadows.frame.width / 4, 0)), &state, on: ipad, photo: image)
        #expect(abs(state.adjustments.shadows - 0.5) < 1e-9)
        // The darks zone runs one axis through black level and shadows: what goes down comes back up.
        var h = ExposureState(original: image)
        let darks = HistogramTouch(placement: .side).screen(h, on: ipad).control("darks")!
        HistogramTouch(placement: .side).handle(drag(darks.frame.center, by: Vector2(0, 100)), &h, on: ipad, photo: image)
        #expect(h.adjustments.blackLevel > 0.4 && h.adjustments.shadows == 0)
        HistogramTouch(placement: .side).handle(drag(darks.frame.center, by: Vector2(0, -200)), &h, on: ipad, photo: image)
        #expect(h.adjustments.blackLevel == 0 && h.adjustments.shadows > 0.4)
        let zones = HistogramTouch(placement: .side).screen(state, on: ipad)
        #expect(zones.controls.count == 5 && zones.controls.allSatisfy { !$0.visibleAffordance && $0.role == .zone })
        let bottom = HistogramTouch(placement: .bottom).screen(state, on: ipad)
        #expect(bottom.photoShare > zones.photoShare)
    }
}
