import Designs
import Foundation
import Harness
import Reports

/// The tap-margin sections: what each tap area made of taps and of presses
/// taken back, by button size and gap, and why — taps that landed in the gap or
/// drifted over the edge, take-backs that did not leave the margin. Read from
/// selections summarised in the report's pass (`requests(spec:)`), not from loaded trials.
struct TapMarginReport: QuestionReportBody {
    let spec: ExperimentSpec
    let results: ResultSet

    /// The spec's tasks of `intent` (of button `size` and `gap`, when given).
    static func tasks(
        _ spec: ExperimentSpec, _ intent: TapMarginTask.Intent, size: Double? = nil, gap: Double? = nil
    ) -> Set<String> {
        ReportKit.customTaskIDs(spec, as: TapMarginTask.self) { k in
            k.intent == intent && (size == nil || k.size == size) && (gap == nil || k.gap == gap)
        }
    }
    /// A strategy's trials (of the tasks of `intent`, size and gap; nil intent: all), narrowed by `conditions`.
    static func trials(
        _ spec: ExperimentSpec, _ s: String, _ intent: TapMarginTask.Intent? = nil, size: Double? = nil,
        gap: Double? = nil,
        _ conditions: MetricCondition...
    ) -> TrialSelection {
        TrialSelection(strategy: s, tasks: intent.map { tasks(spec, $0, size: size, gap: gap) }, where: conditions)
    }
    private func rows(
        _ s: String, _ intent: TapMarginTask.Intent? = nil, size: Double? = nil, gap: Double? = nil
    ) -> SelectedTrials {
        selected(Self.trials(spec, s, intent, size: size, gap: gap))
    }
    /// The (size, gap) of the spec's tasks, ascending.
    static func layouts(_ spec: ExperimentSpec) -> [[Double]] {
        Set(spec.tasks.compactMap { $0.custom(TapMarginTask.self).map { [$0.size, $0.gap] } })
            .sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
    }
    /// The button sizes of the spec's tasks, ascending.
    static func sizes(_ spec: ExperimentSpec) -> [Double] {
        ReportKit.customTaskLevels(spec, as: TapMarginTask.self) { $0.size }
    }

    static let tapRates = ["missed_tap", "neighbour_activation", "tap_cancelled"]

