/// How a gesture's release velocity is estimated from its touch samples.
///
/// The fluid-interfaces talk warns against using only the last two samples: one
/// noisy or late sample swings the velocity wildly. The history estimator fits a
/// straight line (least squares) through the samples of a recent window instead.
public enum VelocityEstimator: Sendable, Hashable, Codable {
    /// Least-squares slope over the samples in the last `window` seconds.
    case history(window: Double)
    /// Difference of the last two samples (the naive estimate).
    case lastTwoSamples

    /// The default: a 100 ms window, about twelve samples at 120 Hz.
    public static let standard = VelocityEstimator.history(window: 0.1)

    /// Velocity in points per second at the end of `samples`.
    public func velocity(of samples: [TouchSample]) -> Vector2 {
        guard samples.count >= 2 else { return .zero }
        switch self {
        case .lastTwoSamples:
            let a = samples[samples.count - 2], b = samples[samples.count - 1]
            let dt = b.time - a.time
            return dt > 0 ? (b.location - a.location) / dt : .zero
        case .history(let window):
            let endTime = samples[samples.count - 1].time
            var recent = samples.suffix(while: { endTime - $0.time <= window + 1e-9 })
            if recent.count < 2 { recent = Array(samples.suffix(2)) }
            return Self.leastSquaresSlope(recent)
        }
    }

    private static func leastSquaresSlope(_ s: [TouchSample]) -> Vector2 {
        let n = Double(s.count)
        let meanT = s.reduce(0) { $0 + $1.time } / n
        let meanP = s.reduce(Vector2.zero) { $0 + $1.location } / n
        var stt = 0.0
        var stp = Vector2.zero
        for sample in s {
            let dt = sample.time - meanT
            stt += dt * dt
            stp += (sample.location - meanP) * dt
        }
        return stt > 0 ? stp / stt : .zero
    }
}

extension Array {
    /// The longest suffix whose elements all satisfy `predicate`.
    fileprivate func suffix(while predicate: (Element) -> Bool) -> [Element] {
        var i = endIndex
        while i > startIndex, predicate(self[i - 1]) { i -= 1 }
        return Array(self[i...])
    }
}
