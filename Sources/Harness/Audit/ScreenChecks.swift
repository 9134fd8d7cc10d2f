import ImageEngine
import Interaction

/// What the audit finds wrong on a screen.
public enum ViolationKind: String, Sendable, Codable, Hashable, CaseIterable {
    /// A control narrower or shorter than the minimum target.
    case smallTarget = "small-target"
    /// Two controls (not a scroll area and its content, not knobs on one track) share area.
    case overlap
    /// A control or its text outside the window, or with no area left.
    case offScreen = "off-screen"
    /// A control under the status bar, notch, sensor housing or home indicator.
    case unsafeArea = "unsafe-area"
    /// A label that no longer fits its frame (estimated width).
    case textOverflow = "text-overflow"
    /// A label below WCAG AA contrast on its background.
    case lowContrast = "low-contrast"
    /// A warning colour too close to its surroundings for some viewer.
    case warningIndistinct = "warning-indistinct"
}

/// One violation on one screen.
public struct Finding: Sendable, Codable, Hashable {
    public var kind: ViolationKind
    /// The controls involved (`id`, or `id#text` for a control's text).
    public var controls: [String]
    public var detail: String
    /// The measured figure (pt, ratio, ΔE00) the detail quotes.
    public var value: Double
    /// For a warning: the viewer (`normal`, `protan`, `deutan`, `tritan`).
    public var viewer: String?
}

/// Something the audit measured or could not check, which is not a violation.
public struct AuditNote: Sendable, Codable, Hashable {
    public var control: String
    public var detail: String
}

/// The checks of one screen: pure functions of the screen and the rules.
public struct ScreenChecks: Sendable {
    public var rules: AuditRules

    public init(rules: AuditRules = .standard) { self.rules = rules }

    /// Every violation on `screen`, and the notes (AAA misses, what could not be checked).
    public func run(_ screen: Screen) -> (findings: [Finding], notes: [AuditNote]) {
        var notes: [AuditNote] = []
        let findings =
            targets(screen) + overlaps(screen) + placement(screen) + textFit(screen)
            + contrast(screen, notes: &notes) + warnings(screen, notes: &notes)
        return (findings, notes)
    }

    public func targets(_ s: Screen) -> [Finding] {
        s.controls.compactMap { c in
            let m = rules.minimumTarget
            guard c.frame.width < m - rules.edgeTolerance || c.frame.height < m - rules.edgeTolerance else {
                return nil
            }
            return Finding(
                kind: .smallTarget, controls: [c.id],
                detail: "\(fmt(c.frame.width)) × \(fmt(c.frame.height)) pt (under \(fmt(m)) × \(fmt(m)))",
                value: min(c.frame.width, c.frame.height))
        }
    }

    /// Pairs of controls sharing area, except a scroll area and what scrolls in
    /// it and knobs sharing one track (one control, several knobs).
    public func overlaps(_ s: Screen) -> [Finding] {
        var out: [Finding] = []
        let cs = s.controls
        for i in cs.indices {
            for j in cs.indices where j > i {
                let a = cs[i], b = cs[j]
                if a.role == .knob && b.role == .knob && a.frame == b.frame { continue }
                if a.role == .scrollArea && b.role != .scrollArea && a.frame.contains(b.frame.center) { continue }
                if b.role == .scrollArea && a.role != .scrollArea && b.frame.contains(a.frame.center) { continue }
                let area = intersection(a.frame, b.frame)
                if area >= rules.overlapArea {
                    let detail = "\(fmt(area)) pt² shared"
                    out.append(Finding(kind: .overlap, controls: [a.id, b.id], detail: detail, value: area))
                }
            }
        }
        return out
    }

    /// Controls (and their text) outside the window or collapsed; controls under
    /// the unsafe margins.
    public func placement(_ s: Screen) -> [Finding] {
        let window = s.device.bounds, safe = s.device.safeBounds, t = rules.edgeTolerance
        var out: [Finding] = []
        func outside(_ r: Rect) -> Bool {
            r.minX < window.minX - t || r.minY < window.minY - t || r.maxX > window.maxX + t || r.maxY > window.maxY + t
        }
        for c in s.controls {
            if c.frame.width <= 0 || c.frame.height <= 0 {
                out.append(
                    Finding(
                        kind: .offScreen, controls: [c.id],
                        detail: "no area left (\(fmt(c.frame.width)) × \(fmt(c.frame.height)) pt)", value: 0))
                continue
            }
            if outside(c.frame) {
                out.append(
                    Finding(
                        kind: .offScreen, controls: [c.id],
                        detail: "beyond the \(fmt(window.width)) × \(fmt(window.height)) pt window", value: 0))
            } else {
                var edges: [String] = []
                if c.frame.minY < safe.minY - t { edges.append("top (status bar, notch)") }
                if c.frame.maxY > safe.maxY + t { edges.append("bottom (home indicator)") }
                if c.frame.minX < safe.minX - t { edges.append("left (sensor housing)") }
                if c.frame.maxX > safe.maxX + t { edges.append("right (sensor housing)") }
                if !edges.isEmpty {
                    out.append(
                        Finding(
                            kind: .unsafeArea, controls: [c.id],
                            detail: "under the unsafe " + edges.joined(separator: ", "), value: 0))
                }
            }
            for run in c.text where run.frame.map(outside) == true {
                out.append(
                    Finding(
                        kind: .offScreen, controls: [c.id + "#text"], detail: "'\(run.string)' beyond the window",
                        value: 0))
            }
        }
        return out
    }

