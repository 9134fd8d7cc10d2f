import Foundation
import Harness
import ImageEngine
import Reports

/// What the colour and exposure reports share: their selections by strategy, device, expertise and photo, the
/// table of strategies with the same table by device and expertise and one by photo, and the time-to-effect and
/// reached-rate figures.
protocol PhotoEditingReport: ReportBody {}

extension PhotoEditingReport {
    static func selection(
        _ strategy: String, device: String? = nil, group: String? = nil, task: String? = nil
    ) -> TrialSelection {
        TrialSelection(strategy: strategy, device: device, group: group, tasks: task.map { [$0] })
    }

    func trials(_ strategy: String, device: String? = nil, group: String? = nil, task: String? = nil) -> SelectedTrials
    {
        results.selected(Self.selection(strategy, device: device, group: group, task: task))
    }

    /// The mean of `metric` in `t`, as text.
    func mean(_ metric: String, _ t: SelectedTrials, digits: Int = 2) -> String {
        formatNumber(t.pooled(metric).mean, digits: digits)
    }

    /// The strategies' table (`row` of a strategy's trials), the same by device and expertise, and under the
    /// heading `byPhoto` a table of `cell` of each strategy's trials of each photo.
    func addStrategyTables(
        header: [String], row: (String, SelectedTrials) -> [String], byPhoto: String,
        cell: (SelectedTrials) -> String, into doc: inout ReportDocument
    ) {
        doc.add(.table(header: header, rows: strategies.map { row($0, trials($0)) }))
        doc.add(.heading(level: 3, text: "By device and expertise"))
        var rows: [[String]] = []
        for s in strategies {
            for d in spec.devices.map(\.name) {
                for g in ["novice", "expert"] {
                    let t = trials(s, device: d, group: g)
                    if !t.isEmpty { rows.append(["\(s) · \(d) · \(g)"] + Array(row(s, t).dropFirst())) }
                }
            }
        }
        doc.add(.table(header: ["strategy · device · group"] + Array(header.dropFirst()), rows: rows))
        doc.add(.heading(level: 3, text: byPhoto))
        doc.add(
            .table(
                header: ["strategy"] + spec.tasks.map(\.id),
                rows: strategies.map { s in [s] + spec.tasks.map { cell(trials(s, task: $0.id)) } }))
    }

    /// Time until the photo matches the goal (Kaplan–Meier) and the reached rate.
    var timeAndRateFigures: [GnuplotFigure] {
        [
            kit.survivalFigure(
                of: strategies.map { trials($0) }, name: "survival_time_to_effect",
                title: "Time until the photo matches the goal", marker: 10),
            kit.rateFigureOfSelections(
                metric: "reached_effect", name: "reached_rate", title: "Reached the goal look", ylabel: "reached rate")
        ]
    }

    /// "Photos: before, goal and a typical result": for each task `photos` reads (its photo at 320 px and the
    /// goal's caption and render), the photo before, the goal, and for each strategy the trial with the median
    /// final ΔE00 on the first device, re-rendered with the settings `settings` reads from its stored values.
    func addTypicalPhotos(
        into doc: inout ReportDocument, folder: URL, photos: (TaskSpec) -> (photo: Image, goal: (String, Image))?,
        settings: ([String: Double?]) -> Adjustments
    ) throws {
        doc.add(.heading(level: 2, text: "Photos: before, goal and a typical result"))
        let renderer = Renderer(threads: 2)
        for task in spec.tasks {
            guard let (original, goal) = photos(task) else { continue }
            var cells: [(String, Image)] = [("before", original), goal]
            for s in strategies {
                guard let typical = trials(s, device: spec.devices.first?.name, task: task.id).typicalTrial() else {
                    continue
                }
                cells.append(
                    (
                        "\(s) (ΔE00 \(formatNumber(typical["final_delta_e00"]! ?? .nan, digits: 1)))",
                        renderer.render(original, with: settings(typical))
                    ))
            }
            doc.add(.heading(level: 3, text: task.label))
            for (i, cell) in cells.enumerated() {
                let file = "photo_\(task.id)_\(i).png"
                try PNGFile.write(cell.1, to: folder.appendingPathComponent(file))
                doc.add(.figure(file: file, caption: cell.0, links: []))
            }
        }
    }

    /// A task's photo at the size the report shows it.
    static func reportPhoto(_ path: String) -> Image? {
        try? PNGFile.read(URL(fileURLWithPath: path)).downscaled(toFit: 320)
    }
}

/// A report whose sections draw images (a photo before, its goal, a typical result) into the report's folder.
protocol DrawingReport {
    /// Everything the sections read.
    static func requests(spec: ExperimentSpec) -> SelectionRequests
    func build(into doc: inout ReportDocument, figures: inout [GnuplotFigure], folder: URL) throws
}

extension QuestionSections {
    /// The sections of the drawing report `make` makes from the report being written.
    init<Body: DrawingReport>(drawing make: @escaping (QuestionReport) -> Body) {
        self.init(requests: Body.requests(spec:)) { report in
            try make(report).build(into: &report.document, figures: &report.figures, folder: report.folder)
        }
    }
}
