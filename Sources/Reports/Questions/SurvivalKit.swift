import Foundation
import Harness
import Statistics

/// Time to effect read as a survival outcome (DESIGN §6, §8): a trial that never
/// reached the goal is censored when the person stopped (`time_to_done_s`), so a
/// strategy that fails often cannot look fast by leaving its failures out.
package extension ReportKit {
    /// The Kaplan–Meier curve of a selection read in the pass, with intervals
    /// resampling participants (a person's trials together); seeded by the
    /// selection's first key and trial count.
    func kaplanMeier(_ s: SelectedTrials) -> ClusteredKaplanMeier { kaplanMeier(SurvivalData(s)) }

    func kaplanMeier(_ d: SurvivalData) -> ClusteredKaplanMeier {
        ClusteredKaplanMeier(
            d.entries, clusters: d.sample.clusterCount, confidence: confidence,
            resamples: min(spec.report.bootstrapResamples, 1000),
            seed: survivalSeed(trials: d.trials, firstKey: d.firstKey))
    }

    private func survivalSeed(trials: Int, firstKey: String?) -> UInt64 {
        Sections.seed(spec, "kaplan-meier/\(firstKey ?? "")/\(trials)")
    }

    /// The Kaplan–Meier median time to effect with its interval, e.g. "4.7 [3.3, 6.0]";
    /// "not reached by half" when under half reached it. Kept with the selection: several tables show it.
    func survivalMedianText(_ s: SelectedTrials) -> String {
        Self.medianText(s.survivalMedian { kaplanMeier(s) })
    }

    private static func medianText(_ m: SelectedTrials.SurvivalMedian?) -> String {
        guard let m else { return "–" }
        func f(_ x: Double?) -> String { x.map { formatNumber($0, digits: 2) } ?? "∞" }
        guard m.value != nil else { return "not reached by half (upper \(f(m.upper)))" }
        return "\(f(m.value)) [\(f(m.lower)), \(f(m.upper))]"
    }

    /// The share who reached the goal by `seconds`, read off the Kaplan–Meier curve with its band.
    func reachedByText(_ s: SelectedTrials, seconds: Double) -> String {
        let km = kaplanMeier(s)
        return km.curve.count == 0 ? "–" : formatRate(km.reached(by: seconds))
    }

    /// The fraction who reached the goal by t, per strategy: 1 − Kaplan–Meier,
    /// with a pointwise band (participants resampled) on a grid of 200 times;
    /// `selections[i]`: strategy i's, asked with survival.
    func survivalFigure(of selections: [SelectedTrials], name: String, title: String, marker: Double?) -> GnuplotFigure
    {
        let longest = selections.compactMap(\.longest).max()
        var bucketed = false
        var figure = survivalFigure(name: name, title: title, marker: marker, longest: longest) { s in
            let data = SurvivalData(selections[strategies.firstIndex(of: s)!])
            bucketed = bucketed || data.isBucketed
            return kaplanMeier(data)
        }
        if bucketed { figure.title += " (" + SurvivalData.bucketedNote + ")" }
        return figure
    }

    /// `curve(strategy)`: its Kaplan–Meier curve; `longest`: the longest time of any (the band's grid ends there).
    private func survivalFigure(
        name: String, title: String, marker: Double?, longest: Double?, curve: (String) -> ClusteredKaplanMeier
    ) -> GnuplotFigure {
        var blocks: [String] = []
        var plots: [String] = []
        var steps: Set<Double> = []
        var thinned = false
        let end = longest ?? 1
        let grid = (0...200).map { end * Double($0) / 200 }
        for (i, s) in strategies.enumerated() {
            let km = curve(s)
            if let h = km.grid.step { steps.insert(h) }
            let full = zip(km.curve.times, km.curve.survival).map { (x: $0, y: 1 - $1) }
            let points = Descriptive.thinnedSteps(full)
            thinned = thinned || points.count < full.count
            let curve = ["0\t0"] + points.map { "\($0.x)\t\($0.y)" }
            let band = zip(grid, km.reachedBand(at: grid)).map { "\($0)\t\($1.lower)\t\($1.upper)" }
            blocks.append("# \(s): time, reached\n" + curve.joined(separator: "\n"))
            blocks.append("# \(s): time, band lower, band upper\n" + band.joined(separator: "\n"))
            plots.append(
                "\"\(name).dat\" index \(2 * i + 1) using 1:2:3 with filledcurves fillstyle transparent solid 0.15 "
                    + "linecolor \(i + 1) notitle"
            )
            plots.append(
                "\"\(name).dat\" index \(2 * i) using 1:2 with steps linewidth 2 linecolor \(i + 1) "
                    + "title \(Gnuplot.quoted(s))"
            )
        }
        let body = Self.stepPlotBody(
            title: title, xlabel: "time since the trial started (s)",
            ylabel: "fraction who reached the goal (Kaplan–Meier)", marker: marker, plots: plots)
        // Said only where a grid was taken (many trials per participant): small runs' titles are as before.
        let gridNote =
            steps.isEmpty
            ? ""
            : "; resampled curves on a \(steps.sorted().map { formatNumber($0, digits: 6) }.joined(separator: "/")) s "
                + "grid"
        return GnuplotFigure(
            name: name,
            title:
                "\(title) (\(formatNumber(confidence * 100))% pointwise bands from a bootstrap over "
                    + "participants\(gridNote); trials that never got there are censored when the person stopped)"
                + (thinned ? Self.thinnedNote : ""),
            data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")], body: body)
    }
}

/// One selection's survival observations as the estimators read them: the
/// entries by participant, a sample indexing (and pairing) the participants,
/// and what seeds its curve (its trial count and first key).
package struct SurvivalData {
    var entries: SurvivalEntries
    /// The participants with an observation, sorted; per participant the sum and count of the encoded values.
    var sample: ClusteredSample
    var trials: Int
    var firstKey: String?

    init(entries: SurvivalEntries, sample: ClusteredSample, trials: Int, firstKey: String?) {
        (self.entries, self.sample, self.trials, self.firstKey) = (entries, sample, trials, firstKey)
    }

    /// `strategy`'s trials simulated in memory (power's studies, which are never stored): a trial's time to
    /// effect, or minus its time to done when it never got there.
    init(_ results: [TrialResult], strategy: String) {
        var values: [Double] = [], people: [String] = []
        for r in results where r.trial.strategy == strategy {
            let effect = r.outcome.metrics.first { $0.name == "time_to_effect_s" }?.value
            guard let v = effect ?? r.outcome.metrics.first(where: { $0.name == "time_to_done_s" }).map({ -$0.value })
            else { continue }
            values.append(v)
            people.append(r.participantID)
        }
        let names = Array(Set(people)).sorted()
        let rank = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        var sums = [Double](repeating: 0, count: names.count), counts = [Int](repeating: 0, count: names.count)
        let owners = people.map { rank[$0]! }
        for (v, o) in zip(values, owners) { sums[o] += v; counts[o] += 1 }
        entries = SurvivalEntries(values: values, owners: owners.map(Int32.init))
        sample = ClusteredSample(participants: names, sums: sums, counts: counts)
        trials = values.count
        firstKey = results.first { $0.trial.strategy == strategy }?.trial.key
    }

    /// A selection's, read in the pass (bucketed past `ValueSketch.exactLimit` a person).
    init(_ s: SelectedTrials) {
        let entries = s.survivalEntries()
        let (names, sums, counts) = s.survivalTotals()
        self.entries = entries
        sample = ClusteredSample(participants: names, sums: sums, counts: counts)
        trials = s.count
        firstKey = s.firstKey
    }

    /// Whether the times were counted in per-person buckets (someone gave more
    /// than `ValueSketch.exactLimit` observations): each is then a bucket's
    /// smallest, at most `ValueBuckets.relativeWidth` below the trial's.
    var isBucketed: Bool { entries.counts != nil }

    /// What a text or figure says when its curves were made of bucketed times.
    package static let bucketedNote =
        "times counted per person in buckets of \(formatNumber(ValueBuckets.relativeWidth * 100, digits: 2))% "
            + "(over \(ValueSketch.exactLimit) trials a person), each read as its bucket's shortest"

    /// The Kaplan–Meier point curve of every entry.
    var curve: SurvivalCurve {
        let sorted = entries.sortedByTime()
        return SurvivalCurve(sortedTimes: sorted.times, events: sorted.events, counts: sorted.counts)
    }
}
