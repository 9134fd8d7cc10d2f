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
        doc.add(
            .paragraph(
                "A stroke rubs over every patch that still looks unpainted, in lines a brush width apart, so the "
                    + "finger travels about the region's area on screen divided by the brush's width. Each line is "
                    + "steered as the steering-law check steers a tunnel (the same staircase, never faster than the "
                    + "person's fastest flick, motor.release_speed_pt_s × motor.max_speed_factor), as wide as the "
                    + "room the line leaves before the brush would reach past the rows being rubbed: one patch at "
                    + "the region's top and bottom rows, more in its middle. Sized by zoom, the brush is the "
                    + "finger's contact at zoom 1 and only gets smaller: a region much wider than the brush (the "
                    + "sky) is painted at zoom 1, and the larger the photo is drawn, the longer each pass. A soft "
                    + "brush needs about two passes before the region is within tolerance. A size slider (a brush "
                    + "larger than the finger) or strong strokes (one pass) shorten it. Per task, the photo's "
                    + "share of the screen, "
                    + "the strokes, and the seconds each stroke or erase took with the look after it (median over "
                    + "trials; the stroke in flight at the time limit counts only up to it, so where strokes are long "
                    + "this reads short):"
            ))
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
        doc.add(
            .paragraph(
                "The talk (iPhoto for iOS, WWDC 2012, 00:39:08–00:39:54): \"You can see there on the left, those are "
                    + "your … sort of tools that you can select. And then when you select one, those tools sort of "
                    + "flip over on the right. Well, on the iPhone, we don't have enough room for that … On the "
                    + "iPhone, what we did was we sort of had a collapsible tool bar … the little sort of tool box "
                    + "icon. You tap the tool box and the controls come out. You select a control and they go away. … "
                    + "Cramming a whole bunch of controls on the iPhone would have been the wrong thing.\" The tool "
                    + "box is laid out for the phone it runs on; the other placements are the iPad's, laid out on the "
                    + "phone's screen as a port that keeps them would be (panels keep their widths, bars take the iOS "
                    + "heights, rows of controls shrink to fit), so what cramming costs comes out of the layout: the "
                    + "photo's share of the screen, the targets' sizes through the landing model, and the finger's "
                    + "travel over a smaller photo."
            ))
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
