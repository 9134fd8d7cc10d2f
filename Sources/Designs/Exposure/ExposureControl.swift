import ImageEngine
import Interaction

/// The shipped iteration: one track with 0% and 100% marks. The left knob starts
/// at the histogram's left end — drag it left for black level, right for shadow
/// recovery; the right knob starts at the right end — left for highlight
/// recovery, right for white level; brightness in the centre, contrast knobs
/// between. The end zones glow red when an adjustment clips. On a compact-width
/// phone in portrait the control splits into three buttons, each opening an
/// overlay with its knobs (the talk's iPhone iteration, 00:39:55–00:41:09);
/// with `splitsOnCompactWidth` off it is the counterfactual the talk rejects,
/// the whole iPad control crammed onto the phone's width.
public struct ExposureControl: ExposureDesign {
    static let knobIDs = ["darks", "low-contrast", "brightness", "high-contrast", "lights"]
    static let groups: [(button: String, label: String, knobs: [String])] = [
        ("ends", "Highlights & Shadows", ["darks", "lights"]),
        ("brightness", "Brightness", ["brightness"]),
        ("contrast", "Contrast", ["low-contrast", "high-contrast"])
    ]

    /// Share of the track from a knob's start over which shadow or highlight
    /// recovery reaches full strength (`recovery_span`), and the knob travel for
    /// full brightness and contrast (`tone_span`): gains a person meets.
    public var recoverySpan: Double
    public var toneSpan: Double
    /// Whether the control splits into buttons and overlays on a compact-width
    /// portrait screen (the shipped design) or stays one track of five knobs.
    public var splitsOnCompactWidth: Bool

    public init(recoverySpan: Double = 0.5, toneSpan: Double = 0.25, splitsOnCompactWidth: Bool = true) {
        self.recoverySpan = recoverySpan
        self.toneSpan = toneSpan
        self.splitsOnCompactWidth = splitsOnCompactWidth
    }

    public func prepare(_ state: inout ExposureState) {
        let lo = state.endpoints.low, hi = state.endpoints.high
        state.knobs = [
            "darks": lo, "lights": hi, "brightness": 0.5,
            "low-contrast": (lo + 0.5) / 2, "high-contrast": (0.5 + hi) / 2
        ]
    }

    func split(_ device: DeviceConfiguration) -> Bool {
        splitsOnCompactWidth && device.horizontalSizeClass == .compact && device.orientation == .portrait
    }

    func layout(_ state: ExposureState, _ device: DeviceConfiguration) -> (photo: Rect, track: Rect, buttons: [Rect]) {
        let compact = split(device)
        let (photo, panel) = ExposureLayout.split(
            device, panel: .bottom(compact ? 120 : 84), photoAspect: state.photoAspect)
        if compact {
            let w = (panel.width - 32) / 3
            let buttons = (0..<3).map {
                Rect(x: panel.minX + 16 + Double($0) * w, y: panel.maxY - 52, width: w - 8, height: 44)
            }
            return (photo, Rect(x: panel.minX + 24, y: panel.minY + 8, width: panel.width - 48, height: 44), buttons)
        }
        let width = min(640, panel.width - 48)
        return (photo, Rect(x: panel.center.x - width / 2, y: panel.minY + 20, width: width, height: 44), [])
    }

    func visibleKnobs(_ state: ExposureState, _ device: DeviceConfiguration) -> [String] {
        guard split(device) else { return Self.knobIDs }
        return Self.groups.first { $0.button == state.openOverlay }?.knobs ?? []
    }

