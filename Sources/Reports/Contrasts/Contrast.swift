import Harness
import Randomness
import Statistics
import UserModels

/// Two strategies compared on one metric: the one estimate behind the Answer's comparisons and ranking,
/// `refine compare` and `refine power --compare`, so that on the same data they find the same difference, the
/// same interval and the same verdict (`Verdict.judge`); the gate of `refine check` makes it too, at its own
/// level and with its own allowance.
///
/// The difference is statistic(other) − statistic(base), its interval a seeded percentile bootstrap that
/// resamples people (a person's trials together), paired when both sides hold the same people. The statistic is
/// the metric's own:
/// - time to effect: the restricted mean, up to the time limit, of the Kaplan–Meier curve, a trial that never got
///   there censored when the person stopped, so a design cannot look fast by failing;
/// - an outcome recorded as 0 or 1: the rate;
/// - anything else: the mean (a gate may ask for the median).
public struct Contrast: Sendable, Codable, Hashable {
    public enum Statistic: String, Sendable, Codable {
        case rate, mean, median
        case restrictedMean = "restricted mean"
    }

    public var metric: String
    public var statistic: Statistic
    /// statistic(other) − statistic(base), with its interval.
    public var difference: Estimate
    /// Whether the interval resampled the two sides as pairs (the same people).
    public var paired: Bool
    /// Time to effect: the step of the time grid the resampled curves were read on (nil: exact; `SurvivalGrid`).
    public var gridStep: Double?

    /// How precisely a contrast is estimated: the interval's level, the resamples, and the time limit up to
    /// which a time to effect's restricted mean is taken.
    public struct Settings: Sendable {
        public var confidence: Double
        public var resamples: Int
        public var timeLimit: Double

        public init(confidence: Double, resamples: Int, timeLimit: Double) {
            (self.confidence, self.resamples, self.timeLimit) = (confidence, resamples, timeLimit)
        }

        /// A spec's: its report's level and resamples, its time limit.
        public init(_ spec: ExperimentSpec) {
            self.init(confidence: spec.report.confidence, resamples: spec.report.bootstrapResamples,
                      timeLimit: spec.limits.timeLimit)
        }
    }

    /// The smallest side a contrast is made of: fewer trials than this and there is none.
    public static let fewestTrials = 3

    /// Whether `metric` is read as a survival outcome (censored times).
    public static func isSurvival(_ metric: String) -> Bool { metric == "time_to_effect_s" }

    /// The seed of a contrast's resamples, from what is compared rather than from who asks (the report,
    /// `compare`, `power`), so the same data gives the same interval everywhere.
    public static func seed(metric: String, base: String, other: String) -> UInt64 {
        Seed.derive(0x636F_6E74_7261_7374, "\(metric)/\(base)/\(other)")
    }

    /// The verdict of `other` against `base`: the rule every comparison ends with.
    public func verdict(better: MetricDefinition.Better, margin: Double?) -> Verdict {
        Verdict.judge(difference, better: better, margin: margin)
    }
}

/// One side of a contrast: a strategy's values of the metric by person, and for a time to effect its survival
/// observations (only those are read then).
struct ContrastSide {
    var sample: ClusteredSample?
    var survival: SurvivalData?
}

extension Contrast {
    /// `other` against `base` on `metric`; nil when a side has fewer than `fewest` trials. `paired`: the
    /// sides may be the same people (they are then paired when they hold the same participants); `seed` defaults
    /// to the names'. The gate's options: `median`, a continuous metric's median instead of its mean;
    /// `censored: false`, a time to effect read as its values (a baseline keeps no censoring).
    static func make(_ metric: String, base: ContrastSide, other: ContrastSide, names: (base: String, other: String),
                     paired: Bool, settings: Settings, median: Bool = false, censored: Bool = true,
                     seed: UInt64? = nil, fewest: Int = fewestTrials) -> Contrast? {
        let seed = seed ?? Self.seed(metric: metric, base: names.base, other: names.other)
        if censored && isSurvival(metric) {
            guard let a = base.survival, let b = other.survival,
                  let r = restrictedMeanDifference(a, b, paired: paired, settings: settings, seed: seed)
            else { return nil }
            return Contrast(metric: metric, statistic: .restrictedMean, difference: r.difference, paired: r.paired,
                            gridStep: r.gridStep)
        }
        guard let a = base.sample, let b = other.sample,
              a.trialCount >= fewest, b.trialCount >= fewest else { return nil }
        let rate = Comparisons.isRate(a, metric: metric) && Comparisons.isRate(b, metric: metric)
        let statistic: Statistic = rate ? .rate : median ? .median : .mean
        let pairs = paired && ClusterBootstrap.canPair(a, b)
        let d = ClusterBootstrap.difference(b, a, statistic == .median ? .median : .mean, paired: pairs,
                                            confidence: settings.confidence, resamples: settings.resamples, seed: seed)
        return Contrast(metric: metric, statistic: statistic, difference: d, paired: pairs)
    }

    /// Restricted mean time to effect (up to the time limit) of `b` minus `a`, with a cluster-bootstrap interval
    /// over people (paired when they are the same); at most 1,000 resamples, each a Kaplan–Meier curve.
    static func restrictedMeanDifference(_ a: SurvivalData, _ b: SurvivalData, paired: Bool, settings: Settings,
                                         seed: UInt64) -> (difference: Estimate, paired: Bool, gridStep: Double?)? {
        guard a.sample.trialCount >= fewestTrials, b.sample.trialCount >= fewestTrials else { return nil }
        let tau = settings.timeLimit
        // Each replicate is KaplanMeier(resampled trials).restrictedMean(tau:), computed by weights
        // (ClusteredSurvival). The samples index the participants (and pair them); the survival passes read the times.
        let sa = a.sample, sb = b.sample
        let survivalA = ClusteredSurvival(a.entries, clusters: sa.clusterCount)
        let survivalB = ClusteredSurvival(b.entries, clusters: sb.clusterCount)
        // On a time grid the replicates are of rounded times; the point stays the exact curves'.
        let exact = survivalA.grid.step == nil && survivalB.grid.step == nil ? nil
            : b.curve.restrictedMean(tau: tau) - a.curve.restrictedMean(tau: tau)
        let value = exact ?? survivalB.restrictedMean(tau: tau, weights: [Int32](repeating: 1, count: sb.clusterCount))
            - survivalA.restrictedMean(tau: tau, weights: [Int32](repeating: 1, count: sa.clusterCount))
        let lanes = ParallelReplicates.lanes
        let e = ClusterBootstrap.twoGroup(sb, sa, paired: paired, confidence: settings.confidence,
                                          resamples: min(settings.resamples, 1000), seed: seed,
                                          value: value) { wb, wa, out in
            var rb = [Double](repeating: 0, count: lanes), ra = rb
            survivalB.restrictedMeans(tau: tau, lanes: wb, into: &rb)
            survivalA.restrictedMeans(tau: tau, lanes: wa, into: &ra)
            for k in 0..<lanes { out[k] = rb[k] - ra[k] }
        }
        return (e, paired && ClusterBootstrap.canPair(sb, sa), survivalA.grid.step ?? survivalB.grid.step)
    }
}
