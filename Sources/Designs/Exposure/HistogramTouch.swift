import ImageEngine
import Interaction

/// The second and third iterations: touch zones on a histogram, no visible
/// affordances. At the side: top → highlights (drag down) / white point (drag
/// up), bottom → shadows (drag up) / black point (drag down), middle → brightness,
/// between → contrast. Along the bottom: the same zones from left (darks) to
/// right (lights), and a bigger photo.
public struct HistogramTouch: ExposureDesign {
    public enum Placement: Sendable { case side, bottom }
    public var placement: Placement
    public var hinted: Bool

    /// Points of vertical drag for a full-scale change (strategy parameter `full_scale_pt`).
    public var fullScale: Double

    public init(placement: Placement, hinted: Bool = false, fullScale: Double = 200) {
        self.placement = placement
        self.hinted = hinted
        self.fullScale = fullScale
    }

    static let zones = ["darks", "low-contrast", "brightness", "high-contrast", "lights"]

    func layout(_ state: ExposureState, _ device: DeviceConfiguration) -> (photo: Rect, zones: [Rect]) {
        let compact = device.horizontalSizeClass == .compact
        switch placement {
        case .side:
            let (photo, panel) = ExposureLayout.split(
                device, panel: .side(compact ? 90 : 160), photoAspect: state.photoAspect)
            let h = panel.height / 5
            // Darks at the bottom, lights at the top.
            return (
                photo,
                (0..<5).map { Rect(x: panel.minX, y: panel.maxY - Double($0 + 1) * h, width: panel.width, height: h) }
            )
        case .bottom:
            let (photo, panel) = ExposureLayout.split(
                device, panel: .bottom(compact ? 80 : 110), photoAspect: state.photoAspect)
            let w = panel.width / 5
            return (
                photo,
                (0..<5).map { Rect(x: panel.minX + Double($0) * w, y: panel.minY, width: w, height: panel.height) }
            )
        }
    }

    public func screen(_ state: ExposureState, on device: DeviceConfiguration) -> Screen {
        let (photo, zones) = layout(state, device)
        let controls = zip(Self.zones, zones).enumerated().map { i, z in
            // The histogram's bars (grey on the panel); an end zone glows red when it clips.
            let clipping = (z.0 == "darks" && state.clipsShadows) || (z.0 == "lights" && state.clipsHighlights)
            return Control(
                id: z.0, role: .zone, frame: z.1, visibleAffordance: false, hinted: hinted,
                warning: clipping ? "clipping" : nil,
                tone: Double(i) / 4, foreground: SystemColor.secondaryLabel, background: SystemColor.background,
                warningColor: clipping ? SystemColor.red : nil)
        }
        return Screen(device: device, controls: controls, photoFrame: photo, background: SystemColor.background)
            .inLayoutDirection()
    }

    /// One axis per zone: darks runs from black level (negative) to shadows, lights
    /// from highlight recovery (negative) to white level, as the zones' drags do.
    public func axes(_ state: ExposureState) -> [ControlAxis] {
        [
            ControlAxis("darks", -1...1), ControlAxis("lights", -1...1), ControlAxis("brightness", -1...1),
            ControlAxis("contrast", -1...1)
        ]
    }

    public func adjustments(at point: [Double], _ state: ExposureState) -> Adjustments {
        Adjustments(
            blackLevel: max(0, -point[0]), shadows: max(0, point[0]), brightness: point[2], contrast: point[3],
            highlights: max(0, -point[1]), whiteLevel: max(0, point[1]))
    }

    public func handle(_ gesture: Gesture, _ state: inout ExposureState, on device: DeviceConfiguration, photo: Image) {
        guard case .drag(let touches) = gesture else { return }
        let (_, zones) = layout(state, device)
        guard let zone = zones.firstIndex(where: { $0.contains(touches.start.location) }) else { return }
        let up = (touches.start.location.y - touches.end.location.y) / fullScale
        var a = state.adjustments
        switch Self.zones[zone] {
        case "darks":
            // One axis through both adjustments: down deepens the black point once the
            // shadows are back at 0, up undoes black level before it lifts the shadows.
            let position = a.shadows - a.blackLevel + up
            a.shadows = ExposureLayout.clamp(max(0, position))
            a.blackLevel = ExposureLayout.clamp(max(0, -position))
        case "lights":
            // Down recovers the highlights once the white point is back at 0; up undoes
            // recovery before it raises the white point.
            let position = a.whiteLevel - a.highlights + up
            a.whiteLevel = ExposureLayout.clamp(max(0, position))
            a.highlights = ExposureLayout.clamp(max(0, -position))
        case "brightness": a.brightness = ExposureLayout.clamp(a.brightness + up)
        case "high-contrast": a.contrast = ExposureLayout.clamp(a.contrast + up)
        default: a.contrast = ExposureLayout.clamp(a.contrast - up)  // low-contrast: bend down for more
        }
        state.adjustments = a
    }
}
