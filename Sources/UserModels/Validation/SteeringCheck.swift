import Foundation
import Randomness

extension ValidationSuite {
    /// Accot & Zhai's steering law for straight tunnels: after practice, the time to
    /// steer through a tunnel of length A and width W is linear in A/W, T = a + b·A/W,
    /// and tunnels with the same A/W take the same time whatever their size. Nothing
    /// in `Steerer` encodes either; they have to come out of the wobble, the
    /// corrections and the staircase.
    func steering() -> LawCheck {
        let device = Self.device
        let lengths = [20.0, 40.0, 80.0], widths = [2.0, 4.0, 8.0]  // mm
        var ratios: [Double] = [], times: [Double] = [], errors: [Double] = []
        for a in lengths {
            for w in widths {
                var total = 0.0, errorRate = 0.0
                for (pi, participant) in participants.enumerated() {
                    // Common random numbers for tunnels of the same A/W: their difference
                    // is then the effect of scale alone, not of different draws.
                    var g = SeededGenerator(seed: seed, label: "steer/\(a / w)/\(pi)")
                    let steerer = Steerer(participant: participant)
                    let settled = steerer.practisedDuration(
                        length: a, width: w, fastestMMPerS: steerer.fastest(on: device), using: &g)
                    total += settled.duration; errorRate += settled.errorRate
                }
                ratios.append(a / w); times.append(total / Double(participants.count))
                errors.append(errorRate / Double(participants.count))
            }
        }
        let fit = LinearFit(x: ratios, y: times)
        // Tunnels with the same A/W (e.g. 20/2, 40/4, 80/8): the largest relative spread of their times.
        var spread = 0.0
        for r in Set(ratios) {
            let same = ratios.indices.filter { ratios[$0] == r }.map { times[$0] }
            guard same.count > 1, let lo = same.min(), let hi = same.max() else { continue }
            spread = max(spread, (hi - lo) / ((hi + lo) / 2))
        }
        let meanError = errors.reduce(0, +) / Double(errors.count)
        return LawCheck(
            id: "steering-law", title: "Steering law: time to steer through a straight tunnel against A/W",
            source:
                "Accot & Zhai, CHI 1997: T = a + b·A/W, fits above r² 0.96 for straight, narrowing and spiral "
                    + "tunnels; the local form says speed is proportional to width",
            origin: .emergent,
            originReason:
                "the Steerer has no time law: time comes from speed-proportional sideways wobble, visual corrections "
                    + "and a speed-up/slow-down staircase; but motor.steer_wobble_s was calibrated so that 2–8 mm "
                    + "tunnels constrain speed, and it alone sets the slope",
            xLabel: "A/W", yLabel: "mean steering time after practice (s)",
            model: zip(ratios, times).map { [$0, $1] },
            published: [[0, fit.intercept], [ratios.max()!, fit.intercept + fit.slope * ratios.max()!]],
            figures: [
                .init(name: "r_squared", value: fit.rSquared, lower: 0.96, upper: 1),
                .init(name: "slope_s_per_unit_a_over_w", value: fit.slope, lower: 0.005, upper: 0.2),
                .init(name: "intercept_s", value: fit.intercept, lower: -0.5, upper: 0.5),
                .init(name: "same_a_over_w_time_spread", value: spread, lower: 0, upper: 0.15),
                .init(name: "settled_error_rate", value: meanError, lower: 0.02, upper: 0.25)
            ])
    }
}
