import Designs
import Foundation
import Harness
import ImageEngine
import Reports

/// The effects sections: the 10-second goal per browser × refiner pair (the
/// headline), the split between finding and refining, scrolling and cards, the
/// effects a satisficing population ends up using, and contact sheets of the 24
/// effects on each photo.
struct EffectsReport: ReportBody, DrawingReport {
    let spec: ExperimentSpec
    let results: ResultSet
    var strategies: [String] { kit.strategies }
    var confidence: Double { spec.report.confidence }

    var matchingTasks: Set<String> { Self.matchingTasks(spec) }

    static func matchingTasks(_ spec: ExperimentSpec) -> Set<String> {
        Set(
            spec.tasks.compactMap { t in
                if case .chooseEffect(_, let g?, _) = t.goal { _ = g; return t.id } else { return nil }
            })
    }

    /// A strategy's trials of the matching tasks (`matching`) or of the exploring ones, on one device and of one group
    /// or all.
    static func trials(
        _ spec: ExperimentSpec, _ strategy: String, matching: Bool, device: String? = nil, group: String? = nil
    ) -> TrialSelection {
        let m = matchingTasks(spec)
        return TrialSelection(
            strategy: strategy, device: device, group: group,
            tasks: matching ? m : Set(spec.tasks.map(\.id)).subtracting(m))
    }

    func trials(_ strategy: String, matching: Bool, device: String? = nil, group: String? = nil) -> SelectedTrials {
        results.selected(Self.trials(spec, strategy, matching: matching, device: device, group: group))
    }

    static let groups = ["novice", "expert"]
    /// The exploring trials that settled on catalogue effect `i` (what the usage figure counts).
    static func chose(_ spec: ExperimentSpec, _ strategy: String, effect i: Int) -> TrialSelection {
        trials(spec, strategy, matching: false).and(.within("chosen_effect", Double(i), Double(i + 1)))
    }

