import ImageEngine
import Interaction

/// The four colour controls of the iPhoto talk ("we narrowed it down to more or
/// less these four controls"): overall saturation, and the amount and luminance
/// of three colour ranges the engine classifies (blue skies, skin tones, greenery).
public enum ColorControl: String, Sendable, Hashable, CaseIterable {
    case saturation, blueSkies = "blue_skies", skinTones = "skin_tones", greenery

    public var label: String {
        switch self {
        case .saturation: "Saturation"
        case .blueSkies: "Blue Skies"
        case .skinTones: "Skin Tones"
        case .greenery: "Greenery"
        }
    }

    /// The engine's colour range the control acts on (nil: every colourful pixel).
    public var range: ColorRange? {
        switch self {
        case .saturation: nil
        case .blueSkies: .sky
        case .skinTones: .skin
        case .greenery: .foliage
        }
    }

    public static func control(for range: ColorRange) -> ColorControl {
        allCases.first { $0.range == range }!
    }

    /// The engine's amount axis (chroma of the range) and luminance axis.
    public var amount: WritableKeyPath<Adjustments, Double> {
        switch self {
        case .saturation: \.saturation
        case .blueSkies: \.blueSkies
        case .skinTones: \.skinTones
        case .greenery: \.greenery
        }
    }

    public var luminance: WritableKeyPath<Adjustments, Double> {
        switch self {
        case .saturation: \.saturationLuminance
        case .blueSkies: \.blueSkiesLuminance
        case .skinTones: \.skinTonesLuminance
        case .greenery: \.greeneryLuminance
        }
    }
}

/// What the last drag did to a control that moves on two axes, as the design
/// applied it: which control, the screen axis the drag moved along most, and the
/// adjustments as they would be had only that axis changed. The harness counts an
/// axis error when the other axis's change is visible (free 2-D controls); an
/// axis-locking control leaves `intended` equal to what it set.
public struct TwoAxisMove: Sendable, Equatable {
    public var control: ColorControl
    public var along: Control.Axis
    public var intended: Adjustments
}

/// What a colour design remembers between gestures.
public struct ColorState: Sendable {
    /// The colour values set so far.
    public var adjustments = Adjustments()
    /// One-axis control positions (−1…1) for designs whose controls each have one.
    public var values: [ColorControl: Double] = [:]
    /// Width / height of the photo, for laying it out.
    public var photoAspect: Double
    /// The overlay opened by a button on compact-width screens, if any.
    public var openOverlay: ColorControl?
    /// The control the last touch on the photo picked (shown highlighted below it).
    public var highlighted: ColorControl?
    /// What the last drag on a two-axis control did (nil after any other gesture).
    public var lastMove: TwoAxisMove?

    public init(photoAspect: Double) {
        self.photoAspect = photoAspect
    }
}

/// A colour design: how the four colour controls are laid out and driven by
/// touches. The engine renders; the design only decides what each gesture sets.
public protocol ColorDesign: Sendable {
    /// The screen for `state` on `device`.
    func screen(_ state: ColorState, on device: DeviceConfiguration) -> Screen
    /// Applies `gesture`; `photo` is the current render, laid out in the screen's photo frame.
    func handle(_ gesture: Gesture, _ state: inout ColorState, on device: DeviceConfiguration, photo: Image)
    /// Everything the controls can set, for the ceiling search.
    var axes: [ControlAxis] { get }
    /// The adjustments at one point of `axes`.
    func adjustments(at point: [Double]) -> Adjustments
}

/// The "smart math behind the scenes" of the one-axis controls: one value v
/// (−1…1, right for more) sets both of a control's engine axes. More of a colour
/// means a richer and deeper colour: amount = v and luminance = −coupling × v;
/// less means a paler, lighter one. Both are monotone in v (amount rises,
/// luminance falls), so "more" never undoes itself. The coupling is an
/// assumption of this encoding (the talk gives no numbers), a strategy parameter
/// the spec tunes.
public struct OneAxisMapping: Sendable, Hashable {
    public var coupling: Double

