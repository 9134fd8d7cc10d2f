import Foundation
import Harness
import Statistics
import UserModels

/// The sensitivity section every report has: for each comparison against the
/// first strategy, whether the winner and the effect size hold as each uncertain
/// user-model parameter moves across its plausible range.
enum SensitivitySection {
    struct Point {
        var value: Double
        var comparison: String
        var difference: Estimate
        var delta: Estimate
        var winner: String
    }

    static func build(
        spec: ExperimentSpec, store: RunStore, screening: ScreeningAnalysis?, into doc: inout ReportDocument,
        figures: inout [GnuplotFigure]
    ) throws {
        doc.add(.heading(level: 2, text: "Sensitivity to the user-model assumptions"))
        guard let settings = spec.sensitivity else {
            doc.add(
                .paragraph(
                    "This spec declares no sensitivity sweep, so these results rest on the default user-model "
                        + "parameters only. Add a `sensitivity` section and run `refine sensitivity` to test them."
                ))
            return
        }
        let variants = spec.sensitivityVariants()
        let latest = try ResultSet.latestVariantRuns(of: spec, in: store) { _ in true }
        let missing = variants.filter { latest[$0.label] == nil }.map(\.label)
        guard missing.count < variants.count else {
            doc.add(
                .paragraph(
                    "No sensitivity runs of this spec in the database yet: run `refine sensitivity \(spec.path)` with "
                        + "the same --db, then report again."
                ))
            ScreeningSection.build(screening, spec: spec, into: &doc)
            return
        }
        let base = spec.strategies[0].label
        let others = spec.strategies.dropFirst().map(\.label)
        let better = settings.better == .lower ? "lower" : "higher"
        doc.add(
            .paragraph(
                "Each uncertain parameter was moved across its range (its centre, for novices and experts alike, "
                    + "keeping its spread), with \(settings.participants) participants per point and the experiment's "
                    + "seed. For each strategy against \(base): the difference in \(settings.metric) (\(better) is "
                    + "better) with a \(formatNumber(spec.report.confidence * 100))% interval from a bootstrap over "
                    + "participants (paired: every participant meets every strategy), and Cliff's delta."
            ))
        if !missing.isEmpty {
            doc.add(.paragraph("Missing sweep points (not run yet): \(missing.joined(separator: ", "))."))
        }

        var rows: [[String]] = []
        var verdicts: [String] = []
        var sketched = false
        for sweep in settings.sweeps {
            var points: [Point] = []
            for variant in variants where variant.path == sweep.path {
                guard let run = latest[variant.label] else { continue }
                // One pass over the run's rows, not its trial store (`RunSamples`).
                let samples = try RunSamples(store: store, runID: run.id, metrics: [settings.metric])
                // Strategies of one run meet the same people: paired over participants.
                guard let baseValues = samples.sample(strategy: base, metric: settings.metric) else { continue }
                for other in others {
                    guard let values = samples.sample(strategy: other, metric: settings.metric) else { continue }
                    let seed = Sections.seed(spec, "sensitivity/\(variant.label)/\(other)")
                    let (_, diff) = Comparisons.difference(
                        baseValues, values, metric: settings.metric, paired: true, confidence: spec.report.confidence,
                        resamples: 500, seed: seed)
                    let (delta, tieShare) = Comparisons.cliffsDelta(
                        values.clustered, baseValues.clustered, paired: true,
                        confidence: spec.report.confidence, resamples: 300, seed: seed &+ 1)
                    sketched = sketched || tieShare != nil
                    let otherWins = settings.better == .lower ? diff.upper < 0 : diff.lower > 0
                    let baseWins = settings.better == .lower ? diff.lower > 0 : diff.upper < 0
                    let winner = otherWins ? other : baseWins ? base : "neither"
                    points.append(
                        Point(
                            value: variant.value, comparison: "\(other) vs \(base)", difference: diff, delta: delta,
                            winner: winner))
                    rows.append([
                        sweep.path, formatNumber(variant.value), "\(other) vs \(base)", formatEstimate(diff, digits: 3),
                        CompareFigures.formatDelta(delta, tieShare: tieShare, digits: 2), winner
                    ])
                }
            }
            for comparison in Set(points.map(\.comparison)).sorted() {
                let mine = points.filter { $0.comparison == comparison }
                let winners = Set(mine.map(\.winner))
                let range =
                    "\(formatNumber(mine.map(\.difference.value).min() ?? .nan)) "
                        + "to \(formatNumber(mine.map(\.difference.value).max() ?? .nan))"
                if winners.count == 1, let w = winners.first, w != "neither" {
                    verdicts.append(
                        "\(comparison), \(sweep.path): holds — \(w) wins at every value swept "
                            + "(\(mine.map { formatNumber($0.value) }.joined(separator: ", "))); the difference "
                            + "ranges from \(range)."
                    )
                } else if winners == ["neither"] {
                    verdicts.append(
                        "\(comparison), \(sweep.path): no clear winner at any value swept; the difference ranges "
                            + "from \(range)."
                    )
                } else if winners.contains("neither") && winners.count == 2 {
                    let ties = mine.filter { $0.winner == "neither" }.map { formatNumber($0.value) }
                    verdicts.append(
                        "\(comparison), \(sweep.path): weakens — no clear winner at \(ties.joined(separator: ", ")); "
                            + "difference \(range)."
                    )
                } else {
                    let by = mine.map { "\(formatNumber($0.value)): \($0.winner)" }.joined(separator: "; ")
                    verdicts.append("\(comparison), \(sweep.path): REVERSES across the range (\(by)).")
                }
            }
            figures.append(figure(sweep: sweep, points: points, metric: settings.metric))
        }
        doc.add(.bullets(verdicts))
        let header = ["parameter", "value", "comparison", "difference (CI)", "Cliff's δ (CI)", "winner"]
        doc.add(.table(header: header, rows: rows))
        if sketched { doc.add(.paragraph(CompareFigures.sketchNote)) }
        for sweep in settings.sweeps {
            let name = figureName(sweep.path)
            doc.add(
                .figure(
                    file: "\(name).png", caption: "Effect on \(settings.metric) as \(sweep.path) varies",
                    links: ["\(name).svg", "\(name).gp", "\(name).dat"]))
        }
        ScreeningSection.build(screening, spec: spec, into: &doc)
    }