    /// Everything the tap-margin sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        for s in spec.strategies.map(\.label) {
            r.add(trials(spec, s), byParticipant: ["right_first_time"])
            r.add(
                trials(spec, s, .tap), metrics: ["neighbour_activation"],
                byParticipant: ["missed_tap", "tap_cancelled"], survival: true)
            r.add(trials(spec, s, .cancel), byParticipant: ["cancel_failed"])
            for l in layouts(spec) {
                r.add(trials(spec, s, .tap, size: l[0], gap: l[1]), metrics: tapRates)
                r.add(trials(spec, s, .cancel, size: l[0], gap: l[1]), metrics: ["cancel_failed"])
            }
            for size in sizes(spec) {
                r.add(trials(spec, s, .tap, size: size), metrics: ["missed_tap"])
                r.add(trials(spec, s, .cancel, size: size), metrics: ["cancel_failed"])
            }
            r.add(trials(spec, s, .tap, .equals("missed_tap", 1)), metrics: ["landing_offset_pt"])
            r.add(trials(spec, s, .tap, .equals("missed_tap", 0)), metrics: ["landing_offset_pt"])
        }
        return r
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        kit.addStrategies(TapMarginDesigns.question, to: &doc)
        doc.add(.paragraph(ReportProse.tapMargin["five-equal-buttons"]))

        kit.addResultsByStrategy(
            [
                "right first time (\(confidencePercent)% CI)", "taps", "missed taps",
                "neighbour activated", "taps cancelled by drift",
                "median time to the tap s, Kaplan–Meier (\(confidencePercent)% CI)", "take-backs",
                "take-backs that went through"
            ],
            note:
                "First touches only, except the time to the tap, which counts retries (trials that never got there "
                    + "are censored). Rates carry \(confidencePercent)% intervals over participants.",
            to: &doc
        ) { s in
            let t = rows(s, .tap), b = rows(s, .cancel)
            return [
                kit.rate("right_first_time", rows(s)), "\(t.count)", kit.rate("missed_tap", t),
                kit.rate("neighbour_activation", t),
                kit.rate("tap_cancelled", t), kit.survivalMedianText(t), "\(b.count)",
                b.isEmpty ? "–" : kit.rate("cancel_failed", b)
            ]
        }

        doc.add(.heading(level: 3, text: "By button size and gap"))
        let layouts = Self.layouts(spec)
        doc.add(
            .table(
                header: [
                    "strategy", "size pt", "gap pt", "missed taps", "neighbour activated", "cancelled by drift",
                    "take-backs that went through"
                ],
                rows: strategies.flatMap { s in
                    layouts.map { l in
                        let t = rows(s, .tap, size: l[0], gap: l[1]), b = rows(s, .cancel, size: l[0], gap: l[1])
                        return [
                            s, formatNumber(l[0]), formatNumber(l[1]), t.isEmpty ? "–" : kit.rate("missed_tap", t),
                            t.isEmpty ? "–" : kit.rate("neighbour_activation", t),
                            t.isEmpty ? "–" : kit.rate("tap_cancelled", t),
                            b.isEmpty ? "–" : kit.rate("cancel_failed", b)
                        ]
                    }
                }))

        figures.append(
            kit.survivalFigure(
                of: strategies.map { rows($0, .tap) }, name: "survival_tap",
                title: "Time until the intended button is tapped (taps)", marker: 1))
        figures.append(sizeFigure())
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        let compared: [(metric: String, what: String, part: TapMarginTask.Intent?)] = [
            ("right_first_time", "right first time", nil), ("missed_tap", "missed taps", .tap),
            ("tap_cancelled", "taps cancelled by drift", .tap),
            ("cancel_failed", "take-backs that went through", .cancel)
        ]
        var bullets = kit.differencesFromFirst(
            strategies, compared, rows: { rows($0, $1) }, seedKey: { metric, s, _ in "tap/\(metric)/\(s)" })
        for s in strategies {
            let missed = selected(Self.trials(spec, s, .tap, .equals("missed_tap", 1)))
            guard !missed.isEmpty else { continue }
            let others = selected(Self.trials(spec, s, .tap, .equals("missed_tap", 0)))
            bullets.append(
                "\(s): missed taps landed a median \(kit.medianText("landing_offset_pt", missed, digits: 1)) pt from "
                    + "the button's centre, "
                    + "against \(kit.medianText("landing_offset_pt", others, digits: 1))"
                    + " pt for the others."
            )
        }
        doc.add(.bullets(bullets))
    }

    /// First-touch error rates by button size, one series per strategy and kind of error.
    private func sizeFigure() -> GnuplotFigure {
        let sizes = Self.sizes(spec)
        var blocks: [String] = [], plots: [String] = []
        for s in strategies {
            for (metric, intent, what) in [
                ("missed_tap", TapMarginTask.Intent.tap, "missed taps"),
                ("cancel_failed", .cancel, "take-backs that went through")
            ] {
                let lines = sizes.compactMap { size -> String? in
                    let t = rows(s, intent, size: size)
                    guard !t.isEmpty else { return nil }
                    let e = kit.rateEstimate(metric, t)
                    return "\(size)\t\(e.value)\t\(e.lower)\t\(e.upper)"
                }
                guard !lines.isEmpty else { continue }
                let i = blocks.count
                blocks.append("# \(s) \(metric): size, rate, lower, upper\n" + lines.joined(separator: "\n"))
                plots.append(
                    "\"size_rates.dat\" index \(i) using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 "
                        + "linecolor \(i + 1) dashtype \(metric == "missed_tap" ? 1 : 2) "
                        + "title \(Gnuplot.quoted("\(s): \(what)"))"
                )
            }
        }
        return GnuplotFigure(
            name: "size_rates",
            title: "First-touch errors by button size (\(confidencePercent)% intervals over participants)",
            data: [("size_rates.dat", blocks.joined(separator: "\n\n\n") + "\n")],
            body: """
                set title "First-touch errors by button size"
                set xlabel "button size (pt)"
                set ylabel "rate"
                set yrange [0:1.05]
                set xrange [\((sizes.first ?? 0) - 4):\((sizes.last ?? 60) + 4)]
                plot \(plots.joined(separator: ", \\\n     "))
                """)
    }
}
