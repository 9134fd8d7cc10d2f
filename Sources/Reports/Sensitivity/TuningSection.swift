import Foundation
import Harness
import Statistics

/// The design-parameter sweeps of a spec (`tuning:`, run by `refine tune`): for
/// each swept parameter, the metric at every value with its interval, the best
/// value, and the values within noise of it — those whose paired difference
/// from the best has an interval containing zero. A designer picks among those
/// on other grounds; a value outside them costs something measurable.
enum TuningSection {
    struct Point {
        var value: Double
        var estimate: Estimate
        /// This value minus the best, paired over the same people.
        var fromBest: Estimate?
        var verdict: String
    }

    static func build(
        spec: ExperimentSpec, store: RunStore, into doc: inout ReportDocument, figures: inout [GnuplotFigure]
    ) throws {
        guard let settings = spec.tuning else { return }
        doc.add(.heading(level: 2, text: "Tuning the design's parameters"))
        let variants = spec.tuningVariants()
        let latest = try ResultSet.latestVariantRuns(of: spec, in: store) { $0.hasPrefix("tune:") }
        let missing = variants.filter { latest[$0.label] == nil }.map(\.label)
        guard missing.count < variants.count else {
            doc.add(
                .paragraph(
                    "No tuning runs of this spec in the database yet: run `refine tune \(spec.path)` with the same "
                        + "--db, then report again."
                ))
            return
        }
        let better = settings.better == .lower ? "lower" : "higher"
        doc.add(
            .paragraph(
                "Design parameters are choices, not doubts (those are in the sensitivity section): each was set to "
                    + "every listed value for one strategy, with \(settings.participants) participants per value and "
                    + "the experiment's seed, so every value meets the same people with the same intentions. "
                    + "For \(settings.metric) (\(better) is better): the statistic at each value with "
                    + "a \(formatNumber(spec.report.confidence * 100))% interval from a bootstrap over participants, "
                    + "and each value's difference from the best, paired over participants. Values whose difference "
                    + "interval contains 0 are within noise of the best."
            ))
        if !missing.isEmpty {
            doc.add(.paragraph("Missing sweep points (not run yet): \(missing.joined(separator: ", "))."))
        }

        var verdicts: [String] = [], rows: [[String]] = []
        var bests: [String: Best] = [:]
        for sweep in settings.sweeps {
            var samples: [(value: Double, values: BaselineSample)] = []
            for variant in variants where variant.sweep == sweep {
                guard let run = latest[variant.label] else { continue }
                // One pass over the run's rows, not its trial store (`RunSamples`).
                let read = try RunSamples(
                    store: store, runID: run.id, metrics: [settings.metric], only: [sweep.strategy])
                if let values = read.sample(strategy: sweep.strategy, metric: settings.metric) {
                    samples.append((variant.value, values))
                }
            }
            guard !samples.isEmpty else { continue }
            let points = analyse(samples, sweep: sweep, settings: settings, spec: spec)
            if let i = points.firstIndex(where: { $0.verdict == "best" }) {
                let best = Best(
                    setting: "\(sweep.parameter) = \(formatNumber(points[i].value))", sample: samples[i].values,
                    estimate: points[i].estimate)
                if bests[sweep.strategy].map({ best.isBetter(than: $0, settings.better == .lower) }) ?? true {
                    bests[sweep.strategy] = best
                }
            }
            let statistic = samples.allSatisfy({ $0.values.isRate(metric: settings.metric) }) ? "rate" : "median"
            verdicts.append(verdict(points, sweep: sweep, statistic: statistic, metric: settings.metric, spec: spec))
            for p in points {
                rows.append([
                    sweep.name, formatNumber(p.value), formatEstimate(p.estimate, digits: 3),
                    p.fromBest.map { formatEstimate($0, digits: 3) } ?? "–", p.verdict
                ])
            }
            figures.append(figure(sweep: sweep, points: points, metric: settings.metric, statistic: statistic))
        }
        verdicts += atBestSettings(bests, settings: settings, spec: spec).map { [$0] } ?? []
        doc.add(.bullets(verdicts))
        doc.add(
            .table(
                header: ["parameter", "value", "\(settings.metric) (CI)", "difference from best (CI)", "verdict"],
                rows: rows))
        for sweep in settings.sweeps {
            let name = figureName(sweep)
            doc.add(
                .figure(
                    file: "\(name).png", caption: "\(settings.metric) as \(sweep.name) varies",
                    links: ["\(name).svg", "\(name).gp", "\(name).dat"]))
        }
    }

    /// A tuned strategy's best setting over its sweeps: what the tuning section compares the strategies at.
    struct Best {
        var setting: String
        var sample: BaselineSample
        var estimate: Estimate

        func isBetter(than other: Best, _ lower: Bool) -> Bool {
            lower ? estimate.value < other.estimate.value : estimate.value > other.estimate.value
        }
    }

