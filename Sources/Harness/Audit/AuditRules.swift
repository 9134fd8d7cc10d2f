import Interaction

/// The thresholds and models of `refine audit`, each with where it comes from.
/// Values marked as assumptions are Refine's own choices; the report prints the
/// table and how the findings move when the assumptions move.
public struct AuditRules: Sendable, Hashable {
    /// Smallest comfortable target, both sides (Apple HIG, "Accessibility":
    /// "a minimum tappable area of 44×44 pt for all controls").
    public var minimumTarget = 44.0
    /// WCAG 2.x contrast thresholds (success criteria 1.4.3 AA and 1.4.6 AAA):
    /// 4.5:1 and 7:1 for text, 3:1 and 4.5:1 for large text.
    public var aaText = 4.5, aaLargeText = 3.0, aaaText = 7.0, aaaLargeText = 4.5
    /// Large text in Apple's reading of WCAG (HIG "Accessibility", colour
    /// contrast table): 18 pt and up, or bold from 14 pt.
    public var largeTextPointSize = 18.0, largeBoldTextPointSize = 14.0
    /// Least CIEDE2000 difference between a warning colour and its surroundings
    /// for the warning to be seen at a glance, for a viewer with normal vision
    /// and after simulating protanopia, deuteranopia and tritanopia (Machado et
    /// al. 2009, severity 1). ΔE00 ≈ 1 is a just-noticeable difference between
    /// patches side by side; a signal must be far above it. **Assumption**: 10;
    /// the report shows the findings at 5 and 20 as well.
    public var warningDeltaE = 10.0
    /// Average advance width of a character as a share of the point size, by
    /// weight. **Assumption** (an estimate for SF Pro with mixed-case Latin text:
    /// about half an em, wider for heavier weights); the report shows the text
    /// findings at 0.9× and 1.1× these widths.
    public var characterWidth: [FontWeight: Double] = [.regular: 0.52, .medium: 0.54, .semibold: 0.56, .bold: 0.58]
    /// Line height as a multiple of the point size (HIG typography tables: body
    /// 17 pt on 22 pt leading, caption 12 on 16: about 1.3).
    public var lineHeight = 1.3
    /// Slack before an edge counts as crossed, in points (rounding in layouts).
    public var edgeTolerance = 0.5
    /// Least intersection for two controls to overlap, in square points.
    public var overlapArea = 1.0

    public init() {}

    public static let standard = AuditRules()

    /// Estimated width of `run` on one line, in points, translation included.
    public func estimatedWidth(_ run: TextRun) -> Double {
        Double(run.string.count) * run.pointSize * (characterWidth[run.weight] ?? 0.52) * run.expansion
    }

    /// The lines `run` needs in a frame `width` points wide, wrapping at spaces
    /// as text does (a word never breaks: a word wider than the frame is
    /// truncated, `longestWord` says by how much), each word and space at the
    /// estimated advance times the translation's expansion.
    public func wrappedLines(_ run: TextRun, width: Double) -> (lines: Int, longestWord: Double) {
        let em = run.pointSize * (characterWidth[run.weight] ?? 0.52) * run.expansion
        let words = run.string.split(separator: " ").map { Double($0.count) * em }
        guard !words.isEmpty else { return (0, 0) }
        var lines = 1, used = 0.0
        for w in words {
            if used == 0 {
                used = w
            } else if used + em + w <= width + edgeTolerance {
                used += em + w
            } else {
                lines += 1; used = w
            }
        }
        return (lines, words.max()!)
    }

    /// WCAG's large text, in Apple's points.
    public func isLarge(_ run: TextRun) -> Bool {
        run.pointSize >= largeTextPointSize || (run.weight.isBold && run.pointSize >= largeBoldTextPointSize)
    }

    /// The rules with every character width scaled by `factor` (the sensitivity lines).
    public func scalingCharacterWidth(_ factor: Double) -> AuditRules {
        var r = self
        r.characterWidth = characterWidth.mapValues { $0 * factor }
        return r
    }

    /// Every rule with its value and source, for the report.
    public var table: [(rule: String, value: String, source: String)] {
        [
            ("Minimum target", "\(Int(minimumTarget)) × \(Int(minimumTarget)) pt", "Apple HIG, Accessibility"),
            ("Text contrast AA", "\(aaText):1, large text \(aaLargeText):1", "WCAG 2.x SC 1.4.3"),
            ("Text contrast AAA", "\(aaaText):1, large text \(aaaLargeText):1", "WCAG 2.x SC 1.4.6"),
            (
                "Large text", "≥ \(Int(largeTextPointSize)) pt, or bold ≥ \(Int(largeBoldTextPointSize)) pt",
                "Apple HIG, Accessibility (colour contrast)"
            ),
            (
                "Warning distinguishable", "ΔE00 ≥ \(warningDeltaE) after CVD simulation",
                "assumption (ΔE00 ≈ 1 is a JND); Machado et al. 2009 simulation"
            ),
            (
                "Character width",
                FontWeight.allCases.map { "\($0.rawValue) \(characterWidth[$0] ?? 0) em" }.joined(separator: ", "),
                "assumption: an estimate of SF Pro's average advance"
            ),
            ("Line height", "\(lineHeight) × point size", "Apple HIG typography tables (17 pt on 22 pt)"),
            (
                "Dynamic Type sizes",
                ContentSizeCategory.allCases.map { "\($0.rawValue) \(Int($0.bodyPointSize))" }.joined(separator: ", ")
                    + " pt (body)",
                "Apple HIG, Typography: Dynamic Type sizes"
            ),
            (
                "Translation expansion", "word ≤ 10 characters 3×, phrase 2×, sentence 1.3×",
                "WWDC talk on inclusive design (talks/003)"
            )
        ]
    }
}
