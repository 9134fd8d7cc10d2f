import Foundation
@testable import Statistics

/// The Kaplan–Meier estimate of S(t) = P(not yet reached the goal by t), with
/// Greenwood's variance and pointwise intervals on the log(−log S) scale (the
/// "exponential Greenwood" bounds of lifelines and R survival's conf.type
/// "log-log"). Times to effect are survival outcomes: censored when a person
/// gives up or the time limit comes (DESIGN §6).
public struct KaplanMeier: Sendable {
    public struct Step: Sendable, Hashable {
        public var time: Double
        public var atRisk: Int
        public var events: Int
        public var survival: Double
        public var lower: Double
        public var upper: Double
    }

    /// One step per distinct event time, in time order.
    public let steps: [Step]
    public let count: Int

    public init(_ observations: [SurvivalObservation], confidence: Double = 0.95) {
        count = observations.count
        let z = Intervals.normalQuantile(1 - (1 - confidence) / 2)
        let sorted = observations.sorted { $0.time < $1.time }
        var greenwood = 0.0
        var steps: [Step] = []
        SurvivalCurve.productLimit(count: sorted.count, time: { sorted[$0].time }, event: { sorted[$0].event }) {
            t, atRisk, d, s in
            if atRisk > d { greenwood += Double(d) / (Double(atRisk) * Double(atRisk - d)) }
            var lower = 0.0, upper = 1.0
            if s > 0 && s < 1 {
                let logS = log(s)
                let half = z * greenwood.squareRoot() / abs(logS)
                lower = exp(-exp(log(-logS) + half))
                upper = exp(-exp(log(-logS) - half))
            } else if s >= 1 {
                lower = 1
            } else {
                upper = 0  // everyone has had the event: no uncertainty left to draw
            }
            steps.append(Step(time: t, atRisk: atRisk, events: d, survival: s, lower: lower, upper: upper))
        }
        self.steps = steps
    }

    /// S(t) with its interval (right-continuous steps; 1 before the first event).
    public func survival(at t: Double) -> Estimate {
        guard let step = steps.last(where: { $0.time <= t }) else { return Estimate(value: 1, lower: 1, upper: 1) }
        return Estimate(value: step.survival, lower: step.lower, upper: step.upper)
    }

    /// The fraction who reached the goal by `t` (1 − S) with its interval.
    public func reached(by t: Double) -> Estimate {
        let s = survival(at: t)
        return Estimate(value: 1 - s.value, lower: 1 - s.upper, upper: 1 - s.lower)
    }

    /// The median time to the event (first t with S(t) ≤ ½), with the interval
    /// read where the bounds cross ½ (Brookmeyer–Crowley style, as lifelines'
    /// `median_survival_times` on the confidence band). `nil` parts are "not
    /// reached within the observed times" (∞).
    public var median: (value: Double?, lower: Double?, upper: Double?) {
        (
            steps.first { $0.survival <= 0.5 }?.time, steps.first { $0.lower <= 0.5 }?.time,
            steps.first { $0.upper <= 0.5 }?.time
        )
    }

    /// Restricted mean time to the event up to `tau`: the area under S from 0 to tau.
    public func restrictedMean(tau: Double) -> Double {
        SurvivalCurve.restrictedMean(
            tau: tau, steps: steps.count, time: { steps[$0].time }, survival: { steps[$0].survival })
    }
}

extension Intervals {
    /// The median with a percentile-bootstrap interval from `resamples` resamples.
    public static func median(
        _ values: [Double], confidence: Double = 0.95, resamples: Int = 2000, seed: UInt64
    ) -> Estimate {
        guard !values.isEmpty else { return Estimate(value: .nan, lower: .nan, upper: .nan) }
        return bootstrap(values, confidence: confidence, resamples: resamples, seed: seed) { Descriptive.median($0) }
    }
}
