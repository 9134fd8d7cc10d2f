import ImageEngine
import Interaction

/// The first iteration: four controls, each a square pad whose puck moves on two
/// axes at once ("you sort of had to move on two axes to sort of adjust the
/// luminance and then the amount of that colour space"): across for the amount
/// of the colour range (right for more), up for its luminance (up for lighter).
/// The puck follows the finger freely, so any sideways wobble of a drag meant
/// for one axis moves the other too.
public struct TwoAxisPads: ColorDesign {
    /// Side of a pad in points (strategy parameter `pad_pt`): the travel for a full range on either axis.
    public var side: Double

    public init(side: Double = 120) { self.side = side }

    public func screen(_ state: ColorState, on device: DeviceConfiguration) -> Screen {
        let (photo, frames, buttons) = ColorLayout.layout(state, device, controlHeight: side)
        let a = state.adjustments
        let pads = ColorControl.allCases.compactMap { c in
            frames[c].map {
                Control(
                    id: c.rawValue, role: .slider, frame: $0, label: c.label,
                    value: ColorLayout.position(a[keyPath: c.amount]), axis: .horizontal,
                    crossAxis: .vertical, crossValue: ColorLayout.position(a[keyPath: c.luminance]))
            }
        }
        return Screen(device: device, controls: ColorLayout.buttonControls(buttons) + pads, photoFrame: photo)
    }

    public func handle(_ gesture: Gesture, _ state: inout ColorState, on device: DeviceConfiguration, photo: Image) {
        state.lastMove = nil
        let (_, frames, buttons) = ColorLayout.layout(state, device, controlHeight: side)
        if ColorLayout.tapButton(gesture, &state, buttons) { return }
        guard case .drag(let touches) = gesture else { return }
        for c in ColorControl.allCases {
            guard let pad = frames[c] else { continue }
            var a = state.adjustments
            let puck = Point(
                pad.minX + ColorLayout.position(a[keyPath: c.amount]) * pad.width,
                pad.maxY - ColorLayout.position(a[keyPath: c.luminance]) * pad.height)
            guard touches.start.location.distance(to: puck) <= 22 else { continue }
            let d = touches.end.location - touches.start.location
            let before = a
            a[keyPath: c.amount] = ColorLayout.clamp(a[keyPath: c.amount] + 2 * d.x / pad.width)
            a[keyPath: c.luminance] = ColorLayout.clamp(a[keyPath: c.luminance] - 2 * d.y / pad.height)
            // The axis the finger moved along most is the one meant; the other moved by wobble.
            var intended = before
            let along: Control.Axis = abs(d.x) >= abs(d.y) ? .horizontal : .vertical
            let key = along == .horizontal ? c.amount : c.luminance
            intended[keyPath: key] = a[keyPath: key]
            state.adjustments = a
            state.lastMove = TwoAxisMove(control: c, along: along, intended: intended)
            return
        }
    }

    /// Every engine colour axis: amount and luminance of each control.
    public var axes: [ControlAxis] {
        ColorControl.allCases.flatMap {
            [ControlAxis("\($0.rawValue)", -1...1), ControlAxis("\($0.rawValue)_luminance", -1...1)]
        }
    }

    public func adjustments(at point: [Double]) -> Adjustments {
        var a = Adjustments()
        for (i, c) in ColorControl.allCases.enumerated() {
            a[keyPath: c.amount] = point[2 * i]
            a[keyPath: c.luminance] = point[2 * i + 1]
        }
        return a
    }
}
