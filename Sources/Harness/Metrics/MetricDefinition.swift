/// What a metric measures: which way is better, its unit and its kind. A verdict's direction comes
/// from here (a spec may override it only explicitly: `sensitivity.better`, a gate's `worse:`), so a
/// new spec without either still reads "higher is better" for a rate and "lower" for a time.
public struct MetricDefinition: Sendable, Hashable, Codable {
    public enum Better: String, Sendable, Hashable, Codable {
        case lower, higher
        /// Neither way is better: a description of how people moved (a speed, a distance, a count of
        /// drags), or bookkeeping. Compared, such a metric "differs"; no design "wins" on it.
        case neither
    }

    public enum Kind: String, Sendable, Hashable, Codable {
        /// Seconds.
        case time
        /// 0 or 1 a trial; compared as a rate.
        case outcome
        /// How many times something happened in a trial.
        case count
        /// Any other amount (a distance, a colour difference, a share of the screen).
        case amount
        /// Not a measurement: which branch a trial took (the intended gesture, the chosen effect,
        /// its place in the session). `refine compare` leaves these out.
        case bookkeeping
    }

    public var name: String
    public var better: Better
    public var kind: Kind
    /// "s", "pt", "mm", "pt/s", "ΔE00", "share" (0–1) or "" (a count or a 0/1 outcome).
    public var unit: String
    /// One line on what the metric counts, for reports and `refine list`.
    public var meaning: String

    public init(_ name: String, better: Better, kind: Kind, unit: String = "", _ meaning: String) {
        self.name = name
        self.better = better
        self.kind = kind
        self.unit = unit
        self.meaning = meaning
    }

    /// A metric this catalogue does not define (a spec's own, or a newer database's): no direction.
    public static func unknown(_ name: String) -> MetricDefinition {
        MetricDefinition(name, better: .neither, kind: .amount, "not defined in Refine's metric catalogue")
    }

    /// "lower is better", "higher is better" or "neither way is better".
    public var betterText: String { Self.text(better) }

    public static func text(_ better: Better) -> String {
        switch better {
        case .lower: "lower is better"
        case .higher: "higher is better"
        case .neither: "neither way is better"
        }
    }

    /// The name in words, its unit suffix left out: "time to effect".
    public var words: String {
        let suffix = ["_pt_s", "_s", "_pt", "_mm"].first { name.hasSuffix($0) && !unit.isEmpty }
        return String(name.dropLast(suffix?.count ?? 0)).replacingOccurrences(of: "_", with: " ")
    }

    /// The name with its unit, for axis labels and table headers: "time to effect (s)".
    public var label: String { unit.isEmpty || unit == "share" ? words : "\(words) (\(unit))" }
}
