import Foundation
import Interaction

/// The plot behind `refine spring --plot`: position and velocity over time.
public enum SpringPlot {
    /// Writes `path` (a PNG), with its `.dat`, `.gp` and `.svg` beside it.
    public static func write(animation: SpringAnimation2D, settleTime: Double, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: directory.path) else {
            throw ReportError("\(path): the directory '\(directory.path)' does not exist")
        }
        let name = url.deletingPathExtension().lastPathComponent
        let end = max(settleTime * 1.2, 0.1)
        var rows: [[String]] = []
        var t = 0.0
        while t <= end {
            rows.append([
                String(format: "%.4f", t), String(format: "%.4f", animation.position(at: t).x),
                String(format: "%.4f", animation.velocity(at: t).x)
            ])
            t += end / 400
        }
        let s = animation.spring
        let settles = String(format: "%.3f", settleTime)
        let title = "Spring: response \(s.response) s, damping ratio \(s.dampingRatio); settles in \(settles) s"
        let figure = GnuplotFigure(
            name: name,
            title: "Spring response \(s.response) s, damping ratio \(s.dampingRatio)",
            data: [("\(name).dat", Gnuplot.table(header: ["t_s", "position_pt", "velocity_pt_s"], rows: rows))],
            body: """
                set title \(Gnuplot.quoted(title))
                set xlabel "time (s)"
                set ylabel "position (pt)"
                set y2label "velocity (pt/s)"
                set y2tics
                set arrow from \(settleTime), graph 0 to \(settleTime), graph 1 nohead dashtype 2
                plot "\(name).dat" using 1:2 with lines linewidth 2 title "position", \\
                     \(animation.target.x) with lines dashtype 3 title "target", \\
                     "\(name).dat" using 1:3 axes x1y2 with lines title "velocity"
                """)
        try Gnuplot.render(figure, in: directory)
    }
}
