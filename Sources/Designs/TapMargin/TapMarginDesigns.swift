import Interaction

/// A button's tap area with and without the talk's extra margin, built from a
/// spec's name and parameters. The row's layout (button size, gap) belongs to
/// the task; the strategies differ only in the margin.
public enum TapMarginDesigns {
    public static let question = DesignQuestion(
        name: "tap-margin", title: "Tap margin: does an extra margin around small buttons help?",
        strategies: [
            StrategyDescription(
                name: "tap-exact",
                summary:
                    "A button counts a touch as on it only inside its frame: touch down there, lift there to tap; "
                        + "lift outside to cancel.",
                source: "Designing Fluid Interfaces (WWDC 2018), the Calculator button: the iteration without a margin",
                parameters: [:]),
            StrategyDescription(
                name: "tap-margin",
                summary:
                    "The button's tap area extends an extra margin around its frame, for the touch-down and the lift "
                        + "alike; dragging beyond it and lifting still cancels.",
                source:
                    "Designing Fluid Interfaces (WWDC 2018): 'create an extra margin around the tap area … make our "
                        + "taps more comfortable, and avoid accidental cancellations'",
                parameters: ["margin_pt": "extra margin around each button, pt (default 10; the talk gives no figure)"])
        ])

    public static var names: [String] { question.strategies.map(\.name) }

    /// What a strategy sets: the tap area's margin and the recognizer's movement limit (nil: none).
    public struct TapArea: Sendable, Hashable {
        public var margin: Double
        public var maximumMovement: Double?
        public init(margin: Double, maximumMovement: Double? = nil) {
            self.margin = margin; self.maximumMovement = maximumMovement
        }
    }

    /// The margin of strategy `name`, checked.
    public static func margin(_ name: String, parameters: StrategyParameters) throws -> Double {
        var p = parameters
        switch name {
        case "tap-exact":
            try p.finish(known: [])
            return 0
        case "tap-margin":
            let m = try p.number("margin_pt", default: 10, in: 0...60)
            try p.finish(known: ["margin_pt"])
            return m
        default:
            throw StrategyParameterError(parameter: "design", message: "unknown tap-margin strategy '\(name)'")
        }
    }

    /// The row a task lays out for strategy `name`: `count` buttons of `size` pt
    /// with `gap` pt between them, centred at `center`, as plain buttons (no
    /// movement limit: the talk's button cares only where the finger lifts).
    public static func make(
        _ name: String, parameters: StrategyParameters, count: Int, size: Double, gap: Double, at center: Point
    ) throws -> ButtonRow {
        make(margin: try margin(name, parameters: parameters), count: count, size: size, gap: gap, at: center)
    }

    /// The row with a strategy's checked `margin` (`margin(_:parameters:)`).
    public static func make(margin: Double, count: Int, size: Double, gap: Double, at center: Point) -> ButtonRow {
        make(TapArea(margin: margin), count: count, size: size, gap: gap, at: center)
    }

    /// The row with a strategy's tap `area` (a declared design may also limit the finger's movement).
    public static func make(_ area: TapArea, count: Int, size: Double, gap: Double, at center: Point) -> ButtonRow {
        ButtonRow.centred(
            count: count, size: size, gap: gap, at: center, margin: area.margin,
            maximumMovement: area.maximumMovement)
    }
}
