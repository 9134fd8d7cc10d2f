import Designs
import Foundation
import Harness
import ImageEngine
import Reports
import Statistics

/// The colour-matching sections: time to match (Kaplan–Meier), accuracy (final
/// ΔE00), the convergence and refinement phases and drags, per picker and
/// pooled per colour model, per dimension and per feedback level, with
/// learning over the session.
struct ColorMatchReport: QuestionReportBody {
    let spec: ExperimentSpec
    let results: ResultSet

    /// Each strategy's picker (model, dimension, feedback).
    private var pickers: [(label: String, design: ColorPickerDesign)] { Self.pickers(spec) }
    private static func pickers(_ spec: ExperimentSpec) -> [(label: String, design: ColorPickerDesign)] {
        spec.strategies.compactMap { s in
            (try? ColorPickerDesigns.make(s.design, parameters: s.designParameters)).map {
                (s.label, $0)
            }
        }
    }
    /// The trials of every picker `keep` accepts, pooled.
    private static func selection(_ spec: ExperimentSpec, where keep: (ColorPickerDesign) -> Bool) -> TrialSelection {
        TrialSelection(strategies: Set(pickers(spec).filter { keep($0.design) }.map(\.label)))
    }
    private func rows(where keep: (ColorPickerDesign) -> Bool) -> SelectedTrials {
        results.selected(Self.selection(spec, where: keep))
    }

    /// The factor groups the report pools over: (factor, level, which pickers).
    private static func factorGroups(
        _ spec: ExperimentSpec
    ) -> [(factor: String, level: String, keep: (ColorPickerDesign) -> Bool)] {
        let pickers = pickers(spec)
        let models = PickerModel.allCases.filter { m in pickers.contains { $0.design.model == m } }
        let dims = [1, 2].filter { d in pickers.contains { $0.design.dimension == d } }
        let feedbacks = PickerFeedback.allCases.filter { f in pickers.contains { $0.design.feedback == f } }
        return models.map { m in ("model", m.rawValue, { $0.model == m }) }
            + dims.map { d in ("dimension", "\(d)-D", { $0.dimension == d }) }
            + feedbacks.map { f in ("feedback", f.rawValue, { $0.feedback == f }) }
    }
    private var factorGroups: [(factor: String, level: String, trials: SelectedTrials)] {
        Self.factorGroups(spec).map { ($0.factor, $0.level, rows(where: $0.keep)) }
    }
    /// Dimension × feedback, every combination (the empty ones are left out of the figures).
    private static var layouts: [(label: String, keep: (ColorPickerDesign) -> Bool)] {
        [1, 2].flatMap { d in
            PickerFeedback.allCases.map { f in
                ("\(d)-D \(f.rawValue)", { (p: ColorPickerDesign) in p.dimension == d && p.feedback == f })
            }
        }
    }
    /// Positions in a session: one learning figure point each.
    private static func positions(_ spec: ExperimentSpec) -> ClosedRange<Int> {
        1...max(1, spec.tasks.count * spec.replications)
    }
    private static func atPosition(_ k: Int) -> MetricCondition { .equals("session_trial", Double(k)) }

    /// Means with intervals over participants, and the metrics compared between feedback levels.
    private static let meanMetrics = ["final_de00", "drags", "corrected_drags", "wrong_grabs", "missed_grabs"]
    private static let cellMetrics = ["reached_effect", "within_10s", "converged", "convergence_s", "refinement_s"]

