import Harness

/// The replayed trial's metrics against the stored ones: a replay shows the
/// trial that was run only if every metric comes out the same, bit for bit.
public struct MetricCheck: Sendable, Codable {
    public struct Row: Sendable, Codable {
        public var name: String
        public var stored: Double?
        public var replayed: Double?
        public var equal: Bool
    }

    public var rows: [Row]

    /// Compares by name: a metric present on one side only is a difference.
    public init(stored: [String: Double], replayed: [Metric]) {
        var rows: [Row] = []
        var seen: Set<String> = []
        for m in replayed where seen.insert(m.name).inserted {
            let s = stored[m.name]
            rows.append(
                Row(
                    name: m.name, stored: s, replayed: m.value,
                    equal: s.map { $0 == m.value || ($0.isNaN && m.value.isNaN) } ?? false))
        }
        for name in stored.keys.sorted() where !seen.contains(name) {
            rows.append(Row(name: name, stored: stored[name], replayed: nil, equal: false))
        }
        self.rows = rows
    }

    public var allEqual: Bool { rows.allSatisfy(\.equal) }
    public var differing: [Row] { rows.filter { !$0.equal } }

    /// One sentence for the page and the terminal.
    public func sentence(run: Int64) -> String {
        if allEqual {
            return
                "The replay's \(rows.count) metrics equal those stored by run \(run), bit for bit: this is the trial "
                    + "that was run."
        }
        let names = differing.map {
            "\($0.name) (stored \($0.stored.map { formatNumber($0, digits: 6) } ?? "none"), "
                + "replayed \($0.replayed.map { formatNumber($0, digits: 6) } ?? "none"))"
        }
        return
            "The replay differs from run \(run) in \(differing.count) of \(rows.count) "
                + "metrics: \(names.joined(separator: "; ")). The code or the photos have changed since the run, so "
                + "this shows what the current code does with the same person and seed, not the stored trial."
    }
}
