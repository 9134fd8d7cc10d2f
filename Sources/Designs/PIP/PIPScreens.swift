import Interaction

/// The picture-in-picture's screens for the layout audit: the call's video
/// filling the window and the PIP tile resting in each corner, where
/// `PIPLayout` puts it (the frames the simulator hit-tests).
public enum PIPScreens {
    /// The full-screen video under the tile is the "photo"; the tile is a video
    /// preview (no text), drawn on black.
    static let description = ScreenDescription(background: SystemColor.black, fills: [:], selection: nil)

    public static func all(_ controller: PIPController) -> [LabelledScreen] {
        let layout = controller.layout, size = layout.pipSize
        return Corner.allCases.map { corner in
            let c = layout.center(of: corner)
            let tile = Control(
                id: "pip", role: .thumbnail,
                frame: Rect(x: c.x - size.width / 2, y: c.y - size.height / 2, width: size.width, height: size.height))
            let screen = Screen(device: layout.device, controls: [tile], photoFrame: layout.device.bounds)
            return LabelledScreen("pip-\(corner.rawValue)", description.apply(screen))
        }
    }
}
