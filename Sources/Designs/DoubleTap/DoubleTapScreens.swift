import Interaction

/// The double-tap question's screen for the layout audit: the photo viewer the
/// strategy builds (`DoubleTapDesigns.make` on the window, as the simulator
/// does): the photo, a touch zone over all of it, and without double tap the
/// 44-pt zoom button (a magnifier glyph on a grey disc, no text).
public enum DoubleTapScreens {
    static let description = ScreenDescription(background: SystemColor.black, selection: nil)

    public static func all(_ viewer: PhotoViewer, on device: DeviceConfiguration) -> [LabelledScreen] {
        var controls = [Control(id: "photo", role: .zone, frame: viewer.bounds, visibleAffordance: false)]
        if let z = viewer.zoomButton { controls.append(Control(id: "zoom", role: .button, frame: z)) }
        return [LabelledScreen("viewer", description.apply(Screen(device: device, controls: controls, photoFrame: viewer.bounds)))]
    }
}
