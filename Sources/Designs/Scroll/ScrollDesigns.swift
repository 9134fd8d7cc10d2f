import Interaction

/// Scrolling a long list with and without momentum, and with a rubber band or a
/// hard stop at its ends, built from a spec's name and parameters.
public enum ScrollDesigns: DesignCatalog {
    static let talk = "Designing Fluid Interfaces (WWDC 2018)"
    static let rateHelp =
        "fraction of velocity kept per millisecond while coasting (default 0.998, UIScrollView's normal rate)"
    static let bounceHelp =
        "response of the critically damped spring that pulls stretched content back to the end, s (default 0.4; "
            + "assumption, the talk gives no figure)"

    public static let question = DesignQuestion(
        name: "scroll", title: "Momentum and rubber band: scrolling a long list",
        strategies: [
            StrategyDescription(
                name: "momentum-rubber-band",
                summary:
                    "A flick's velocity carries on after lift, decelerating like a scroll view; past the ends the "
                        + "content follows the finger with growing resistance and springs back.",
                source:
                    "\(talk): 'the system is preserving all your energy and momentum'; rubber-banding 'softly "
                        + "indicating boundaries'",
                parameters: ["deceleration_rate": rateHelp, "bounce_response_s": bounceHelp]),
            StrategyDescription(
                name: "momentum-hard-stop",
                summary: "Momentum as in a scroll view, but the content stops dead at the ends, coasting or dragged.",
                source: "\(talk): without rubber-banding 'you kind of hit a wall there'",
                parameters: ["deceleration_rate": rateHelp]),
            StrategyDescription(
                name: "no-momentum-rubber-band",
                summary: "The content moves only while the finger does and stops at lift; rubber band at the ends.",
                source: "\(talk): without momentum 'you'd have to do these long, laborious swipes'",
                parameters: ["bounce_response_s": bounceHelp]),
            StrategyDescription(
                name: "no-momentum-hard-stop",
                summary:
                    "Neither momentum nor rubber band: the content moves only with the finger and stops dead at the "
                        + "ends.",
                source: "\(talk): both iterations the talk rejects",
                parameters: [:])
        ])

    public static var names: [String] { question.strategies.map(\.name) }

    /// The physics of strategy `name`, checked.
    public static func make(_ name: String, parameters: StrategyParameters) throws -> ScrollPhysics {
        var p = parameters
        let momentum: Bool, edge: ScrollEdge
        switch name {
        case "momentum-rubber-band": momentum = true; edge = .rubberBand
        case "momentum-hard-stop": momentum = true; edge = .hardStop
        case "no-momentum-rubber-band": momentum = false; edge = .rubberBand
        case "no-momentum-hard-stop": momentum = false; edge = .hardStop
        default:
            throw StrategyParameterError(
                parameter: "design",
                message: "unknown scroll strategy '\(name)'; expected one of \(names.joined(separator: ", "))")
        }
        var known: [String] = []
        var rate = DecelerationRate.normal.value, bounce = 0.4
        if momentum {
            rate = try p.number("deceleration_rate", default: rate, in: 0.9...0.9999)
            known.append("deceleration_rate")
        }
        if edge == .rubberBand {
            bounce = try p.number("bounce_response_s", default: bounce, in: 0.05...2)
            known.append("bounce_response_s")
        }
        try p.finish(known: known)
        return ScrollPhysics(
            momentum: momentum, edge: edge, decelerationRate: rate, bounce: Spring(response: bounce, dampingRatio: 1))
    }

    /// A list of `rows` rows `rowHeight` pt tall in a viewport `viewportHeight` pt tall, moving with `physics`.
    public static func make(
        _ physics: ScrollPhysics, rows: Int, rowHeight: Double, viewportHeight: Double
    ) -> ScrollList {
        ScrollList(contentHeight: Double(rows) * rowHeight, viewportHeight: viewportHeight, physics: physics)
    }
}
