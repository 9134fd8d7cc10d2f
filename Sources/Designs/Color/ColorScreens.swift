import Interaction

/// The colour question's screens for the layout audit, from each design's own
/// `screen(_:on:)`: the start, and each control highlighted as the photo picks
/// it (the selection highlight; on a compact screen in its button's overlay).
public enum ColorScreens {
    /// A 3:2 photo, as the exposure and effects audits lay it out.
    public static let photoAspect = 1.5

    public static func all(_ design: any ColorDesign, on device: DeviceConfiguration) -> [LabelledScreen] {
        let start = ColorState(photoAspect: photoAspect)
        let first = design.screen(start, on: device)
        var screens = [LabelledScreen("start", first)]
        for c in ColorControl.allCases {
            var picked = start
            picked.highlighted = c
            // On a compact screen the picked control shows in its overlay.
            if first.control("button-\(c.rawValue)") != nil { picked.openOverlay = c }
            let screen = design.screen(picked, on: device)
            // Only where the control shows is a highlight a different screen.
            if screen.control(c.rawValue) != nil { screens.append(LabelledScreen("picked-\(c.rawValue)", screen)) }
        }
        return screens.map { LabelledScreen($0.name, ScreenDescription.standard.apply($0.screen)) }
    }
}

extension ColorDesigns {
    public static func screens(of design: any ColorDesign, on device: DeviceConfiguration) -> [LabelledScreen] {
        ColorScreens.all(design, on: device)
    }
}
