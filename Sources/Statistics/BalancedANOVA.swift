import Foundation

/// The linear mixed model `y ~ fixed factors + (1 | random factor) + …` (main
/// effects only, random intercepts) estimated by the method of moments, for a
/// balanced design: every two factors are crossed with equal counts (each
/// two-way table of level counts is uniform), as in a complete factorial with
/// equal replication.
///
/// Then the factors' main-effect spaces are orthogonal, the fixed-effect contrasts (treatment coding) are the
/// differences of marginal means, and the variance components come from the
/// expected mean squares: E[MS_f] = σ² + (N / L_f) σ²_f for a random factor f with
/// L_f levels, E[MS_residual] = σ². Restricted maximum likelihood (REML, lme4's
/// default) gives the same estimates whenever they are positive: the REML
/// likelihood of a balanced design splits into one independent mean square per
/// stratum. Values are accumulated one observation at a time, in memory
/// proportional to the number of levels and of pairs of levels, not of observations.
public struct BalancedANOVA: Sendable {
    public let fixed: [String]
    public let random: [String]
    private var levelIndex: [[String: Int]]
    private var levelNames: [[String]]
    private var sums: [[Double]]
    private var counts: [[Int]]
    /// Counts of each pair of levels of two factors: (factor f, factor g > f, level of f, level of g).
    private var pairs: [SIMD4<Int32>: Int] = [:]
    private var n = 0
    /// Values are accumulated minus the first one, so sums of squares do not cancel.
    private var shift = 0.0
    private var sum = 0.0
    private var sumOfSquares = 0.0

    public init(fixed: [String], random: [String]) {
        self.fixed = fixed
        self.random = random
        let k = fixed.count + random.count
        levelIndex = Array(repeating: [:], count: k)
        levelNames = Array(repeating: [], count: k)
        sums = Array(repeating: [], count: k)
        counts = Array(repeating: [], count: k)
    }

    /// Adds one observation; `levels` names its level of each factor, fixed then random.
    public mutating func add(_ y: Double, levels: [String]) {
        precondition(levels.count == fixed.count + random.count, "one level per factor")
        if n == 0 { shift = y }
        let x = y - shift
        var index = [Int32](repeating: 0, count: levels.count)
        for (f, level) in levels.enumerated() {
            let i: Int
            if let known = levelIndex[f][level] {
                i = known
            } else {
                i = levelNames[f].count
                levelIndex[f][level] = i
                levelNames[f].append(level)
                sums[f].append(0)
                counts[f].append(0)
            }
            sums[f][i] += x
            counts[f][i] += 1
            index[f] = Int32(i)
        }
        for f in 0..<index.count {
            for g in (f + 1)..<index.count { pairs[SIMD4(Int32(f), Int32(g), index[f], index[g]), default: 0] += 1 }
        }
        n += 1
        sum += x
        sumOfSquares += x * x
    }

    /// The estimates.
    public struct Result: Sendable, Codable, Hashable {
        /// Observations.
        public var n: Int
        /// The intercept in treatment coding: the fitted value at every fixed factor's reference level.
        public var intercept: Double
        /// fixed factor → level → mean of y over that level.
        public var means: [String: [String: Double]]
        /// fixed factor → level → its coefficient (mean of the level minus mean of the reference level).
        public var contrasts: [String: [String: Double]]
        /// random factor → variance of its intercepts; "residual" → the residual variance.
        public var variances: [String: Double]
    }

    /// Why no estimate could be made.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case unbalanced(String)
        case noResidualDegreesOfFreedom
        /// A variance component came out negative: REML would put it at zero and
        /// re-estimate the others, so the moment estimates no longer agree with it.
        case boundary(String)

        public var description: String {
            switch self {
            case .unbalanced(let why): "the design is not balanced: \(why)"
            case .noResidualDegreesOfFreedom: "no residual degrees of freedom"
            case .boundary(let factor): "the variance of \(factor) is estimated at zero (REML's boundary)"
            }
        }
    }

    /// The estimates, with treatment contrasts against `reference[factor]` (default:
    /// the first level seen).
    public func estimate(reference: [String: String] = [:]) -> Swift.Result<Result, Failure> {
        let factors = fixed + random
        guard n > 0 else { return .failure(.unbalanced("no observations")) }
        for f in 0..<factors.count {
            let levels = levelNames[f].count
            guard counts[f].allSatisfy({ $0 * levels == n }) else {
                return .failure(.unbalanced("the levels of \(factors[f]) hold different numbers of observations"))
            }
            for g in (f + 1)..<factors.count {
                let combinations = levels * levelNames[g].count
                let seen = pairs.filter { $0.key[0] == Int32(f) && $0.key[1] == Int32(g) }
                guard seen.count == combinations, seen.values.allSatisfy({ $0 * combinations == n }) else {
                    return .failure(
                        .unbalanced(
                            "\(factors[f]) × \(factors[g]): \(seen.count) of \(combinations) combinations observed, "
                                + "or in unequal numbers"
                        ))
                }
            }
        }
        let N = Double(n)
        let grand = sum / N
        var ssFactor: [Double] = []
        var means: [String: [String: Double]] = [:]
        for (f, name) in factors.enumerated() {
            var ss = 0.0
            for (i, level) in levelNames[f].enumerated() {
                let m = sums[f][i] / Double(counts[f][i])
                ss += Double(counts[f][i]) * (m - grand) * (m - grand)
                if f < fixed.count { means[name, default: [:]][level] = m + shift }
            }
            ssFactor.append(ss)
        }
        let ssTotal = sumOfSquares - N * grand * grand
        let dfResidual = n - 1 - levelNames.reduce(0) { $0 + $1.count - 1 }
        guard dfResidual > 0 else { return .failure(.noResidualDegreesOfFreedom) }
        let residual = (ssTotal - ssFactor.reduce(0, +)) / Double(dfResidual)
        var variances = ["residual": residual]
        for (j, name) in random.enumerated() {
            let f = fixed.count + j
            let levels = levelNames[f].count
            guard levels > 1 else { return .failure(.unbalanced("\(name) has a single level")) }
            let meanSquare = ssFactor[f] / Double(levels - 1)
            let component = (meanSquare - residual) / (N / Double(levels))
            guard component > 0 else { return .failure(.boundary(name)) }
            variances[name] = component
        }
        var contrasts: [String: [String: Double]] = [:]
        var intercept = grand + shift
        for (f, name) in fixed.enumerated() {
            let ref = reference[name].flatMap { means[name]?[$0] != nil ? $0 : nil } ?? levelNames[f][0]
            let base = means[name]![ref]!
            intercept += base - (grand + shift)
            for level in levelNames[f] where level != ref {
                contrasts[name, default: [:]][level] = means[name]![level]! - base
            }
        }
        return .success(Result(n: n, intercept: intercept, means: means, contrasts: contrasts, variances: variances))
    }
}
