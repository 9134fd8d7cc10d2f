import Designs
import Foundation
import Harness
import ImageEngine
import Reports
import Statistics

/// The exposure sections: results by strategy, device, expertise and photo; the
/// talk's claims tested with effect sizes; the photos before, goal and typical
/// result; and a "why" section that traces differences to their mechanisms.
struct ExposureReport: PhotoEditingReport, DrawingReport {
    let spec: ExperimentSpec
    let results: ResultSet
    /// The screening of every assumption and the other policy, when they ran: each claim is labelled with it.
    var screening: ScreeningAnalysis? = nil
    var confidence: Double { spec.report.confidence }

    static let rowMetrics = [
        "reached_effect", "gave_up", "satisfied_off_goal", "within_10s", "first_touch_s", "wrong_control_tries",
        "final_delta_e00", "clipped_fraction", "photo_share", "control_switches", "touches", "travel_mm", "missed_taps",
        "wrong_grabs", "missed_grabs"
    ]
    /// What the claims compare, paired over participants.
    static let claimMetrics = ["time_to_effect_s", "reached_effect", "first_touch_s", "final_delta_e00"]
    /// The final settings a typical trial's photo is rendered from.
    static let finalSettings = [
        "final_black_level", "final_shadows", "final_brightness", "final_contrast", "final_highlights",
        "final_white_level"
    ]