    public init(coupling: Double = 0.4) { self.coupling = coupling }

    /// (amount, luminance) for control value `v`.
    public func axes(_ v: Double) -> (amount: Double, luminance: Double) {
        let v = ColorLayout.clamp(v)
        return (v, ColorLayout.clamp(-coupling * v))
    }

    /// Adjustments for every control's value.
    public func adjustments(_ values: [ColorControl: Double]) -> Adjustments {
        var a = Adjustments()
        for c in ColorControl.allCases {
            let (amount, luminance) = axes(values[c] ?? 0)
            a[keyPath: c.amount] = amount
            a[keyPath: c.luminance] = luminance
        }
        return a
    }
}

/// Where the photo and the four controls go. On a regular-width screen the
/// controls sit in a row under the photo; on a compact-width phone in portrait
/// they split as the exposure control does ("we just split them up onto the
/// phone"): four buttons, each opening an overlay with its control.
enum ColorLayout {
    static func compact(_ device: DeviceConfiguration) -> Bool {
        device.horizontalSizeClass == .compact && device.orientation == .portrait
    }

    /// The photo, each control's frame (only the open one on a compact screen) and the buttons.
    static func layout(
        _ state: ColorState, _ device: DeviceConfiguration, controlHeight: Double
    )
        -> (photo: Rect, controls: [ColorControl: Rect], buttons: [ColorControl: Rect])
    {
        let all = ColorControl.allCases
        if compact(device) {
            let (photo, panel) = ExposureLayout.split(
                device, panel: .bottom(controlHeight + 76), photoAspect: state.photoAspect)
            let w = (panel.width - 32) / Double(all.count)
            var buttons: [ColorControl: Rect] = [:]
            for (i, c) in all.enumerated() {
                buttons[c] = Rect(x: panel.minX + 16 + Double(i) * w, y: panel.maxY - 52, width: w - 8, height: 44)
            }
            var controls: [ColorControl: Rect] = [:]
            if let open = state.openOverlay {
                let width = controlHeight > 60 ? controlHeight : panel.width - 48
                controls[open] = Rect(
                    x: panel.center.x - width / 2, y: panel.minY + 8, width: width, height: controlHeight)
            }
            return (photo, controls, buttons)
        }
        let (photo, panel) = ExposureLayout.split(
            device, panel: .bottom(controlHeight + 48), photoAspect: state.photoAspect)
        let cell = min(260, (panel.width - 32) / Double(all.count))
        let left = panel.center.x - cell * Double(all.count) / 2
        var controls: [ColorControl: Rect] = [:]
        for (i, c) in all.enumerated() {
            let width = controlHeight > 60 ? controlHeight : cell - 24
            controls[c] = Rect(
                x: left + Double(i) * cell + (cell - width) / 2, y: panel.minY + 32, width: width, height: controlHeight
            )
        }
        return (photo, controls, [:])
    }

    /// The buttons of a compact screen as controls.
    static func buttonControls(_ buttons: [ColorControl: Rect]) -> [Control] {
        ColorControl.allCases.compactMap { c in
            buttons[c].map { Control(id: "button-\(c.rawValue)", role: .button, frame: $0, label: c.label) }
        }
    }

    /// A tap on a compact screen's button opens its overlay (or closes it).
    static func tapButton(_ gesture: Gesture, _ state: inout ColorState, _ buttons: [ColorControl: Rect]) -> Bool {
        guard case .tap(let touches) = gesture else { return false }
        guard let hit = ColorControl.allCases.first(where: { buttons[$0]?.contains(touches.end.location) == true })
        else { return false }
        state.openOverlay = state.openOverlay == hit ? nil : hit
        return true
    }

    static func clamp(_ v: Double, _ lo: Double = -1, _ hi: Double = 1) -> Double { min(hi, max(lo, v)) }

    /// Slider value (0…1 along the track) of a control value −1…1, and back.
    static func position(_ v: Double) -> Double { (v + 1) / 2 }
}
