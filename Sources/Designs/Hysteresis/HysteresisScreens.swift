import Interaction

/// The hysteresis question's screen for the layout audit: the tappable,
/// scrolling list the strategy builds (`HysteresisDesigns.make`, the frame and
/// rows the simulator hit-tests) at rest.
public enum HysteresisScreens {
    public static func all(_ list: ScrollingList, rows: Int, on device: DeviceConfiguration) -> [LabelledScreen] {
        [
            LabelledScreen(
                "list",
                ListScreens.screen(
                    frame: list.frame, rowHeight: list.rowHeight, offset: list.contentOffset, rows: rows, on: device))
        ]
    }
}