    /// Everything the exposure sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests {
        var r = SelectionRequests()
        ReportKit.rateFigureRequests(spec, metric: "reached_effect", into: &r)
        let devices = spec.devices.map(\.name)
        let phone = devices.first { $0.hasPrefix("iphone") && $0.hasSuffix("portrait") }
        for s in spec.strategies.map(\.label) {
            for g in [nil, "novice", "expert"] as [String?] {
                r.add(selection(s, group: g), metrics: rowMetrics, byParticipant: claimMetrics, survival: true)
                if let phone {
                    r.add(
                        selection(s, device: phone, group: g), metrics: rowMetrics, byParticipant: claimMetrics,
                        survival: true)
                }
            }
            for d in devices {
                for g in ["novice", "expert"] {
                    r.add(selection(s, device: d, group: g), metrics: rowMetrics, survival: true)
                }
                // The phone section's comparison of the same person's trials of one task under two designs.
                r.add(selection(s, device: d), byCell: "final_delta_e00")
                r.add(selection(s, device: d), metrics: ["gave_up", "wrong_grabs", "missed_grabs"])
            }
            for t in spec.tasks {
                r.add(selection(s, task: t.id), metrics: ["reached_effect"])
                if let first = devices.first {
                    r.add(
                        selection(s, device: first, task: t.id), typicalBy: "final_delta_e00",
                        keeping: finalSettings + ["final_delta_e00"])
                }
            }
        }
        return r
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure], folder: URL) throws {
        kit.addStrategies(ExposureDesigns.question, to: &doc)

        doc.add(.heading(level: 2, text: "Results by strategy"))
        doc.add(.paragraph(ReportProse.exposure["reached-committed-photo"]))
        let header = [
            "strategy", "n", "reached", "satisfied", "satisfied off goal", "within 10 s",
            "reached by 10 s, Kaplan–Meier", "median time to effect s, Kaplan–Meier (CI)", "first touch s",
            "wrong-control tries", "final ΔE00", "clipped", "photo share"
        ]
        func row(_ label: String, _ t: SelectedTrials) -> [String] {
            [
                label, "\(t.count)", kit.rate("reached_effect", t),
                formatRate(kit.rateEstimate("gave_up", t, success: .zero)),
                kit.rate("satisfied_off_goal", t), kit.rate("within_10s", t), kit.reachedByText(t, seconds: 10),
                kit.survivalMedianText(t),
                kit.medianText("first_touch_s", t), mean("wrong_control_tries", t),
                kit.medianText("final_delta_e00", t),
                formatNumber(t.pooled("clipped_fraction").mean * 100, digits: 1) + "%",
                formatNumber(t.pooled("photo_share").mean * 100, digits: 0) + "%"
            ]
        }
        addStrategyTables(
            header: header, row: row, byPhoto: "By photo (reached rate)", cell: { kit.rate("reached_effect", $0) },
            into: &doc)
        figures += timeAndRateFigures
        ReportKit.addFigures(figures, to: &doc)

        doc.add(.heading(level: 2, text: "The talk's claims under the models"))
        doc.add(.bullets(claims()))
        phoneSplit(into: &doc)
        doc.add(.heading(level: 2, text: "Why they differ"))
        doc.add(.bullets(why()))
        try photos(into: &doc, folder: folder)
    }

    // MARK: Claims

    func compare(
        _ a: String, _ b: String, metric: String, group: String? = nil, device: String? = nil
    ) -> (Estimate, Estimate)? {
        // Participant-level (cluster) bootstrap, paired: every person used every strategy.
        let ta = trials(a, device: device, group: group), tb = trials(b, device: device, group: group)
        guard ta.valueCount(metric) >= 3, tb.valueCount(metric) >= 3, let va = ta.comparable(metric),
            let vb = tb.comparable(metric),
            let sa = ta.sample(metric), let sb = tb.sample(metric)
        else { return nil }
        let seed = Sections.seed(spec, "claim/\(a)/\(b)/\(metric)/\(group ?? "all")" + (device.map { "/\($0)" } ?? ""))
        let (_, diff) = Comparisons.difference(
            va, vb, metric: metric, paired: true, confidence: confidence,
            resamples: spec.report.bootstrapResamples, seed: seed)
        let delta = ClusterBootstrap.twoGroup(
            sb, sa, paired: true, confidence: confidence, resamples: 300,
            seed: seed &+ 1, statistic: RankTests.cliffsDelta)
        return (diff, delta)
    }

    func verdict(_ e: Estimate, better: WorseDirection) -> String {
        if better == .lower {
            return e.upper < 0 ? "holds" : e.lower > 0 ? "does not hold (the opposite)" : "not distinguishable"
        }
        return e.lower > 0 ? "holds" : e.upper < 0 ? "does not hold (the opposite)" : "not distinguishable"
    }

    /// How a claim fares under the screening of every assumption and under the other
    /// decision policy (for the whole population; claims about one group are not screened).
    func robustness(_ a: String, _ b: String, _ metric: String, group: String? = nil) -> String {
        if let group { return screening == nil ? "" : " [not screened: a claim about \(group)s only]" }
        guard let c = screening?.claim(a, b, metric) else { return "" }
        var parts: [String] = []
        if !c.points.isEmpty {
            parts.append("screening: \(c.label), same sign at \(c.holdsAt)/\(c.points.count) points")
        }
        if let holds = c.holdsUnderPolicies {
            parts.append(holds ? "holds under the other policy" : "does not hold under the other policy")
        }
        return parts.isEmpty ? "" : " [\(parts.joined(separator: "; "))]"
    }

    func claims() -> [String] {
        var out: [String] = []
        let has = Set(strategies)
        if has.contains("exposure-control") && has.contains("six-sliders") {
            for group in [nil, "novice", "expert"] as [String?] {
                let who = group.map { " for \($0)s" } ?? ""
                if let (d, delta) = compare("six-sliders", "exposure-control", metric: "time_to_effect_s", group: group)
                {
                    out.append(
                        "One control faster than six sliders\(who): median time to effect differs "
                            + "by \(formatEstimate(d)) s (exposure control − six sliders), Cliff's "
                            + "δ \(formatEstimate(delta)): \(verdict(d, better: .lower))"
                                + "\(robustness("six-sliders", "exposure-control", "time_to_effect_s", group: group))."
                    )
                }
                if let (d, _) = compare("six-sliders", "exposure-control", metric: "reached_effect", group: group) {
                    out.append(
                        "…and reached\(who): rate "
                            + "difference \(formatEstimate(d, digits: 3)): \(verdict(d, better: .higher))"
                                + "\(robustness("six-sliders", "exposure-control", "reached_effect", group: group))."
                    )
                }
            }
        }
        if has.contains("histogram-touch") && has.contains("six-sliders") {
            if let (d, _) = compare("six-sliders", "histogram-touch", metric: "reached_effect", group: "novice") {
                let verdict =
                    d.upper < 0 ? "holds" : d.lower > 0 ? "does not hold (the opposite)" : "not distinguishable"
                out.append(
                    "Histogram touch fails novices: reached-rate difference for novices (histogram touch − six "
                        + "sliders) \(formatEstimate(d, digits: 3)): "
                            + "\(verdict)"
                            + "\(robustness("six-sliders", "histogram-touch", "reached_effect", group: "novice"))."
                )
            }
            if let (d, _) = compare("six-sliders", "histogram-touch", metric: "first_touch_s", group: "novice") {
                out.append(
                    "…novices' first touch comes later by \(formatEstimate(d)) s with hidden zones (median "
                        + "difference)."
                )
            }
        }
        if has.contains("histogram-touch") && has.contains("histogram-bottom") {
            let share = { (s: String) in trials(s).pooled("photo_share").mean }
            if let (d, _) = compare("histogram-touch", "histogram-bottom", metric: "final_delta_e00") {
                out.append(
                    "A bigger photo helps: the bottom histogram gives the "
                        + "photo \(formatNumber(share("histogram-bottom") * 100, digits: 0))% of the screen "
                        + "against \(formatNumber(share("histogram-touch") * 100, digits: 0))%; final ΔE00 differs "
                        + "by \(formatEstimate(d)) (bottom − "
                        + "side): \(verdict(d, better: .lower))"
                            + "\(robustness("histogram-touch", "histogram-bottom", "final_delta_e00"))."
                )
            }
            if let (d, _) = compare("histogram-touch", "histogram-bottom", metric: "time_to_effect_s") {
                out.append(
                    "…time to effect differs by \(formatEstimate(d)) s (bottom − "
                        + "side): \(verdict(d, better: .lower))"
                            + "\(robustness("histogram-touch", "histogram-bottom", "time_to_effect_s"))."
                )
            }
        }
        return out
    }

    // MARK: Why

    func why() -> [String] {
        strategies.map { s in
            let t = trials(s)
            let mean = { (m: String) in self.mean(m, t) }
            return
                "\(s): first touch after a median \(kit.medianText("first_touch_s", t)) s (reading labels, choosing "
                    + "among controls, or discovering hidden ones); \(mean("control_switches")) control switches "
                    + "and \(mean("wrong_control_tries")) tries of a control that did nothing for the region in "
                    + "question per trial; \(mean("touches")) gestures and \(mean("travel_mm")) mm of finger "
                    + "travel; \(mean("missed_taps")) missed taps; the photo "
                    + "takes \(formatNumber(t.pooled("photo_share").mean * 100, digits: 0))% of the screen."
        }
    }

    // MARK: Photos

    /// The photo before, the goal, and for each strategy the trial with the median
    /// final ΔE00 on the first device, re-rendered from its stored final values.
    func photos(into doc: inout ReportDocument, folder: URL) throws {
        try addTypicalPhotos(into: &doc, folder: folder) { task in
            guard case .adjustPhoto(let path, let goal, _) = task.goal, let original = Self.reportPhoto(path) else {
                return nil
            }
            return (original, ("goal", goal.render(original)))
        } settings: { typical in
            var a = Adjustments()
            a.blackLevel = typical["final_black_level"]! ?? 0; a.shadows = typical["final_shadows"]! ?? 0
            a.brightness = typical["final_brightness"]! ?? 0; a.contrast = typical["final_contrast"]! ?? 0
            a.highlights = typical["final_highlights"]! ?? 0; a.whiteLevel = typical["final_white_level"]! ?? 0
            return a
        }
    }
}
