/// One published law checked against the models: the model's points, the
/// published line, the figures measured, and the band they must fall in.
public struct LawCheck: Sendable, Codable {
    public struct Figure: Sendable, Codable {
        public var name: String
        public var value: Double
        public var lower: Double
        public var upper: Double
        public var passed: Bool { value >= lower && value <= upper }
    }

    /// Short stable id, e.g. `fitts-regression`.
    public var id: String
    public var title: String
    /// The published result and where it comes from.
    public var source: String
    /// Axis labels for the plot.
    public var xLabel: String
    public var yLabel: String
    /// The model's points (x, y) and, where there is one, the published line's points.
    public var model: [[Double]]
    public var published: [[Double]]
    public var figures: [Figure]

    public var passed: Bool { figures.allSatisfy(\.passed) }
}

/// Least-squares line y = intercept + slope·x, with R².
public struct LinearFit: Sendable, Codable {
    public var intercept: Double
    public var slope: Double
    public var rSquared: Double

    public init(x: [Double], y: [Double]) {
        let n = Double(x.count)
        let mx = x.reduce(0, +) / n, my = y.reduce(0, +) / n
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for (a, b) in zip(x, y) {
            sxx += (a - mx) * (a - mx); sxy += (a - mx) * (b - my); syy += (b - my) * (b - my)
        }
        slope = sxx > 0 ? sxy / sxx : 0
        intercept = my - slope * mx
        rSquared = syy > 0 ? (sxy * sxy) / (sxx * syy) : 1
    }
}
