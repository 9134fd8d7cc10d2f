import Designs
import Foundation
import Harness
import Interaction

/// The picture-in-picture sections: per-strategy tables, the figures, and a
/// "why" section that traces the differences to the talk's two mechanisms —
/// light flicks that go back where they came from, and how far a PIP must be
/// dragged before it goes anywhere.
struct PIPReport {
    let spec: ExperimentSpec
    let results: ResultSet
    var kit: ReportKit { ReportKit(spec: spec, results: results) }
    func rate(_ metric: String, _ t: [TrialRow]) -> String { kit.rate(metric, t) }
    func pct(_ k: Int, _ n: Int) -> String { kit.pct(k, n) }
    func medianText(_ metric: String, _ t: [TrialRow], digits: Int = 2) -> String { kit.medianText(metric, t, digits: digits) }

    private var strategies: [String] { spec.strategies.map(\.label) }
    private var confidence: Double { spec.report.confidence }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        kit.addStrategies(PIPDesigns.question, to: &doc)

        doc.add(.heading(level: 2, text: "Results by strategy"))
        doc.add(.paragraph("Time to effect runs from the start of the trial until the PIP rests in the intended corner; trials that never got there are left out of the medians and counted in the reached column."))
        doc.add(.table(header: headlineHeader, rows: strategies.map { headlineRow($0, results.trials(strategy: $0)) }))

        doc.add(.heading(level: 3, text: "By device"))
        var rows: [[String]] = []
        for s in strategies {
            for d in spec.devices {
                let t = results.trials(strategy: s, device: d.name)
                rows.append([s, d.name] + Array(headlineRow(s, t).dropFirst()))
            }
        }
        doc.add(.table(header: ["strategy", "device"] + Array(headlineHeader.dropFirst()), rows: rows))

        doc.add(.heading(level: 3, text: "By kind of move"))
        doc.add(.paragraph("First-throw landing rate by the direction of the move: along the short edge, the long edge, or across the diagonal."))
        let kinds: [CornerRelation] = [.horizontal, .vertical, .diagonal]
        doc.add(.table(header: ["strategy"] + kinds.map(\.rawValue), rows: strategies.map { s in
            [s] + kinds.map { k in
                let t = results.trials(strategy: s).filter(.task) { relation(task: $0) == k }
                return rate("landed_intended", t)
            }
        }))

