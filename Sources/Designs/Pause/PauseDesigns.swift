import Interaction

/// The two ways of noticing the iPhone X pause that the fluid-interfaces talk
/// compares, built from a spec's name and parameters.
public enum PauseDesigns: DesignCatalog {
    static let commonParameters: [String: String] = [
        "pause_speed_pt_s":
            "speed under which the finger counts as stopped, pt/s (default 100, the talk's public demo)",
        "minimum_travel_pt": "travel from touch-down before a pause can count, pt (default 50, the public demo)"
    ]

    public static let question = DesignQuestion(
        name: "pause", title: "Pause detection: when does the app switcher come in?",
        strategies: [
            StrategyDescription(
                name: "pause-timer",
                summary:
                    "The app switcher comes in once the finger has moved slower than the pause speed for a set time.",
                source:
                    "Designing Fluid Interfaces (WWDC 2018): 'Should we use a timer? … it turns out that's too slow'",
                parameters: commonParameters.merging([
                    "duration_s": "how long the finger must stay slow, s (default 0.1; the talk gives no figure)"
                ]) { a, _ in a }),
            StrategyDescription(
                name: "pause-acceleration",
                summary:
                    "The app switcher comes in when the finger's speed collapses: at most the pause speed now, after "
                        + "losing 90% of a peak of at least 300 pt/s within 0.1 s.",
                source:
                    "Designing Fluid Interfaces (WWDC 2018): 'there's a huge spike in the acceleration of your finger "
                        + "when you pause … the faster you stop, the faster we can detect it'",
                parameters: commonParameters.merging([
                    "window_s": "how far back the peak speed may lie, s (default 0.1, the public demo)",
                    "speed_drop": "share of the peak speed that must be lost, 0–1 (default 0.9, the public demo)",
                    "minimum_peak_pt_s":
                        "smallest peak that counts as a movement being stopped, pt/s (default 300, calibrated against "
                            + "sensor noise; Docs/Gestures.md)"
                ]) { a, _ in a })
        ])

    public static var names: [String] { question.strategies.map(\.name) }

    /// The gesture for strategy `name` with the spec's parameters.
    public static func make(_ name: String, parameters: StrategyParameters) throws -> HomeIndicatorGesture {
        var p = parameters
        let method: PauseDetector.Method
        var known = Array(commonParameters.keys)
        switch name {
        case "pause-timer":
            known.append("duration_s")
            method = .timer(duration: try p.number("duration_s", default: 0.1, in: 0.01...2))
        case "pause-acceleration":
            known += ["window_s", "speed_drop", "minimum_peak_pt_s"]
            method = .acceleration(
                window: try p.number("window_s", default: 0.1, in: 0.02...1),
                speedDrop: try p.number("speed_drop", default: 0.9, in: 0.1...1),
                minimumPeakSpeed: try p.number("minimum_peak_pt_s", default: 300, in: 0...5000))
        default:
            throw StrategyParameterError(parameter: "design", message: "unknown pause strategy '\(name)'")
        }
        let speed = try p.number("pause_speed_pt_s", default: 100, in: 1...2000)
        let travel = try p.number("minimum_travel_pt", default: 50, in: 0...1000)
        try p.finish(known: known.sorted())
        return HomeIndicatorGesture(
            detector: PauseDetector(.init(method: method, pauseSpeed: speed, minimumTravel: travel)))
    }
}
