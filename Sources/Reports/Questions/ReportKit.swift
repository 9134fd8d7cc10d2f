import Foundation
import Harness
import Statistics

/// Tables and figures every question's report builds the same way.
package struct ReportKit {
    let spec: ExperimentSpec
    let results: ResultSet

    package init(spec: ExperimentSpec, results: ResultSet) {
        self.spec = spec
        self.results = results
    }

    package var strategies: [String] { spec.strategies.map(\.label) }
    package var confidence: Double { spec.report.confidence }

    /// A rate with its interval: Wilson when every participant gave at most one
    /// trial (independent trials), otherwise a seeded bootstrap over participants,
    /// since one person's trials succeed or fail together more than strangers' do.
    /// A rate of 0 or 1 gives every resample the same rate, so there the interval
    /// is Wilson's with one observation per participant (no more information
    /// than that can be claimed when trials within a person may be alike).
    /// `tally`: the successes per participant of a selection of `trials`
    /// trials (the count seeds the bootstrap).
    func rateEstimate(_ metric: String, _ tally: ParticipantTally, trials: Int) -> Estimate {
        let n = tally.count, successes = tally.successCount
        if tally.oneValuePerParticipant {
            return Intervals.wilson(successes: successes, n: n, confidence: confidence)
        }
        if successes == 0 || successes == n {
            let people = tally.people
            var e = Intervals.wilson(successes: successes == 0 ? 0 : people, n: people, confidence: confidence)
            e.value = Double(successes) / Double(n)
            return e
        }
        // A rate is a mean: per-participant sums and counts are all it resamples.
        return ClusterBootstrap.estimate(
            tally.sample, .mean, confidence: confidence, resamples: spec.report.bootstrapResamples,
            seed: Sections.seed(spec, "rate/\(metric)/\(trials)"))
    }

    package func pct(_ k: Int, _ n: Int) -> String {
        n == 0 ? "–" : "\(formatNumber(Double(k) * 100 / Double(n), digits: 0))%"
    }

    /// The ECDF of `metric` in each strategy's selection (`selections[i]` strategy i's), read in the pass.
    package func ecdfFigure(
        metric: String, of selections: [SelectedTrials], name: String, xlabel: String, title: String, marker: Double?
    ) -> GnuplotFigure {
        ecdfFigure(
            name: name, xlabel: xlabel, title: title, marker: marker,
            curves: selections.map { $0.pooled(metric).ecdf(total: $0.count) })
    }

    /// One staircase per strategy, `curves[i]` strategy i's full ECDF (thinned here).
    private func ecdfFigure(
        name: String, xlabel: String, title: String, marker: Double?, curves: [[(x: Double, y: Double)]]
    ) -> GnuplotFigure {
        var blocks: [String] = []
        var plots: [String] = []
        var thinned = false
        for (i, (s, full)) in zip(strategies, curves).enumerated() {
            let points = Descriptive.thinnedSteps(full)
            thinned = thinned || points.count < full.count
            let lines = ([(0.0, 0.0)] + points).map { "\($0.0)\t\($0.1)" }
            blocks.append("# \(s)\n" + lines.joined(separator: "\n"))
            plots.append(
                "\"\(name).dat\" index \(i) using 1:2 with steps linewidth 2 linecolor \(i + 1) "
                    + "title \(Gnuplot.quoted(s))"
            )
        }
        let body = Self.stepPlotBody(
            title: title, xlabel: xlabel, ylabel: "fraction of trials", marker: marker, plots: plots)
        // Said only where a curve was thinned (a large run): small runs' titles are as before.
        return GnuplotFigure(
            name: name, title: title + (thinned ? Self.thinnedNote : ""),
            data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")], body: body)
    }

    /// What a figure's title adds when a staircase was drawn thinned (`Descriptive.thinnedSteps`).
    static let thinnedNote =
        " (curves drawn to within 1/\(Descriptive.stepResolution) of the fraction: at "
            + "most \(Descriptive.stepResolution) steps each)"

    /// The gnuplot commands of a fraction-against-time figure (ECDF, Kaplan–Meier):
    /// 0…1 on y, an optional dashed marker at `marker` seconds, then `plots`.
    package static func stepPlotBody(
        title: String, xlabel: String, ylabel: String, marker: Double?, plots: [String]
    ) -> String {
        var body = """
            set title \(Gnuplot.quoted(title))
            set xlabel \(Gnuplot.quoted(xlabel))
            set ylabel \(Gnuplot.quoted(ylabel))
            set yrange [0:1]
            set xrange [0:*]

            """
        if let marker {
            body += "set arrow from \(marker), graph 0 to \(marker), graph 1 nohead dashtype 2\n"
            body += "set label \(Gnuplot.quoted("\(formatNumber(marker)) s")) at \(marker), graph 0.05 offset 0.5,0\n"
        }
        return body + "plot " + plots.joined(separator: ", \\\n     ")
    }

    /// A rate per strategy and device with intervals (`rateEstimate`: over
    /// participants, or Wilson when each gave one trial), one series per
    /// device, from the selections of each strategy on each device (`rateFigureRequests`).
    package func rateFigureOfSelections(metric: String, name: String, title: String, ylabel: String) -> GnuplotFigure {
        rateFigure(name: name, title: title, ylabel: ylabel) { s, d in
            let cell = results.selected(TrialSelection(strategy: s, device: d))
            let tally = cell.tally(metric)
            return (rateEstimate(metric, tally, trials: cell.count), tally.oneValuePerParticipant)
        }
    }

    /// What `rateFigureOfSelections` reads.
    package static func rateFigureRequests(_ spec: ExperimentSpec, metric: String, into r: inout SelectionRequests) {
        for s in spec.strategies {
            for d in spec.devices { r.add(TrialSelection(strategy: s.label, device: d.name), metrics: [metric]) }
        }
    }

    /// `cell(strategy, device)`: the rate's estimate and whether each participant gave at most one trial.
    private func rateFigure(
        name: String, title: String, ylabel: String, cell: (String, String) -> (Estimate, Bool)
    ) -> GnuplotFigure {
        var blocks: [String] = []
        let devices = spec.devices.map(\.name)
        var independent = true
        for (i, s) in strategies.enumerated() {
            var rows: [String] = []
            for (j, d) in devices.enumerated() {
                let (e, oneEach) = cell(s, d)
                independent = independent && oneEach
                let x = Double(i) + (Double(j) - Double(devices.count - 1) / 2) * 0.15
                rows.append(
                    [String(x), String(e.value), String(e.lower), String(e.upper), s, d].joined(separator: "\t"))
            }
            blocks.append(rows.joined(separator: "\n"))
        }
        let xtics = strategies.enumerated().map { "\(Gnuplot.quoted($0.element)) \($0.offset)" }.joined(separator: ", ")
        let plots = devices.enumerated().map { j, d in
            "\"\(name).dat\" every ::\(j)::\(j) using 1:2:3:4 with yerrorbars pointtype 7 pointsize 1.3 "
                + "title \(Gnuplot.quoted(d))"
        }
        return GnuplotFigure(
            name: name,
            title:
                "\(title) (\(formatNumber(confidence * 100))% \(independent ? "Wilson" : "participant-bootstrap") "
                    + "intervals)",
            data: [
                ("\(name).dat", "# x\trate\tlower\tupper\tstrategy\tdevice\n" + blocks.joined(separator: "\n\n") + "\n")
            ],
            body: """
                set title \(Gnuplot.quoted(title))
                set ylabel \(Gnuplot.quoted(ylabel))
                set yrange [0:1.05]
                set xrange [-0.6:\(Double(strategies.count) - 0.4)]
                set xtics \(strategies.count > 3 ? "rotate by -25 left " : "")(\(xtics))
                plot \(plots.joined(separator: ", \\\n     "))
                """)
    }

    // MARK: Selections read in the pass

    package func rate(_ metric: String, _ s: SelectedTrials) -> String { formatRate(rateEstimate(metric, s)) }

    /// A rate with its interval (`rateEstimate(_:_:trials:)`) of a selection read in the pass: successes
    /// are values of 1, of 0 with `success: .zero` (a 0/1 metric counted the
    /// other way), or above 0 with `.positive` (a count: at least once).
    package func rateEstimate(_ metric: String, _ s: SelectedTrials, success: SelectedTrials.Success = .one) -> Estimate
    {
        rateEstimate(metric, s.tally(metric, success: success), trials: s.count)
    }

    package func medianText(_ metric: String, _ s: SelectedTrials, digits: Int = 2) -> String {
        s.pooled(metric).median.map { formatNumber($0, digits: digits) } ?? "–"
    }

    /// The mean of `metric` in `s` ("–" when no trial recorded it).
    package func meanText(_ metric: String, _ s: SelectedTrials, digits: Int = 2) -> String {
        let v = s.pooled(metric)
        return v.isEmpty ? "–" : formatNumber(v.mean, digits: digits)
    }

    /// Median of `metric` with its interval from a seeded bootstrap over participants, or "–" (`metric` asked for by
    /// participant).
    package func medianEstimate(_ metric: String, _ s: SelectedTrials, label: String) -> String {
        guard let sample = s.sample(metric) else { return "–" }
        return formatEstimate(
            ClusterBootstrap.estimate(
                sample, .median, confidence: confidence, resamples: spec.report.bootstrapResamples,
                seed: Sections.seed(spec, "median/\(label)/\(s.count)")))
    }
}
