import Interaction

/// The brushes of the iPhoto talk, built from a spec's name and parameters: the
/// four iPad placements and the iPhone's tool box are the strategies; how a stroke works (soft or strong,
/// detect edges, size by zoom or by a slider) are parameters every placement takes.
public enum BrushDesigns: DesignCatalog {
    static let talk = "iPhoto for iOS (WWDC 2012)"
    static let common: [String: String] = [
        "stroke":
            "soft (each dab adds a little: 'you just rub over it a few times') or strong (one swipe paints the full "
                + "effect); default soft",
        "sizing":
            "zoom (the finger is the brush: 'brush size is simply done by zooming in') or slider (a size slider, the "
                + "view stays fitted); default zoom",
        "detect_edges":
            "on or off: each stroke paints only near the colour and lightness under its first touch; default off",
        "soft_strength": "coverage a soft dab adds, 0.01…0.5 (default 0.12, the engine's default brush)",
        "edge_tolerance":
            "ΔE76 from the first touch's colour at which detect edges keeps ≈37% of the paint, 2…40 (default 12)",
        "finger_radius_pt": "radius of the finger's painting contact in points, 5…40 (default 18; zoom sizing)"
    ]

    public static let question = DesignQuestion(
        name: "brushes", title: "Brushes: where they live, and how a stroke paints",
        strategies: [
            StrategyDescription(
                name: "bricks",
                summary:
                    "A side panel of bricks, one per operation, that the person adds from a menu before painting with "
                        + "it.",
                source:
                    "\(talk): 'you can add these different bricks for the different operations … it complicates the "
                        + "UI quite a bit'",
                parameters: common),
            StrategyDescription(
                name: "brush-row",
                summary: "Every brush a labelled brick in a column beside the photo, always visible: one tap to paint.",
                source: "\(talk): 'make those available all the time … the image is not as big as it could be'",
                parameters: common),
            StrategyDescription(
                name: "bottom-icons",
                summary: "The brushes as unlabelled icons in the bottom toolbar; the chosen one shows its name.",
                source:
                    "\(talk): 'move them down along the bottom … trying to make up icons for things like lighten and "
                        + "darken … hard to get those to stand out'",
                parameters: common),
            StrategyDescription(
                name: "brush-popup",
                summary:
                    "One brushes button in the toolbar; the labelled brushes pop up above it, the rest dimmed, and "
                        + "tuck down once one is chosen.",
                source:
                    "\(talk): 'these nice brushes that pop up … break the boundary of that lower toolbar … the "
                        + "brushes tuck down into the UI'",
                parameters: common),
            StrategyDescription(
                name: "toolbox",
                summary:
                    "The iPhone's collapsible toolbar: a tool box icon at the toolbar's leading edge; tapped, the "
                        + "labelled brushes come out above it, and choosing one puts them away, the brush in use "
                        + "shown beside the tool box.",
                source:
                    "\(talk): 'on the iPhone, we don't have enough room for that … a collapsible tool bar … You tap "
                        + ""
                        + "the tool box and the controls come out. You select a control and they go away' "
                        + "(00:39:08–00:39:54)",
                parameters: common)
        ])

    public static var names: [String] { question.strategies.map(\.name) }

    /// The design of strategy `name`, checked.
    public static func make(_ name: String, parameters: StrategyParameters) throws -> BrushDesign {
        let placement: BrushPlacement
        switch name {
        case "bricks": placement = .bricks
        case "brush-row": placement = .row
        case "bottom-icons": placement = .bottomIcons
        case "brush-popup": placement = .popup
        case "toolbox": placement = .toolbox
        default:
            throw StrategyParameterError(
                parameter: "design",
                message: "unknown brushes strategy '\(name)'; expected one of \(names.joined(separator: ", "))")
        }
        var p = parameters
        let stroke = try p.choice("stroke", default: StrokeMode.soft)
        let sizing = try p.choice("sizing", default: BrushSizing.zoom)
        var edges = false
        if let v = p.value("detect_edges", default: "off", allowed: "on, off") {
            switch v {
            case .text("on"), .text("true"), .number(1): edges = true
            case .text("off"), .text("false"), .number(0): edges = false
            default: throw StrategyParameterError(parameter: "detect_edges", message: "expected on or off, got '\(v)'")
            }
        }
        let strength = try p.number("soft_strength", default: 0.12, in: 0.01...0.5)
        let tolerance = try p.number("edge_tolerance", default: 12, in: 2...40)
        let finger = try p.number("finger_radius_pt", default: 18, in: 5...40)
        try p.finish(known: common.keys.sorted())
        return BrushDesign(
            placement: placement, stroke: stroke, sizing: sizing, detectEdges: edges, softStrength: strength,
            edgeTolerance: tolerance, fingerRadius: finger)
    }
}
