import Designs
import Foundation
import Harness
import Interaction

/// The picture-in-picture sections: per-strategy tables, the figures, and a
/// "why" section that traces the differences to the talk's two mechanisms —
/// light flicks that go back where they came from, and how far a PIP must be
/// dragged before it goes anywhere. Every figure is read from selections
/// summarised in the report's pass (`requests(spec:)`), not from loaded trials.
struct PIPReport: QuestionReportBody {
    let spec: ExperimentSpec
    let results: ResultSet
    func pct(_ k: Int, _ n: Int) -> String { kit.pct(k, n) }

    private var confidence: Double { spec.report.confidence }

    // MARK: What the sections read

    static let headlineMetrics = [
        "landed_intended", "reached_effect", "corrections", "settle_time_s", "overshoot_pt", "drag_distance_pt"
    ]
    static let kinds: [CornerRelation] = [.horizontal, .vertical, .diagonal]
    static let speedEdges: [Double] = [0, 250, 500, 750, 1000, 1250, 1500, 2000, 2500, 3500, 6000]
    /// Finger travel of a first throw as a share of the distance between its corners.
    static let travelShare = "first_travel_corner_share"

    /// A strategy's trials (on one device, of some tasks), narrowed by `conditions`.
    static func trials(
        _ s: String, device: String? = nil, tasks: Set<String>? = nil, _ conditions: MetricCondition...
    ) -> TrialSelection {
        TrialSelection(strategy: s, device: device, tasks: tasks, where: conditions)
    }
    static let flicks = MetricCondition.equals("first_throw_flick", 1),
        drags = MetricCondition.equals("first_throw_flick", 0)
    static let landed = MetricCondition.equals("landed_intended", 1)