    /// With two or more strategies tuned, the comparison a designer would make: each at its best setting, against
    /// the best of them, paired over the same people (every tuning run meets the same people with the same
    /// intentions), so a setting we chose for a design does not decide between designs.
    static func atBestSettings(_ bests: [String: Best], settings: TuningSettings, spec: ExperimentSpec) -> String? {
        let lower = settings.better == .lower
        let tuned = spec.strategies.map(\.label).compactMap { s in bests[s].map { (s, $0) } }
        guard tuned.count >= 2 else { return nil }
        let ranked = AnswerRanking.order(tuned.map { ($0.0, $0.1.estimate.value) }, better: lower ? .lower : .higher)
            .map { ($0.0, bests[$0.0]!) }
        let (top, best) = ranked[0]
        let kind: ClusterStatistic = tuned.allSatisfy { $0.1.sample.isRate(metric: settings.metric) } ? .mean : .median
        let against = ranked.dropFirst().map { name, other -> String in
            let d = ClusterBootstrap.difference(
                other.sample.clustered, best.sample.clustered, kind, paired: true,
                confidence: spec.report.confidence, resamples: 1000,
                seed: Sections.seed(spec, "tuning/best/\(name)-\(top)"))
            let verdict = Verdict.judge(d, better: lower ? .lower : .higher, margin: spec.practical[settings.metric])
            return "\(name) (\(other.setting)) minus it \(formatEstimate(d, digits: 3)): "
                + verdict.sentence(other: name, base: top, margin: spec.practical[settings.metric])
        }
        let each = ranked.map { "\($0.0) with \($0.1.setting) (\(formatEstimate($0.1.estimate, digits: 3)))" }
        return "At each strategy's best setting — \(AnswerSection.list(each)) — \(top) ranks first on "
            + "\(settings.metric); \(against.joined(separator: "; ")). Each best is picked on these same runs, which "
            + "flatters every strategy alike."
    }

    /// Each value's estimate, the best, and every other value's paired difference from it.
    static func analyse(
        _ samples: [(value: Double, values: BaselineSample)], sweep: DesignSweep,
        settings: TuningSettings, spec: ExperimentSpec
    ) -> [Point] {
        let kind: ClusterStatistic = samples.allSatisfy({ $0.values.isRate(metric: settings.metric) }) ? .mean : .median
        let estimates = samples.map { s in
            ClusterBootstrap.estimate(
                s.values.clustered, kind, confidence: spec.report.confidence, resamples: 1000,
                seed: Sections.seed(spec, "tuning/\(sweep.name)=\(s.value)"))
        }
        let order = estimates.indices.sorted { i, j in
            settings.better == .lower
                ? estimates[i].value < estimates[j].value : estimates[i].value > estimates[j].value
        }
        let best = order[0]
        return samples.indices.map { i in
            guard i != best else {
                return Point(value: samples[i].value, estimate: estimates[i], fromBest: nil, verdict: "best")
            }
            let d = ClusterBootstrap.difference(
                samples[i].values.clustered, samples[best].values.clustered, kind,
                paired: true, confidence: spec.report.confidence, resamples: 1000,
                seed: Sections.seed(spec, "tuning/\(sweep.name)/\(samples[i].value)-best"))
            return Point(
                value: samples[i].value, estimate: estimates[i], fromBest: d,
                verdict: d.lower <= 0 && d.upper >= 0 ? "within noise" : "worse")
        }
    }

    static func verdict(
        _ points: [Point], sweep: DesignSweep, statistic: String, metric: String, spec: ExperimentSpec
    ) -> String {
        let best = points.first { $0.verdict == "best" }!
        let near = points.filter { $0.verdict != "worse" }.map(\.value).sorted()
        let worse = points.filter { $0.verdict == "worse" }.map { formatNumber($0.value) }
        let current = spec.strategies.first { $0.label == sweep.strategy }?.parameters[sweep.parameter]
        var s =
            "\(sweep.name): best value \(formatNumber(best.value)) "
                + "(\(statistic) \(metric) \(formatEstimate(best.estimate, digits: 3)))"
        let swept = points.map(\.value)
        if worse.isEmpty {
            s +=
                "; every value swept is within noise of it: at \(points.count) values this metric does not tell them "
                    + "apart"
        } else {
            if best.value == swept.min() || best.value == swept.max() {
                s += ", at the end of the swept range: a better value may lie beyond it"
            }
            s +=
                near.count == 1
                ? "; no other value is within noise of it"
                : "; within noise of it: \(formatNumber(near.first!))–\(formatNumber(near.last!)) "
                    + "(\(near.map { formatNumber($0) }.joined(separator: ", ")))"
        }
        if !worse.isEmpty { s += "; measurably worse: \(worse.joined(separator: ", "))" }
        s += current.map { "; the spec's strategy uses \($0)." } ?? "; the spec's strategy uses the design's default."
        return s
    }

    static func figureName(_ sweep: DesignSweep) -> String {
        "tuning_" + sweep.name.replacingOccurrences(of: ".", with: "_").replacingOccurrences(of: "-", with: "_")
    }

    static func figure(sweep: DesignSweep, points: [Point], metric: String, statistic: String) -> GnuplotFigure {
        let name = figureName(sweep)
        let sorted = points.sorted { $0.value < $1.value }
        let data =
            "# value, \(statistic), lower, upper, best (1) / within noise (0.5) / worse (0)\n"
            + sorted.map {
                "\($0.value)\t\($0.estimate.value)\t\($0.estimate.lower)\t\($0.estimate.upper)\t"
                    + "\($0.verdict == "best" ? 1 : $0.verdict == "within noise" ? 0.5 : 0)"
            }.joined(separator: "\n") + "\n"
        let plotTitle = Gnuplot.quoted(
            "\(statistic.capitalized) \(metric) by \(sweep.name) (filled: best and within noise of it)")
        return GnuplotFigure(
            name: name, title: "\(metric) as \(sweep.name) varies",
            data: [("\(name).dat", data)],
            body: """
                set title \(plotTitle)
                set xlabel \(Gnuplot.quoted(sweep.name))
                set ylabel \(Gnuplot.quoted("\(statistic) \(MetricCatalog.definition(metric).label)"))
                set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
                plot "\(name).dat" using 1:2:3:4 with yerrorbars pointtype 6 linecolor 1 \
                title "\(statistic) with interval", \\
                     "\(name).dat" using 1:2 with lines linecolor 1 notitle, \\
                     "\(name).dat" using 1:($5 > 0 ? $2 : 1/0) with points pointtype 7 pointsize 1.5 linecolor 2 \
                title "best or within noise"
                """)
    }
}
