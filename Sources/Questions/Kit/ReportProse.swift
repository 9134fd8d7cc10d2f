/// The reports' prose: each question's paragraphs live as Markdown beside its report (`<Name>Report.md`, compiled
/// into the binary by the package), so a writer edits text, not string literals, and a test checks every parameter
/// a paragraph names against the catalogue (`ReportProseTests`).
struct ReportProse: Sendable {
    /// The file's name, for messages.
    let file: String
    /// Each `## key` section's paragraph: its lines joined with one space.
    let paragraphs: [String: String]

    init(_ bytes: [UInt8], file: String) {
        self.file = file
        var paragraphs: [String: String] = [:]
        var key: String?
        var lines: [String] = []
        func close() {
            if let key { paragraphs[key] = lines.joined(separator: " ") }
            lines = []
        }
        var inComment = false
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if inComment || line.hasPrefix("<!--") {
                inComment = !line.hasSuffix("-->")
            } else if line.hasPrefix("## ") {
                close()
                key = String(line.dropFirst(3))
            } else if !line.isEmpty {
                lines.append(String(line))
            }
        }
        close()
        self.paragraphs = paragraphs
    }

    /// The paragraph under `## key`; a missing key is a programming error (the reports' tests render every key).
    subscript(key: String) -> String {
        guard let text = paragraphs[key] else { preconditionFailure("\(file) has no paragraph '## \(key)'") }
        return text
    }
}

extension ReportProse {
    static let brushes = ReportProse(PackageResources.BrushesReport_md, file: "Brushes/BrushesReport.md")
    static let color = ReportProse(PackageResources.ColorReport_md, file: "Color/ColorReport.md")
    static let colorMatch = ReportProse(PackageResources.ColorMatchReport_md, file: "ColorMatch/ColorMatchReport.md")
    static let doubleTap = ReportProse(PackageResources.DoubleTapReport_md, file: "DoubleTap/DoubleTapReport.md")
    static let edgeButton = ReportProse(PackageResources.EdgeButtonReport_md, file: "EdgeButton/EdgeButtonReport.md")
    static let effects = ReportProse(PackageResources.EffectsReport_md, file: "Effects/EffectsReport.md")
    static let exposure = ReportProse(PackageResources.ExposureReport_md, file: "Exposure/ExposureReport.md")
    static let harmonica = ReportProse(PackageResources.HarmonicaReport_md, file: "Harmonica/HarmonicaReport.md")
    static let hysteresis = ReportProse(PackageResources.HysteresisReport_md, file: "Hysteresis/HysteresisReport.md")
    static let labelAffordance = ReportProse(
        PackageResources.LabelAffordanceReport_md, file: "LabelAffordance/LabelAffordanceReport.md")
    static let pip = ReportProse(PackageResources.PIPReport_md, file: "PIP/PIPReport.md")
    static let pause = ReportProse(PackageResources.PauseReport_md, file: "Pause/PauseReport.md")
    static let scroll = ReportProse(PackageResources.ScrollReport_md, file: "Scroll/ScrollReport.md")
    static let tapMargin = ReportProse(PackageResources.TapMarginReport_md, file: "TapMargin/TapMarginReport.md")

    /// Every question's prose by its name in `ReportProse.<name>`, for the tests.
    static let byName: [String: ReportProse] = [
        "brushes": brushes, "color": color, "colorMatch": colorMatch, "doubleTap": doubleTap, "edgeButton": edgeButton,
        "effects": effects, "exposure": exposure, "harmonica": harmonica, "hysteresis": hysteresis,
        "labelAffordance": labelAffordance, "pip": pip, "pause": pause, "scroll": scroll, "tapMargin": tapMargin,
    ]
}
