import ImageEngine
import Interaction

/// The second iteration: the same four controls, each one labelled slider whose
/// single value sets both the amount and the luminance of its colour range
/// through `OneAxisMapping` ("less saturation means this, more saturation means
/// that"). Drag right for more. A slider moves with the finger that grabbed its
/// thumb; a touch elsewhere on the track does nothing, as in UIKit.
public struct OneAxisSliders: ColorDesign {
    public var mapping: OneAxisMapping

    public init(mapping: OneAxisMapping = OneAxisMapping()) { self.mapping = mapping }

    static let height = 44.0

    public func screen(_ state: ColorState, on device: DeviceConfiguration) -> Screen {
        let (photo, frames, buttons) = ColorLayout.layout(state, device, controlHeight: Self.height)
        return Screen(
            device: device, controls: ColorLayout.buttonControls(buttons) + Self.sliders(state, frames),
            photoFrame: photo)
    }

    /// The sliders in `frames`, hinted when the photo picked them.
    static func sliders(_ state: ColorState, _ frames: [ColorControl: Rect]) -> [Control] {
        ColorControl.allCases.compactMap { c in
            frames[c].map {
                Control(
                    id: c.rawValue, role: .slider, frame: $0, label: c.label, hinted: state.highlighted == c,
                    value: ColorLayout.position(state.values[c] ?? 0), axis: .horizontal)
            }
        }
    }

    public func handle(_ gesture: Gesture, _ state: inout ColorState, on device: DeviceConfiguration, photo: Image) {
        state.lastMove = nil
        let (_, frames, buttons) = ColorLayout.layout(state, device, controlHeight: Self.height)
        if ColorLayout.tapButton(gesture, &state, buttons) { return }
        Self.dragSlider(gesture, &state, frames, mapping)
    }

    /// A drag that grabbed a slider's thumb moves it with the finger.
    @discardableResult
    static func dragSlider(
        _ gesture: Gesture, _ state: inout ColorState, _ frames: [ColorControl: Rect], _ mapping: OneAxisMapping
    ) -> Bool {
        guard case .drag(let touches) = gesture else { return false }
        for c in ColorControl.allCases {
            guard let track = frames[c] else { continue }
            let value = ColorLayout.position(state.values[c] ?? 0)
            guard touches.start.location.distance(to: Point(track.minX + value * track.width, track.center.y)) <= 22
            else { continue }
            let moved = (touches.end.location.x - touches.start.location.x) / track.width
            state.values[c] = ColorLayout.clamp((value + moved) * 2 - 1)
            state.adjustments = mapping.adjustments(state.values)
            return true
        }
        return false
    }

    public var axes: [ControlAxis] { ColorControl.allCases.map { ControlAxis($0.rawValue, -1...1) } }

    public func adjustments(at point: [Double]) -> Adjustments {
        mapping.adjustments(Dictionary(uniqueKeysWithValues: zip(ColorControl.allCases, point)))
    }
}
