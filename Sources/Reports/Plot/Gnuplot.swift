import Foundation
import ImageEngine

/// A gnuplot figure: its data files and script, kept beside the image so a
/// researcher can restyle and re-run it (`gnuplot NAME.gp`).
public struct GnuplotFigure: Sendable {
    /// File stem, e.g. `ecdf_time_to_effect`.
    public var name: String
    public var title: String
    /// Data files (name → contents), written next to the script.
    public var data: [(file: String, contents: String)]
    /// The plotting commands, without terminal or output settings.
    public var body: String
    public var size: (width: Int, height: Int) = (900, 560)

    public init(name: String, title: String, data: [(file: String, contents: String)], body: String) {
        self.name = name
        self.title = title
        self.data = data
        self.body = body
    }

    /// Whether some data file holds a point to draw: a line with a finite number after its
    /// first field (the x value or label), or a one-field line holding one. A run with no
    /// trials gives empty or all-NaN files, on which gnuplot stops ("no valid points").
    public var hasPoints: Bool {
        data.contains { file in
            file.contents.split(separator: "\n").contains { line in
                guard !line.hasPrefix("#") else { return false }
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                return fields.dropFirst(fields.count > 1 ? 1 : 0).contains { Double($0)?.isFinite == true }
            }
        }
    }

    /// The same figure saying there is nothing to plot; the drawing it would make is kept in
    /// the script, commented out, with its (empty) data files beside it.
    public var placeholder: GnuplotFigure {
        var figure = self
        figure.body = """
            set title \(Gnuplot.quoted(title))
            unset border
            unset tics
            unset grid
            unset key
            set label 1 "No data to plot: the run holds no trials for this figure" at graph 0.5, 0.5 center
            plot [0:1] [0:1] 1/0 notitle
            # With data, the figure is drawn by:
            \(body.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 }.joined(separator: "\n"))
            """
        return figure
    }

    /// Okabe and Ito's colours ("Color Universal Design", 2008): told apart with every common colour-vision
    /// deficiency. Figures name colours by number (`linecolor 3`), so this one place sets them all; the
    /// yellow, faint on white, comes last.
    static let palette = """
        # Okabe–Ito colours, distinguishable with every common colour-vision deficiency
        set linetype 1 linecolor rgb "#0072B2"
        set linetype 2 linecolor rgb "#D55E00"
        set linetype 3 linecolor rgb "#009E73"
        set linetype 4 linecolor rgb "#CC79A7"
        set linetype 5 linecolor rgb "#E69F00"
        set linetype 6 linecolor rgb "#56B4E9"
        set linetype 7 linecolor rgb "#000000"
        set linetype 8 linecolor rgb "#F0E442"
        set linetype cycle 8
        """

    /// The complete script: it draws a PNG and an SVG of the figure. The terminal is
    /// set before the first plot, so re-running the script by hand draws straight into
    /// the PNG (no "unknown terminal" warning from gnuplot's interactive default).
    public var script: String {
        """
        # \(title)
        # Re-run with: gnuplot \(name).gp   (writes \(name).png and \(name).svg here)
        set terminal pngcairo noenhanced size \(size.width),\(size.height) font "DejaVu Sans,11"
        set output "\(name).png"
        set encoding utf8
        set datafile separator "\\t"
        set key below
        set grid
        \(Self.palette)
        \(body)
        set terminal svg noenhanced size \(size.width),\(size.height) font "DejaVu Sans,11" dynamic
        set output "\(name).svg"
        replot
        unset output

        """
    }
}

/// Writes figures and runs gnuplot on them.
public enum Gnuplot {
    /// Writes `figure`'s data and script into `directory` and runs gnuplot there.
    /// A figure gnuplot cannot draw for want of data (a run with no trials: empty or all-NaN
    /// files, a `plot` with nothing to plot) is drawn as its placeholder, saying so.
    public static func render(_ figure: GnuplotFigure, in directory: URL) throws {
        do {
            try draw(figure, in: directory)
        } catch is ReportError where !figure.hasPoints {
            // (Without gnuplot the placeholder fails too, with the same message.)
            try draw(figure.placeholder, in: directory)
        }
    }

    static func draw(_ figure: GnuplotFigure, in directory: URL) throws {
        for d in figure.data {
            try d.contents.write(to: directory.appendingPathComponent(d.file), atomically: true, encoding: .utf8)
        }
        try figure.script.write(
            to: directory.appendingPathComponent("\(figure.name).gp"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gnuplot", "\(figure.name).gp"]
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw ReportError(
                "cannot run gnuplot (\(error.localizedDescription)); install it with `bash scripts/setup` or `apt-get "
                    + "install gnuplot-nox`"
            )
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw ReportError(
                "gnuplot is not installed; install it with `bash scripts/setup` or `apt-get install gnuplot-nox`")
        }
        guard process.terminationStatus == 0 else {
            if DiskFullError.isFull(directory.path) { throw DiskFullError(path: directory.path) }
            throw ReportError(
                "gnuplot failed "
                    + "on \(directory.appendingPathComponent(figure.name).path).gp: "
                        + "\(message.trimmingCharacters(in: .whitespacesAndNewlines))"
            )
        }
    }

    /// Quotes text for a gnuplot string literal.
    public static func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A tab-separated data block with a header line.
    public static func table(header: [String], rows: [[String]]) -> String {
        (["# " + header.joined(separator: "\t")] + rows.map { $0.joined(separator: "\t") }).joined(separator: "\n")
            + "\n"
    }
}

/// A problem making a report.
public struct ReportError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
