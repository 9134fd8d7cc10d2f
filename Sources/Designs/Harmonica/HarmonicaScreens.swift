import Interaction

/// The harmonica question's screens for the layout audit, from the design's
/// own `screen(_:on:)`: the picker at rest and, for the scrolling strip, at
/// its end. Each strip or thumbnail is a preview of the photo with its
/// filter, its name on a black caption plate (caption type).
public enum HarmonicaScreens {
    static let description = ScreenDescription(
        labelStyle: .caption1, fills: [.thumbnail: SystemColor.black], selection: nil)

    public static func all(_ design: FilterPickerDesign, on device: DeviceConfiguration) -> [LabelledScreen] {
        var screens = [LabelledScreen("picker", description.apply(design.screen(FilterPickerState(), on: device)))]
        let end = design.maxScroll(on: device)
        if design.kind == .thumbnailStrip && end > 0 {
            var state = FilterPickerState()
            state.scroll = end
            screens.append(LabelledScreen("picker-end", description.apply(design.screen(state, on: device))))
        }
        return screens
    }
}

extension HarmonicaDesigns {
    public static func screens(of design: FilterPickerDesign, on device: DeviceConfiguration) -> [LabelledScreen] {
        HarmonicaScreens.all(design, on: device)
    }
}
