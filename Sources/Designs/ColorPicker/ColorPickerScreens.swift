import ImageEngine
import Interaction

/// The colour pickers' screens for the layout audit: the picker the strategy
/// lays out on the window's width (`ColorPickerDesign.screen`, the tracks and
/// plane the simulator hit-tests) at the start colour and with each task's
/// target matched. Each track's axis names print above it on the panel
/// (subheadline, in the gap the layout leaves); its thumb is a white ring
/// (UIKit's slider thumb), the picker's selection mark, which must stand out
/// from what it sits on: the colour under it on a gradient track (the colour
/// the picker now gives), the grey track when plain.
public enum ColorPickerScreens {
    public static let thumbRing = SystemColor.label

    /// `(name, target, start)` for each state to show.
    public static func all(
        _ design: ColorPickerDesign, states: [(name: String, target: SRGBColor, start: SRGBColor)],
        on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        states.map { s in
            LabelledScreen(
                s.name, screen(design.screen(target: s.target, start: s.start, width: device.bounds.width), on: device))
        }
    }

    public static func screen(_ picker: ColorPickerScreen, on device: DeviceConfiguration) -> Screen {
        let current = color(picker.current), traits = device.traits
        let controls = picker.controls.map { c in
            let u = picker.position(of: c), label = c.labels.joined(separator: " · ")
            let above = Rect(x: c.frame.minX, y: c.frame.minY - 28, width: c.frame.width, height: 24)
            return Control(
                id: c.id, role: .slider, frame: c.frame, label: label, value: u.x, axis: .horizontal,
                warning: "thumb", crossAxis: c.isPlane ? .vertical : nil, crossValue: c.isPlane ? u.y : nil,
                text: [
                    traits.text(
                        label, .subheadline, frame: above, foreground: SystemColor.label,
                        background: SystemColor.background)
                ],
                background: picker.feedback == .gradient ? current : SystemColor.fill, warningColor: thumbRing)
        }
        return ScreenDescription.standard.apply(Screen(device: device, controls: controls))
    }

    static func color(_ c: SRGBColor) -> ScreenColor {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return ScreenColor(red: byte(c.r), green: byte(c.g), blue: byte(c.b))
    }
}
