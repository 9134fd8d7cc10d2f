import Foundation
import Harness
import ImageEngine

/// A spec's strategies as Refine reads them: each screen each strategy shows on each of the spec's devices,
/// drawn as the audit draws a screen (controls filled and outlined, labels as bars as long as their estimated
/// text, the photo grey, the unsafe margins shaded), large enough to look at. A designer checks here that a
/// design file says what they meant before any trial runs.
public enum StrategyWireframes {
    /// Long side of a wireframe, in pixels.
    public static let longSide = 480.0

    /// Writes `<label>-<device>-<screen>.png` for the strategies labelled `labels` (all when empty) into
    /// `output` (a folder Refine owns, replaced whole); returns the files' names.
    @discardableResult
    public static func write(spec: ExperimentSpec, labels: [String], to output: URL) throws -> [String] {
        let strategies = spec.strategies.filter { labels.isEmpty || labels.contains($0.label) }
        var names: [String] = []
        try StagedFolder.write(to: output, inputs: [spec.path]) { folder in
            for s in strategies {
                for device in spec.devices {
                    for screen in try spec.plugin.auditScreens(s, tasks: spec.tasks, on: device) {
                        let name = "\(s.label)-\(device.name)-\(screen.name).png"
                        let image = AuditWireframe.render(
                            screen.screen, findings: [], rules: .standard, longSide: longSide, thumbs: true)
                        try PNGFile.write(image, to: folder.appendingPathComponent(name))
                        names.append(name)
                    }
                }
            }
        }
        return names
    }
}
