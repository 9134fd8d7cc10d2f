import ImageEngine
import Interaction

/// The last iteration: touch the photo and drag. The colour under the finger
/// (the engine's own range classification of the current render) picks the
/// control: left and right adjust that range (blue skies, skin tones, greenery;
/// nothing on a colour no control owns), up and down adjust the saturation,
/// each through the one-axis mapping of the sliders, which stay under the photo
/// with the picked one highlighted. "You can see there's two axes. But we didn't
/// want to complicate things by having both axes available all the time": both
/// axes are hinted at touch-down; once the finger has moved `lockDistance` points
/// the axis it moved along most locks, its perpendicular movement is ignored for
/// the rest of the drag, and the other axis's hint fades out over `fadeDuration`.
public struct OnImageColor: ColorDesign {
    public var mapping: OneAxisMapping
    /// Points of drag on the photo for a change of 1 in a control's value (`full_scale_pt`).
    public var fullScale: Double
    /// Finger travel in points before an axis locks (`lock_pt`). An assumption of
    /// the encoding in the spirit of UIScrollView's directional lock, swept by `refine tune`.
    public var lockDistance: Double
    /// Seconds over which the other axis's hint fades once an axis locks: an
    /// assumption (UIKit's usual 0.25 s animation).
    public var fadeDuration: Double
    /// Whether a hint points out that the photo takes drags before it is touched (`hint`).
    public var hinted: Bool

    public init(
        mapping: OneAxisMapping = OneAxisMapping(), fullScale: Double = 200, lockDistance: Double = 10,
        fadeDuration: Double = 0.25, hinted: Bool = false
    ) {
        self.mapping = mapping
        self.fullScale = fullScale
        self.lockDistance = lockDistance
        self.fadeDuration = fadeDuration
        self.hinted = hinted
    }

    public func screen(_ state: ColorState, on device: DeviceConfiguration) -> Screen {
        let (photo, frames, buttons) = ColorLayout.layout(state, device, controlHeight: OneAxisSliders.height)
        let zone = Control(
            id: "photo", role: .zone, frame: photo, visibleAffordance: false, hinted: hinted,
            axis: .horizontal, crossAxis: .vertical)
        return Screen(
            device: device,
            controls: ColorLayout.buttonControls(buttons) + OneAxisSliders.sliders(state, frames) + [zone],
            photoFrame: photo)
    }

    /// The axis a drag locks to and the index of the sample where it locked, or nil
    /// if the finger never moved `lockDistance` from where it went down.
    public func lock(_ touches: TouchStream) -> (axis: Control.Axis, sample: Int)? {
        let start = touches.start.location
        for (i, s) in touches.samples.enumerated() {
            let d = s.location - start
            if d.length >= lockDistance { return (abs(d.x) >= abs(d.y) ? .horizontal : .vertical, i) }
        }
        return nil
    }

    /// Opacity (0…1) of the horizontal and vertical hint arrows at `time` during
    /// `touches`: both full until an axis locks; then the other fades linearly over
    /// `fadeDuration`, and the locked one stays until the finger lifts, then fades too.
    public func hintOpacity(_ touches: TouchStream, at time: Double) -> (horizontal: Double, vertical: Double) {
        guard let (axis, i) = lock(touches), time >= touches.samples[i].time else { return (1, 1) }
        func fade(from t0: Double) -> Double { max(0, min(1, 1 - (time - t0) / fadeDuration)) }
        let other = fade(from: touches.samples[i].time)
        let chosen = time <= touches.end.time ? 1 : fade(from: touches.end.time)
        return axis == .horizontal ? (chosen, other) : (other, chosen)
    }

    public func handle(_ gesture: Gesture, _ state: inout ColorState, on device: DeviceConfiguration, photo: Image) {
        state.lastMove = nil
        let (frame, frames, buttons) = ColorLayout.layout(state, device, controlHeight: OneAxisSliders.height)
        if ColorLayout.tapButton(gesture, &state, buttons) { return }
        if OneAxisSliders.dragSlider(gesture, &state, frames, mapping) { return }
        guard case .drag(let touches) = gesture, frame.contains(touches.start.location) else { return }
        let range = Self.range(at: touches.start.location, in: frame, photo: photo)
        state.highlighted = range.map(ColorControl.control(for:)) ?? .saturation
        guard let (axis, _) = lock(touches) else { return }
        // Only the locked axis's part of the drag counts; the perpendicular part is ignored.
        let d = touches.end.location - touches.start.location
        let control: ColorControl
        let moved: Double
        switch axis {
        case .horizontal:
            guard let range else { return }  // no control owns this colour: left–right does nothing
            control = ColorControl.control(for: range)
            moved = d.x
        case .vertical:
            control = .saturation
            moved = -d.y
        }
        state.highlighted = control
        state.values[control] = ColorLayout.clamp((state.values[control] ?? 0) + moved / fullScale)
        state.adjustments = mapping.adjustments(state.values)
        // A locked axis: what it set is exactly what the chosen axis meant.
        state.lastMove = TwoAxisMove(control: control, along: axis, intended: state.adjustments)
    }

    /// The engine's colour range of the pixel under `point` in the current render.
    public static func range(at point: Point, in frame: Rect, photo: Image) -> ColorRange? {
        let x = Int((point.x - frame.minX) / frame.width * Double(photo.width))
        let y = Int((point.y - frame.minY) / frame.height * Double(photo.height))
        return ColorRange.classify(photo[min(photo.width - 1, max(0, x)), min(photo.height - 1, max(0, y))])
    }

    public var axes: [ControlAxis] { ColorControl.allCases.map { ControlAxis($0.rawValue, -1...1) } }

    public func adjustments(at point: [Double]) -> Adjustments {
        mapping.adjustments(Dictionary(uniqueKeysWithValues: zip(ColorControl.allCases, point)))
    }
}