    /// Text that does not fit its frame: more lines than the frame's height
    /// holds once wrapped at spaces, or a word wider than the frame (a word
    /// never breaks). Widths are estimates: characters × size × average
    /// advance × the translation's expansion; real fonts differ by glyph.
    public func textFit(_ s: Screen) -> [Finding] {
        var out: [Finding] = []
        for c in s.controls {
            for run in c.text {
                let frame = run.frame ?? c.frame
                let line = run.pointSize * rules.lineHeight
                let lines = max(0, (frame.height / line).rounded(.down))
                let width = max(0, frame.width)
                let (needed, longest) = rules.wrappedLines(run, width: width)
                if lines < 1 {
                    out.append(
                        Finding(
                            kind: .textOverflow, controls: [c.id + "#text"],
                            detail:
                                "'\(run.string)' at \(fmt(run.pointSize)) pt needs a \(fmt(line)) pt line, "
                                    + "has \(fmt(frame.height)) pt",
                            value: line / max(frame.height, 1)))
                } else if longest > width + rules.edgeTolerance {
                    out.append(
                        Finding(
                            kind: .textOverflow, controls: [c.id + "#text"],
                            detail:
                                "'\(run.string)' at \(fmt(run.pointSize)) pt ×\(fmt(run.expansion)): a word needs "
                                    + "≈\(fmt(longest)) pt, the frame is \(fmt(width)) pt wide",
                            value: longest / max(width, 1)))
                } else if Double(needed) > lines {
                    out.append(
                        Finding(
                            kind: .textOverflow, controls: [c.id + "#text"],
                            detail:
                                "'\(run.string)' at \(fmt(run.pointSize)) pt ×\(fmt(run.expansion)) wraps "
                                    + "to \(needed) lines of \(fmt(width)) pt, the frame holds \(Int(lines))",
                            value: Double(needed) / lines))
                }
            }
        }
        return out
    }

    public func contrast(_ s: Screen, notes: inout [AuditNote]) -> [Finding] {
        var out: [Finding] = []
        for c in s.controls {
            for run in c.text {
                guard let fg = run.foreground ?? c.foreground, let bg = run.background ?? c.background ?? s.background
                else {
                    notes.append(
                        AuditNote(control: c.id + "#text", detail: "contrast not checked: colours not described"))
                    continue
                }
                let ratio = ColorScience.contrastRatio(Self.srgb(fg), Self.srgb(bg))
                let large = rules.isLarge(run)
                let aa = large ? rules.aaLargeText : rules.aaText, aaa = large ? rules.aaaLargeText : rules.aaaText
                if ratio < aa {
                    out.append(
                        Finding(
                            kind: .lowContrast, controls: [c.id + "#text"],
                            detail:
                                "'\(run.string)' \(fg) on \(bg): \(fmt(ratio)):1, under "
                                    + "AA \(fmt(aa)):1\(large ? " (large text)" : "")",
                            value: ratio))
                } else if ratio < aaa {
                    notes.append(
                        AuditNote(
                            control: c.id + "#text",
                            detail: "'\(run.string)' \(fmt(ratio)):1 passes AA, under AAA \(fmt(aaa)):1"))
                }
            }
        }
        return out
    }

    /// The viewers a warning must work for.
    public static let viewers: [(name: String, simulator: CVDSimulator?)] =
        [
            ("normal", nil), ("protan", CVDSimulator(.protan)), ("deutan", CVDSimulator(.deutan)),
            ("tritan", CVDSimulator(.tritan))
        ]

    /// ΔE00 between a warning and its surroundings as `viewer` sees them.
    public static func warningDifference(
        _ warning: ScreenColor, _ surroundings: ScreenColor, viewer: CVDSimulator?
    ) -> Double {
        var w = srgb(warning), b = srgb(surroundings)
        if let v = viewer { w = v.simulate(w); b = v.simulate(b) }
        return ColorScience.deltaE2000(ColorScience.lab(w), ColorScience.lab(b))
    }

    public func warnings(_ s: Screen, notes: inout [AuditNote]) -> [Finding] {
        var out: [Finding] = []
        for c in s.controls {
            guard let w = c.warningColor else { continue }
            guard let around = c.warningSurroundings(on: s) else {
                notes.append(
                    AuditNote(
                        control: c.id,
                        detail:
                            "warning '\(c.warning ?? "")' \(w) not checked: drawn over the photo, no one surrounding "
                                + "colour"
                    ))
                continue
            }
            for viewer in Self.viewers {
                let d = Self.warningDifference(w, around, viewer: viewer.simulator)
                if d < rules.warningDeltaE {
                    out.append(
                        Finding(
                            kind: .warningIndistinct, controls: [c.id],
                            detail:
                                "warning '\(c.warning ?? "")' \(w) on \(around): ΔE00 \(fmt(d)) for a \(viewer.name) "
                                    + "viewer (under \(fmt(rules.warningDeltaE)))",
                            value: d, viewer: viewer.name))
                }
            }
        }
        return out
    }

    static func srgb(_ c: ScreenColor) -> SRGBColor { SRGBColor(r8: c.red, g8: c.green, b8: c.blue) }

    func intersection(_ a: Rect, _ b: Rect) -> Double {
        let w = min(a.maxX, b.maxX) - max(a.minX, b.minX), h = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return w > 0 && h > 0 ? w * h : 0
    }
}

/// A figure with at most one decimal, trailing zero dropped.
func fmt(_ v: Double) -> String {
    let r = (v * 10).rounded() / 10
    return r == r.rounded() ? String(Int(r)) : String(r)
}
