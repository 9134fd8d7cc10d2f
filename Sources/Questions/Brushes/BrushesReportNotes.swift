import Designs
import Foundation
import Harness
import Reports

/// The brushes report's per-device table, why a large region takes long, and
/// (when the spec holds the iPhone's tool box) the talk's iPhone passage with
/// what the run measured of it.
extension BrushesReport {
    private var devices: [String] { spec.devices.map(\.name) }
    private func secondsPerGesture(_ t: SelectedTrials) -> String {
        t.pooled(Self.secondsPerGesture.name).median.map { formatNumber($0, digits: 1) } ?? "–"
    }

    /// With more than one device: the strategies on each (the photo's share of the screen differs most).
    func addDevices(to doc: inout ReportDocument) {
        guard devices.count > 1 else { return }
        doc.add(.heading(level: 3, text: "By device"))
        doc.add(
            .table(
                header: [
                    "strategy", "device", "photo share (median)", "median time to effect s (KM)", "reached at all",
                    "time until done s (mean)", "taps to the brush (mean)", "spill (mean)", "coverage (mean)"
                ],
                rows: strategies.flatMap { s in
                    devices.map { d in
                        let t = rows(s, device: d)
                        return [
                            s, d, kit.medianText("photo_share", t, digits: 2), kit.survivalMedianText(t),
                            kit.rate("reached_effect", t), meanText("time_to_done_s", t),
                            meanText("taps_to_brush", t, digits: 2), meanText("spill", t, digits: 2),
                            meanText("coverage", t, digits: 2)
                        ]
                    }
                }))
    }

    /// How long a region takes: the finger's travel per stroke.
    func addTravel(to doc: inout ReportDocument) {
        doc.add(.heading(level: 3, text: "How long a region takes"))
        doc.add(.paragraph(ReportProse.brushes["stroke-rubs-over"]))
        doc.add(
            .table(
                header: [
                    "task", "strategy", "photo share (median)", "strokes (mean)", "s per stroke (median)",
                    "reached at all"
                ],
                rows: spec.tasks.flatMap { k in
                    strategies.map { s in
                        let t = rows(s, task: k.id)
                        return [
                            k.label, s, kit.medianText("photo_share", t, digits: 2), meanText("strokes", t),
                            secondsPerGesture(t), kit.rate("reached_effect", t)
                        ]
                    }
                }))
    }

    /// The talk's iPhone passage and the tool box against the iPad's placements crammed onto the phone.
    func addPhone(to doc: inout ReportDocument) {
        guard let box = spec.strategies.first(where: { $0.design == "toolbox" })?.label else { return }
        doc.add(.heading(level: 3, text: "The iPhone: a tool box, not a crammed toolbar"))
        doc.add(.paragraph(ReportProse.brushes["talk-iphoto-ios"]))
        var bullets: [String] = []
        for d in devices {
            let mine = rows(box, device: d)
            for s in strategies where s != box {
                let other = rows(s, device: d)
                bullets.append(
                    "\(d): \(s) leaves the photo \(kit.medianText("photo_share", other, digits: 2)) of the screen "
                        + "against the tool box's \(kit.medianText("photo_share", mine, digits: 2)); taps to the "
                        + "brush \(meanText("taps_to_brush", other, digits: 2)) "
                        + "against \(meanText("taps_to_brush", mine, digits: 2)); time until "
                        + "done \(meanText("time_to_done_s", other)) s against \(meanText("time_to_done_s", mine)) s."
                )
            }
        }
        doc.add(.bullets(bullets))
    }
}
