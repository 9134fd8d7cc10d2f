import Designs
import Harness

/// Tap-margin designs declared in a design file: how a button takes a touch (the row's layout belongs to the
/// task). `button.margin_pt` grows the tap area around the frame, for the touch-down and the lift alike;
/// `button.max_movement_pt` makes the recognizer fail when the finger wanders farther than that (none: only
/// where the finger lifts counts, as the talk's button).
enum TapMarginDeclaration {
    static let fields = ["button"]

    /// The tap area `strategy` sets: a Swift design's, or a declared one's.
    static func area(_ strategy: StrategySpec) throws -> TapMarginDesigns.TapArea {
        guard let declared = strategy.declared else {
            let parameters = strategy.designParameters
            let margin = try TapMarginDesigns.margin(strategy.design, parameters: parameters)
            return TapMarginDesigns.TapArea(margin: margin)
        }
        let button = try declared.root().required("button")
        try button.rejectUnknownKeys(["margin_pt", "max_movement_pt"])
        var movement: Double? = nil
        if let m = try button.optional("max_movement_pt"), try m.string() != "none" {
            movement = try m.double(in: 0...200)
        }
        return TapMarginDesigns.TapArea(
            margin: try button.required("margin_pt").double(in: 0...60), maximumMovement: movement)
    }

    /// The design file of tap-exact or tap-margin with `parameters`.
    static func declaration(like name: String, parameters: StrategyParameters) throws -> String? {
        let margin = try TapMarginDesigns.margin(name, parameters: parameters)
        return """
            # A tap-margin design declared in YAML: how each button of the task's row takes a touch. Copied from
            # \(name); edit it, then name the file as a strategy's design in a spec (design: this file's path
            # from the spec's folder). Docs/YourDesign.md explains every field.
            question: tap-margin
            like: \(name)
            \(DeclaredDesign.summaryLine(of: name, in: TapMarginDesigns.question))
            button:
              margin_pt: \(TapMarginSimulator.formatted(margin))   # extra tap area around the frame, pt
              max_movement_pt: none   # the tap fails when the finger moves farther, pt (none: no limit)

            """
    }
}
