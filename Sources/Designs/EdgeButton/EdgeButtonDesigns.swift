import Interaction

/// Where a task puts the camera screen's control.
public enum ControlPosition: String, Sendable, Hashable, CaseIterable {
    case bottomLeft = "bottom-left", bottomCentre = "bottom-centre", topRight = "top-right"
    var atTop: Bool { self == .topRight }
}

/// Where the control of the camera screen goes (seed 004, "Purple button
/// interferes", and the dropped layout with buttons on the screen border where
/// "I often took a photo next to the button"): flush with the screen's edge,
/// floating over the preview inset from the edge, or inset on a panel that does
/// not take photos ("you need to put something under them. The panel is the
/// first solution, but because of it the integrity and impression of the photo
/// is lost").
public enum EdgeButtonDesigns {
    /// A strategy's layout: the control's inset from the edge (nil: flush) and the panel's margin (nil: none).
    public typealias Layout = (inset: Double?, panelMargin: Double?)

    public static let question = DesignQuestion(
        name: "edge-button",
        title: "Edge button: a camera control on the screen's edge, over the preview, or inset on a panel",
        strategies: [
            StrategyDescription(
                name: "edge",
                summary:
                    "The control sits flush with the screen's edge, over the live preview; a tap on the preview takes "
                        + "a photo.",
                source:
                    "seed 004 (Qtty prototype notes): the dropped layout, 'when I clicked on the screen border "
                        + "(button - screen), I often took a photo next to the button'",
                parameters: [:]),
            StrategyDescription(
                name: "over-capture",
                summary:
                    "The control floats over the live preview, inset from the safe area's edge; a tap on the preview "
                        + "around it takes a photo.",
                source: "seed 004: 'Purple button interferes' — a control over the capture area",
                parameters: [
                    "inset_pt":
                        "gap between the safe area's edge and the control, pt (default 16: the standard layout margin)"
                ]),
            StrategyDescription(
                name: "inset-panel",
                summary:
                    "The control is inset like over-capture, on a panel from the screen's edge to a margin beyond the "
                        + "control; touches on the panel do nothing, and the panel hides part of the photo.",
                source:
                    "seed 004: 'you need to put something under them. The panel is the first solution, but because of "
                        + "it the integrity and impression of the photo is lost'",
                parameters: [
                    "inset_pt": "gap between the safe area's edge and the control, pt (default 16)",
                    "panel_margin_pt": "how far the panel reaches beyond the control, pt (default 16)"
                ])
        ])

    public static var names: [String] { question.strategies.map(\.name) }

    /// The checked layout parameters of strategy `name`: the control's inset from
    /// the safe area (nil: flush with the screen) and the panel's margin (nil: no panel).
    public static func layout(
        _ name: String, parameters: StrategyParameters
    ) throws -> Layout {
        var p = parameters
        switch name {
        case "edge":
            try p.finish(known: [])
            return (nil, nil)
        case "over-capture":
            let inset = try p.number("inset_pt", default: 16, in: 0...120)
            try p.finish(known: ["inset_pt"])
            return (inset, nil)
        case "inset-panel":
            let inset = try p.number("inset_pt", default: 16, in: 0...120)
            let margin = try p.number("panel_margin_pt", default: 16, in: 0...120)
            try p.finish(known: ["inset_pt", "panel_margin_pt"])
            return (inset, margin)
        default:
            throw StrategyParameterError(parameter: "design", message: "unknown edge-button strategy '\(name)'")
        }
    }

    /// The control's frame, `size` pt square at `position` on `device`: flush with
    /// the screen's edges when `inset` is nil, else `inset` pt inside the safe area.
    public static func controlFrame(
        at position: ControlPosition, size: Double, inset: Double?, on device: DeviceConfiguration
    ) -> Rect {
        let b = device.bounds
        let area = inset.map { b.inset(by: device.safeArea).inset(by: EdgeInsets(all: $0)) } ?? b
        let x: Double
        switch position {
        case .bottomLeft: x = area.minX
        case .bottomCentre: x = b.center.x - size / 2
        case .topRight: x = area.maxX - size
        }
        let y = position.atTop ? area.minY : area.maxY - size
        return Rect(x: x, y: y, width: size, height: size)
    }

    /// The camera screen strategy `name` lays out for a control of `size` pt at
    /// `position` on `device`, under `gate`.
    public static func make(
        _ name: String, parameters: StrategyParameters, position: ControlPosition, size: Double,
        on device: DeviceConfiguration, gate: SystemEdgeGate
    ) throws -> CaptureScreen {
        make(layout: try layout(name, parameters: parameters), position: position, size: size, on: device, gate: gate)
    }

    /// The screen with a strategy's checked `layout` (`layout(_:parameters:)`).
    public static func make(
        layout: Layout, position: ControlPosition, size: Double,
        on device: DeviceConfiguration, gate: SystemEdgeGate
    ) -> CaptureScreen {
        let (inset, margin) = layout
        let b = device.bounds
        let control = controlFrame(at: position, size: size, inset: inset, on: device)
        let panel = margin.map { m in
            position.atTop
                ? Rect(x: b.minX, y: b.minY, width: b.width, height: control.maxY + m - b.minY)
                : Rect(x: b.minX, y: control.minY - m, width: b.width, height: b.maxY - (control.minY - m))
        }
        return CaptureScreen(bounds: b, control: control, panel: panel, gate: gate)
    }
}
