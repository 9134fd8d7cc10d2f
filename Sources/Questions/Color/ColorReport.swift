import Designs
import Foundation
import Harness
import ImageEngine
import Reports
import Statistics

/// The colour sections: results by strategy, device and expertise and by photo;
/// the axis and region errors each design invites; the talk's claims with effect
/// sizes; the photos before, goal and a typical result.
struct ColorReport: PhotoEditingReport, DrawingReport {
    let spec: ExperimentSpec
    let results: ResultSet

    static let rowMetrics = [
        "reached_effect", "within_10s", "first_touch_s", "wrong_control_tries", "axis_errors", "region_errors",
        "photo_drags", "touches", "final_delta_e00"
    ]
    /// The final settings a typical trial's photo is rendered from.
    static let finalSettings = ColorControl.allCases.flatMap {
        ["final_\($0.rawValue)", "final_\($0.rawValue)_luminance"]
    }

    /// Everything the colour sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        ReportKit.rateFigureRequests(spec, metric: "reached_effect", into: &r)
        for s in spec.strategies.map(\.label) {
            // Claims compare strategies paired over participants.
            r.add(
                selection(s), metrics: rowMetrics,
                byParticipant: ["time_to_effect_s", "reached_effect", "axis_errors", "region_errors"], survival: true)
            for d in spec.devices.map(\.name) {
                for g in ["novice", "expert"] {
                    r.add(selection(s, device: d, group: g), metrics: rowMetrics, survival: true)
                }
            }
            for t in spec.tasks {
                r.add(selection(s, task: t.id), metrics: ["reached_effect", "region_errors"])
                if let first = spec.devices.first?.name {
                    r.add(
                        selection(s, device: first, task: t.id), typicalBy: "final_delta_e00",
                        keeping: finalSettings + ["final_delta_e00"])
                }
            }
        }
        return r
    }

    /// The share of trials `t` in which the photo was used as a control (a drag on it changed the colours), with its
    /// interval.
    func photoUsed(_ t: SelectedTrials) -> String {
        t.valueCount("photo_drags") == 0 ? "–" : formatRate(kit.rateEstimate("photo_drags", t, success: .positive))
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure], folder: URL) throws {
        doc.add(.heading(level: 2, text: "Strategies"))
        doc.add(
            .bullets(
                spec.strategies.map { s in
                    "\(s.label): " + s.summary(in: ColorDesigns.question)
                }))
        doc.add(.paragraph(ReportProse.color["goals-task-s"]))
        doc.add(
            .paragraph(
                "Axis error: a drag on a control that moves on two axes whose other axis (the one the finger moved "
                    + "along less) changed the pixels that control acts on by more "
                    + "than \(formatNumber(ColorSimulator.axisErrorDE, digits: 1)) mean ΔE00, measured by rendering "
                    + "the photo with and without that axis's change. Region error: a drag that changed the pixels "
                    + "outside the task's colour ranges (weight "
                    + "below \(formatNumber(ColorSimulator.untargeted, digits: 1)) in each) by more "
                    + "than \(formatNumber(ColorSimulator.regionErrorDE, digits: 1)) mean ΔE00 (the renders before "
                    + "and after the drag, compared pixel by pixel)."
            ))

        doc.add(.heading(level: 2, text: "Results by strategy"))
        doc.add(.paragraph(ReportProse.color["reached-committed-photo"]))
        let header = [
            "strategy", "n", "reached", "within 10 s", "median time to effect s, Kaplan–Meier (CI)", "first touch s",
            "wrong-control tries", "axis errors", "region errors", "photo used", "photo drags", "touches", "final ΔE00"
        ]
        func row(_ label: String, _ t: SelectedTrials) -> [String] {
            [
                label, "\(t.count)", kit.rate("reached_effect", t), kit.rate("within_10s", t),
                kit.survivalMedianText(t),
                kit.medianText("first_touch_s", t), mean("wrong_control_tries", t), mean("axis_errors", t),
                mean("region_errors", t),
                photoUsed(t), mean("photo_drags", t), mean("touches", t, digits: 1),
                kit.medianText("final_delta_e00", t)
            ]
        }
        addStrategyTables(
            header: header, row: row, byPhoto: "By photo (reached rate; mean region errors)",
            cell: { "\(kit.rate("reached_effect", $0)); \(mean("region_errors", $0))" }, into: &doc)
        figures += timeAndRateFigures
        figures += [
            ("axis_errors", "axis errors per trial", "Moves along the wrong axis of a two-axis control"),
            ("region_errors", "region errors per trial", "Drags that changed colours the task does not target")
        ].map {
            kit.ecdfFigure(metric: $0, of: strategies.map { trials($0) }, name: $0, xlabel: $1, title: $2, marker: nil)
        }
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "The talk's claims under the models"))
        doc.add(.bullets(claims()))
        try photos(into: &doc, folder: folder)
    }

    /// statistic(b) − statistic(a) of `metric` (a median, a rate, or with `mean` a mean) with a
    /// cluster-bootstrap interval over participants, paired (the same people use every strategy).
    func compare(_ a: String, _ b: String, metric: String, mean: Bool = false, seedLabel: String? = nil) -> Estimate? {
        let ta = trials(a), tb = trials(b)
        guard ta.valueCount(metric) >= 3, tb.valueCount(metric) >= 3, let va = ta.comparable(metric),
            let vb = tb.comparable(metric)
        else { return nil }
        let seed = Sections.seed(spec, seedLabel ?? "claim/\(a)/\(b)/\(metric)")
        return Comparisons.difference(
            va, vb, metric: metric, paired: true, confidence: spec.report.confidence,
            resamples: spec.report.bootstrapResamples, seed: seed, preferMean: mean
        ).estimate
    }

    func verdict(_ e: Estimate, better: WorseDirection) -> String {
        if better == .lower {
            return e.upper < 0 ? "holds" : e.lower > 0 ? "does not hold (the opposite)" : "not distinguishable"
        }
        return e.lower > 0 ? "holds" : e.upper < 0 ? "does not hold (the opposite)" : "not distinguishable"
    }

    func claims() -> [String] {
        var out: [String] = []
        let has = Set(strategies)
        let pairs: [(String, String, String)] = [
            ("four-controls-two-axis", "four-controls-one-axis", "One axis is \"significantly simpler\" than two"),
            ("four-controls-one-axis", "on-image", "Pointing at the thing to edit beats the controls along the bottom")
        ]
        for (a, b, claim) in pairs where has.contains(a) && has.contains(b) {
            if let d = compare(a, b, metric: "time_to_effect_s") {
                out.append(
                    "\(claim): median time to effect differs by \(formatEstimate(d)) s (\(b) "
                        + "− \(a)): \(verdict(d, better: .lower))."
                )
            }
            if let d = compare(a, b, metric: "reached_effect") {
                out.append(
                    "…reached rate difference \(formatEstimate(d, digits: 3)) (\(b) "
                        + "− \(a)): \(verdict(d, better: .higher))."
                )
            }
            // Error counts are mostly 0 or 1: their medians hide differences, so means (participant-level bootstrap).
            for (metric, name) in [("axis_errors", "axis errors"), ("region_errors", "region errors")] {
                guard let d = compare(a, b, metric: metric, mean: true, seedLabel: "claim/\(a)/\(b)/\(metric)/mean")
                else { continue }
                out.append(
                    "…mean \(name) per trial differ by \(formatEstimate(d, digits: 2)) (\(b) "
                        + "− \(a)): \(verdict(d, better: .lower))."
                )
            }
        }
        return out.isEmpty ? ["(the claims compare strategies this spec does not run)"] : out
    }

    func photos(into doc: inout ReportDocument, folder: URL) throws {
        try addTypicalPhotos(into: &doc, folder: folder) { task in
            guard let goal = task.custom(ColorTask.self), let original = Self.reportPhoto(goal.path) else { return nil }
            return (original, ("goal: \(goal.look.description)", goal.look.apply(to: original)))
        } settings: { typical in
            var a = Adjustments()
            for c in ColorControl.allCases {
                a[keyPath: c.amount] = typical["final_\(c.rawValue)"]! ?? 0
                a[keyPath: c.luminance] = typical["final_\(c.rawValue)_luminance"]! ?? 0
            }
            return a
        }
    }
}
