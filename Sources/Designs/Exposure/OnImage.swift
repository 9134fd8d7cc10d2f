import ImageEngine
import Interaction

/// The last iteration: no control at all. Touch a dark area of the photo and drag
/// up or down for shadows, a bright area for highlights, the midtones for
/// brightness. What the finger lands on decides the adjustment.
public struct OnImage: ExposureDesign {
    public var hinted: Bool
    /// Points of vertical drag for a full-scale change (strategy parameter `full_scale_pt`).
    public var fullScale: Double

    public init(hinted: Bool = false, fullScale: Double = 200) {
        self.hinted = hinted
        self.fullScale = fullScale
    }

    func photoFrame(_ state: ExposureState, _ device: DeviceConfiguration) -> Rect {
        ExposureLayout.split(device, panel: .bottom(44), photoAspect: state.photoAspect).photo
    }

    public func screen(_ state: ExposureState, on device: DeviceConfiguration) -> Screen {
        let photo = photoFrame(state, device)
        // The clipping warning tints the photo itself: its surroundings are the
        // photo's own pixels, so no one background colour describes them.
        let clipping = state.clipsShadows || state.clipsHighlights
        return Screen(device: device, controls: [
            Control(id: "photo", role: .zone, frame: photo, visibleAffordance: false, hinted: hinted,
                    warning: clipping ? "clipping" : nil, warningColor: clipping ? SystemColor.red : nil),
        ], photoFrame: photo, background: SystemColor.background).inLayoutDirection()
    }

    /// What a drag on the photo can set: shadows, highlights and brightness, each
    /// over its whole range (what the finger lands on picks which).
    public func axes(_ state: ExposureState) -> [ControlAxis] {
        [ControlAxis("shadows", -1...1), ControlAxis("highlights", -1...1), ControlAxis("brightness", -1...1)]
    }

    public func adjustments(at point: [Double], _ state: ExposureState) -> Adjustments {
        Adjustments(shadows: point[0], brightness: point[2], highlights: point[1])
    }

    public func handle(_ gesture: Gesture, _ state: inout ExposureState, on device: DeviceConfiguration, photo: Image) {
        guard case .drag(let touches) = gesture else { return }
        let frame = photoFrame(state, device)
        guard frame.contains(touches.start.location) else { return }
        // Lightness under the finger (encoded luma of the current render).
        let x = Int((touches.start.location.x - frame.minX) / frame.width * Double(photo.width))
        let y = Int((touches.start.location.y - frame.minY) / frame.height * Double(photo.height))
        let p = photo[min(photo.width - 1, max(0, x)), min(photo.height - 1, max(0, y))]
        let luma = SRGB.encode(0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z)
        let up = (touches.start.location.y - touches.end.location.y) / fullScale
        if luma < 0.33 {
            state.adjustments.shadows = ExposureLayout.clamp(state.adjustments.shadows + up)
        } else if luma > 0.67 {
            // Dragging a bright area down recovers it.
            state.adjustments.highlights = ExposureLayout.clamp(state.adjustments.highlights - up)
        } else {
            state.adjustments.brightness = ExposureLayout.clamp(state.adjustments.brightness + up)
        }
    }
}
