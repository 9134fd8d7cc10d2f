import Foundation

/// Which trials a table cell or a figure's curve is about: one strategy's
/// trials, on one device or all, of some tasks or all, narrowed by conditions
/// on their metrics ("first throws that were flicks", "release speed in
/// 250–500 pt/s"). A report section names the selections it reads before the
/// run is read (`SelectionRequests`); one pass then summarises each by
/// participant (`SelectionReader`), so a section reads summaries whose size
/// does not grow with the trials, not the trials themselves.
public struct TrialSelection: Hashable, Sendable, CustomStringConvertible {
    /// The strategies whose trials it holds, sorted: one, or several pooled (colour matching pools pickers by colour
    /// model).
    public var strategies: [String]
    public var device: String?
    /// The participants' group (novice, expert); nil: both.
    public var group: String?
    /// Task ids, sorted; nil: every task.
    public var tasks: [String]?
    public var conditions: [MetricCondition]

    public init(
        strategy: String, device: String? = nil, group: String? = nil, tasks: Set<String>? = nil,
        where conditions: [MetricCondition] = []
    ) {
        self.init(strategies: [strategy], device: device, group: group, tasks: tasks, where: conditions)
    }

    /// The trials of several strategies pooled.
    public init(
        strategies: Set<String>, device: String? = nil, group: String? = nil, tasks: Set<String>? = nil,
        where conditions: [MetricCondition] = []
    ) {
        self.strategies = strategies.sorted()
        self.device = device
        self.group = group
        self.tasks = tasks.map { $0.sorted() }
        self.conditions = conditions
    }

    /// The same trials narrowed by one more condition.
    public func and(_ condition: MetricCondition) -> TrialSelection {
        var copy = self
        copy.conditions.append(condition)
        return copy
    }

    public var description: String {
        ([strategies.joined(separator: "+")]
            + [device, group, tasks.map { "tasks " + $0.joined(separator: ",") }].compactMap { $0 }
            + conditions.map(\.description)).joined(separator: " / ")
    }
}

/// A test of one metric's value in a trial; a trial that did not record the
/// metric fails every test but `.missing`.
public struct MetricCondition: Hashable, Sendable, CustomStringConvertible {
    public enum Test: Hashable, Sendable {
        /// The value equals this one.
        case equals(Double)
        /// The value is missing or differs from this one.
        case differs(Double)
        /// The value is above this one.
        case above(Double)
        /// lower ≤ value < upper.
        case within(Double, Double)
        /// The trial recorded the metric.
        case recorded
        /// The trial did not record it.
        case missing
    }

    public var metric: String
    public var test: Test

    public init(metric: String, test: Test) {
        self.metric = metric
        self.test = test
    }

    public static func equals(_ metric: String, _ v: Double) -> MetricCondition {
        MetricCondition(metric: metric, test: .equals(v))
    }
    public static func differs(_ metric: String, _ v: Double) -> MetricCondition {
        MetricCondition(metric: metric, test: .differs(v))
    }
    public static func above(_ metric: String, _ v: Double) -> MetricCondition {
        MetricCondition(metric: metric, test: .above(v))
    }
    public static func within(_ metric: String, _ lower: Double, _ upper: Double) -> MetricCondition {
        MetricCondition(metric: metric, test: .within(lower, upper))
    }
    public static func recorded(_ metric: String) -> MetricCondition {
        MetricCondition(metric: metric, test: .recorded)
    }

    /// Whether a trial whose value is `v` (nil: not recorded) passes.
    @inline(__always) public func holds(_ v: Double?) -> Bool {
        switch test {
        case .missing: return v == nil
        case .recorded: return v != nil
        case .equals(let x): return v == x
        case .differs(let x): return v != x
        case .above(let x): return v.map { $0 > x } ?? false
        case .within(let lo, let hi): return v.map { $0 >= lo && $0 < hi } ?? false
        }
    }

