import Interaction

/// The brushes question's screens for the layout audit, from the design's own
/// `screen(_:aspect:on:)`: nothing chosen, the first brush chosen (its button
/// in the selection highlight) and, where there is one, the menu or pop-up open.
public enum BrushScreens {
    public static let photoAspect = 1.5

    public static func all(_ design: BrushDesign, on device: DeviceConfiguration) -> [LabelledScreen] {
        let start = BrushUIState()
        var chosen = start
        let first = BrushTool.all[0].name
        if design.placement == .bricks { chosen.bricks = [first] }
        chosen.selected = first
        chosen.lastPaint = first
        var screens = [("start", start), ("brush-chosen", chosen)]
        if design.placement != .row && design.placement != .bottomIcons {
            var open = start
            open.menuOpen = true
            screens.append(("menu-open", open))
        }
        return screens.map {
            LabelledScreen($0.0, ScreenDescription.standard.apply(design.screen($0.1, aspect: photoAspect, on: device)))
        }
    }
}

extension BrushDesigns {
    public static func screens(of design: BrushDesign, on device: DeviceConfiguration) -> [LabelledScreen] {
        BrushScreens.all(design, on: device)
    }
}
