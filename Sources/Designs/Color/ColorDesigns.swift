/// The colour strategies of the iPhoto talk, built from a spec's name and parameters.
public enum ColorDesigns: DesignCatalog {
    public static let question = DesignQuestion(
        name: "color", title: "Colour: two axes, one axis, or on the photo?",
        strategies: [
            StrategyDescription(
                name: "four-controls-two-axis",
                summary:
                    "Four labelled pads (Saturation, Blue Skies, Skin Tones, Greenery) under the photo; each puck "
                        + "moves freely on two axes: across for the amount of the colour range, up for its luminance. "
                        + "On compact width, four buttons open one pad each.",
                source: "iPhoto for iOS (WWDC 2012): 'you sort of had to move on two axes … a little bit technical'",
                parameters: [
                    "pad_pt": "side of a pad in points, the travel for a full range on either axis (default 120)"
                ]),
            StrategyDescription(
                name: "four-controls-one-axis",
                summary:
                    "The same four as sliders, one axis each: right for more, which raises the range's amount and "
                        + "lowers its luminance (amount = v, luminance = −coupling·v). On compact width, four buttons "
                        + ""
                        + "open one slider each.",
                source:
                    "iPhoto for iOS: 'smart math behind the scenes … less saturation means this, more saturation "
                        + "means that'",
                parameters: ["coupling": "luminance change per unit of amount in the one-axis mapping (default 0.4)"]),
            StrategyDescription(
                name: "on-image",
                summary:
                    "Touch the photo and drag: left–right adjusts the colour range under the finger (sky, skin, "
                        + "foliage), up–down the saturation; both axes hinted, the first one moved along locks and "
                        + "the other fades. The one-axis sliders stay under the photo, the picked one highlighted.",
                source:
                    "iPhoto for iOS: 'tap on the blue sky … once the user starts to move in a direction, you're going "
                        + ""
                        + "to see the other arrow sort of disappear'",
                parameters: [
                    "coupling": "as four-controls-one-axis (default 0.4)",
                    "full_scale_pt": "points of drag on the photo per unit of a control's value (default 200)",
                    "lock_pt": "finger travel before an axis locks (default 10)",
                    "hint": "show a hint that the photo takes drags before it is touched (default false)"
                ])
        ])

    public static var names: [String] { question.strategies.map(\.name) }

    public static func make(_ name: String, parameters: StrategyParameters) throws -> any ColorDesign {
        var p = parameters
        switch name {
        case "four-controls-two-axis":
            let side = try p.number("pad_pt", default: 120, in: 60...400)
            try p.finish(known: ["pad_pt"])
            return TwoAxisPads(side: side)
        case "four-controls-one-axis":
            let coupling = try p.number("coupling", default: 0.4, in: 0...1)
            try p.finish(known: ["coupling"])
            return OneAxisSliders(mapping: OneAxisMapping(coupling: coupling))
        case "on-image":
            let coupling = try p.number("coupling", default: 0.4, in: 0...1)
            let scale = try p.number("full_scale_pt", default: 200, in: 20...2000)
            let lock = try p.number("lock_pt", default: 10, in: 1...100)
            let hint = try p.number("hint", default: 0, in: 0...1) != 0
            try p.finish(known: ["coupling", "full_scale_pt", "lock_pt", "hint"])
            return OnImageColor(
                mapping: OneAxisMapping(coupling: coupling), fullScale: scale, lockDistance: lock, hinted: hint)
        default:
            throw StrategyParameterError(parameter: "design", message: "unknown colour strategy '\(name)'")
        }
    }
}
