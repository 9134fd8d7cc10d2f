import UserModels

/// Finished trials laid out for `RunStore.record`: factor values coded once
/// per batch, each trial's metrics already in one slot per name. `ExperimentRunner`
/// makes it before taking the store, so that while one simulating thread stores,
/// the store only maps the batch's few distinct values to the database's `level`
/// ids, binds and steps.
public struct TrialBatch: Sendable {
    /// The coded factors of a trial, in `trial_row` column order.
    static let factorFields = 6

    public private(set) var count = 0
    /// The trials' keys, for error messages, resume bookkeeping and keys that
    /// are not the plan's.
    public private(set) var keys: [String] = []
    /// The distinct factor values of the batch, first met first.
    private(set) var levels: [String] = []
    /// Per trial, its six factors as indices into `levels`.
    private(set) var codes: [Int32] = []
    /// The questions that begin the batch's plan keys (nearly always one).
    private(set) var questions: [String] = []
    /// Per trial, the index in `questions` when its key is the plan's key
    /// (`question/strategy/device/participant/task/rN`), else -1.
    private(set) var keyQuestion: [Int32] = []
    /// The seeds' text, back to back; always ends with a NUL so that even an empty
    /// seed, or the empty key of a plan key, has a valid address (a NULL pointer
    /// would bind SQL NULL).
    private(set) var text: [UInt8] = []
    /// (start, length) into `text` for each trial's seed.
    private(set) var spans: [Int32] = []
    private(set) var replications: [Int64] = []
    /// Per trial, its index in the experiment's plan (its row id, `TrialIdentity`), or -1.
    private(set) var planIndices: [Int] = []
    /// Metric names met in the batch, first met first.
    public private(set) var names: [String] = []
    /// Per trial, its values in `names` order up to `widths[i]`; NaN marks a metric
    /// the trial did not record (a recorded NaN is refused when the batch is made).
    private(set) var values: [Double] = []
    private(set) var starts: [Int] = []
    private(set) var widths: [Int] = []
    /// The traced trials' events, by trial index.
    private(set) var events: [(trial: Int, events: [TraceEvent])] = []

    private var slots: [String: Int] = [:]
    private var lastLayout: [String] = []
    private var lastSlots: [Int] = []
    private var levelIndex: [String: Int32] = [:]

    /// Lays out `results` for the database at `path`; throws when a trial recorded
    /// a metric twice or a NaN (SQLite stores NaN as NULL, so it could not be told
    /// from "not recorded"; the v1–v3 table refused both too).
    public init(_ results: [TrialResult], database path: String) throws {
        text.reserveCapacity(results.count * 20)
        spans.reserveCapacity(results.count * 2)
        codes.reserveCapacity(results.count * Self.factorFields)
        for r in results { try append(r, path: path) }
        text.append(0)
    }

    private mutating func append(_ r: TrialResult, path: String) throws {
        let t = r.trial
        guard !t.key.isEmpty else {
            // '' stands for the plan's key in `trial_row` (schema v5).
            throw StoreError(path: path, message: "a trial with an empty key; every trial needs one", isInternal: true)
        }
        let factors = [t.strategy, t.device.name, r.participantID, r.participantGroup, t.task.id, t.task.label]
        for value in factors {
            // A session's trials repeat most factors of the trial before (its code is one row back).
            if count > 0, case let last = codes[codes.count - Self.factorFields], levels[Int(last)] == value {
                codes.append(last)
                continue
            }
            if let c = levelIndex[value] { codes.append(c); continue }
            levelIndex[value] = Int32(levels.count)
            codes.append(Int32(levels.count))
            levels.append(value)
        }
        keyQuestion.append(planKeyQuestion(t.key, factors: factors, replication: t.replication))
        spans.append(Int32(text.count))
        text.append(contentsOf: String(t.seed).utf8)
        spans.append(Int32(text.count) - spans[spans.count - 1])
        replications.append(Int64(t.replication))
        planIndices.append(r.planIndex ?? -1)
        keys.append(t.key)
        let metrics = r.outcome.metrics
        // Trials of one question record the same names in the same order: look
        // slots up only when the layout changes.
        if metrics.count != lastLayout.count || !zip(metrics, lastLayout).allSatisfy({ $0.name == $1 }) {
            lastLayout = metrics.map(\.name)
            lastSlots = metrics.map { m in
                if let slot = slots[m.name] { return slot }
                slots[m.name] = names.count
                names.append(m.name)
                return names.count - 1
            }
            if Set(lastSlots).count != lastSlots.count {
                let twice = Dictionary(grouping: lastLayout, by: { $0 }).first { $0.value.count > 1 }!.key
                throw StoreError(
                    path: path, message: "trial \(t.key) recorded metric '\(twice)' twice", isInternal: true)
            }
        }
        starts.append(values.count)
        widths.append(names.count)
        let start = values.count
        values.append(contentsOf: repeatElement(.nan, count: names.count))
        for (m, slot) in zip(metrics, lastSlots) {
            guard !m.value.isNaN else {
                throw StoreError(
                    path: path,
                    message:
                        "trial \(t.key) recorded metric '\(m.name)' as NaN; a metric must be a number (±infinity is "
                            + "kept)",
                    isInternal: true)
            }
            values[start + slot] = m.value
        }
        if !r.outcome.events.isEmpty { events.append((count, r.outcome.events)) }
        count += 1
    }

    /// The index in `questions` of `key`'s question when `key` is exactly
    /// `question/strategy/device/participant/task/rN` of these factors, else -1.
    private mutating func planKeyQuestion(_ key: String, factors: [String], replication: Int) -> Int32 {
        let utf8 = key.utf8
        guard let slash = utf8.firstIndex(of: UInt8(ascii: "/")) else { return -1 }
        let question = String(key[..<slash])
        var expected = question
        for f in [0, 1, 2, 4] { expected += "/" + factors[f] }
        expected += "/r\(replication)"
        guard expected == key else { return -1 }
        if let q = questions.firstIndex(of: question) { return Int32(q) }
        questions.append(question)
        return Int32(questions.count - 1)
    }
}
