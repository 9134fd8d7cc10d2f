import Foundation
import Harness
import Reports
import Statistics

/// The two factors issue 13 adds to the PIP question, each compared between
/// strategies of the spec that differ only in that parameter: how the release
/// velocity is estimated from the noisy touches (question 5), and whether a PIP
/// in flight can be caught and thrown again (question 7, redirection).
struct PIPFactorsReport: ReportBody {
    let spec: ExperimentSpec
    let results: ResultSet
    private var confidence: Double { spec.report.confidence }

    /// The strategy pairs that differ only in `parameter`: the one with the
    /// default (`defaults`, or the parameter left out) and the one with `value`.
    func pairs(_ parameter: String, defaults: Set<String>, value: String) -> [(base: String, variant: String)] {
        func rest(_ s: StrategySpec) -> [String: String] {
            var d = s.parameters.mapValues(\.description)
            d[parameter] = nil
            return d
        }
        var out: [(String, String)] = []
        for v in spec.strategies where v.parameters[parameter]?.description == value {
            let base = spec.strategies.first { b in
                b.design == v.design && rest(b) == rest(v)
                    && (b.parameters[parameter].map { defaults.contains($0.description) } ?? true)
            }
            if let base { out.append((base.label, v.label)) }
        }
        return out
    }

    /// A strategy's trials, and those whose first throw went wrong.
    private static func all(_ s: String) -> TrialSelection { TrialSelection(strategy: s) }
    private static func wrong(_ s: String) -> TrialSelection {
        TrialSelection(strategy: s, where: [.equals("landed_intended", 0)])
    }