    public func screen(_ state: ExposureState, on device: DeviceConfiguration) -> Screen {
        let (photo, track, buttons) = layout(state, device)
        let t = device.traits
        // Buttons: a footnote label in the tint colour on the panel; the open one is selected (tinted fill).
        var controls: [Control] = zip(Self.groups, buttons).map { g, frame in
            let open = state.openOverlay == g.button
            return Control(
                id: "button-\(g.button)", role: .button, frame: frame, label: g.label,
                warning: open ? "selected" : nil, text: [t.text(g.label, .footnote, weight: .semibold)],
                foreground: SystemColor.blue, background: SystemColor.background,
                warningColor: open ? SystemColor.blue : nil)
        }
        // The 0% and 100% marks printed under the track's ends.
        let marks = [
            t.text("0%", .caption2, frame: Rect(x: track.minX, y: track.maxY, width: 44, height: 16)),
            t.text("100%", .caption2, frame: Rect(x: track.maxX - 44, y: track.maxY, width: 44, height: 16))
        ]
        for (i, id) in visibleKnobs(state, device).enumerated() {
            // The end zones glow red on the grey track when an adjustment clips.
            let clipping = (id == "darks" && state.clipsShadows) || (id == "lights" && state.clipsHighlights)
            controls.append(
                Control(
                    id: id, role: .knob, frame: track, value: state.knobs[id], axis: .horizontal,
                    warning: clipping ? "clipping" : nil,
                    tone: state.knobs[id], text: i == 0 ? marks : [], foreground: SystemColor.secondaryLabel,
                    background: SystemColor.fill, warningColor: clipping ? SystemColor.red : nil))
        }
        return Screen(device: device, controls: controls, photoFrame: photo, background: SystemColor.background)
            .inLayoutDirection()
    }

    public func handle(_ gesture: Gesture, _ state: inout ExposureState, on device: DeviceConfiguration, photo: Image) {
        let (_, track, buttons) = layout(state, device)
        switch gesture {
        case .tap(let touches):
            if let i = buttons.firstIndex(where: { $0.contains(touches.end.location) }) {
                state.openOverlay = state.openOverlay == Self.groups[i].button ? nil : Self.groups[i].button
            }
        case .drag(let touches):
            // The knob nearest the finger, if within reach of a fingertip.
            let candidates = visibleKnobs(state, device).map { id in
                (
                    id,
                    Point(track.minX + state.knobs[id]! * track.width, track.center.y).distance(
                        to: touches.start.location)
                )
            }
            guard let (id, distance) = candidates.min(by: { $0.1 < $1.1 }), distance <= 22 else { return }
            let moved = (touches.end.location.x - touches.start.location.x) / track.width
            state.knobs[id] = min(1, max(0, state.knobs[id]! + moved))
            apply(&state)
        case .pinch:
            return
        }
    }

    /// The five knob positions on the track.
    public func axes(_ state: ExposureState) -> [ControlAxis] {
        var s = state
        prepare(&s)
        return Self.knobIDs.map { ControlAxis($0, 0...1, start: s.knobs[$0]!) }
    }

    public func adjustments(at point: [Double], _ state: ExposureState) -> Adjustments {
        var s = state
        prepare(&s)
        for (id, v) in zip(Self.knobIDs, point) { s.knobs[id] = v }
        apply(&s)
        return s.adjustments
    }

    /// The six adjustments implied by the knob positions.
    func apply(_ state: inout ExposureState) {
        let lo = state.endpoints.low, hi = state.endpoints.high
        var a = state.adjustments
        let d = state.knobs["darks"]! - lo
        // Left of its start: black level, scaled so the 0% mark is full strength.
        a.blackLevel = d < 0 ? ExposureLayout.clamp(-d / max(lo, 0.02)) : 0
        a.shadows = d > 0 ? ExposureLayout.clamp(d / recoverySpan) : 0
        let l = state.knobs["lights"]! - hi
        a.highlights = l < 0 ? ExposureLayout.clamp(-l / recoverySpan) : 0
        a.whiteLevel = l > 0 ? ExposureLayout.clamp(l / max(1 - hi, 0.02)) : 0
        a.brightness = ExposureLayout.clamp((state.knobs["brightness"]! - 0.5) / toneSpan)
        // Contrast knobs pulled apart steepen the curve, pushed together flatten it.
        let spread = (state.knobs["high-contrast"]! - (0.5 + hi) / 2) - (state.knobs["low-contrast"]! - (lo + 0.5) / 2)
        a.contrast = ExposureLayout.clamp(spread / toneSpan)
        state.adjustments = a
    }
}
