import Foundation
import Harness

/// Time to effect read as a survival outcome (DESIGN §6, §8): a trial that never
/// reached the goal is censored when the person stopped (`time_to_done_s`), so a
/// strategy that fails often cannot look fast by leaving its failures out.
extension ReportKit {
    /// Each trial's time to effect, or its censoring time.
    func survival(_ t: [TrialRow]) -> [SurvivalObservation] {
        t.compactMap { row in
            if let e = row["time_to_effect_s"] { return SurvivalObservation(time: e, event: true) }
            return row["time_to_done_s"].map { SurvivalObservation(time: $0, event: false) }
        }
    }

    /// The same, as values per participant (encoded: minus the time when censored).
    func survivalValues(_ t: [TrialRow]) -> ParticipantValues {
        var v = ParticipantValues()
        for row in t {
            if let e = row["time_to_effect_s"] { v.append(e, participant: row.participant) }
            else if let d = row["time_to_done_s"] { v.append(-d, participant: row.participant) }
        }
        return v
    }

    /// The Kaplan–Meier median time to effect with its interval, e.g. "4.7 [3.3, 6.0]"; "> T" when under half reached it.
    func survivalMedianText(_ t: [TrialRow]) -> String {
        let obs = survival(t)
        guard !obs.isEmpty else { return "–" }
        let m = KaplanMeier(obs, confidence: confidence).median
        func f(_ x: Double?) -> String { x.map { formatNumber($0, digits: 2) } ?? "∞" }
        guard m.value != nil else { return "not reached by half (upper \(f(m.upper)))" }
        return "\(f(m.value)) [\(f(m.lower)), \(f(m.upper))]"
    }

    /// The share who reached the goal by `t` seconds, read off the Kaplan–Meier curve with its band.
    func reachedByText(_ t: [TrialRow], seconds: Double) -> String {
        let obs = survival(t)
        return obs.isEmpty ? "–" : formatRate(KaplanMeier(obs, confidence: confidence).reached(by: seconds))
    }

    /// Restricted mean time to effect (up to `tau`) of `b` minus `a`, with a paired
    /// cluster-bootstrap interval over participants, and the log-rank p-value.
    func restrictedMeanDifference(_ a: [TrialRow], _ b: [TrialRow], tau: Double, seed: UInt64) -> (Estimate, Double)? {
        let va = survivalValues(a), vb = survivalValues(b)
        guard va.values.count >= 3, vb.values.count >= 3 else { return nil }
        let rmst = { (x: [Double]) in KaplanMeier(x.map(SurvivalObservation.init(encoded:))).restrictedMean(tau: tau) }
        let e = ClusterBootstrap.twoGroup(ClusteredSample(vb), ClusteredSample(va), paired: true, confidence: confidence,
                                          resamples: min(spec.report.bootstrapResamples, 1000), seed: seed) { rmst($0) - rmst($1) }
        return (e, LogRank.test(survival(a), survival(b)).p)
    }

    /// The fraction who reached the goal by t, per strategy: 1 − Kaplan–Meier with its band.
    func survivalFigure(name: String, title: String, marker: Double?, filter: (TrialRow) -> Bool = { _ in true }) -> GnuplotFigure {
        var blocks: [String] = []
        var plots: [String] = []
        for (i, (s, t)) in results.byStrategy(strategies).enumerated() {
            let km = KaplanMeier(survival(t.filter(filter)), confidence: confidence)
            var lines = ["0\t0\t0\t0"]
            for step in km.steps { lines.append("\(step.time)\t\(1 - step.survival)\t\(1 - step.upper)\t\(1 - step.lower)") }
            blocks.append("# \(s): time, reached, lower, upper\n" + lines.joined(separator: "\n"))
            plots.append("\"\(name).dat\" index \(i) using 1:3:4 with filledcurves fillstyle transparent solid 0.15 linecolor \(i + 1) notitle")
            plots.append("\"\(name).dat\" index \(i) using 1:2 with steps linewidth 2 linecolor \(i + 1) title \(Gnuplot.quoted(s))")
        }
        let body = Self.stepPlotBody(title: title, xlabel: "time since the trial started (s)",
                                     ylabel: "fraction who reached the goal (Kaplan–Meier)", marker: marker, plots: plots)
        return GnuplotFigure(name: name, title: "\(title) (\(formatNumber(confidence * 100))% log-log bands; trials that never got there are censored when the person stopped)",
                             data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")], body: body)
    }
}
