import Interaction

/// The scroll question's screens for the layout audit: the list each task
/// lays out (the window-high viewport of `ScrollDesigns.make`) at its top and
/// scrolled to its end. The four strategies differ in physics only, so they
/// show the same screens at rest.
public enum ScrollScreens {
    public static func all(
        _ physics: ScrollPhysics, lists: [(rows: Int, rowHeight: Double)], on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        var seen: Set<String> = [], out: [LabelledScreen] = []
        let b = device.bounds
        for l in lists {
            let key = "\(l.rows)x\(TapMarginScreens.fmt(l.rowHeight))pt"
            guard seen.insert(key).inserted else { continue }
            let list = ScrollDesigns.make(physics, rows: l.rows, rowHeight: l.rowHeight, viewportHeight: b.height)
            for (at, offset) in [("top", 0.0), ("end", list.maxOffset)] {
                out.append(
                    LabelledScreen(
                        "\(key)-\(at)",
                        ListScreens.screen(frame: b, rowHeight: l.rowHeight, offset: offset, rows: l.rows, on: device)))
            }
        }
        return out
    }
}
