import UserModels

/// Finished trials laid out for `RunStore.record`: one UTF-8 buffer for the
/// text, each trial's metrics already in one slot per name. `ExperimentRunner`
/// makes it on the simulating thread, so the single writer thread only binds
/// (the text in place, without copies) and steps.
public struct TrialBatch: Sendable {
    /// The text fields of a trial, in `trial` column order.
    static let textFields = 8

    public private(set) var count = 0
    /// The trials' keys, for error messages and resume bookkeeping.
    public private(set) var keys: [String] = []
    /// Every text field of every trial, back to back; always ends with a NUL so
    /// that even an empty field has a valid address (a NULL pointer would bind SQL NULL).
    private(set) var text: [UInt8] = []
    /// (start, length) into `text` for each field of each trial.
    private(set) var spans: [Int32] = []
    private(set) var replications: [Int64] = []
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

    /// Lays out `results` for the database at `path`; throws when a trial recorded
    /// a metric twice or a NaN (SQLite stores NaN as NULL, so it could not be told
    /// from "not recorded"; the v1–v3 table refused both too).
    public init(_ results: [TrialResult], database path: String) throws {
        text.reserveCapacity(results.count * 160)
        spans.reserveCapacity(results.count * 2 * Self.textFields)
        for r in results { try append(r, path: path) }
        text.append(0)
    }

    private mutating func append(_ r: TrialResult, path: String) throws {
        let t = r.trial
        func add(_ field: String) {
            spans.append(Int32(text.count))
            text.append(contentsOf: field.utf8)
            spans.append(Int32(text.count) - spans[spans.count - 1])
        }
        add(t.key); add(t.strategy); add(t.device.name); add(r.participantID); add(r.participantGroup)
        add(t.task.id); add(t.task.label); add(String(t.seed))
        replications.append(Int64(t.replication))
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
                throw StoreError(path: path, message: "trial \(t.key) recorded metric '\(twice)' twice", isInternal: true)
            }
        }
        starts.append(values.count)
        widths.append(names.count)
        let start = values.count
        values.append(contentsOf: repeatElement(.nan, count: names.count))
        for (m, slot) in zip(metrics, lastSlots) {
            guard !m.value.isNaN else {
                throw StoreError(path: path, message: "trial \(t.key) recorded metric '\(m.name)' as NaN; a metric must be a number (±infinity is kept)", isInternal: true)
            }
            values[start + slot] = m.value
        }
        if !r.outcome.events.isEmpty { events.append((count, r.outcome.events)) }
        count += 1
    }
}
