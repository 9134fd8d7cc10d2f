import ImageEngine
import PropertyBased
import Testing
@testable import Designs
import Interaction

/// The talk's iPhone-portrait exposure iteration (the control split into three
/// buttons that open overlays) and the counterfactual it rejects (the iPad
/// control crammed onto the phone). Property tests live here, where the
/// property-testing package is a dependency.
@Suite("Exposure control: split overlays and the crammed control")
struct ExposureSplitTests {
    let ipad = DeviceCatalog.configuration(named: "ipad-pro-12.9-landscape")!
    let phone = DeviceCatalog.configuration(named: "iphone-15-portrait")!
    let split = ExposureControl()
    let crammed = ExposureControl(splitsOnCompactWidth: false)

    /// The adjustments each overlay's knobs may set.
    static var owned: [String: [WritableKeyPath<Adjustments, Double>]] { [
        "ends": [\.blackLevel, \.shadows, \.highlights, \.whiteLevel],
        "brightness": [\.brightness],
        "contrast": [\.contrast],
    ] }
    static var all: [WritableKeyPath<Adjustments, Double>] { [\.blackLevel, \.shadows, \.brightness, \.contrast, \.highlights, \.whiteLevel] }

    func state(low: Double = 0.05, high: Double = 0.95) -> ExposureState {
        var s = ExposureState(photoAspect: ExposureScreens.photoAspect, endpoints: (low, high))
        split.prepare(&s)
        return s
    }

    func tap(_ p: Point) -> Gesture {
        .tap(TouchStream(samples: [TouchSample(time: 0, location: p, phase: .down), TouchSample(time: 0.08, location: p, phase: .up)]))
    }

    func drag(_ from: Point, by dx: Double) -> Gesture {
        .drag(TouchStream(startTime: 0, duration: 0.3) { from + Vector2(dx, 0) * ($0 / 0.3) })
    }

    func knobs(_ s: ExposureState, _ design: ExposureControl, on device: DeviceConfiguration) -> [String] {
        design.screen(s, on: device).controls.filter { $0.role == .knob }.map(\.id)
    }

    @Test("any sequence of button taps: a tap opens that button's overlay above the buttons, the same button again closes it, another switches")
    func tapsOpenCloseSwitch() async {
        await propertyCheck(count: 100, input: Gen.int(in: 0...2).array(of: 1...8)) { taps in
            var s = state()
            var expected: String? = nil
            for i in taps {
                let group = ExposureControl.groups[i]
                let button = split.screen(s, on: phone).control("button-\(group.button)")!
                split.handle(tap(button.frame.center), &s, on: phone, photo: Image(width: 1, height: 1))
                expected = expected == group.button ? nil : group.button
                #expect(s.openOverlay == expected)
                let screen = split.screen(s, on: phone)
                let shown = ExposureControl.groups.first { $0.button == expected }?.knobs ?? []
                #expect(screen.controls.filter { $0.role == .knob }.map(\.id) == shown)
                // The overlay comes up above the buttons, the open button marked selected.
                for k in screen.controls where k.role == .knob { #expect(k.frame.maxY <= button.frame.minY) }
                #expect(screen.controls.filter { $0.warning == "selected" }.map(\.id) == (expected.map { ["button-\($0)"] } ?? []))
            }
            // Opening and closing overlays never adjusts the photo.
            #expect(s.adjustments == Adjustments())
        }
    }

    @Test("an overlay's knobs change only that overlay's adjustments, and exactly as the same knobs do on the iPad control")
    func overlayChangesOnlyItsParameters() async {
        await propertyCheck(count: 150, input: Gen.int(in: 0...2), Gen.int(in: 0...1), Gen.double(in: -300...300),
                            Gen.double(in: 0.02...0.3), Gen.double(in: 0.7...0.98)) { g, k, dx, low, high in
            let group = ExposureControl.groups[g]
            var s = state(low: low, high: high)
            s.openOverlay = group.button
            let id = group.knobs[min(k, group.knobs.count - 1)]
            let knob = split.screen(s, on: phone).control(id)!
            split.handle(drag(knob.thumbCenter!, by: dx), &s, on: phone, photo: Image(width: 1, height: 1))
            for path in Self.all where !Self.owned[group.button]!.contains(path) {
                #expect(s.adjustments[keyPath: path] == 0, "\(id) moved by \(dx) changed another overlay's adjustment")
            }
            // The same knob moved by the same share of the track on the iPad sets the same values: experts' knowledge of what it does transfers.
            var pad = state(low: low, high: high)
            let padKnob = split.screen(pad, on: ipad).control(id)!
            split.handle(drag(padKnob.thumbCenter!, by: dx / knob.frame.width * padKnob.frame.width), &pad, on: ipad, photo: Image(width: 1, height: 1))
            for path in Self.all { #expect(abs(pad.adjustments[keyPath: path] - s.adjustments[keyPath: path]) < 1e-9) }
        }
    }

    @Test("with no overlay open, a drag on the panel moves nothing")
    func closedPanelIgnoresDrags() {
        var s = state()
        let screen = split.screen(s, on: phone)
        let panelPoint = Point(screen.device.bounds.center.x, screen.control("button-brightness")!.frame.minY - 30)
        split.handle(drag(panelPoint, by: 80), &s, on: phone, photo: Image(width: 1, height: 1))
        #expect(s.adjustments == Adjustments())
    }

    @Test("the crammed control: all five knobs on the phone's width, no buttons, a photo no smaller; on the iPad it is the exposure control")
    func crammedControl() {
        let s = state()
        let phoneScreen = crammed.screen(s, on: phone)
        #expect(phoneScreen.controls.allSatisfy { $0.role == .knob })
        #expect(knobs(s, crammed, on: phone) == ExposureControl.knobIDs)
        let track = phoneScreen.control("brightness")!.frame
        #expect(abs(track.width - (phone.safeBounds.width - 48)) < 1e-9)
        #expect(phoneScreen.photoShare >= split.screen(s, on: phone).photoShare)
        // The same knobs, closer together: the track is the phone's width, not the iPad's 640 pt.
        let padTrack = crammed.screen(s, on: ipad).control("brightness")!.frame
        #expect(padTrack.width == 640 && track.width < padTrack.width * 0.6)
        #expect(crammed.screen(s, on: ipad) == split.screen(s, on: ipad))
        var tapped = s
        crammed.handle(tap(phoneScreen.control("brightness")!.thumbCenter!), &tapped, on: phone, photo: Image(width: 1, height: 1))
        #expect(tapped.openOverlay == nil)
    }

    @Test("the layout audit sees each overlay of the split control, and only the start and clipping screens of the crammed one")
    func auditScreens() {
        #expect(ExposureScreens.all(split, on: phone).map(\.name) == ["start", "clipping", "overlay-ends", "overlay-brightness", "overlay-contrast"])
        #expect(ExposureScreens.all(crammed, on: phone).map(\.name) == ["start", "clipping"])
    }
}
