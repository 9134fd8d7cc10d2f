import Interaction

/// The edge-button question's screens for the layout audit: the capture screen
/// each task lays out (`EdgeButtonDesigns.make`: the control where the
/// simulator hit-tests it, the panel under it if any, the live preview as the
/// photo). The control is the prototype's purple button (a glyph, no text);
/// the panel is the dark chrome, left out of the photo's frame.
public enum EdgeButtonScreens {
    /// systemPurple (dark appearance), Apple HIG "Color": the notes' "purple button".
    public static let purple = ScreenColor(0xBF5AF2)
    static let description = ScreenDescription(background: SystemColor.black, fills: [.button: purple], selection: nil)

    public static func all(
        _ layout: EdgeButtonDesigns.Layout, controls: [(position: ControlPosition, size: Double)],
        on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        var seen: Set<String> = [], out: [LabelledScreen] = []
        for c in controls {
            let key = "\(c.position.rawValue)-\(TapMarginScreens.fmt(c.size))pt"
            guard seen.insert(key).inserted else { continue }
            // The gate's bands do not change the layout; the screen is the same for every person.
            let capture = EdgeButtonDesigns.make(
                layout: layout, position: c.position, size: c.size, on: device,
                gate: SystemEdgeGate(regions: [], swipeThreshold: 0, delay: 0))
            // The panel takes no action: it is chrome under the control, not a control (it would "overlap" it).
            let items = [Control(id: "control", role: .button, frame: capture.control)]
            var photo = capture.bounds
            if let p = capture.panel {
                // The preview shows above (or below) the panel.
                photo =
                    p.minY <= capture.bounds.minY
                    ? Rect(x: photo.minX, y: p.maxY, width: photo.width, height: photo.maxY - p.maxY)
                    : Rect(x: photo.minX, y: photo.minY, width: photo.width, height: p.minY - photo.minY)
            }
            out.append(
                LabelledScreen(key, description.apply(Screen(device: device, controls: items, photoFrame: photo))))
        }
        return out
    }
}
