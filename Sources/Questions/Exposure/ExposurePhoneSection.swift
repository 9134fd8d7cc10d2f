import Designs
import Foundation
import Harness
import ImageEngine
import Interaction
import Reports

/// The talk's iPhone-portrait iteration (00:39:55–00:41:09): the exposure control
/// split into three buttons that open overlays, against the counterfactual it
/// rejects, the iPad control crammed onto the phone; and what measuring "don't
/// force your users to relearn" would need from the user model.
extension ExposureReport {
    /// The spec's strategy built from `design`, if the spec has one.
    func strategy(design: String) -> StrategySpec? { spec.strategies.first { $0.design == design } }

    func phoneSplit(into doc: inout ReportDocument) {
        guard let split = strategy(design: "exposure-control"), let crammed = strategy(design: "crammed-control") else {
            return
        }
        doc.add(.heading(level: 2, text: "The iPhone in portrait: split into overlays, or the iPad control crammed"))
        doc.add(.paragraph(ReportProse.exposure["talk-00-39"]))
        doc.add(
            .paragraph(
                "\(split.label) is the shipped design: on a compact-width screen in portrait it splits into the three "
                    + "buttons, and a tap opens an overlay above them with that part of the control — the same knobs, "
                    + ""
                    + "starting at the same places and doing the same thing as on the iPad (a test checks that a knob "
                    + "moved by the same share of its track sets the same values on both). \(crammed.label) is the "
                    + "counterfactual the talk rejects: the whole iPad control, five knobs on one track, shrunk to "
                    + "the phone's width. On an iPad the two are one design. "
                    + layoutFacts(split: split, crammed: crammed)))
        guard let phone = spec.devices.map(\.name).first(where: { $0.hasPrefix("iphone") && $0.hasSuffix("portrait") })
        else { return }
        let header = [
            "strategy · group (\(phone))", "n", "reached", "median time to effect s, Kaplan–Meier (CI)",
            "first touch s", "gestures", "missed taps",
            "wrong grabs", "missed grabs", "control switches", "wrong-control tries", "final ΔE00", "photo share"
        ]
        var rows: [[String]] = []
        for group in [nil, "novice", "expert"] as [String?] {
            for s in [split.label, crammed.label] {
                let t = trials(s, device: phone, group: group)
                guard !t.isEmpty else { continue }
                let mean = { (m: String) in self.mean(m, t) }
                rows.append([
                    "\(s) · \(group ?? "all")", "\(t.count)", kit.rate("reached_effect", t), kit.survivalMedianText(t),
                    kit.medianText("first_touch_s", t),
                    mean("touches"), mean("missed_taps"), mean("wrong_grabs"), mean("missed_grabs"),
                    mean("control_switches"), mean("wrong_control_tries"), kit.medianText("final_delta_e00", t),
                    formatNumber(t.pooled("photo_share").mean * 100, digits: 0) + "%"
                ])
            }
        }
        doc.add(.table(header: header, rows: rows))
        var claims: [String] = []
        for group in [nil, "novice", "expert"] as [String?] {
            let who = group.map { " for \($0)s" } ?? ""
            if let (d, delta) = compare(
                crammed.label, split.label, metric: "time_to_effect_s", group: group, device: phone)
            {
                claims.append(
                    "Split overlays faster than the crammed control on the phone\(who): median time to effect differs "
                        + "by \(formatEstimate(d)) s (split − crammed), Cliff's "
                        + "δ \(formatEstimate(delta)): \(verdict(d, better: .lower))."
                )
            }
            if let (d, _) = compare(crammed.label, split.label, metric: "reached_effect", group: group, device: phone) {
                claims.append(
                    "…reached more often\(who): rate difference \(formatEstimate(d, digits: 3)) (split − "
                        + "crammed): \(verdict(d, better: .higher))."
                )
            }
            if let (d, _) = compare(crammed.label, split.label, metric: "final_delta_e00", group: group, device: phone)
            {
                claims.append(
                    "…closer to the goal in the end\(who): final ΔE00 differs by \(formatEstimate(d)) (split − "
                        + "crammed): \(verdict(d, better: .lower))."
                )
            }
        }
        doc.add(.bullets(claims + [sameOnTheIPad(split.label, crammed.label, phone: phone)]))
        doc.add(
            .paragraph(
                "What the models can and cannot see here. Buttons are tapped through the dual-Gaussian landing model "
                    + "on their real frames (missed taps count), the split costs the taps and the time to choose a "
                    + "button by its label, and the crammed control offers five knobs at once (a longer choice among "
                    + "them). Behind the difference in reaching the goal is what the agent does with controls it "
                    + "cannot see: its policy plans moves over the knobs on screen, which with an overlay open are "
                    + "one part of the control. A button whose label names a region still off (\"Highlights & "
                    + "Shadows\" for the shadows, \"Brightness\" for the midtones, \"Contrast\" for both ends) counts "
                    + "like an untried knob labelled for it: opened after a known move that promises to remove much "
                    + "of what is off, but before a guess or a known move that promises little, and not again until "
                    + "the photo has got closer. So the split person adjusts one part at a time and moves between "
                    + "overlays as the worst region changes, paying a tap, a choice and a look for each, and may run "
                    + "out of patience first (it gave up in \(gaveUp(split.label, phone)) of split trials on the "
                    + "phone against \(gaveUp(crammed.label, phone)) crammed); the crammed control lets it plan over "
                    + "brightness, contrast and the ends at once (watch `refine "
                    + "replay \(widestGap(split.label, crammed.label, phone) ?? "–")`, the split trial that ended "
                    + "furthest behind the same person's crammed trial, against that trial). A drag touches down "
                    + "where a finger aimed at the knob lands (the same dual Gaussian as taps, for a thumb as wide as "
                    + "the track is thick, aimed at the part of it lying on the track), and the design grabs the knob "
                    + "nearest that touch within 22 pt; the person sees which knob moved, counts a wrong grab "
                    + "(another knob moved: its effect is credited to it and it is dragged back) or a missed grab "
                    + "(none moved), and plans again. Per trial on the phone: \(grabsText(crammed.label, phone)) "
                    + "crammed against \(grabsText(split.label, phone)) split (the table's wrong and missed grabs). "
                    + "Knobs have no drawn size of their own here: the thumb is taken as the track's 44-pt thickness."
            ))
        let pad = spec.devices.map(\.name).first { $0.hasPrefix("ipad") }
        doc.add(
            .paragraph(
                "Transfer (\"don't force your users to relearn\") is not measured. A person's knowledge lives in a "
                    + "session — one participant, one strategy, one device — and carries only from trial to trial "
                    + "inside it: what each control did (by control id and label), which hidden controls they found, "
                    + "and the practice count. The split overlays reuse the iPad control's knob ids and tonal places, "
                    + "so beliefs would carry, but the harness never starts a session with another session's memory, "
                    + "and the beliefs are in units of photo change per point of drag, not per share of the track: an "
                    + "expert coming from the iPad's \(pad.map { trackWidthText(split, on: $0) } ?? "–")-pt track "
                    + "would expect too little change per point from the "
                    + "phone's \(trackWidthText(split, on: phone))-pt track (by the ratio of the two) and overshoot "
                    + "until relearning it. Measuring transfer needs (1) a spec field for a prior session (a strategy "
                    + "and device whose trials a participant completes first, unrecorded), run before each measured "
                    + "session so that unseen designs get the same practice count, and (2) a decision, with its "
                    + "source, on whether people rescale a learned gain to a control's length; then experts from the "
                    + "iPad would meet the split overlays and a design they have not seen (six sliders) on the phone."
            ))
    }

