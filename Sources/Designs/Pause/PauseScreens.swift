import Interaction

/// The pause question's screen for the layout audit: the app's content filling
/// the window, and nothing else. The strategies differ only in how the
/// system's home-indicator gesture detects a pause; the strip along the bottom
/// edge where the slide starts belongs to the system (it is the unsafe bottom
/// inset), not to the app's layout, so the app's screen has no control of its own.
public enum PauseScreens {
    static let description = ScreenDescription(background: SystemColor.black, fills: [:], selection: nil)

    public static func all(on device: DeviceConfiguration) -> [LabelledScreen] {
        [LabelledScreen("app", description.apply(Screen(device: device, controls: [], photoFrame: device.bounds)))]
    }
}

extension PauseDesigns {
    /// Every strategy shows the same screen: they differ in how a slide is read, not in what is drawn.
    public static func screens(of design: HomeIndicatorGesture, on device: DeviceConfiguration) -> [LabelledScreen] {
        PauseScreens.all(on: device)
    }
}