    static func figureName(_ path: String) -> String {
        "sensitivity_" + path.replacingOccurrences(of: ".", with: "_")
    }

    static func figure(sweep: ParameterSweep, points: [Point], metric: String) -> GnuplotFigure {
        let name = figureName(sweep.path)
        let comparisons = Set(points.map(\.comparison)).sorted()
        let blocks = comparisons.map { c in
            "# \(c): value, difference, lower, upper\n"
                + points.filter { $0.comparison == c }.map {
                    "\($0.value)\t\($0.difference.value)\t\($0.difference.lower)\t\($0.difference.upper)"
                }.joined(separator: "\n")
        }
        let plots = comparisons.enumerated().map { i, c in
            "\"\(name).dat\" index \(i) using 1:2 with linespoints linewidth 2 pointtype 7 linecolor \(i + 1) "
                + "title \(Gnuplot.quoted(c)), \"\(name).dat\" index \(i) using 1:2:3:4 with yerrorbars pointtype 7 "
                + "linecolor \(i + 1) notitle"
        }
        return GnuplotFigure(
            name: name, title: "Effect on \(metric) as \(sweep.path) varies",
            data: [("\(name).dat", blocks.joined(separator: "\n\n\n") + "\n")],
            body: """
                set title \(Gnuplot.quoted("Difference in \(metric) against the first strategy, by \(sweep.path)"))
                set xlabel \(Gnuplot.quoted(ParameterCatalog.definition(sweep.path)?.axisLabel ?? sweep.path))
                set ylabel \(Gnuplot.quoted("difference in \(MetricCatalog.definition(metric).label)"))
                set xzeroaxis linetype -1
                set offsets graph 0.05, graph 0.05, 0, 0
                plot \(plots.joined(separator: ", \\\n     "))
                """)
    }
}
