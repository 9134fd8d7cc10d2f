import Interaction

/// Pan hysteresis: how far a finger must move before a drag starts, built
/// from a spec's name and parameters. The list's layout belongs to the task;
/// the strategies differ only in the hysteresis.
public enum HysteresisDesigns {
    public static let question = DesignQuestion(
        name: "hysteresis", title: "Pan hysteresis: how far must a finger move before a drag starts?",
        strategies: [
            StrategyDescription(
                name: "pan-hysteresis",
                summary:
                    "Rows are tappable and the list scrolls; tap and pan recognizers run together from touch-down, "
                        + "and the pan begins once the finger is hysteresis_pt from where it touched down, cancelling "
                        + "the tap. Content then moves with the finger from that point (no jump).",
                source:
                    "Designing Fluid Interfaces (WWDC 2018): 'before we can be sure it's a swipe, the touch has to "
                        + "move a certain distance … called hysteresis, and is usually 10 points in iOS'",
                parameters: [
                    "hysteresis_pt":
                        "movement before the pan begins, pt (default 10, the talk's figure; 0 starts a pan on any "
                            + "movement)"
                ])
        ])

    public static var names: [String] { question.strategies.map(\.name) }

    /// The hysteresis of strategy `name`, checked.
    public static func hysteresis(_ name: String, parameters: StrategyParameters) throws -> Double {
        var p = parameters
        switch name {
        case "pan-hysteresis":
            let h = try p.number("hysteresis_pt", default: 10, in: 0...100)
            try p.finish(known: ["hysteresis_pt"])
            return h
        default:
            throw StrategyParameterError(parameter: "design", message: "unknown hysteresis strategy '\(name)'")
        }
    }

    /// The list strategy `name` lays out over `frame` with rows `rowHeight` pt tall.
    public static func make(
        _ name: String, parameters: StrategyParameters, frame: Rect, rowHeight: Double
    ) throws -> ScrollingList {
        ScrollingList(frame: frame, rowHeight: rowHeight, hysteresis: try hysteresis(name, parameters: parameters))
    }
}
