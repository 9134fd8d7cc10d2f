import ImageEngine

/// A picker as a strategy: colour model × dimension × feedback, with the track length.
public struct ColorPickerDesign: Sendable, Hashable {
    public var model: PickerModel
    public var dimension: Int
    public var feedback: PickerFeedback
    /// Length of every track (and side of the plane), pt.
    public var track: Double
    public var gradientSteps: Int
    /// How far outside a slider's frame a touch still grabs it, pt.
    public var grabMargin: Double = 12

    /// The picker screen for matching `target` starting from `start` on a screen `width` pt wide.
    public func screen(target: SRGBColor, start: SRGBColor, width: Double) -> ColorPickerScreen {
        ColorPickerScreen(
            model: model, dimension: dimension, feedback: feedback, target: target, start: start,
            track: min(track, width - 40), width: width, gradientSteps: gradientSteps, grabMargin: grabMargin)
    }
}

/// The classic slider colour pickers (issue 12), one strategy per colour model,
/// dimension and feedback: `rgb-1d-plain` … `opponent-2d-gradient` (5 × 2 × 2).
public enum ColorPickerDesigns: DesignCatalog {
    static let studies = "the classic colour-matching studies of slider pickers (issue 12)"
    static let trackHelp =
        "length of each track and side of the plane, pt (default 256; assumption: a typical picker panel on a tablet)"
    static let stepsHelp = "swatches drawn along a gradient track, and per side of a gradient plane (default 32)"
    static let marginHelp =
        "how far outside a slider's 44 pt frame a touch still grabs it, pt (default 12; assumption: a thumb drawn at "
            + "a track's end overhangs it by about half a thumb; swept in the spec's tuning section)"

    /// Every strategy name, in model, dimension, feedback order.
    public static var names: [String] {
        PickerModel.allCases.flatMap { m in
            [1, 2].flatMap { d in PickerFeedback.allCases.map { "\(m.rawValue)-\(d)d-\($0.rawValue)" } }
        }
    }

    public static let question = DesignQuestion(
        name: "color-match", title: "Classic colour pickers: matching a colour with sliders in five colour models",
        strategies: PickerModel.allCases.flatMap { m in
            [1, 2].flatMap { d in
                PickerFeedback.allCases.map { f in
                    let axes = m.axes.map(\.label).joined(separator: ", ")
                    let layout =
                        d == 1
                        ? "three sliders (\(axes))"
                        : {
                            let (x, y, z) = ColorPickerScreen.planeAxes(m);
                            return
                                "a plane (\(m.axes[x].label) across, \(m.axes[y].label) up) and a \(m.axes[z].label) "
                                    + "slider"
                        }()
                    let tracks =
                        f == .plain
                        ? "plain tracks" : "tracks showing the colour each position would give, redrawn live"
                    return StrategyDescription(
                        name: "\(m.rawValue)-\(d)d-\(f.rawValue)",
                        summary: "\(m.rawValue.uppercased()) picker: \(layout), \(tracks).",
                        source: studies,
                        parameters: ["track_pt": trackHelp, "gradient_steps": stepsHelp, "grab_margin_pt": marginHelp])
                }
            }
        })

    /// Strategy `name` with its parameters, checked.
    public static func make(_ name: String, parameters: StrategyParameters) throws -> ColorPickerDesign {
        let parts = name.split(separator: "-").map(String.init)
        guard parts.count == 3, let model = PickerModel(rawValue: parts[0]),
            let feedback = PickerFeedback(rawValue: parts[2]),
            parts[1] == "1d" || parts[1] == "2d"
        else {
            throw StrategyParameterError(
                parameter: "design",
                message:
                    "unknown colour-picker strategy '\(name)'; expected <model>-<1d|2d>-<plain|gradient> with model "
                        + "one of \(PickerModel.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        var p = parameters
        let track = try p.number("track_pt", default: 256, in: 80...600)
        let steps = try p.number("gradient_steps", default: 32, in: 2...256)
        guard steps == steps.rounded() else {
            throw StrategyParameterError(parameter: "gradient_steps", message: "expected a whole number, got \(steps)")
        }
        let margin = try p.number("grab_margin_pt", default: 12, in: 0...44)
        try p.finish(known: ["track_pt", "gradient_steps", "grab_margin_pt"])
        return ColorPickerDesign(
            model: model, dimension: parts[1] == "1d" ? 1 : 2, feedback: feedback, track: track,
            gradientSteps: Int(steps),
            grabMargin: margin)
    }
}
