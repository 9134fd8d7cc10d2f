import Foundation
import Harness

/// The models export.R fits: the fixed part (strategy, and device when there
/// are several), the random intercepts (participant, and photo or task), and one
/// model per lead metric of the spec, chosen from what the metric's values are.
public struct ExportModels: Sendable, Codable, Hashable {
    /// How one lead metric is modelled.
    public enum Kind: String, Sendable, Codable, Hashable {
        /// time_to_effect_s: Cox proportional hazards, failures censored when the person stopped.
        case survival
        /// 0/1 outcomes: logistic mixed model (glmer, binomial).
        case binary
        /// Positive times (in seconds, …_s): linear mixed model of log(time) (lmer).
        case logTime = "log-time"
        /// Whole numbers ≥ 0: Poisson mixed model (glmer, poisson).
        case count
        /// Anything else: linear mixed model (lmer).
        case continuous
        /// Nothing to fit (no values, or the survival columns are missing).
        case none
    }

    /// One lead metric and its model.
    public struct Lead: Sendable, Codable, Hashable {
        public var metric: String
        public var kind: Kind
        /// The model in R, e.g. `lmer(log(time_to_done_s) ~ strategy + device + (1 | participant) + (1 | photo))`.
        public var formula: String
        /// Why nothing is fitted, for `.none`.
        public var note: String?
    }

    /// Fixed-effect terms: strategy first (its reference level is the spec's first strategy).
    public var fixed: [String]
    /// Random-intercept grouping factors.
    public var random: [String]
    public var leads: [Lead]

    /// The terms for `spec`: device joins the fixed part when there are several;
    /// participant is a random intercept when there are several; tasks enter as
    /// their photo when each task has its own photo, as photo and task (tasks
    /// nested in photos) when photos are shared, as task otherwise.
    public static func terms(spec: ExperimentSpec, photos: [String: String]) -> (fixed: [String], random: [String]) {
        var fixed = ["strategy"]
        if spec.devices.count > 1 { fixed.append("device") }
        var random: [String] = []
        if spec.population.participants > 1 { random.append("participant") }
        let distinct = Set(photos.values).count
        if distinct > 1 && photos.count == spec.tasks.count {
            random += distinct == spec.tasks.count ? ["photo"] : ["photo", "task"]
        } else if spec.tasks.count > 1 {
            random.append("task")
        }
        return (fixed, random)
    }

    /// Whether a metric is a time in seconds by its unit suffix (`effect_found_s`),
    /// not a rate per second (`release_speed_pt_s`).
    public static func isSeconds(_ metric: String) -> Bool {
        let parts = metric.split(separator: "_")
        return parts.count >= 2 && parts.last == "s" && !["pt", "mm", "px", "deg"].contains(parts[parts.count - 2])
    }

    /// The models for the spec's lead metrics, given what each metric's values look like.
    public init(spec: ExperimentSpec, photos: [String: String], shapes: [String: MetricShape]) {
        (fixed, random) = Self.terms(spec: spec, photos: photos)
        let rhs = (fixed + random.map { "(1 | \($0))" }).joined(separator: " + ")
        let fixedText = fixed.joined(separator: " + ")
        var leads: [Lead] = []
        for metric in spec.metrics where !leads.contains(where: { $0.metric == metric }) {
            let shape = shapes[metric] ?? MetricShape()
            if metric == "time_to_effect_s" {
                if shapes["time_to_done_s"].map({ $0.count > 0 }) == true {
                    leads.append(
                        Lead(
                            metric: metric, kind: .survival,
                            formula: "coxph(Surv(time, reached) ~ \(fixedText) + cluster(participant))", note: nil))
                } else {
                    leads.append(
                        Lead(
                            metric: metric, kind: .none, formula: "",
                            note: "no time_to_done_s to censor the trials that never reached the goal"))
                }
                continue
            }
            guard shape.count > 0 else {
                leads.append(Lead(metric: metric, kind: .none, formula: "", note: "no trial recorded it"))
                continue
            }
            let kind: Kind =
                shape.binary
                ? .binary
                : Self.isSeconds(metric) && shape.positive
                    ? .logTime
                    : shape.wholeNonNegative ? .count : .continuous
            let formula: String
            switch kind {
            case .binary: formula = "glmer(\(metric) ~ \(rhs), family = binomial)"
            case .logTime: formula = "lmer(log(\(metric)) ~ \(rhs))"
            case .count: formula = "glmer(\(metric) ~ \(rhs), family = poisson)"
            default: formula = "lmer(\(metric) ~ \(rhs))"
            }
            leads.append(Lead(metric: metric, kind: kind, formula: formula, note: nil))
        }
        self.leads = leads
    }
}

/// What a metric's values look like, gathered while the table streams: enough to
/// choose its model.
public struct MetricShape: Sendable, Hashable {
    public var count = 0
    public var binary = true
    public var positive = true
    public var wholeNonNegative = true

    public init() {}

    public mutating func add(_ x: Double) {
        count += 1
        if x != 0 && x != 1 { binary = false }
        if !(x > 0) { positive = false }
        if !(x >= 0 && x == x.rounded() && x.isFinite) { wholeNonNegative = false }
    }
}
