import Foundation
import GRDB
import Harness

/// The wide trial table of one run: one row per trial, its factors, then one
/// column per metric stored in the run (sorted by name; a metric a trial did not
/// record is missing). Rows come in key order, read from the database with a
/// cursor and handed out one at a time, so a table of any size streams.
///
/// Factor columns: `run_id`, `key`, `question`, `strategy`, `design`, one
/// `strategy_<parameter>` per strategy parameter the spec sets, `device`,
/// `participant`, `group` (expert/novice), `task`, `task_label`, `photo` when the
/// tasks have photos, the question's own task factors (PIP: `from_corner`,
/// `to_corner`; effects: `task_kind`, `goal_family`), `replication` and
/// `session_trial` (the trial's position in its session, stored as a metric).
public struct TrialTable {
    public let run: RunRecord
    /// The spec the run was made from.
    public let spec: ExperimentSpec
    public let columns: [TableColumn]
    /// The metric columns' names, in column order (after the factors).
    public let metrics: [String]
    /// The photo of each task, by task id (empty when the tasks have none).
    public let photos: [String: String]
    private let factors: [Factor]

    /// What a factor column reads from a stored trial.
    struct StoredTrial {
        var key, strategy, device, participant, group, task, taskLabel: String
        var replication: Int64
        var sessionTrial: Double?
    }

    struct Factor {
        var column: TableColumn
        var value: (StoredTrial) -> TableValue
    }

    /// Metrics that are factors of the table rather than outcomes.
    static let factorMetrics: Set<String> = ["session_trial"]

    /// The table of `run` (made from `spec`) in `store`; reads the run's metric names.
    public init(store: RunStore, run: RunRecord, spec: ExperimentSpec) throws {
        self.run = run
        self.spec = spec
        var photos: [String: String] = [:]
        for task in spec.tasks {
            if let path = task.goal.photo {
                photos[task.id] = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            }
        }
        self.photos = photos
        let names = try store.recordedMetricNames(runID: run.id)
        let factors = Self.factors(spec: spec, run: run, photos: photos)
        let taken = Set(factors.map(\.column.name))
        metrics = names.filter { !Self.factorMetrics.contains($0) }
        // A metric named like a factor column keeps its values under `metric_<name>`.
        let metricColumns = metrics.map { name in
            TableColumn(
                taken.contains(name) ? "metric_\(name)" : name, .double, optional: true,
                meaning: "metric \(name) as stored (missing: the trial did not record it)")
        }
        self.factors = factors
        columns = factors.map(\.column) + metricColumns
    }

    /// Reads the rows in key order, handing each to `body`; returns how many.
    @discardableResult
    public func forEachRow(in store: RunStore, _ body: ([TableValue]) throws -> Void) throws -> Int {
        let metricIndex = Dictionary(
            uniqueKeysWithValues: metrics.enumerated().map { ($0.element, factors.count + $0.offset) })
        // The key order first (ids only), then each trial by id: a stream in key order
        // that holds 8 bytes a trial, whatever the schema (v5's `trial` view has no key index).
        let ids = try store.trialIDsInKeyOrder(runID: run.id)
        var slots: [(metric: Int, column: Int)] = [], sessionTrial: Int?
        var row = [TableValue](repeating: .missing, count: columns.count)
        var count = 0
        try store.readTrials(
            runID: run.id, ids,
            names: { names in
                slots = names.enumerated().compactMap { i, name in metricIndex[name].map { (i, $0) } }
                sessionTrial = names.firstIndex(of: "session_trial")
            }
        ) { stored in
            let trial = StoredTrial(
                key: stored.string(.key), strategy: stored.string(.strategy), device: stored.string(.device),
                participant: stored.string(.participant), group: stored.string(.group), task: stored.string(.task),
                taskLabel: stored.string(.taskLabel), replication: stored.replication,
                sessionTrial: sessionTrial.flatMap { stored.metric($0) })
            for (i, factor) in factors.enumerated() { row[i] = factor.value(trial) }
            for slot in slots { row[slot.column] = stored.metric(slot.metric).map(TableValue.double) ?? .missing }
            try body(row)
            count += 1
        }
        return count
    }

    // MARK: Factor columns

    static func factors(spec: ExperimentSpec, run: RunRecord, photos: [String: String]) -> [Factor] {
        let strategies = Dictionary(spec.strategies.map { ($0.label, $0) }, uniquingKeysWith: { a, _ in a })
        let tasks = Dictionary(spec.tasks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let runID = run.id, question = run.question
        func text(_ s: String?) -> TableValue { s.map(TableValue.string) ?? .missing }
        var out: [Factor] = [
            Factor(column: TableColumn("run_id", .int64, meaning: "the run's id in the database")) { _ in .int(runID) },
            Factor(
                column: TableColumn(
                    "key", .string,
                    meaning:
                        "the trial's key (question/strategy/device/participant/task/replication); unique, and the "
                            + "seed of its randomness"
                )
            ) { .string($0.key) },
            Factor(column: TableColumn("question", .string, meaning: "the design question")) { _ in .string(question) },
            Factor(
                column: TableColumn(
                    "strategy", .string,
                    meaning:
                        "the strategy's label in the spec (the fixed effect of interest; export.R's reference level "
                            + "is the spec's first, \(spec.strategies.first?.label ?? "–"))"
                )
            ) { .string($0.strategy) },
            Factor(column: TableColumn("design", .string, optional: true, meaning: "the design the strategy uses")) {
                text(strategies[$0.strategy]?.design)
            }
        ]
        let parameters = Set(spec.strategies.flatMap(\.parameters.keys)).sorted()
        for p in parameters {
            out.append(
                Factor(
                    column: TableColumn(
                        "strategy_\(p)", .string, optional: true,
                        meaning: "strategy parameter '\(p)' as the spec sets it (missing: the design's default)")
                ) {
                    text(strategies[$0.strategy]?.parameters[p]?.description)
                })
        }
        out += [
            Factor(column: TableColumn("device", .string, meaning: "the device and orientation")) {
                .string($0.device)
            },
            Factor(
                column: TableColumn(
                    "participant", .string,
                    meaning:
                        "the simulated person; the same person under every strategy and device (within-subject), a "
                            + "random effect in export.R"
                )
            ) { .string($0.participant) },
            Factor(column: TableColumn("group", .string, meaning: "the person's group: expert or novice")) {
                .string($0.group)
            },
            Factor(column: TableColumn("task", .string, meaning: "the task's id")) { .string($0.task) },
            Factor(column: TableColumn("task_label", .string, meaning: "the task as the spec describes it")) {
                .string($0.taskLabel)
            }
        ]
        if !photos.isEmpty {
            out.append(
                Factor(
                    column: TableColumn(
                        "photo", .string, optional: photos.count < spec.tasks.count,
                        meaning: "the task's photo (its file name without the extension); a random effect in export.R")
                ) {
                    text(photos[$0.task])
                })
        }
        for factor in spec.reportedQuestion?.taskFactors() ?? [] {
            out.append(Factor(column: factor.column) { trial in tasks[trial.task].map(factor.value) ?? .missing })
        }
        out += [
            Factor(column: TableColumn("replication", .int64, meaning: "the replication (block) of the task, 1-based"))
            { .int($0.replication) },
            Factor(
                column: TableColumn(
                    "session_trial", .int64, optional: true,
                    meaning:
                        "the trial's position in its session (one person, one strategy, one device), 1-based: practice")
            ) {
                $0.sessionTrial.map { .int(Int64($0)) } ?? .missing
            }
        ]
        return out
    }
}
