import ArgumentParser
import Foundation
import Interaction
import Reports

struct ProjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project",
        abstract: "How far content thrown at a velocity coasts before it stops (momentum projection).",
        discussion:
            "project(v, r) = (v / 1000) · r / (1 − r), as in the fluid-interfaces talk. 1000 pt/s → 499 pt (normal), "
                + ""
                + "99 pt (fast)."
    )

    @Option(help: "Release velocity in points per second.")
    var velocity: Double

    @Option(help: "Deceleration rate: normal (0.998), fast (0.99) or a number in (0, 1).")
    var rate: String = "normal"

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            guard let r = DecelerationRate(parsing: rate) else {
                throw InputError("--rate: expected normal, fast or a number between 0 and 1, got '\(rate)'")
            }
            try requireFinite(velocity, "--velocity", "points per second")
            let distance = project(velocity: velocity, decelerationRate: r)
            if json {
                try printJSON(["velocity_pt_s": velocity, "deceleration_rate": r.value, "distance_pt": distance])
            } else {
                print(formatNumber(distance))
            }
        }
    }
}

struct SpringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring",
        abstract: "Settle time and overshoot of a spring given by response and damping ratio.",
        discussion:
            "Stiffness k = (2π / response)², damping c = 4π·ζ / response, unit mass; the motion is evaluated in "
                + "closed form."
    )

    @Option(help: "Response (period of the undamped oscillation) in seconds.")
    var response: Double

    @Option(name: .customLong("damping-ratio"), help: "Damping ratio ζ (1 = critically damped).")
    var dampingRatio: Double

    @Option(help: "Initial velocity toward the target in points per second.")
    var velocity: Double = 0

    @Option(help: "Initial distance from the target in points.")
    var distance: Double = 100

    @Option(help: "Write a plot of the motion to this PNG (its .dat and .gp are kept beside it).")
    var plot: String?

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            guard response > 0, response.isFinite else {
                throw InputError("--response: expected a positive number of seconds, got \(response)")
            }
            guard dampingRatio > 0, dampingRatio.isFinite else {
                throw InputError("--damping-ratio: expected a positive number, got \(dampingRatio)")
            }
            try requireFinite(velocity, "--velocity", "points per second")
            try requireFinite(distance, "--distance", "points")
            let spring = Spring(response: response, dampingRatio: dampingRatio)
            // Start `distance` before the target, moving toward it at `velocity`.
            let animation = SpringAnimation2D(
                spring: spring, from: Point(0, 0), to: Point(distance, 0),
                initialVelocity: Vector2(velocity, 0))
            let settle = animation.settleTime()
            guard settle.isFinite else {
                throw InputError(
                    "--response \(response) --damping-ratio \(dampingRatio): this spring does not "
                        + "come within 0.5 pt and 5 pt/s of its target in \(Int(SpringSettling.horizon)) s; "
                        + "use a shorter response or a damping ratio nearer 1")
            }
            let overshoot = animation.overshoot(settledAt: settle)
            if let plot {
                try SpringPlot.write(animation: animation, settleTime: settle, to: plot)
            }
            if json {
                try printJSON([
                    "response_s": response, "damping_ratio": dampingRatio, "stiffness": spring.stiffness,
                    "damping": spring.damping, "distance_pt": distance, "velocity_pt_s": velocity,
                    "settle_time_s": settle, "overshoot_pt": overshoot
                ])
            } else {
                print("stiffness k      \(formatNumber(spring.stiffness)) (unit mass)")
                print("damping c        \(formatNumber(spring.damping))")
                print("settle time      \(formatNumber(settle)) s (within 0.5 pt and 5 pt/s)")
                print("overshoot        \(formatNumber(overshoot)) pt")
                if let plot { print("plot             \(plot)") }
            }
        }
    }
}

/// NaN and infinities pass ArgumentParser as numbers; the physics would never settle on them.
private func requireFinite(_ value: Double, _ flag: String, _ unit: String) throws {
    guard value.isFinite else { throw InputError("\(flag): expected a finite number of \(unit), got \(value)") }
}
