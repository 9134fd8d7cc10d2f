import Foundation
import ImageEngine
import Interaction
import Randomness

/// What a control shows that says "tap me", read from the screen's rich
/// description only (colours, type, frame) — never its role, id, the design's
/// own `visibleAffordance` flag or which design drew it. Each cue runs 0…1.
///
/// The cues are the visual signifiers Swearngin & Li (CHI 2019, "Modeling
/// Mobile Interface Tappability Using Crowdsourcing and Deep Learning") found
/// people use to judge tappability: a shape set off from its surroundings, its
/// colour, the type, and where on the screen it sits (tappable things at the
/// bottom and top corners, non-tappable ones at the top centre).
public struct SignifierCues: Sendable, Hashable {
    /// A fill set off from what is behind it (ΔE00 between them, over `fullDE`).
    public var fill: Double
    /// A chromatic (accent) colour in its ink or fill (ΔE00 from the grey of the
    /// same lightness, over `fullDE`): tinted text or a tinted shape.
    public var accent: Double
    /// The heaviest weight of its type: regular 0, medium ⅓, semibold ⅔, bold 1.
    public var weight: Double
    /// 1 off the top centre of the screen, 0 in it (the top fifth, middle third).
    public var position: Double

    public init(fill: Double, accent: Double, weight: Double, position: Double) {
        self.fill = fill; self.accent = accent; self.weight = weight; self.position = position
    }

    /// The cues as a list, in the order of `SignifierModel.weights`.
    public var values: [Double] { [fill, accent, weight, position] }

    /// The cues `control` shows on `screen`; a colour difference of `fullDE`
    /// ΔE00 or more counts as the whole cue.
    public static func of(_ control: Control, on screen: Screen, fullDE: Double) -> SignifierCues {
        func lab(_ c: ScreenColor) -> Lab { ColorScience.lab(SRGBColor(r8: c.red, g8: c.green, b8: c.blue)) }
        func share(_ de: Double) -> Double { min(1, max(0, de / max(1e-9, fullDE))) }
        var fill = 0.0
        if let bg = control.background, let behind = surroundings(of: control, on: screen) {
            fill = share(ColorScience.deltaE2000(lab(bg), lab(behind)))
        }
        let inks = [control.foreground, control.background].compactMap { $0 } + control.text.compactMap(\.foreground)
        let accent =
            inks.map { c -> Double in
                let l = lab(c)
                return share(ColorScience.deltaE2000(l, Lab(l.l, 0, 0)))
            }.max() ?? 0
        let ranks: [FontWeight: Double] = [.regular: 0, .medium: 1.0 / 3, .semibold: 2.0 / 3, .bold: 1]
        let weight = control.text.map { ranks[$0.weight] ?? 0 }.max() ?? 0
        let b = screen.device.bounds, c = control.frame.center
        let topCentre = c.y < b.minY + b.height / 5 && c.x > b.minX + b.width / 3 && c.x < b.maxX - b.width / 3
        return SignifierCues(fill: fill, accent: accent, weight: weight, position: topCentre ? 0 : 1)
    }

    /// What is drawn behind `control`: the fill of the topmost control drawn
    /// before it that contains its centre, else the screen's background.
    static func surroundings(of control: Control, on screen: Screen) -> ScreenColor? {
        guard let index = screen.controls.firstIndex(of: control) else { return screen.background }
        let under = screen.controls[..<index].last { $0.background != nil && $0.frame.contains(control.frame.center) }
        return under?.background ?? screen.background
    }
}

/// How likely a person judges a control to be tappable from its cues: a
/// logistic of the weighted cues, every weight non-negative so a further cue
/// never makes a control look less like a button, with the person's glance-to-
/// glance noise on the log-odds. Constants: `signifier.*` in the ParameterCatalog.
public struct SignifierModel: Sendable, Hashable {
    /// Log-odds of "tappable" for a control showing no cue.
    public var intercept: Double
    /// Log-odds each whole cue adds, in `SignifierCues.values` order (fill, accent, weight, position).
    public var weights: [Double]
    /// SD of the noise on one judgement's log-odds.
    public var noiseSD: Double
    /// The ΔE00 at which a colour cue counts in full.
    public var fullDE: Double

    public init(intercept: Double, weights: [Double], noiseSD: Double, fullDE: Double) {
        precondition(
            weights.count == 4 && weights.allSatisfy { $0 >= 0 }, "signifier weights are four non-negative numbers")
        self.intercept = intercept; self.weights = weights; self.noiseSD = noiseSD; self.fullDE = fullDE
    }

    public init(participant p: Participant) {
        self.init(
            intercept: p["signifier.intercept"],
            weights: [
                p["signifier.fill_weight"], p["signifier.accent_weight"], p["signifier.weight_weight"],
                p["signifier.position_weight"]
            ],
            noiseSD: p["signifier.noise_sd"], fullDE: p["signifier.full_cue_de00"])
    }

    /// The log-odds of "tappable" for `cues`, without noise.
    public func logOdds(_ cues: SignifierCues) -> Double {
        zip(weights, cues.values).reduce(intercept) { $0 + $1.0 * $1.1 }
    }

    /// The probability a person judges a control with `cues` tappable, without noise.
    public func tappability(_ cues: SignifierCues) -> Double { 1 / (1 + exp(-logOdds(cues))) }

    /// One person's glance at every control on `screen`: how likely each looks tappable (by id).
    public func glance<G: RandomNumberGenerator>(_ screen: Screen, using g: inout G) -> [String: Double] {
        var out: [String: Double] = [:]
        for c in screen.controls {
            let z = logOdds(SignifierCues.of(c, on: screen, fullDE: fullDE)) + g.normal(mean: 0, sd: noiseSD)
            out[c.id] = 1 / (1 + exp(-z))
        }
        return out
    }
}
