import ImageEngine
import Interaction

/// The desktop-style first iteration: six labelled sliders beside the photo
/// (below it on a compact-width phone). A slider moves with the finger that
/// grabbed its thumb; a touch elsewhere on the track does nothing, as in UIKit.
public struct SixSliders: ExposureDesign {
    static var sliders: [(id: String, label: String, key: WritableKeyPath<Adjustments, Double>)] {
        [
            ("black_level", "Black Level", \.blackLevel), ("shadows", "Shadows", \.shadows),
            ("brightness", "Brightness", \.brightness), ("contrast", "Contrast", \.contrast),
            ("highlights", "Highlights", \.highlights), ("white_level", "White Level", \.whiteLevel)
        ]
    }

    public init() {}

    public func axes(_ state: ExposureState) -> [ControlAxis] { Self.sliders.map { ControlAxis($0.id, -1...1) } }

    public func adjustments(at point: [Double], _ state: ExposureState) -> Adjustments {
        var a = Adjustments()
        for (s, v) in zip(Self.sliders, point) { a[keyPath: s.key] = v }
        return a
    }

    func layout(_ state: ExposureState, _ device: DeviceConfiguration) -> (photo: Rect, tracks: [Rect]) {
        let compact = compact(device)
        let (photo, panel) = ExposureLayout.split(
            device, panel: compact ? .bottom(6 * 48 + 16) : .side(300), photoAspect: state.photoAspect)
        let row = compact ? 48.0 : min(80, (panel.height - 32) / 6)
        // Each row: the label on the left third (compact) or above the track (side panel).
        let tracks = (0..<6).map { i -> Rect in
            let top = panel.minY + 16 + Double(i) * row
            return compact
                ? Rect(x: panel.minX + 120, y: top + 2, width: panel.width - 140, height: 44)
                : Rect(x: panel.minX + 20, y: top + row - 46, width: panel.width - 40, height: 44)
        }
        return (photo, tracks)
    }

    func compact(_ device: DeviceConfiguration) -> Bool {
        device.horizontalSizeClass == .compact && device.orientation == .portrait
    }

    public func screen(_ state: ExposureState, on device: DeviceConfiguration) -> Screen {
        let (photo, tracks) = layout(state, device)
        let beside = compact(device)
        let controls = Self.sliders.enumerated().map { i, s in
            // The label: left of the track on a compact phone, above it in the side panel.
            let track = tracks[i]
            let labelFrame =
                beside
                ? Rect(x: track.minX - 108, y: track.minY, width: 100, height: track.height)
                : Rect(x: track.minX, y: track.minY - 22, width: track.width, height: 22)
            return Control(
                id: s.id, role: .slider, frame: track, label: s.label,
                value: (state.adjustments[keyPath: s.key] + 1) / 2, axis: .horizontal,
                text: [
                    device.traits.text(s.label, .subheadline, frame: labelFrame, foreground: SystemColor.secondaryLabel)
                ],
                foreground: SystemColor.label, background: SystemColor.background)
        }
        return Screen(device: device, controls: controls, photoFrame: photo, background: SystemColor.background)
            .inLayoutDirection()
    }

    public func handle(_ gesture: Gesture, _ state: inout ExposureState, on device: DeviceConfiguration, photo: Image) {
        guard case .drag(let touches) = gesture else { return }
        let (_, tracks) = layout(state, device)
        for (i, s) in Self.sliders.enumerated() {
            let track = tracks[i]
            let value = (state.adjustments[keyPath: s.key] + 1) / 2
            let thumb = Point(track.minX + value * track.width, track.center.y)
            guard touches.start.location.distance(to: thumb) <= 22 else { continue }
            let moved = (touches.end.location.x - touches.start.location.x) / track.width
            state.adjustments[keyPath: s.key] = ExposureLayout.clamp((value + moved) * 2 - 1)
            return
        }
    }
}
