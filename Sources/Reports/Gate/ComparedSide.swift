import Foundation
import Harness

/// One side of `refine compare`: a strategy of a run, read as `RunSamples`, and for time to effect its survival
/// observations (the restricted mean the report's Answer compares).
public struct ComparedSide: Sendable {
    /// How the side was named (`STRATEGY`, `DB:STRATEGY`, `DB@RUN:STRATEGY`).
    public var label: String
    public var strategy: String
    public var samples: RunSamples
    /// Time to effect's observations (censored when the person stopped), when the pass read them (`read`).
    var survival: SurvivalData?

    public init(label: String, strategy: String, samples: RunSamples) {
        (self.label, self.strategy, self.samples) = (label, strategy, samples)
    }

    /// The strategy's trials in the run.
    public var trials: Int { samples.trialCounts[strategy] ?? 0 }

    /// Its values of `metric` by participant (nil: none recorded).
    public func sample(_ metric: String) -> BaselineSample? { samples.sample(strategy: strategy, metric: metric) }

    /// The metrics at least one of its trials recorded.
    public var recordedMetrics: Set<String> { samples.recordedMetrics(strategy: strategy) }

    /// The side as a contrast reads `metric`.
    var contrastSide: (String) -> ContrastSide {
        { metric in
            ContrastSide(sample: sample(metric)?.clustered, survival: Contrast.isSurvival(metric) ? survival : nil)
        }
    }

    /// `sides` (label, strategy) of run `runID`, read in one pass: `metrics` by participant (nil: every metric),
    /// and, when time to effect is among them, each strategy's survival observations.
    public static func read(store: RunStore, runID: Int64, sides: [(label: String, strategy: String)],
                            metrics: [String]?) throws -> [ComparedSide] {
        let strategies = Set(sides.map(\.strategy))
        let samples = RunSamples.Reader(metrics: metrics, only: strategies)
        var readers: [any RunReader] = [samples]
        var requests = SelectionRequests()
        let survival = metrics.map { $0.contains(where: Contrast.isSurvival) } ?? true
        if survival {
            for s in strategies.sorted() { requests.add(TrialSelection(strategy: s), survival: true) }
        }
        let selections = SelectionReader(requests)
        if survival { readers.append(selections) }
        try store.read(runID: runID, into: readers)
        return sides.map { side in
            var out = ComparedSide(label: side.label, strategy: side.strategy, samples: samples.samples)
            if survival, let s = selections.selected[TrialSelection(strategy: side.strategy)], s.count > 0 {
                out.survival = SurvivalData(s)
            }
            return out
        }
    }
}

extension Comparisons {
    /// Compares side A with side B for each of `metrics` (see `compare(metrics:names:…)`), from samples read in
    /// one pass over each run (`ComparedSide.read`). Each metric's two samples are made when it is compared and
    /// dropped after. `direction`: a metric's better way and the difference that matters (the spec's).
    public static func compare(_ a: ComparedSide, _ b: ComparedSide, metrics: [String], sameSeed: Bool,
                               settings: Contrast.Settings, seed: UInt64,
                               direction: @escaping (String) -> (better: MetricDefinition.Better, margin: Double?) = {
                                   (MetricCatalog.definition($0).better, nil)
                               }) -> [MetricComparison] {
        compare(metrics: metrics, names: (a.strategy, b.strategy), sameSeed: sameSeed, settings: settings, seed: seed,
                direction: direction) { metric in
            guard a.sample(metric) != nil, b.sample(metric) != nil else { return nil }
            return (a.contrastSide(metric), b.contrastSide(metric))
        }
    }
}
