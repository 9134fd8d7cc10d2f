import Interaction

/// The tap-margin question's screens for the layout audit: the row of buttons
/// each task lays out (`TapMarginDesigns.make`, the frames the simulator
/// hit-tests, centred in the window). The margin is invisible: the drawn
/// button is its frame, so both strategies show the same screen.
public enum TapMarginScreens {
    /// Calculator keys print a digit (title2, as Calculator's keys do).
    static let description = ScreenDescription(labelStyle: .title2)

    /// One screen per distinct (size, gap) of `rows`.
    public static func all(
        _ area: TapMarginDesigns.TapArea, rows: [(size: Double, gap: Double)], count: Int,
        on device: DeviceConfiguration
    ) -> [LabelledScreen] {
        var seen: Set<String> = [], out: [LabelledScreen] = []
        let b = device.bounds
        for r in rows {
            let key = "row-\(fmt(r.size))pt-gap-\(fmt(r.gap))pt"
            guard seen.insert(key).inserted else { continue }
            let row = TapMarginDesigns.make(area, count: count, size: r.size, gap: r.gap, at: b.center)
            let controls = row.frames.enumerated().map { i, f in
                Control(id: "button-\(i + 1)", role: .button, frame: f, label: String(i + 1))
            }
            out.append(LabelledScreen(key, description.apply(Screen(device: device, controls: controls))))
        }
        return out
    }

    static func fmt(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