    public var description: String {
        switch test {
        case .equals(let x): return "\(metric) = \(x)"
        case .differs(let x): return "\(metric) ≠ \(x)"
        case .above(let x): return "\(metric) > \(x)"
        case .within(let lo, let hi): return "\(lo) ≤ \(metric) < \(hi)"
        case .recorded: return "\(metric) recorded"
        case .missing: return "\(metric) missing"
        }
    }
}

/// What the report's sections will read: for each selection, the metrics to
/// summarise by participant and whether to keep its survival observations
/// (time to effect, or the time the person stopped).
public struct SelectionRequests: Sendable {
    public init() {}

    public struct Need: Sendable {
        public var metrics: Set<String> = []
        /// The metrics kept per participant too (intervals and paired differences need them).
        public var byParticipant: Set<String> = []
        public var survival = false
        /// The trial at the median of a metric, and the metrics of it to keep (`SelectedTrials.typicalTrial`).
        public var typical: (by: String, keeping: [String])?
        /// The metric summarised per participant and task (`SelectedTrials.cells`).
        public var byCell: String?
    }

    public private(set) var needs: [TrialSelection: Need] = [:]
    /// Values computed from a row's metric and its factors (`DerivedMetric`), by name.
    public private(set) var derived: [String: DerivedMetric] = [:]

    /// Asks for `metrics` of `selection`: each participant's counts of values
    /// and 1s, and the values pooled (medians, means, quantiles, ECDFs); for
    /// `byParticipant` also each participant's values (bootstrap intervals,
    /// paired differences); when `survival`, each participant's survival observations.
    public mutating func add(
        _ selection: TrialSelection, metrics: [String] = [], byParticipant: [String] = [], survival: Bool = false
    ) {
        needs[selection, default: Need()].metrics.formUnion(metrics + byParticipant)
        needs[selection, default: Need()].byParticipant.formUnion(byParticipant)
        if survival { needs[selection, default: Need()].survival = true }
    }

    /// Asks for the trial of `selection` at the median of `metric` (ties in
    /// key order, a missing value read as 0), with its values of `keeping`:
    /// what a section shows as a typical result.
    public mutating func add(_ selection: TrialSelection, typicalBy metric: String, keeping: [String]) {
        add(selection, metrics: [metric] + keeping)
        needs[selection]!.typical = (metric, keeping)
    }

    /// Asks for `metric` of `selection` per participant and task (`CellValues`):
    /// the same person's trials of one task compared between designs.
    public mutating func add(_ selection: TrialSelection, byCell metric: String) {
        add(selection, metrics: [metric])
        needs[selection]!.byCell = metric
    }

    /// Makes `metric.name` readable like a stored metric.
    public mutating func derive(_ metric: DerivedMetric) { derived[metric.name] = metric }
}

/// A value a section reads that no trial stores but each computes from
/// stored metrics of the same trial (brushes: seconds per gesture from the
/// time until done, the first stroke and the strokes and erases) and, where
/// it divides by something of the trial's strategy, device and task (PIP:
/// finger travel as a share of the distance between the corners), that
/// divisor asked once per combination of those, not per trial.
public struct DerivedMetric: @unchecked Sendable {
    public var name: String
    /// The stored metrics it is computed from.
    public var sources: [String]
    /// From the sources' values in one trial (nil: not recorded); nil: no value.
    public var value: (_ sources: [Double?]) -> Double?
    /// The divisor for a trial of (strategy, device, task); nil: no value.
    public var divisor: ((_ strategy: String, _ device: String, _ task: String) -> Double?)?

    /// A stored metric divided by a function of the trial's factors.
    public init(
        name: String, source: String,
        divisor: @escaping (_ strategy: String, _ device: String, _ task: String) -> Double?
    ) {
        (self.name, self.sources, self.divisor) = (name, [source], divisor)
        value = { $0[0] }
    }

    /// A function of several stored metrics of one trial.
    public init(name: String, sources: [String], value: @escaping (_ sources: [Double?]) -> Double?) {
        (self.name, self.sources, self.value, self.divisor) = (name, sources, value, nil)
    }
}
