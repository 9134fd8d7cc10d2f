import Harness

extension ReportKit {
    /// A 0/1 metric's rate in bins of another quantity, one line with intervals per strategy, for a figure's
    /// data file `file`: `trials(strategy, low, high)` are a bin's trials, and a bin with fewer than 5 is left
    /// out (a strategy with none left gets no series: gnuplot warns on empty blocks). `header` names a
    /// strategy's block's columns after its label. When no strategy has a bin, one empty series says `empty`
    /// on the figure instead of plotting nothing.
    package func binnedRateSeries(
        _ metric: String, edges: [Double], file: String, header: String,
        empty: (comment: String, title: String), trials: (String, Double, Double) -> SelectedTrials
    ) -> (blocks: [String], plots: [String]) {
        var blocks: [String] = [], plots: [String] = []
        for s in strategies {
            var lines: [String] = []
            for (lo, hi) in zip(edges, edges.dropFirst()) {
                let t = trials(s, lo, hi)
                guard t.count >= 5 else { continue }
                let e = rateEstimate(metric, t)
                lines.append("\((lo + hi) / 2)\t\(e.value)\t\(e.lower)\t\(e.upper)\t\(t.count)")
            }
            guard !lines.isEmpty else { continue }
            let i = blocks.count
            blocks.append("# \(s): \(header)\n" + lines.joined(separator: "\n"))
            plots.append(
                "\"\(file)\" index \(i) using 1:2 with linespoints linewidth 2 pointtype 7 linecolor \(i + 1) "
                    + "title \(Gnuplot.quoted(s)), \"\(file)\" index \(i) using 1:2:3:4 with yerrorbars pointtype "
                    + "7 linecolor \(i + 1) notitle")
        }
        if plots.isEmpty {
            blocks = ["# \(empty.comment)\n0\t0\t0\t0\t0"]
            plots = ["\"\(file)\" index 0 using 1:2 with points pointtype 0 title \"\(empty.title)\""]
        }
        return (blocks, plots)
    }
}

extension ReportKit {
    /// A 0/1 metric's rate in each of `categories` (along x), one point series per strategy set side by side,
    /// with intervals: `trials(strategy, category)` are the trials of a point. The figure is `name`, its data
    /// `name.dat`; `caption` is its title in the report (the interval is added), `title` and `ylabel` the plot's.
    package func rateByCategoryFigure(
        _ metric: String, categories: [String], name: String, caption: String, title: String, ylabel: String,
        trials: (String, Int) -> SelectedTrials
    ) -> GnuplotFigure {
        var lines: [String] = []
        for (i, category) in categories.enumerated() {
            for (j, s) in strategies.enumerated() {
                let e = rateEstimate(metric, trials(s, i))
                let x = Double(i) + Double(j) * 0.25 - 0.125 * Double(strategies.count - 1)
                lines.append("\(x)\t\(e.value)\t\(e.lower)\t\(e.upper)\t# \(s) \(category)")
            }
        }
        let plots = strategies.enumerated().map { j, s in
            "\"\(name).dat\" every \(strategies.count)::\(j) using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 "
                + "linecolor \(j + 1) title \(Gnuplot.quoted(s))"
        }
        let tics = categories.enumerated().map { "\(Gnuplot.quoted($1)) \($0)" }.joined(separator: ", ")
        return GnuplotFigure(
            name: name, title: "\(caption) (\(formatNumber(confidence * 100))% intervals over participants)",
            data: [("\(name).dat", "# x, rate, lower, upper\n" + lines.joined(separator: "\n") + "\n")],
            body: """
                set title \(Gnuplot.quoted(title))
                set ylabel \(Gnuplot.quoted(ylabel))
                set yrange [0:*]
                set xrange [-0.6:\(Double(categories.count) - 0.4)]
                set xtics (\(tics))
                plot \(plots.joined(separator: ", \\\n     "))
                """)
    }
}
