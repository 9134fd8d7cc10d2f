import Foundation

/// The Kaplan–Meier point estimate alone: S(t) after each event time, held as
/// two arrays (16 bytes a step). What a clustered curve keeps of its trials
/// (`ClusteredKaplanMeier`, whose intervals come from resampling participants):
/// `KaplanMeier`'s Greenwood bands and counts would triple it, and a large
/// run's curves have a step for nearly every trial.
public struct SurvivalCurve: Sendable {
    /// The event times, ascending, and S just after each.
    public let times: [Double]
    public let survival: [Double]
    /// How many observations the curve was made from.
    public let count: Int

    public init(_ observations: [SurvivalObservation]) {
        let sorted = observations.sorted { $0.time < $1.time }
        self.init(sortedTimes: sorted.map(\.time), events: sorted.map(\.event))
    }

    /// From observations sorted by time (in any order among equal times),
    /// entry i standing for `counts[i]` of them (one each when nil).
    package init(sortedTimes times: [Double], events: [Bool], counts: [Int32]? = nil) {
        var stepTimes: [Double] = [], survival: [Double] = []
        Self.productLimit(
            count: times.count, time: { times[$0] }, event: { events[$0] },
            weight: { i in counts.map { Int($0[i]) } ?? 1 }
        ) { t, _, _, s in
            stepTimes.append(t)
            survival.append(s)
        }
        self.times = stepTimes
        self.survival = survival
        count = counts.map { $0.reduce(0) { $0 + Int($1) } } ?? times.count
    }

    /// The product-limit pass over observations sorted by time: at each
    /// distinct time with an event, `step(time, at risk, events, S after it)`.
    /// Only the counts per time enter S, so the order among equal times does not
    /// matter. The one place the estimate is computed (`KaplanMeier` adds its bands).
    /// Entry i stands for `weight(i)` observations (an integer count, so k
    /// entries of one are the same curve to the bit as one of k).
    package static func productLimit(
        count: Int, time: (Int) -> Double, event: (Int) -> Bool, weight: (Int) -> Int = { _ in 1 },
        _ step: (Double, Int, Int, Double) -> Void
    ) {
        var atRisk = 0
        for i in 0..<count { atRisk += weight(i) }
        var s = 1.0
        var i = 0
        while i < count {
            let t = time(i)
            var d = 0, leaving = 0
            while i < count && time(i) == t {
                let w = weight(i)
                if event(i) { d += w }
                leaving += w
                i += 1
            }
            if d > 0 {
                s *= 1 - Double(d) / Double(atRisk)
                step(t, atRisk, d, s)
            }
            atRisk -= leaving
        }
    }

    /// The index of the last step at or before `t` (nil before the first).
    private func lastStep(atOrBefore t: Double) -> Int? {
        // Binary search: the first step after t, minus one.
        var lo = 0, hi = times.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    /// S(t) (right-continuous steps; 1 before the first event).
    public func survival(at t: Double) -> Double { lastStep(atOrBefore: t).map { survival[$0] } ?? 1 }

    /// The fraction who reached the goal by `t`: 1 − S(t).
    public func reached(by t: Double) -> Double { 1 - survival(at: t) }

    /// The first time with S(t) ≤ ½; nil when the curve never gets there.
    public var median: Double? { survival.firstIndex { $0 <= 0.5 }.map { times[$0] } }

    /// Restricted mean time to the event up to `tau`: the area under S from 0 to tau.
    public func restrictedMean(tau: Double) -> Double {
        Self.restrictedMean(tau: tau, steps: times.count, time: { times[$0] }, survival: { survival[$0] })
    }

    /// The area under a step curve from 0 to `tau`, its steps in time order
    /// (the one place it is summed: `KaplanMeier` reads its own steps through it).
    package static func restrictedMean(
        tau: Double, steps: Int, time: (Int) -> Double, survival: (Int) -> Double
    ) -> Double {
        var area = 0.0, last = 0.0, s = 1.0
        for i in 0..<steps where time(i) < tau {
            area += s * (time(i) - last)
            last = time(i)
            s = survival(i)
        }
        return area + s * (tau - last)
    }
}
