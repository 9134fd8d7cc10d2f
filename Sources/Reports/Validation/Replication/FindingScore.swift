import Foundation
import Harness
import Statistics
import UserModels

/// One published finding against its replication: the scorecard's row.
public struct FindingScore: Codable, Sendable {
    public var study: String
    public var citation: String
    public var finding: String
    /// What was measured, in the corpus's words, and where the paper says it.
    public var measure: String
    public var location: String
    /// How the finding is read off the simulation, e.g. "trend of time_s over size_mm".
    public var statistic: String
    /// The published value (nil for a direction) and the interval it allows (nil: open on that side).
    public var published: Double?
    public var publishedLow: Double?
    public var publishedHigh: Double?
    /// The expected direction, for trends and contrasts.
    public var expected: String?
    public var simulated: Double
    /// The 95 % interval over resampled people (nil when no resample could compute it).
    public var simulatedLow: Double?
    public var simulatedHigh: Double?
    /// Nil where the finding has no direction (a single value) or no magnitude (a direction).
    public var directionAgrees: Bool?
    public var magnitudeAgrees: Bool?
    public var knownDisagreement: String?
    /// Why the finding is not an independent test (`in_sample:` in its replication); nil: it is one.
    public var inSample: String?

    public var agrees: Bool { directionAgrees != false && magnitudeAgrees != false }
    /// A finding recorded as agreeing that no longer does: what fails validation.
    public var regressed: Bool { !agrees && knownDisagreement == nil }
    public var status: String {
        switch (agrees, knownDisagreement != nil) {
        case (true, false): "agrees"
        case (true, true): "agrees now (remove known: disagrees)"
        case (false, true): "disagrees (known)"
        case (false, false): "REGRESSED"
        }
    }
}

extension FindingScore {
    /// Scores `test` of `replication` on its measurements `seen`.
    static func score(_ test: FindingTest, of replication: Replication, study: HumanStudy, seen: Observations,
                      seed: UInt64, resamples: Int) throws -> FindingScore {
        guard let finding = study.findings[test.finding] else {
            throw SpecError(file: replication.file, field: "findings",
                            message: "no finding '\(test.finding)' in Data/human/\(study.id).yaml; it has "
                                + study.findings.keys.sorted().joined(separator: ", "))
        }
        let estimate: FindingEstimate
        do { estimate = try FindingEstimate(test.statistic, seen) } catch let missing as FindingEstimate.Missing {
            throw SpecError(file: replication.file, field: "findings.\(test.finding)", message: missing.description)
        }
        let (value, lo, hi) = estimate.interval(resamples: resamples, seed: seed,
                                                label: "\(replication.study)/\(test.finding)")
        var score = FindingScore(
            study: study.id, citation: study.citation, finding: test.finding, measure: finding.measure,
            location: finding.location, statistic: describe(test.statistic), published: nil, publishedLow: nil,
            publishedHigh: nil, expected: nil, simulated: value, simulatedLow: lo.isNaN ? nil : lo,
            simulatedHigh: hi.isNaN ? nil : hi, directionAgrees: nil, magnitudeAgrees: nil,
            knownDisagreement: test.knownDisagreement, inSample: test.inSample)
        switch test.statistic {
        case .trend(_, _, let expect):
            score.expected = expect.rawValue
            score.directionAgrees = expect == .flat ? lo <= 0 && hi >= 0 : expect == .increasing ? lo > 0 : hi < 0
        case .contrast(_, _, let expect):
            score.expected = expect.rawValue
            score.directionAgrees = expect == .same ? lo <= 0 && hi >= 0 : expect == .higher ? lo > 0 : hi < 0
        default:
            guard let published = test.published ?? finding.values.first else {
                throw SpecError(file: replication.file, field: "findings.\(test.finding)",
                                message: "the corpus gives no value for this finding; add 'published:' or use a trend")
            }
            score.published = published
            let range = publishedRange(published, test: test, sd: finding.sd, people: study.participants)
            score.publishedLow = range[0].isFinite ? range[0] : nil
            score.publishedHigh = range[1].isFinite ? range[1] : nil
            score.magnitudeAgrees = range[0] <= value && value <= range[1]
            if case .ratio(_, _, let minusOne) = test.statistic {
                // The sign of the change (a ratio above or below 1) is the finding's direction.
                let centre = minusOne ? 0.0 : 1.0
                score.directionAgrees = published > centre ? lo > centre : published < centre ? hi < centre : nil
            }
        }
        return score
    }

    /// What the published value allows: a bound's side; the 95 % interval of the
    /// published mean when its SD and sample size are given; else ±25 %.
    static func publishedRange(_ v: Double, test: FindingTest, sd: Double?, people: Int?) -> [Double] {
        switch test.bound {
        case .atLeast: return [v, .infinity]
        case .atMost: return [-.infinity, v]
        case nil:
            if let sd, let people, people > 1, test.published == nil {
                let half = StudentT.upperQuantile(tail: 0.025, df: people - 1) * sd / Double(people).squareRoot()
                return [v - half, v + half]
            }
            return [v - 0.25 * abs(v), v + 0.25 * abs(v)]
        }
    }

    static func describe(_ s: Statistic) -> String {
        switch s {
        case .value(let c): "mean \(c)"
        case .ratio(let a, let b, let minusOne): minusOne ? "\(a) / \(b) − 1" : "\(a) / \(b)"
        case .trend(let c, let f, _): "slope of \(c) over \(f)"
        case .contrast(let a, let b, _): "\(a) − \(b)"
        case .plateau(let c, let f): "first \(f) where \(c) stops changing"
        case .fit(let c, let f, let g): "\(g.rawValue) of \(c) against \(f)"
        }
    }
}