    /// What the factor sections read (the strategies' whole selections are `PIPReport`'s, with these metrics added).
    static func requests(spec: ExperimentSpec, into r: inout SelectionRequests) {
        for s in spec.strategies.map(\.label) {
            // Differences between strategies are paired over participants: those metrics are kept per participant.
            r.add(
                all(s), metrics: ["corrections"],
                byParticipant: ["velocity_error_pt_s", "landed_intended", "time_to_effect_s"], survival: true)
            r.add(TrialSelection(strategy: s, where: [.equals("first_throw_flick", 1)]), metrics: ["speed_error_pt_s"])
            r.add(wrong(s), metrics: ["throws", "touches", "ignored_touches"], byParticipant: ["correction_time_s"])
            r.add(wrong(s).and(.above("caught_in_flight", 0)))
            r.add(wrong(s).and(.recorded("correction_time_s")))
        }
    }

    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure]) {
        velocitySection(into: &doc)
        redirectionSection(into: &doc)
        figures.append(
            kit.ecdfFigure(
                metric: "velocity_error_pt_s", of: kit.strategies.map { trials($0) }, name: "ecdf_velocity_error",
                xlabel: "error of the first throw's release velocity (pt/s)",
                title: "Release velocity error under the standard touch-sensor noise", marker: nil))
        figures.append(
            kit.ecdfFigure(
                metric: "correction_time_s", of: kit.strategies.map { wrong($0) }, name: "ecdf_correction_time",
                xlabel: "time from a wrong first throw's release until the PIP rests in the intended corner (s)",
                title: "Time to correct a wrong throw (trials whose first throw went wrong)", marker: nil))
    }

    private func trials(_ s: String) -> SelectedTrials { results.selected(Self.all(s)) }
    private func wrong(_ s: String) -> SelectedTrials { results.selected(Self.wrong(s)) }

    /// Paired (same people) difference variant − base of `metric`'s median or rate, as text.
    private func difference(
        _ metric: String, _ base: SelectedTrials, _ variant: SelectedTrials, label: String
    ) -> String {
        guard let a = base.sample(metric), let b = variant.sample(metric), a.clusterCount >= 3, b.clusterCount >= 3
        else { return "–" }
        let rate = Comparisons.isRate(a, metric: metric) && Comparisons.isRate(b, metric: metric)
        let e = ClusterBootstrap.difference(
            b, a, rate ? .mean : .median, paired: ClusterBootstrap.canPair(a, b), confidence: confidence,
            resamples: spec.report.bootstrapResamples, seed: Sections.seed(spec, "factor/\(metric)/\(label)"))
        return formatEstimate(e)
    }

    /// `variant`'s mean of `metric` minus `base`'s.
    private func meanDifference(_ metric: String, _ base: SelectedTrials, _ variant: SelectedTrials) -> String {
        formatNumber(variant.pooled(metric).mean - base.pooled(metric).mean, digits: 2)
    }

    private func velocitySection(into doc: inout ReportDocument) {
        doc.add(.heading(level: 2, text: "Velocity estimate (issue 13, question 5)"))
        doc.add(.paragraph(ReportProse.pip["every-throw-goes"]))
        doc.add(
            .table(
                header: [
                    "strategy", "n", "median velocity error pt/s", "90th percentile pt/s",
                    "median speed error pt/s (flicks)", "landed first throw", "median time to effect s, Kaplan–Meier"
                ],
                rows: kit.strategies.map { s in
                    let t = trials(s)
                    return [
                        s, "\(t.count)", kit.medianText("velocity_error_pt_s", t, digits: 0),
                        t.pooled("velocity_error_pt_s").quantile(0.9).map { formatNumber($0, digits: 0) } ?? "–",
                        kit.medianText(
                            "speed_error_pt_s",
                            results.selected(TrialSelection(strategy: s, where: [.equals("first_throw_flick", 1)])),
                            digits: 0),
                        kit.rate("landed_intended", t), kit.survivalMedianText(t)
                    ]
                }))
        let ps = pairs("velocity", defaults: ["least-squares", "history"], value: "last-two")
        guard !ps.isEmpty else {
            doc.add(.paragraph("No pair of strategies in this spec differs only in the velocity estimate."))
            return
        }
        let c = formatNumber(confidence * 100)
        doc.add(
            .paragraph(
                "Pairs that differ only in the estimate: last-two minus least-squares, the same people (\(c)% "
                    + "participant bootstrap)."
            ))
        doc.add(
            .table(
                header: [
                    "last-two", "least-squares", "Δ median velocity error pt/s", "Δ landed first throw",
                    "Δ median time to effect s", "Δ mean corrections"
                ],
                rows: ps.map { p in
                    let a = trials(p.base), b = trials(p.variant)
                    return [
                        p.variant, p.base, difference("velocity_error_pt_s", a, b, label: p.variant),
                        difference("landed_intended", a, b, label: p.variant),
                        difference("time_to_effect_s", a, b, label: p.variant),
                        meanDifference("corrections", a, b)
                    ]
                }))
    }

    private func redirectionSection(into doc: inout ReportDocument) {
        doc.add(.heading(level: 2, text: "Redirection (issue 13, question 7)"))
        doc.add(.paragraph(ReportProse.pip["when-throw-heads"]))
        doc.add(
            .table(
                header: [
                    "strategy", "wrong first throws", "corrected",
                    "median time to correct s (\(formatNumber(confidence * 100))% CI)", "mean throws", "mean touches",
                    "caught in flight", "mean ignored touches"
                ],
                rows: kit.strategies.map { s in
                    let wrong = wrong(s)
                    let caught = results.selected(Self.wrong(s).and(.above("caught_in_flight", 0))).count
                    func mean(_ m: String) -> String { kit.meanText(m, wrong) }
                    return [
                        s, "\(wrong.count)",
                        kit.pct(results.selected(Self.wrong(s).and(.recorded("correction_time_s"))).count, wrong.count),
                        kit.medianEstimate("correction_time_s", wrong, label: "correct/\(s)"),
                        mean("throws"), mean("touches"), kit.pct(caught, wrong.count), mean("ignored_touches")
                    ]
                }))
        let ps = pairs("in_flight", defaults: ["catch"], value: "ignore")
        guard !ps.isEmpty else {
            doc.add(.paragraph("No pair of strategies in this spec differs only in what a touch in flight does."))
            return
        }
        doc.add(.paragraph(ReportProse.pip["pairs-that-differ"]))
        doc.add(
            .table(
                header: [
                    "ignore", "catch", "Δ median time to correct s", "Δ mean throws", "Δ mean touches",
                    "Δ median time to effect s (all trials)"
                ],
                rows: ps.map { p in
                    let a = wrong(p.base), b = wrong(p.variant)
                    return [
                        p.variant, p.base, difference("correction_time_s", a, b, label: "correct/\(p.variant)"),
                        meanDifference("throws", a, b), meanDifference("touches", a, b),
                        difference("time_to_effect_s", trials(p.base), trials(p.variant), label: "effect/\(p.variant)")
                    ]
                }))
    }
}
