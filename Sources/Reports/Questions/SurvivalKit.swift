import Foundation
import Harness

/// Time to effect read as a survival outcome (DESIGN §6, §8): a trial that never
/// reached the goal is censored when the person stopped (`time_to_done_s`), so a
/// strategy that fails often cannot look fast by leaving its failures out.
extension ReportKit {
    /// Each trial's time to effect, or its censoring time.
    func survival(_ t: [TrialRow]) -> [SurvivalObservation] {
        survivalOwned(t).values.map(SurvivalObservation.init(encoded:))
    }

    /// The Kaplan–Meier curve of `t` with intervals resampling participants (a
    /// person's trials together); seeded by the trials it is drawn from. Built
    /// afresh at each call (see `SurvivalCache` for why curves are not kept).
    func kaplanMeier(_ t: [TrialRow]) -> ClusteredKaplanMeier {
        let v = survivalOwned(t)
        return ClusteredKaplanMeier(encoded: v.values, owners: v.owners, clusters: v.participants.count, confidence: confidence,
                                    resamples: min(spec.report.bootstrapResamples, 1000), seed: survivalSeed(t))
    }

    private func survivalSeed(_ t: [TrialRow]) -> UInt64 { Sections.seed(spec, "kaplan-meier/\(t.first?.key ?? "")/\(t.count)") }

    private func survivalKey(_ t: [TrialRow]) -> SurvivalCache.Key? {
        results.survivalCache.key(t, resamples: min(spec.report.bootstrapResamples, 1000), confidence: confidence, seed: survivalSeed(t))
    }

    /// The same as values per participant (encoded: minus the time when censored),
    /// each participant an index (12 bytes a trial, no string per trial).
    func survivalOwned(_ t: [TrialRow]) -> OwnedValues {
        var effect = MetricReader("time_to_effect_s"), done = MetricReader("time_to_done_s")
        return OwnedValues(t) { row in effect(row) ?? done(row).map { -$0 } }
    }

    /// The Kaplan–Meier median time to effect with its interval, e.g. "4.7 [3.3, 6.0]"; "> T" when under half reached it.
    func survivalMedianText(_ t: [TrialRow]) -> String {
        // Cached: sections ask for the same strategy's median more than once.
        guard let m = results.survivalCache.median(survivalKey(t), of: { kaplanMeier(t) }) else { return "–" }
        func f(_ x: Double?) -> String { x.map { formatNumber($0, digits: 2) } ?? "∞" }
        guard m.value != nil else { return "not reached by half (upper \(f(m.upper)))" }
        return "\(f(m.value)) [\(f(m.lower)), \(f(m.upper))]"
    }

    /// The share who reached the goal by `t` seconds, read off the Kaplan–Meier curve with its band.
    func reachedByText(_ t: [TrialRow], seconds: Double) -> String {
        let km = kaplanMeier(t)
        return km.curve.count == 0 ? "–" : formatRate(km.reached(by: seconds))
    }

