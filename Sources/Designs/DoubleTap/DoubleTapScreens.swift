import Interaction

/// The double-tap question's screen for the layout audit: the photo viewer the
/// strategy builds (`DoubleTapDesigns.make` on the window, as the simulator
/// does): the photo filling the window (all of it takes the taps) and,
/// without double tap, the 44-pt zoom button over it (a magnifier glyph on a
/// grey disc, no text).
public enum DoubleTapScreens {
    static let description = ScreenDescription(background: SystemColor.black, selection: nil)

    public static func all(_ viewer: PhotoViewer, on device: DeviceConfiguration) -> [LabelledScreen] {
        // The photo is the screen itself, not a control beside the button: a button over it is no overlap.
        let controls = viewer.zoomButton.map { [Control(id: "zoom", role: .button, frame: $0)] } ?? []
        return [
            LabelledScreen(
                "viewer", description.apply(Screen(device: device, controls: controls, photoFrame: viewer.bounds)))
        ]
    }
}
