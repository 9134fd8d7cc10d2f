import Foundation
import Harness

/// Reads the selections a report asked for (`SelectionRequests`) in the
/// report's one pass over the run: each row is matched, by its strategy,
/// device and task (looked up once per combination) and then the selections'
/// conditions, to the selections that hold it, and added to their summaries
/// (`SelectedTrials`).
final class SelectionReader: RunReader {
    private let requests: SelectionRequests
    /// The summaries, once the pass is over.
    private(set) var selected: [TrialSelection: SelectedTrials] = [:]
    private let list: [SelectedTrials]
    private var strategies = ScanCodes(), devices = ScanCodes(), tasks = ScanCodes(), participants = ScanCodes(),
        groups = ScanCodes()
    /// The selections a (strategy, device, task) combination can be in.
    private var candidates: [Int: [Int]] = [:]
    private var column: [String: Int] = [:]
    /// Per selection: its conditions' columns, and its metrics' columns (or derived metrics).
    private var conditionColumns: [[Int?]] = [], metricSources: [[Source]] = []
    private var effect: Int?, done: Int?
    /// The divisor of each derived metric by combination.
    private var divisors: [String: [Int: Double?]] = [:]

    private enum Source { case stored(Int?), derived(DerivedMetric, [Int?]) }

    init(_ requests: SelectionRequests) {
        self.requests = requests
        let list = requests.needs.sorted { $0.key.description < $1.key.description }.map {
            SelectedTrials($0.key, need: $0.value)
        }
        self.list = list
        selected = Dictionary(uniqueKeysWithValues: list.map { ($0.selection, $0) })
    }

    func start(metrics names: [String], trials: Int) throws {
        column = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        effect = column["time_to_effect_s"]
        done = column["time_to_done_s"]
        conditionColumns = list.map { $0.selection.conditions.map { column[$0.metric] } }
        metricSources = list.map { s in
            s.metrics.map { m in
                requests.derived[m].map { d in .derived(d, d.sources.map { column[$0] }) } ?? .stored(column[m])
            }
        }
    }

    /// The next row's place in the scan.
    private var position: Int32 = 0

    func read(_ row: borrowing ScannedTrial) throws {
        defer { position += 1 }
        let s = strategies.code(row.bytes(.strategy)), d = devices.code(row.bytes(.device)),
            t = tasks.code(row.bytes(.task))
        let g = groups.code(row.bytes(.group))
        let combination = s << 45 | d << 30 | t << 8 | g
        let matching =
            candidates[combination]
            ?? {
                let names = (strategies.names[s], devices.names[d], tasks.names[t], groups.names[g])
                let found = list.indices.filter { i in
                    let sel = list[i].selection
                    return sel.strategies.contains(names.0) && (sel.device.map { $0 == names.1 } ?? true)
                        && (sel.tasks.map { $0.contains(names.2) } ?? true)
                        && (sel.group.map { $0 == names.3 } ?? true)
                }
                candidates[combination] = found
                return found
            }()
        guard !matching.isEmpty else { return }
        let p = participants.code(row.bytes(.participant))
        let key = row.bytes(.key)
        for i in matching {
            let conditions = list[i].selection.conditions
            var holds = true
            for (c, condition) in conditions.enumerated()
            where !condition.holds(conditionColumns[i][c].flatMap { row.metric($0) }) {
                holds = false
                break
            }
            guard holds else { continue }
            let observed =
                list[i].wantsSurvival
                ? (effect.flatMap { row.metric($0) } ?? done.flatMap { row.metric($0) }.map { -$0 }) : nil
            list[i].add(
                participant: p, task: t, key: key, position: position,
                value: { m in
                    switch self.metricSources[i][m] {
                    case .stored(let c): return c.flatMap { row.metric($0) }
                    case .derived(let derived, let columns):
                        guard let v = derived.value(columns.map { c in c.flatMap { row.metric($0) } }) else {
                            return nil
                        }
                        guard derived.divisor != nil else { return v }
                        return self.divisor(derived, combination, s, d, t).map { v / $0 }
                    }
                }, observed: observed)
        }
    }

    private func divisor(_ derived: DerivedMetric, _ combination: Int, _ s: Int, _ d: Int, _ t: Int) -> Double? {
        if let known = divisors[derived.name]?[combination] { return known }
        let v = derived.divisor!(strategies.names[s], devices.names[d], tasks.names[t])
        divisors[derived.name, default: [:]][combination] = .some(v)
        return v
    }

    func finish(keyOrder order: [Int32]) throws {
        var rank = [Int32](repeating: 0, count: order.count)
        for (k, position) in order.enumerated() { rank[Int(position)] = Int32(k) }
        for s in list { s.finish(participants: participants.names, tasks: tasks.names, rank: rank) }
    }
}
