import Foundation

/// One published law checked against the models: the model's points, the
/// published line, the figures measured, and the band they must fall in.
public struct LawCheck: Sendable, Codable {
    /// Whether a check could have come out otherwise. A check that recovers a
    /// constant the model was given tests the plumbing, not the model; only an
    /// emergent one tests whether the parts together behave like people.
    public enum Origin: String, Sendable, Codable, CaseIterable {
        /// The figure comes from how the parts interact; no parameter sets it.
        case emergent = "emergent"
        /// Part of the figure is an input, part comes from the interaction.
        case partlyEmergent = "partly emergent"
        /// The figure is (a transform of) a parameter the model was given.
        case restatesInput = "restates an input"
    }
    public struct Figure: Sendable, Codable {
        public var name: String
        public var value: Double
        public var lower: Double
        public var upper: Double
        public var passed: Bool { value >= lower && value <= upper }

        public init(name: String, value: Double, lower: Double, upper: Double) {
            self.name = name; self.value = value; self.lower = lower; self.upper = upper
        }
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
    /// Emergent or restating, and in one line why.
    public var origin: Origin
    public var originReason: String

    public init(id: String, title: String, source: String, origin: Origin, originReason: String,
                xLabel: String, yLabel: String, model: [[Double]], published: [[Double]], figures: [Figure]) {
        self.id = id; self.title = title; self.source = source
        self.origin = origin; self.originReason = originReason
        self.xLabel = xLabel; self.yLabel = yLabel
        self.model = model; self.published = published; self.figures = figures
    }

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

/// Least-squares fit of a power law y = y1·x^(−alpha) on log–log axes, with the
/// R² of that line (the usual way learning curves are fitted, Newell & Rosenbloom 1981).
public struct PowerLawFit: Sendable, Codable {
    public var y1: Double
    public var alpha: Double
    public var rSquared: Double

    public init(x: [Double], y: [Double]) {
        let line = LinearFit(x: x.map { log($0) }, y: y.map { log(max($0, 1e-12)) })
        y1 = exp(line.intercept)
        alpha = -line.slope
        rSquared = line.rSquared
    }
}