    /// Everything the effects sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        for s in spec.strategies.map(\.label) {
            r.add(
                trials(spec, s, matching: true),
                metrics: [
                    "within_10s", "reached_effect", "effect_found_s", "refine_s", "scrolls", "cards_opened",
                    "wrong_control_tries", "touches"
                ], survival: true)
            for d in spec.devices.map(\.name) {
                for g in groups { r.add(trials(spec, s, matching: true, device: d, group: g), metrics: ["within_10s"]) }
            }
            r.add(
                trials(spec, s, matching: false),
                metrics: ["chosen_on_first_screen", "looks_seen_10s", "scrolls", "chosen_effect"])
            for i in 0..<EffectCatalog.all.count { r.add(chose(spec, s, effect: i)) }
        }
        return r
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure], folder: URL) throws {
        kit.addStrategies(EffectsDesigns.question, to: &doc) {
            " Refiner: \($0.parameters["refiner"]?.description ?? "one-swipe")."
        }

        doc.add(.heading(level: 2, text: "The 10-second goal: choose an effect and refine it"))
        doc.add(.paragraph(ReportProse.effects["matching-tasks-within"]))
        let header = [
            "strategy", "n", "within 10 s", "reached", "reached by 10 s, Kaplan–Meier",
            "median time to effect s, Kaplan–Meier (CI)", "median effect found s", "median refine s", "mean scrolls",
            "mean cards opened"
        ]
        func row(_ label: String, _ t: SelectedTrials) -> [String] {
            [
                label, "\(t.count)", kit.rate("within_10s", t), kit.rate("reached_effect", t),
                kit.reachedByText(t, seconds: 10), kit.survivalMedianText(t),
                kit.medianText("effect_found_s", t), kit.medianText("refine_s", t),
                formatNumber(t.pooled("scrolls").mean, digits: 2),
                formatNumber(t.pooled("cards_opened").mean, digits: 2)
            ]
        }
        doc.add(.table(header: header, rows: strategies.map { row($0, trials($0, matching: true)) }))
        doc.add(.heading(level: 3, text: "Does it meet the goal for novices and experts, on phone and tablet?"))
        var rows: [[String]] = []
        for s in strategies {
            for d in spec.devices.map(\.name) {
                for g in Self.groups {
                    let t = trials(s, matching: true, device: d, group: g)
                    guard !t.isEmpty else { continue }
                    let e = kit.rateEstimate("within_10s", t)
                    let verdict =
                        e.lower >= 0.5
                        ? "most people meet it"
                        : e.upper < 0.5 ? "most people miss it" : "unclear (the interval spans 50%)"
                    rows.append(["\(s) · \(d) · \(g)", "\(t.count)", formatRate(e), verdict])
                }
            }
        }
        doc.add(.table(header: ["strategy · device · group", "n", "within 10 s", "verdict"], rows: rows))

        doc.add(.heading(level: 2, text: "Which effects people end up using"))
        doc.add(.paragraph(ReportProse.effects["exploring-tasks-satisficing"]))
        doc.add(
            .table(
                header: [
                    "strategy", "n", "chose a look previewed on the first screen", "mean looks seen in 10 s",
                    "mean scrolls"
                ],
                rows: strategies.map { s in
                    let t = trials(s, matching: false)
                    return [
                        s, "\(t.count)", kit.rate("chosen_on_first_screen", t),
                        formatNumber(t.pooled("looks_seen_10s").mean, digits: 1),
                        formatNumber(t.pooled("scrolls").mean, digits: 2)
                    ]
                }))
        figures.append(
            kit.survivalFigure(
                of: strategies.map { trials($0, matching: true) }, name: "survival_time_to_effect",
                title: "Matching tasks: time until the look matches the goal", marker: 10))
        figures.append(usageFigure())
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "Why they differ"))
        doc.add(
            .bullets(
                strategies.map { s in
                    let t = trials(s, matching: true)
                    return
                        "\(s): the effect was found after a median \(kit.medianText("effect_found_s", t)) s "
                            + "(\(formatNumber(t.pooled("scrolls").mean, digits: 2)) "
                            + "scrolls, \(formatNumber(t.pooled("cards_opened").mean, digits: 2)) cards opened on "
                            + "average) and refined in a median \(kit.medianText("refine_s", t)) "
                            + "s; \(formatNumber(t.pooled("wrong_control_tries").mean, digits: 2)) tries of a control "
                            + "that did nothing useful and \(formatNumber(t.pooled("touches").mean, digits: 1)) "
                            + "gestures per trial."
                }))
        try contactSheets(into: &doc, folder: folder)
    }

    /// How often each of the 24 effects was chosen in the exploring tasks, per browser.
    func usageFigure() -> GnuplotFigure {
        var blocks: [String] = []
        for s in strategies {
            // chosen_effect is a catalogue index (a whole number ≥ 0): effect i's count is the trials with a value in
            // [i, i + 1).
            let n = max(1, trials(s, matching: false).valueCount("chosen_effect"))
            blocks.append(
                "# \(s): catalogue index, share chosen\n"
                    + (0..<EffectCatalog.all.count).map { i in
                        "\(i + 1)\t\(Double(results.selected(Self.chose(spec, s, effect: i)).count) / Double(n))"
                    }.joined(separator: "\n"))
        }
        let plots = strategies.enumerated().map { i, s in
            "\"usage.dat\" index \(i) using ($1 + \(Double(i) * 0.2 - 0.3)):2 with impulses linewidth 4 "
                + "linecolor \(i + 1) title \(Gnuplot.quoted(s))"
        }
        return GnuplotFigure(
            name: "usage",
            title: "Exploring: which of the 24 effects people settled on (catalogue order; the grid shows 1–6 first)",
            data: [("usage.dat", blocks.joined(separator: "\n\n\n") + "\n")],
            body: """
                set title "Which effect a satisficing person settles on"
                set xlabel "effect (catalogue order; grid rows of three)"
                set ylabel "share of exploring trials"
                set xrange [0:25]
                set arrow from 6.5, graph 0 to 6.5, graph 1 nohead dashtype 2
                set label "first six" at 1, graph 0.95
                plot \(plots.joined(separator: ", \\\n     "))
                """)
    }

    /// The 24 effects on each photo, rendered by the engine and labelled.
    func contactSheets(into doc: inout ReportDocument, folder: URL) throws {
        doc.add(.heading(level: 2, text: "The 24 effects on each photo"))
        var done: Set<String> = []
        for task in spec.tasks {
            guard case .chooseEffect(let path, _, _) = task.goal, done.insert(path).inserted,
                let photo = try? PNGFile.read(URL(fileURLWithPath: path))
            else { continue }
            let sheet = ContactSheet.render(
                photo, cells: ContactSheet.effectCells(), columns: 5, thumbnail: 160, renderer: Renderer(threads: 2))
            let file = "sheet_\(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent).png"
            try PNGFile.write(sheet, to: folder.appendingPathComponent(file))
            doc.add(
                .figure(
                    file: file, caption: "Every effect on \(URL(fileURLWithPath: path).lastPathComponent)", links: []))
        }
    }
}
