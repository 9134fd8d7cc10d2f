import Interaction

/// The picture-in-picture strategies of the fluid-interfaces talk, built from
/// a spec's name and parameters.
public enum PIPDesigns {
    static let commonParameters: [String: String] = [
        "response": "spring response in seconds (default 0.4, the talk's PIP)",
        "damping_ratio": "spring damping ratio (default 0.8: a gesture with momentum earns a little overshoot)",
        "velocity":
            "release velocity estimate: least-squares (default, over the last 100 ms; also 'history') or last-two "
                + "(the last two samples)",
        "in_flight":
            "a touch on the PIP while it springs to a corner: catch (default: it is caught and can be thrown again) "
                + "or ignore (until it rests)",
        "margin_pt": "inset of the corners inside the safe area (default 16)",
        "width_fraction": "PIP width as a fraction of the screen's short side (default 0.28 compact, 0.18 regular)"
    ]

    public static let question = DesignQuestion(
        name: "pip", title: "Picture-in-picture: which corner does a thrown PIP go to?",
        strategies: [
            StrategyDescription(
                name: "nearest-corner",
                summary: "On release the PIP springs to the corner nearest where it was let go.",
                source:
                    "Designing Fluid Interfaces (WWDC 2018), the FaceTime PIP: 'keep track of the closest endpoint'",
                parameters: commonParameters),
            StrategyDescription(
                name: "projected-momentum",
                summary:
                    "On release the PIP springs to the corner nearest its projected position: release point + "
                        + "project(velocity, deceleration rate).",
                source:
                    "Designing Fluid Interfaces (WWDC 2018): 'calculate its projected position and move there instead'",
                parameters: commonParameters.merging([
                    "rate": "deceleration rate: normal (0.998, default), fast (0.99) or a number in (0, 1)"
                ]) { a, _ in a })
        ])

    public static var names: [String] { question.strategies.map(\.name) }

    /// The controller for strategy `name` on `device`, with the spec's parameters.
    public static func make(
        _ name: String, parameters: StrategyParameters, device: DeviceConfiguration
    ) throws -> PIPController {
        var p = parameters
        let policy: any EndpointPolicy
        var known = Array(commonParameters.keys).sorted()
        switch name {
        case "nearest-corner":
            policy = NearestCorner()
        case "projected-momentum":
            known.append("rate")
            var rate = DecelerationRate.normal
            if let v = p.value("rate", default: "normal", allowed: "normal, fast or a number in (0, 1)") {
                guard let r = DecelerationRate(parsing: v.description) else {
                    throw StrategyParameterError(
                        parameter: "rate", message: "expected normal, fast or a number in (0, 1), got '\(v)'")
                }
                rate = r
            }
            policy = ProjectedMomentum(decelerationRate: rate)
        default:
            throw StrategyParameterError(parameter: "design", message: "unknown pip strategy '\(name)'")
        }
        let response = try p.number("response", default: 0.4, in: 0.05...5)
        let damping = try p.number("damping_ratio", default: 0.8, in: 0.05...5)
        let margin = try p.number("margin_pt", default: 16, in: 0...200)
        let widthFraction =
            p.value("width_fraction", default: "the device's own", allowed: "0.05…0.45") == nil
            ? nil : try p.number("width_fraction", default: 0.28, in: 0.05...0.45)
        var estimator = VelocityEstimator.standard
        if let v = p.value("velocity", default: "least-squares", allowed: "least-squares, history, last-two") {
            switch v.description {
            case "least-squares", "history": estimator = .standard
            case "last-two": estimator = .lastTwoSamples
            default:
                throw StrategyParameterError(
                    parameter: "velocity", message: "expected least-squares, history or last-two, got '\(v)'")
            }
        }
        let inFlight = try p.choice("in_flight", default: InFlightTouches.catch)
        try p.finish(known: known)
        return PIPController(
            layout: PIPLayout(device: device, widthFraction: widthFraction, margin: margin),
            policy: policy, spring: Spring(response: response, dampingRatio: damping),
            velocityEstimator: estimator, inFlight: inFlight)
    }
}
