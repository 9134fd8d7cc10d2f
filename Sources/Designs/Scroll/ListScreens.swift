import Interaction

/// A scrolling list as the layout audit sees it, for the scroll and hysteresis
/// questions: the list's frame (a scroll area) and every row of `rowHeight`
/// wholly showing at `offset` (a row cut by the frame's edge is scrolled
/// partly out, not a smaller control). Each row is a cell printing "Item N"
/// in body type.
public enum ListScreens {
    static let description = ScreenDescription(fills: [.button: SystemColor.background], selection: nil)

    public static func screen(
        frame: Rect, rowHeight: Double, offset: Double, rows: Int, on device: DeviceConfiguration
    ) -> Screen {
        var controls = [Control(id: "list", role: .scrollArea, frame: frame, axis: .vertical)]
        let first = max(0, Int((offset / rowHeight).rounded(.down)))
        var i = first
        while i < rows {
            let f = Rect(
                x: frame.minX, y: frame.minY + Double(i) * rowHeight - offset, width: frame.width, height: rowHeight)
            if f.minY >= frame.maxY { break }
            if f.minY >= frame.minY && f.maxY <= frame.maxY {
                controls.append(Control(id: "row-\(i + 1)", role: .button, frame: f, label: "Item \(i + 1)"))
            }
            i += 1
        }
        return description.apply(Screen(device: device, controls: controls))
    }
}