    /// The key of `a`'s trial on `device` whose final ΔE00 exceeds the same
    /// person's, same task's first trial of `b` the most (a missing value read
    /// as 0; ties: the first by key), from each cell's largest value (`CellValues`).
    func widestGap(_ a: String, _ b: String, _ device: String) -> String? {
        let other = trials(b, device: device).cells
        var best: (gap: Double, key: [UInt8])?
        for (participant, tasks) in trials(a, device: device).cells {
            for (task, cell) in tasks {
                guard let largest = cell.largest else { continue }
                let gap = largest.value - ((other[participant]?[task]?.firstValue).flatMap { $0 } ?? 0)
                if best.map({ gap > $0.gap || (gap == $0.gap && largest.key.lexicographicallyPrecedes($0.key)) })
                    ?? true
                {
                    best = (gap, largest.key)
                }
            }
        }
        return best.map { String(decoding: $0.key, as: UTF8.self) }
    }

    /// Mean wrong and missed grabs per trial of `strategy` on `device`.
    func grabsText(_ strategy: String, _ device: String) -> String {
        let t = trials(strategy, device: device)
        return "\(mean("wrong_grabs", t)) wrong and \(mean("missed_grabs", t)) missed grabs"
    }

    func gaveUp(_ strategy: String, _ device: String) -> String {
        formatNumber(trials(strategy, device: device).pooled("gave_up").mean * 100, digits: 0) + "%"
    }