    /// Restricted mean time to effect (up to `tau`) of `b` minus `a`, with a paired
    /// cluster-bootstrap interval over participants, the log-rank p-value, and
    /// the time grid of the resampled curves (nil: exact; `SurvivalGrid`).
    func restrictedMeanDifference(_ a: [TrialRow], _ b: [TrialRow], tau: Double, seed: UInt64) -> (Estimate, Double, Double?)? {
        let va = survivalOwned(a), vb = survivalOwned(b)
        guard va.values.count >= 3, vb.values.count >= 3 else { return nil }
        // Each replicate is KaplanMeier(resampled trials).restrictedMean(tau:), computed by weights (ClusteredSurvival).
        // The samples index the participants (and pair them); the survival passes read the times.
        let sa = ClusteredSample(va, ordered: false), sb = ClusteredSample(vb, ordered: false)
        let survivalA = ClusteredSurvival(encoded: va.values, owners: va.owners, clusters: sa.clusterCount)
        let survivalB = ClusteredSurvival(encoded: vb.values, owners: vb.owners, clusters: sb.clusterCount)
        // On a time grid the replicates are of rounded times; the point stays the exact curves'.
        let exact = survivalA.grid.step == nil && survivalB.grid.step == nil ? nil
            : SurvivalCurve(vb.values.map(SurvivalObservation.init(encoded:))).restrictedMean(tau: tau)
                - SurvivalCurve(va.values.map(SurvivalObservation.init(encoded:))).restrictedMean(tau: tau)
        let value = exact ?? survivalB.restrictedMean(tau: tau, weights: [Int32](repeating: 1, count: sb.clusterCount))
            - survivalA.restrictedMean(tau: tau, weights: [Int32](repeating: 1, count: sa.clusterCount))
        let lanes = ParallelReplicates.lanes
        let e = ClusterBootstrap.twoGroup(sb, sa, paired: true, confidence: confidence,
                                          resamples: min(spec.report.bootstrapResamples, 1000), seed: seed, value: value) { wb, wa, out in
            var rb = [Double](repeating: 0, count: lanes), ra = rb
            survivalB.restrictedMeans(tau: tau, lanes: wb, into: &rb)
            survivalA.restrictedMeans(tau: tau, lanes: wa, into: &ra)
            for k in 0..<lanes { out[k] = rb[k] - ra[k] }
        }
        return (e, LogRank.test(encoded: va.values, vb.values).p, survivalA.grid.step ?? survivalB.grid.step)
    }

    /// The fraction who reached the goal by t, per strategy: 1 − Kaplan–Meier,
    /// with a pointwise band (participants resampled) on a grid of 200 times.
    func survivalFigure(name: String, title: String, marker: Double?, filter: (TrialRow) -> Bool = { _ in true }) -> GnuplotFigure {
        var blocks: [String] = []
        var plots: [String] = []
        var steps: Set<Double> = []
        var thinned = false
        // One strategy's trials at a time (selected twice: at 10⁷ trials each selection is tens of megabytes).
        func group(_ s: String) -> [TrialRow] { results.trials(strategy: s).filterCounted(filter) }
        // The longest time, without a copy of every trial's.
        var longest: Double?
        var effect = MetricReader("time_to_effect_s"), done = MetricReader("time_to_done_s")
        for s in strategies { for row in group(s) { if let v = effect(row) ?? done(row) { longest = max(longest ?? v, v) } } }
        let end = longest ?? 1
        let grid = (0...200).map { end * Double($0) / 200 }
        for (i, s) in strategies.enumerated() {
            let t = group(s)
            let km = kaplanMeier(t)
            if let h = km.grid.step { steps.insert(h) }
            let full = zip(km.curve.times, km.curve.survival).map { (x: $0, y: 1 - $1) }
            let points = Descriptive.thinnedSteps(full)
            thinned = thinned || points.count < full.count
            let curve = ["0\t0"] + points.map { "\($0.x)\t\($0.y)" }
            let band = zip(grid, km.reachedBand(at: grid)).map { "\($0)\t\($1.lower)\t\($1.upper)" }
            blocks.append("# \(s): time, reached\n" + curve.joined(separator: "\n"))
            blocks.append("# \(s): time, band lower, band upper\n" + band.joined(separator: "\n"))
            plots.append("\"\(name).dat\" index \(2 * i + 1) using 1:2:3 with filledcurves fillstyle transparent solid 0.15 linecolor \(i + 1) notitle")
            plots.append("\"\(name).dat\" index \(2 * i) using 1:2 with steps linewidth 2 linecolor \(i + 1) title \(Gnuplot.quoted(s))")
        }
        let body = Self.stepPlotBody(title: title, xlabel: "time since the trial started (s)",
                                     ylabel: "fraction who reached the goal (Kaplan–Meier)", marker: marker, plots: plots)
        // Said only where a grid was taken (many trials per participant): small runs' titles are as before.
        let gridNote = steps.isEmpty ? "" : "; resampled curves on a \(steps.sorted().map { formatNumber($0, digits: 6) }.joined(separator: "/")) s grid"
        return GnuplotFigure(name: name, title: "\(title) (\(formatNumber(confidence * 100))% pointwise bands from a bootstrap over participants\(gridNote); trials that never got there are censored when the person stopped)" + (thinned ? Self.thinnedNote : ""),
                             data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")], body: body)
    }
}