        figures.append(kit.survivalFigure(name: "survival_time_to_effect", title: "Time until the PIP rests in the intended corner", marker: 10))
        figures.append(kit.rateFigure(metric: "landed_intended", name: "landing_rate", title: "First throw lands in the intended corner", ylabel: "landing rate"))
        figures.append(releaseSpeedFigure())
        var landed = MetricReader("landed_intended")
        figures.append(kit.ecdfFigure(metric: "first_travel_pt", name: "ecdf_first_travel", xlabel: "finger travel of the first throw (pt)",
                                  title: "How far the finger moved on first throws that landed as intended", marker: nil,
                                  filter: { landed($0) == 1 }))
        PIPFactorsReport(spec: spec, results: results).build(into: &doc, figures: &figures)
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        doc.add(.bullets(whyBullets()))
    }

    // MARK: Tables

    private var headlineHeader: [String] {
        let c = formatNumber(confidence * 100)
        return ["strategy", "n", "landed first throw (\(c)% CI)", "reached", "median time to effect s, Kaplan–Meier (\(c)% CI)",
                "mean corrections", "median settle s", "median overshoot pt", "median drag distance pt"]
    }

    private func headlineRow(_ strategy: String, _ t: [TrialRow]) -> [String] {
        return [strategy, "\(t.count)", rate("landed_intended", t), rate("reached_effect", t), kit.survivalMedianText(t),
                formatNumber(Descriptive.mean(ResultSet.values("corrections", in: t)), digits: 2),
                medianText("settle_time_s", t), medianText("overshoot_pt", t, digits: 1),
                medianText("drag_distance_pt", t, digits: 0)]
    }

    private func relation(task: String) -> CornerRelation? {
        guard case .movePIP(let a, let b)? = spec.tasks.first(where: { $0.id == task })?.goal else { return nil }
        return a.relation(to: b)
    }

    // MARK: Why

    private func whyBullets() -> [String] {
        var bullets: [String] = []
        for s in strategies {
            let flicks = results.trials(strategy: s).filter("first_throw_flick") { $0 == 1 }
            guard !flicks.isEmpty else { continue }
            let back = flicks.filter("returned_to_start") { $0 == 1 }
            let landed = flicks.filter("landed_intended") { $0 == 1 }
            let backSpeeds = ResultSet.values("release_speed_pt_s", in: back)
            let backTravel = ResultSet.values("first_travel_pt", in: back)
            var text = "\(s): of \(flicks.count) first throws that were flicks, \(pct(landed.count, flicks.count)) landed in the intended corner and \(pct(back.count, flicks.count)) went back to the corner they started from"
            if !back.isEmpty {
                text += " (those had a median release speed of \(formatNumber(Descriptive.median(backSpeeds), digits: 0)) pt/s after a median \(formatNumber(Descriptive.median(backTravel), digits: 0)) pt of finger travel)"
            }
            bullets.append(text + ".")
        }
        for s in strategies {
            let drags = results.trials(strategy: s).filter("first_throw_flick") { $0 == 0 }
            guard !drags.isEmpty else { continue }
            let ok = drags.filter("landed_intended") { $0 == 1 }
            // A distance depends on the task and device only (within a strategy): worked out once for each, not per trial.
            let distance = drags.mapFactors(.task, .device) { cornerDistance($0) }
            var travel = MetricReader("first_travel_pt"), landed = MetricReader("landed_intended")
            let fractions = zip(drags, distance).compactMap { t, d -> (Double, Bool)? in
                guard let travel = travel(t), let d else { return nil }
                return (travel / d, landed(t) == 1)
            }
            let okFractions = fractions.filter(\.1).map(\.0)
            let missFractions = fractions.filter { !$0.1 }.map(\.0)
            var text = "\(s): \(pct(ok.count, drags.count)) of \(drags.count) first throws that were deliberate drags landed as intended"
            if !okFractions.isEmpty {
                text += "; the successful ones carried the PIP a median \(formatNumber(Descriptive.median(okFractions) * 100, digits: 0))% of the way (shortest \(formatNumber((okFractions.min() ?? 0) * 100, digits: 0))%)"
            }
            if !missFractions.isEmpty {
                text += ", the failed ones a median \(formatNumber(Descriptive.median(missFractions) * 100, digits: 0))%"
            }
            bullets.append(text + ".")
        }
        if let base = strategies.first {
            let baseTimes = kit.participantValues("time_to_effect_s", results.trials(strategy: base))
            for s in strategies.dropFirst() {
                let times = kit.participantValues("time_to_effect_s", results.trials(strategy: s))
                guard !times.isEmpty, !baseTimes.isEmpty else { continue }
                // The same people meet every strategy: paired over participants.
                let (_, diff) = Comparisons.difference(baseTimes, times, metric: "time_to_effect_s", paired: true, confidence: confidence,
                                                       resamples: spec.report.bootstrapResamples, seed: Sections.seed(spec, "diff/\(s)/\(base)"))
                let verdict = diff.upper < 0 ? "faster" : diff.lower > 0 ? "slower" : "not distinguishable from"
                bullets.append("\(s) vs \(base): median time to effect (trials that reached the goal) differs by \(formatEstimate(diff)) s (\(formatNumber(confidence * 100))% paired bootstrap over participants): \(s) is \(verdict)\(verdict.hasPrefix("not") ? "" : " than") \(base).")
            }
        }
        for s in strategies {
            let t = results.trials(strategy: s)
            let corrected = t.filter("corrections") { ($0 ?? 0) > 0 }
            guard !corrected.isEmpty else { continue }
            let clean = ResultSet.values("time_to_effect_s", in: t.filter("corrections") { $0 == 0 })
            let slow = ResultSet.values("time_to_effect_s", in: corrected)
            guard !clean.isEmpty, !slow.isEmpty else { continue }
            bullets.append("\(s): each correction costs a new plan, a reach and a throw — median \(formatNumber(Descriptive.median(clean), digits: 2)) s with no correction against \(formatNumber(Descriptive.median(slow), digits: 2)) s for the \(pct(corrected.count, t.count)) of trials that needed one or more.")
        }
        return bullets
    }

    /// Distance between the PIP's start and goal corners for this trial's device and strategy.
    private func cornerDistance(_ trial: TrialRow) -> Double? {
        guard case .movePIP(let a, let b)? = spec.tasks.first(where: { $0.id == trial.task })?.goal,
              let s = spec.strategies.first(where: { $0.label == trial.strategy }),
              let device = DeviceCatalog.configuration(named: trial.device),
              let controller = try? PIPDesigns.make(s.design, parameters: StrategyParameters(s.parameters), device: device)
        else { return nil }
        return controller.layout.center(of: a).distance(to: controller.layout.center(of: b))
    }

    // MARK: Figures

    private func releaseSpeedFigure() -> GnuplotFigure {
        let edges: [Double] = [0, 250, 500, 750, 1000, 1250, 1500, 2000, 2500, 3500, 6000]
        var blocks: [String] = []
        var plots: [String] = []
        for s in strategies {
            let flicks = results.trials(strategy: s).filter("first_throw_flick") { $0 == 1 }
            var lines: [String] = []
            for b in 0..<(edges.count - 1) {
                let inBin = flicks.filter("release_speed_pt_s") { ($0 ?? -1) >= edges[b] && ($0 ?? -1) < edges[b + 1] }
                guard inBin.count >= 5 else { continue }
                let e = kit.rateEstimate("landed_intended", inBin)
                lines.append("\((edges[b] + edges[b + 1]) / 2)\t\(e.value)\t\(e.lower)\t\(e.upper)\t\(inBin.count)")
            }
            // A strategy with too few flicks to bin gets no series (gnuplot warns on empty blocks).
            guard !lines.isEmpty else { continue }
            let i = blocks.count
            blocks.append("# \(s): bin centre (pt/s), landing rate, lower, upper, n\n" + lines.joined(separator: "\n"))
            plots.append("\"release_speed.dat\" index \(i) using 1:2 with linespoints linewidth 2 pointtype 7 linecolor \(i + 1) title \(Gnuplot.quoted(s)), \"release_speed.dat\" index \(i) using 1:2:3:4 with yerrorbars pointtype 7 linecolor \(i + 1) notitle")
        }
        if plots.isEmpty {
            // No bin had enough flicks: say so on the figure instead of plotting nothing.
            blocks = ["# no bin with at least 5 first-throw flicks\n0\t0\t0\t0\t0"]
            plots = ["\"release_speed.dat\" index 0 using 1:2 with points pointtype 0 title \"too few flicks to bin (fewer than 5 per speed bin)\""]
        }
        return GnuplotFigure(
            name: "release_speed", title: "Landing rate of first-throw flicks by measured release speed",
            data: [("release_speed.dat", blocks.joined(separator: "\n\n\n") + "\n")],
            body: """
                set title "Flicks: landing in the intended corner by release speed"
                set xlabel "release speed measured by the PIP (pt/s)"
                set ylabel "landing rate"
                set xrange [0:\(edges.last!)]
                set yrange [0:1.05]
                plot \(plots.joined(separator: ", \\\n     "))
                """)
    }
}

import UserModels