    /// Everything the PIP sections (and `PIPFactorsReport`) read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        r.derive(
            DerivedMetric(name: travelShare, source: "first_travel_pt") { s, d, t in
                cornerDistance(spec, strategy: s, device: d, task: t)
            })
        ReportKit.rateFigureRequests(spec, metric: "landed_intended", into: &r)
        for s in spec.strategies.map(\.label) {
            // Paired over participants: the "why" bullets' time to effect (PIPFactorsReport asks for its own).
            r.add(trials(s), metrics: headlineMetrics, byParticipant: ["time_to_effect_s"], survival: true)
            for d in spec.devices { r.add(trials(s, device: d.name), metrics: headlineMetrics, survival: true) }
            for k in kinds { r.add(trials(s, tasks: tasks(spec, k)), metrics: ["landed_intended"]) }
            for b in 0..<(speedEdges.count - 1) {
                r.add(
                    trials(s, flicks, .within("release_speed_pt_s", speedEdges[b], speedEdges[b + 1])),
                    metrics: ["landed_intended"])
            }
            r.add(trials(s, landed), metrics: ["first_travel_pt"])
            r.add(trials(s, flicks))
            r.add(
                trials(s, flicks, .equals("returned_to_start", 1)), metrics: ["release_speed_pt_s", "first_travel_pt"])
            r.add(trials(s, flicks, landed))
            r.add(trials(s, drags))
            r.add(trials(s, drags, landed), metrics: [travelShare])
            r.add(trials(s, drags, .differs("landed_intended", 1)), metrics: [travelShare])
            r.add(trials(s, .above("corrections", 0)), metrics: ["time_to_effect_s"])
            r.add(trials(s, .equals("corrections", 0)), metrics: ["time_to_effect_s"])
        }
        PIPFactorsReport.requests(spec: spec, into: &r)
        return r
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        kit.addStrategies(PIPDesigns.question, to: &doc)

        doc.add(.heading(level: 2, text: "Results by strategy"))
        let bucketed = strategies.contains { selected(Self.trials($0)).survivalIsBucketed }
        doc.add(
            .paragraph(
                "Time to effect runs from the start of the trial until the PIP rests in the intended corner; trials "
                    + "that never got there are left out of the medians and counted in the reached column."
                    + (bucketed ? " Kaplan–Meier medians: " + SurvivalData.bucketedNote + "." : "")))
        doc.add(.table(header: headlineHeader, rows: strategies.map { headlineRow($0, selected(Self.trials($0))) }))

        doc.add(.heading(level: 3, text: "By device"))
        var rows: [[String]] = []
        for s in strategies {
            for d in spec.devices {
                rows.append([s, d.name] + Array(headlineRow(s, selected(Self.trials(s, device: d.name))).dropFirst()))
            }
        }
        doc.add(.table(header: ["strategy", "device"] + Array(headlineHeader.dropFirst()), rows: rows))

        doc.add(.heading(level: 3, text: "By kind of move"))
        doc.add(.paragraph(ReportProse.pip["first-throw-landing"]))
        doc.add(
            .table(
                header: ["strategy"] + Self.kinds.map(\.rawValue),
                rows: strategies.map { s in
                    [s]
                        + Self.kinds.map { k in
                            kit.rate("landed_intended", selected(Self.trials(s, tasks: Self.tasks(spec, k))))
                        }
                }))

        figures.append(
            kit.survivalFigure(
                of: strategies.map { selected(Self.trials($0)) }, name: "survival_time_to_effect",
                title: "Time until the PIP rests in the intended corner", marker: 10))
        figures.append(
            kit.rateFigureOfSelections(
                metric: "landed_intended", name: "landing_rate", title: "First throw lands in the intended corner",
                ylabel: "landing rate"))
        figures.append(releaseSpeedFigure())
        figures.append(
            kit.ecdfFigure(
                metric: "first_travel_pt", of: strategies.map { selected(Self.trials($0, Self.landed)) },
                name: "ecdf_first_travel",
                xlabel: "finger travel of the first throw (pt)",
                title: "How far the finger moved on first throws that landed as intended", marker: nil))
        PIPFactorsReport(spec: spec, results: results).build(into: &doc, figures: &figures)
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        doc.add(.bullets(whyBullets()))
    }

    // MARK: Tables

    private var headlineHeader: [String] {
        let c = formatNumber(confidence * 100)
        return [
            "strategy", "n", "landed first throw (\(c)% CI)", "reached",
            "median time to effect s, Kaplan–Meier (\(c)% CI)",
            "mean corrections", "median settle s", "median overshoot pt", "median drag distance pt"
        ]
    }

    private func headlineRow(_ strategy: String, _ t: SelectedTrials) -> [String] {
        return [
            strategy, "\(t.count)", kit.rate("landed_intended", t), kit.rate("reached_effect", t),
            kit.survivalMedianText(t),
            formatNumber(t.pooled("corrections").mean, digits: 2),
            kit.medianText("settle_time_s", t), kit.medianText("overshoot_pt", t, digits: 1),
            kit.medianText("drag_distance_pt", t, digits: 0)
        ]
    }

    /// The spec's tasks whose move is of kind `k`.
    static func tasks(_ spec: ExperimentSpec, _ k: CornerRelation) -> Set<String> {
        Set(
            spec.tasks.filter { task in
                guard case .movePIP(let a, let b) = task.goal else { return false }
                return a.relation(to: b) == k
            }.map(\.id))
    }

    // MARK: Why

    private func whyBullets() -> [String] {
        var bullets: [String] = []
        for s in strategies {
            let flicks = selected(Self.trials(s, Self.flicks))
            guard !flicks.isEmpty else { continue }
            let back = selected(Self.trials(s, Self.flicks, .equals("returned_to_start", 1)))
            let landed = selected(Self.trials(s, Self.flicks, Self.landed))
            var text =
                "\(s): of \(flicks.count) first throws that were flicks, \(pct(landed.count, flicks.count)) landed in "
                    + "the intended corner and \(pct(back.count, flicks.count)) went back to the corner they started "
                    + "from"
            if !back.isEmpty, let speed = back.pooled("release_speed_pt_s").median,
                let travel = back.pooled("first_travel_pt").median
            {
                text +=
                    " (those had a median release speed of \(formatNumber(speed, digits: 0)) pt/s after a "
                        + "median \(formatNumber(travel, digits: 0)) pt of finger travel)"
            }
            bullets.append(text + ".")
        }
        for s in strategies {
            let drags = selected(Self.trials(s, Self.drags))
            guard !drags.isEmpty else { continue }
            let ok = selected(Self.trials(s, Self.drags, Self.landed))
            let okShares = ok.pooled(Self.travelShare)
            let missShares = selected(Self.trials(s, Self.drags, .differs("landed_intended", 1))).pooled(
                Self.travelShare)
            var text =
                "\(s): \(pct(ok.count, drags.count)) of \(drags.count) first throws that were deliberate drags landed "
                    + "as intended"
            if let median = okShares.median {
                text +=
                    "; the successful ones carried the PIP a median \(formatNumber(median * 100, digits: 0))% of the "
                        + "way (shortest \(formatNumber((okShares.smallest ?? 0) * 100, digits: 0))%)"
            }
            if let median = missShares.median {
                text += ", the failed ones a median \(formatNumber(median * 100, digits: 0))%"
            }
            bullets.append(text + ".")
        }
        if let base = strategies.first, let baseTimes = selected(Self.trials(base)).comparable("time_to_effect_s") {
            for s in strategies.dropFirst() {
                guard let times = selected(Self.trials(s)).comparable("time_to_effect_s") else { continue }
                // The same people meet every strategy: paired over participants.
                let (_, diff) = Comparisons.difference(
                    baseTimes, times, metric: "time_to_effect_s", paired: true, confidence: confidence,
                    resamples: spec.report.bootstrapResamples, seed: Sections.seed(spec, "diff/\(s)/\(base)"))
                let verdict = diff.upper < 0 ? "faster" : diff.lower > 0 ? "slower" : "not distinguishable from"
                bullets.append(
                    "\(s) vs \(base): median time to effect (trials that reached the goal) differs "
                        + "by \(formatEstimate(diff)) s (\(formatNumber(confidence * 100))% paired bootstrap over "
                        + "participants): \(s) is \(verdict)\(verdict.hasPrefix("not") ? "" : " than") \(base)."
                )
            }
        }
        for s in strategies {
            let t = selected(Self.trials(s))
            let corrected = selected(Self.trials(s, .above("corrections", 0)))
            guard !corrected.isEmpty else { continue }
            guard let clean = selected(Self.trials(s, .equals("corrections", 0))).pooled("time_to_effect_s").median,
                let slow = corrected.pooled("time_to_effect_s").median
            else { continue }
            bullets.append(
                "\(s): each correction costs a new plan, a reach and a throw — "
                    + "median \(formatNumber(clean, digits: 2)) s with no correction "
                    + "against \(formatNumber(slow, digits: 2)) s for the \(pct(corrected.count, t.count)) of trials "
                    + "that needed one or more."
            )
        }
        return bullets
    }

    /// Distance between the PIP's start and goal corners for a trial of `task` on `device` with `strategy`.
    static func cornerDistance(_ spec: ExperimentSpec, strategy: String, device: String, task: String) -> Double? {
        guard case .movePIP(let a, let b)? = spec.tasks.first(where: { $0.id == task })?.goal,
            let s = spec.strategies.first(where: { $0.label == strategy }),
            let device = DeviceCatalog.configuration(named: device),
            let controller = try? PIPDesigns.make(
                s.design, parameters: s.designParameters, device: device)
        else { return nil }
        return controller.layout.center(of: a).distance(to: controller.layout.center(of: b))
    }

    // MARK: Figures

    private func releaseSpeedFigure() -> GnuplotFigure {
        let edges = Self.speedEdges
        let (blocks, plots) = kit.binnedRateSeries(
            "landed_intended", edges: edges, file: "release_speed.dat",
            header: "bin centre (pt/s), landing rate, lower, upper, n",
            empty: (
                "no bin with at least 5 first-throw flicks", "too few flicks to bin (fewer than 5 per speed bin)"
            )
        ) { s, lo, hi in selected(Self.trials(s, Self.flicks, .within("release_speed_pt_s", lo, hi))) }
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
import Reports