    /// Button sizes and knob spacing on the phone, and the track on both devices, read off the designs' screens.
    func layoutFacts(split: StrategySpec, crammed: StrategySpec) -> String {
        guard let phone = spec.devices.first(where: { $0.name.hasPrefix("iphone") && $0.name.hasSuffix("portrait") }),
            let splitDesign = try? ExposureDesigns.make(split.design, parameters: split.designParameters),
            let crammedDesign = try? ExposureDesigns.make(
                crammed.design, parameters: crammed.designParameters)
        else { return "" }
        var state = ExposureState(photoAspect: ExposureScreens.photoAspect)
        crammedDesign.prepare(&state)
        let buttons = splitDesign.screen(state, on: phone).controls.filter { $0.role == .button }
        let knobs = crammedDesign.screen(state, on: phone).controls.compactMap(\.thumbCenter).map(\.x).sorted()
        let gap = zip(knobs, knobs.dropFirst()).map { $1 - $0 }.min() ?? 0
        let buttonText =
            buttons.first.map {
                "\(buttons.count) buttons of \(formatNumber($0.frame.width, digits: 0)) "
                    + "× \(formatNumber($0.frame.height, digits: 0)) pt"
            } ?? "no buttons"
        return
            "On \(phone.name) the split shows \(buttonText); the crammed track "
                + "is \(trackWidthText(crammed, on: phone.name)) pt wide, and for a photo whose histogram spans 5–95% "
                + ""
                + "its knobs start \(formatNumber(gap, digits: 0)) pt "
                + "(\(formatNumber(phone.millimetres(gap), digits: 1)) mm) apart, each grabbed within 22 pt of its "
                + "centre."
    }

    func trackWidthText(_ s: StrategySpec, on device: String) -> String {
        guard let d = spec.devices.first(where: { $0.name == device }),
            let design = try? ExposureDesigns.make(s.design, parameters: s.designParameters)
        else { return "–" }
        var state = ExposureState(photoAspect: ExposureScreens.photoAspect)
        design.prepare(&state)
        state.openOverlay = "brightness"
        let track = design.screen(state, on: d).control("brightness")
        return track.map { formatNumber($0.frame.width, digits: 0) } ?? "–"
    }

    /// On an iPad the two strategies are one design and share every trial's seed: their trials must match.
    func sameOnTheIPad(_ a: String, _ b: String, phone: String) -> String {
        let others = spec.devices.map(\.name).filter { $0 != phone }
        var same = 0, n = 0, unknown = 0
        for d in others {
            let tb = trials(b, device: d).cells
            for (participant, tasks) in trials(a, device: d).cells {
                for (task, cell) in tasks {
                    n += cell.trials
                    guard let theirs = tb[participant]?[task] else { continue }
                    // Each of a's trials against b's first trial of the same person and task.
                    guard let k = cell.trials(giving: theirs.firstValue) else { unknown += cell.trials; continue }
                    same += k
                }
            }
        }
        if unknown > 0 {
            return
                "On \(others.joined(separator: ", ")) the two are the same design and share every trial's behaviour "
                    + "seed: \(same) of \(n) trials end with the same final ΔE00 (\(unknown) more were not compared: "
                    + "over \(CellValues.distinctLimit) distinct values for one person and task)."
        }
        return
            "On \(others.joined(separator: ", ")) the two are the same design and share every trial's behaviour "
                + "seed: \(same) of \(n) trials end with the same final ΔE00."
    }
}
