import Foundation
import UserModels

/// Whether a strategy's results depend on what it is called. They must not: a
/// label is bookkeeping, and a difference between designs may only come from
/// what the screen shows and the physics does. A random stream seeded from the
/// label, a lookup keyed on it, or an order that sorts by it would all leak the
/// name into the results; this check catches every one of them by running the
/// same spec twice, the second time with every strategy renamed (and the names'
/// alphabetical order reversed), and comparing every metric of every trial exactly.
public enum NameInvariance {
    /// A small picture-in-picture spec (no photos, runs anywhere in a second): the
    /// default subject of `refine validate`'s name-invariance check.
    public static let defaultSpec = """
        name: name-invariance
        question: pip
        seed: 17
        devices: [iphone-15-portrait, ipad-pro-12.9-landscape]
        strategies:
          - design: nearest-corner
          - design: projected-momentum
            parameters: {rate: normal}
        population:
          participants: 4
        tasks:
          moves: all
        """

    /// The spec with every strategy relabelled: the i-th becomes `<letter>-renamed-i`,
    /// letters running backwards from `z`, so sorted order is reversed too.
    public static func renamed(_ spec: ExperimentSpec) -> (spec: ExperimentSpec, labels: [String: String]) {
        var copy = spec
        var labels: [String: String] = [:]
        for i in copy.strategies.indices {
            let letter = Character(UnicodeScalar(UInt8(ascii: "z") - UInt8(i % 26)))
            let new = "\(letter)-renamed-\(i)"
            labels[copy.strategies[i].label] = new
            copy.strategies[i].label = new
        }
        return (copy, labels)
    }

    /// Compares two runs' results trial by trial (trials matched by key with the
    /// label replaced), metric by metric, bit for bit. Returns how many values were
    /// compared and a description of each difference (missing trials and metrics included).
    public static func differences(
        original: [TrialResult], renamed: [TrialResult], labels: [String: String]
    ) -> (compared: Int, differing: [String]) {
        func metrics(_ r: TrialResult) -> [String: Double] {
            Dictionary(r.outcome.metrics.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        }
        var byKey: [String: TrialResult] = [:]
        for r in renamed { byKey[r.trial.key] = r }
        var compared = 0, differing: [String] = []
        for r in original {
            let new = labels[r.trial.strategy] ?? r.trial.strategy
            let key = r.trial.key.replacingOccurrences(of: "/\(r.trial.strategy)/", with: "/\(new)/")
            guard let twin = byKey.removeValue(forKey: key) else {
                differing.append("\(r.trial.key): no trial \(key) after renaming"); continue
            }
            let a = metrics(r), b = metrics(twin)
            for name in Set(a.keys).union(b.keys).sorted() {
                compared += 1
                guard let x = a[name], let y = b[name] else {
                    differing.append("\(r.trial.key) \(name): present in one run only"); continue
                }
                // Exact: the same bits (NaN equals NaN), not "close".
                if x.bitPattern != y.bitPattern && !(x.isNaN && y.isNaN) {
                    differing.append("\(r.trial.key) \(name): \(x) vs \(y)")
                }
            }
        }
        differing += byKey.keys.sorted().map { "\($0): only after renaming" }
        return (compared, differing)
    }

    /// Runs `spec` as written and renamed and reports the result as a validation check.
    public static func check(spec: ExperimentSpec, jobs: Int = 1) throws -> LawCheck {
        let (other, labels) = renamed(spec)
        let a = try ExperimentRunner.simulate(spec: spec, jobs: jobs)
        let b = try ExperimentRunner.simulate(spec: other, jobs: jobs)
        let (compared, differing) = differences(original: a, renamed: b, labels: labels)
        return LawCheck(
            id: "name-invariance", title: "Name invariance: relabelling every strategy changes no result",
            source:
                "a requirement of the method, not a published law (DESIGN: a difference between strategies may only "
                    + "come from the screen and the physics); spec '\(spec.name)', \(a.count) trials",
            origin: .emergent,
            originReason:
                "a property of the whole pipeline (planning, seeding, simulators, agent); no parameter sets it, and "
                    + "any use of a label in a seed, lookup or sort would break it",
            xLabel: "trial", yLabel: "metric values that changed",
            model: [[0, Double(differing.count)]], published: [[0, 0]],
            figures: [
                .init(name: "metric_values_changed", value: Double(differing.count), lower: 0, upper: 0),
                .init(name: "metric_values_compared", value: Double(compared), lower: 1, upper: 1e12)
            ])
    }
}
