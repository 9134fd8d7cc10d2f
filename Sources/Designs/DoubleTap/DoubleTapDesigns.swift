import Interaction

/// Double tap to zoom, which delays every single tap, against no double tap
/// (a zoom button instead), built from a spec's name and parameters.
public enum DoubleTapDesigns {
    public static let question = DesignQuestion(
        name: "double-tap", title: "Double tap delays taps: is zooming by double tap worth slower single taps?",
        strategies: [
            StrategyDescription(
                name: "double-tap-zoom",
                summary:
                    "Double tap zooms; a single tap (show the controls) must wait until the double tap has failed, "
                        + "window_s after the lift (sequential, require-to-fail).",
                source:
                    "Designing Fluid Interfaces (WWDC 2018): 'every time we use the double-tap in our UIs, all normal "
                        + "taps will be delayed … tapping to show the app menu is delayed by about half a second'",
                parameters: [
                    "window_s":
                        "longest wait from the first lift to the second touch-down, s (default 0.3, Android's "
                            + "DOUBLE_TAP_TIMEOUT; the talk's Photos delay ≈ 0.5 s)"
                ]),
            StrategyDescription(
                name: "no-double-tap",
                summary:
                    "No double-tap recognizer: single taps act at lift; zooming takes a 44 pt zoom button in the "
                        + "bottom-right corner.",
                source: "Designing Fluid Interfaces (WWDC 2018): 'try to avoid delays whenever possible'",
                parameters: [:])
        ])

    public static var names: [String] { question.strategies.map(\.name) }

    /// The double-tap window of strategy `name` (nil: no double tap), checked.
    public static func window(_ name: String, parameters: StrategyParameters) throws -> Double? {
        var p = parameters
        switch name {
        case "double-tap-zoom":
            let w = try p.number("window_s", default: 0.3, in: 0.05...2)
            try p.finish(known: ["window_s"])
            return w
        case "no-double-tap":
            try p.finish(known: [])
            return nil
        default:
            throw StrategyParameterError(parameter: "design", message: "unknown double-tap strategy '\(name)'")
        }
    }

    /// The viewer strategy `name` shows over `bounds`.
    public static func make(_ name: String, parameters: StrategyParameters, bounds: Rect) throws -> PhotoViewer {
        PhotoViewer(bounds: bounds, doubleTapWindow: try window(name, parameters: parameters))
    }
}