    /// Everything the colour-matching sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        for s in spec.strategies.map(\.label) {
            r.add(
                TrialSelection(strategy: s), metrics: cellMetrics, byParticipant: meanMetrics + ["time_to_done_s"],
                survival: true)
        }
        for g in factorGroups(spec) {
            r.add(
                selection(spec, where: g.keep), metrics: cellMetrics + ["final_de00"], byParticipant: meanMetrics,
                survival: true)
        }
        for l in layouts {
            let pooled = selection(spec, where: l.keep)
            r.add(pooled, metrics: ["final_de00"], survival: true)
            for k in positions(spec) { r.add(pooled.and(atPosition(k)), metrics: ["time_to_done_s", "final_de00"]) }
        }
        return r
    }

    private func mean(_ metric: String, _ t: SelectedTrials, digits: Int = 1) -> String {
        guard let sample = t.sample(metric) else { return "–" }
        return formatEstimate(
            ClusterBootstrap.estimate(
                sample, .mean, confidence: kit.confidence, resamples: spec.report.bootstrapResamples,
                seed: Sections.seed(spec, "color-match/mean/\(metric)/\(t.firstKey ?? "")/\(t.count)")), digits: digits)
    }
    private func cells(_ t: SelectedTrials) -> [String] {
        [
            kit.survivalMedianText(t), kit.rate("reached_effect", t), kit.rate("within_10s", t),
            mean("final_de00", t, digits: 2),
            kit.rate("converged", t), kit.medianText("convergence_s", t), kit.medianText("refinement_s", t),
            mean("drags", t), mean("corrected_drags", t, digits: 2),
            mean("wrong_grabs", t, digits: 2), mean("missed_grabs", t, digits: 2)
        ]
    }
    private let header = [
        "median time to match s, Kaplan–Meier", "judged matched", "matched within 10 s", "final ΔE00 (mean)",
        "came within 10 ΔE00", "convergence s (median)", "refinement s (median)", "drags (mean)",
        "corrected while watching (mean)", "wrong grabs (mean)", "missed grabs (mean)"
    ]

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        doc.add(.heading(level: 2, text: "Pickers"))
        doc.add(.paragraph(ReportProse.colorMatch["picker-shows-target"]))
        doc.add(
            .bullets(
                spec.strategies.map { s in
                    let summary = s.summary(in: ColorPickerDesigns.question)
                    let params = s.parameters.keys.sorted().map { "\($0) = \(s.parameters[$0]!)" }.joined(
                        separator: ", ")
                    return "\(s.label): \(summary)" + (params.isEmpty ? "" : " Parameters: \(params).")
                }))
        doc.add(
            .paragraph(
                """
                The simulated person knows no picker. At every look (two eye movements and a perceptual cycle) they \
                see the difference between target and current colour in CIELAB with noise on the scale of one \
                just-noticeable difference (perception.jnd_de00 × perception.jnd_de76_per_de00, RMS one JND), and \
                from it the ΔE00, lightness, chroma and hue differences. They stop when the ΔE00 they see is within \
                their satisfaction threshold (perception.satisfied_de00), settle after agent.patience_gestures looks \
                that did not improve by agent.progress_de00 on the look before as they remember it (its noisy ΔE00, \
                blurred by memory.drift_per_sqrt_s over the time since), or stop at the time limit. What each axis \
                does they read from a gradient track when it is drawn (the two colours at the ends of a stretch \
                agent.gradient_read_span of the track long around the thumb, on the row or column through it, seen \
                with the same noise, read afresh at every look; inspecting costs an eye movement per control and \
                cognition.swatch_compare_s per pair compared), otherwise from its label (a fixed lexicon: a colour \
                name means more of that colour, 'A–B' runs from A to B, lightness words mean lighter, 'Hue' goes \
                round the colour circle in the spectrum's order, 'Saturation' away from grey; a label is understood \
                with cognition.label_inference_probability; a whole track is believed to move agent.label_track_de \
                CIELAB units) and, after trying a control, from what its moves did (delta rule, the first lesson \
                taken whole, then agent.color_mapping_update), kept by label across the session. A belief is local \
                to the colour it was formed at: what a slider does depends on where the others are (at grey a hue \
                slider does nothing). Once the colour has moved more than agent.belief_context_de00 ΔE00 from where \
                a belief was formed, a label is read again at the new colour and a lesson learned by trying is \
                doubted: it is re-tested first when nothing known promises progress, and its next lesson is taken \
                whole. One planner uses every belief, whatever its evidence: it places every control at once (least \
                squares over all the axes they know) and takes the control with the biggest share of the planned \
                change, scaled by their boldness with that control (cut after a move that made it worse); when no \
                known move promises progress they probe an axis not yet understood or doubted (agent.explore_step). \
                Drags follow the Fitts-like drag law, aimed as precisely as their satisfaction threshold asks given \
                how fast the colour changes along the track (an end tolerance between motor.drag_aim_fine_pt and \
                motor.drag_aim_coarse_pt), and go through the noisy 120 Hz touch sensor. A drag touches down where a \
                finger aimed at the thumb lands (the tap's dual-Gaussian landing, Bi & Zhai 2013, motor.landing_*, \
                for a thumb as wide as its track is thick, 44 pt on a plane, aimed at the part of it lying on the \
                control: a thumb at a track's end or a plane's edge overhangs it): what it grabs is the picker's to \
                decide (a plane takes any touch inside its frame and jumps its thumb there; a slider takes touches \
                within grab_margin_pt of its frame). The person then sees which thumb moved: another control's is a \
                wrong grab (what it did is credited to that control and it is dragged back), none a missed grab; \
                neither teaches anything about the control meant, both cost the drag's time, and a miss leaves the \
                colour as it was, so the look after it counts against the person's patience \
                (agent.patience_gestures). Drags (mean) counts every drag made, misses and drags back included.
                """))
        doc.add(
            .paragraph(
                "Targets: CIELAB colours at the lightness and hue angle listed with a fixed share of the most chroma "
                    + "sRGB shows there (tasks below): an even spread over the gamut chosen in CIELAB, not on any "
                    + "picker's axes. Final ΔE00 is the true CIEDE2000 difference when the person stopped; "
                    + "convergence is the first time the true difference came "
                    + "within \(formatNumber(ColorMatchSimulator.convergenceDE00)) ΔE00, refinement the time from "
                    + "then until the person stopped (matched or not)."
            ))
        doc.add(.bullets(spec.tasks.map { "\($0.id): \($0.label)" }))

        doc.add(.heading(level: 2, text: "Results by picker"))
        doc.add(
            .table(
                header: ["picker"] + header,
                rows: spec.strategies.map { s in [s.label] + cells(results.selected(TrialSelection(strategy: s.label)))
                }))
        doc.add(
            .paragraph(
                "Times to match count from the start of the trial until the person judged the colours matched; trials "
                    + "they stopped without a match are censored when they stopped. Rates and means "
                    + "carry \(confidencePercent)% intervals over participants (each person used every picker)."
            ))

        doc.add(.heading(level: 2, text: "By colour model, dimension and feedback"))
        doc.add(
            .table(
                header: ["factor", "level", "trials"] + header,
                rows: factorGroups.map { g in [g.factor, g.level, String(g.trials.count)] + cells(g.trials) }))
        doc.add(.paragraph(ReportProse.colorMatch["level-pools-every"]))

        figures.append(
            survivalFigure(
                name: "km_by_model", title: "Time to match by colour model",
                groups: factorGroups.filter { $0.factor == "model" }.map { ($0.level, $0.trials) }))
        let layouts = Self.layouts.map { ($0.label, rows(where: $0.keep)) }.filter { !$0.1.isEmpty }
        figures.append(
            survivalFigure(name: "km_by_layout", title: "Time to match by dimension and feedback", groups: layouts))
        figures.append(
            ecdfFigure(
                metric: "final_de00", name: "final_de00_by_model", title: "Final ΔE00 by colour model",
                xlabel: "true ΔE00 when the person stopped",
                groups: factorGroups.filter { $0.factor == "model" }.map { ($0.level, $0.trials) }))
        figures.append(
            ecdfFigure(
                metric: "final_de00", name: "final_de00_by_layout", title: "Final ΔE00 by dimension and feedback",
                xlabel: "true ΔE00 when the person stopped", groups: layouts))
        let layoutPositions = Self.layouts.map { l in
            (
                l.label,
                Self.positions(spec).map {
                    results.selected(Self.selection(spec, where: l.keep).and(Self.atPosition($0)))
                }
            )
        }
        .filter { $0.1.contains { !$0.isEmpty } }
        figures.append(
            learningFigure(
                metric: "time_to_done_s", name: "learning_time_by_layout", ylabel: "time until done, s (median)",
                groups: layoutPositions, median: true))
        figures.append(
            learningFigure(
                metric: "final_de00", name: "learning_de00_by_layout", ylabel: "final ΔE00 (mean)",
                groups: layoutPositions, median: false))
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Gradients against plain tracks"))
        var bullets: [String] = []
        for m in PickerModel.allCases {
            for d in [1, 2] {
                guard
                    let plain = pickers.first(where: {
                        $0.design.model == m && $0.design.dimension == d && $0.design.feedback == .plain
                    })?.label,
                    let grad = pickers.first(where: {
                        $0.design.model == m && $0.design.dimension == d && $0.design.feedback == .gradient
                    })?.label
                else { continue }
                for (metric, what) in [("time_to_done_s", "time until done"), ("final_de00", "final ΔE00")] {
                    let ta = results.selected(TrialSelection(strategy: plain)),
                        tb = results.selected(TrialSelection(strategy: grad))
                    guard ta.valueCount(metric) >= 3, tb.valueCount(metric) >= 3, let a = ta.comparable(metric),
                        let b = tb.comparable(metric)
                    else { continue }
                    let (stat, e) = Comparisons.difference(
                        a, b, paired: true, confidence: spec.report.confidence,
                        resamples: spec.report.bootstrapResamples,
                        seed: Sections.seed(spec, "color-match/\(metric)/\(grad)"))
                    let verdict =
                        e.lower > 0 ? "gradients higher" : e.upper < 0 ? "gradients lower" : "not distinguishable"
                    bullets.append(
                        "\(grad) − \(plain), \(what): \(stat) difference \(formatEstimate(e, digits: 2)) "
                            + "(\(confidencePercent)% paired bootstrap over participants): \(verdict)."
                    )
                }
            }
        }
        doc.add(.bullets(bullets.isEmpty ? ["No model was run with both feedback levels."] : bullets))
    }

    /// Kaplan–Meier fraction matched by time, one curve per group.
    private func survivalFigure(name: String, title: String, groups: [(String, SelectedTrials)]) -> GnuplotFigure {
        var blocks: [String] = [], plots: [String] = []
        for (i, (label, t)) in groups.enumerated() {
            let km = kit.kaplanMeier(t)
            blocks.append(
                "# \(label): time, matched\n"
                    + (["0\t0"] + zip(km.curve.times, km.curve.survival).map { "\($0)\t\(1 - $1)" }).joined(
                        separator: "\n"))
            plots.append(
                "\"\(name).dat\" index \(i) using 1:2 with steps linewidth 2 linecolor \(i + 1) "
                    + "title \(Gnuplot.quoted(label))"
            )
        }
        return GnuplotFigure(
            name: name, title: "\(title) (Kaplan–Meier; trials stopped without a match are censored)",
            data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")],
            body: ReportKit.stepPlotBody(
                title: title, xlabel: "time since the trial started (s)", ylabel: "fraction judged matched", marker: 10,
                plots: plots))
    }

    /// The distribution (ECDF) of `metric`, one curve per group.
    private func ecdfFigure(
        metric: String, name: String, title: String, xlabel: String, groups: [(String, SelectedTrials)]
    ) -> GnuplotFigure {
        var blocks: [String] = [], plots: [String] = []
        for (i, (label, t)) in groups.enumerated() {
            let points = t.pooled(metric).ecdf(total: t.count)
            blocks.append("# \(label)\n" + ([(0.0, 0.0)] + points).map { "\($0.0)\t\($0.1)" }.joined(separator: "\n"))
            plots.append(
                "\"\(name).dat\" index \(i) using 1:2 with steps linewidth 2 linecolor \(i + 1) "
                    + "title \(Gnuplot.quoted(label))"
            )
        }
        return GnuplotFigure(
            name: name, title: title, data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")],
            body: ReportKit.stepPlotBody(
                title: title, xlabel: xlabel, ylabel: "fraction of trials", marker: nil, plots: plots))
    }

    /// `metric` by position in the session, one line per group (`groups`: each position's selection, from the first).
    private func learningFigure(
        metric: String, name: String, ylabel: String, groups: [(String, [SelectedTrials])], median: Bool
    ) -> GnuplotFigure {
        var blocks: [String] = [], plots: [String] = []
        for (i, (label, byPosition)) in groups.enumerated() {
            let lines = byPosition.enumerated().compactMap { k, t -> String? in
                let v = t.pooled(metric)
                guard !v.isEmpty else { return nil }
                return "\(k + 1)\t\(median ? v.median! : v.mean)\t\(v.count)"
            }
            blocks.append("# \(label): trial in session, value, n\n" + lines.joined(separator: "\n"))
            plots.append(
                "\"\(name).dat\" index \(i) using 1:2 with linespoints linewidth 2 pointtype 7 linecolor \(i + 1) "
                    + "title \(Gnuplot.quoted(label))"
            )
        }
        let title = "Learning over the session: \(ylabel) by trial"
        return GnuplotFigure(
            name: name, title: title, data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")],
            body: """
                set title \(Gnuplot.quoted(title))
                set xlabel "trial in the session"
                set ylabel \(Gnuplot.quoted(ylabel))
                set yrange [0:*]
                plot \(plots.joined(separator: ", \\\n     "))
                """)
    }
}
