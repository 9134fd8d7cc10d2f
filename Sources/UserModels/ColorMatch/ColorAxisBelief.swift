import Foundation
import ImageEngine

/// What a person believes one axis of a colour control does: the change of the
/// colour (CIELAB) per unit of travel along it (0…1 = the whole track), where
/// the belief came from, and the colour it was formed at. What an axis does
/// can depend on where the other axes are (at grey a hue slider does nothing;
/// once there is colour it turns it), so a belief is local to its colour.
public struct ColorAxisBelief: Sendable, Hashable {
    /// `doubted`: learned by trying, but where the colour was far from where it
    /// is now; the next lesson about it is taken whole and it is re-tested first.
    public enum Source: String, Sendable, Hashable { case unknown, label, gradient, tried, doubted }
    public var effect: SIMD3<Double>
    public var source: Source
    /// The colour (CIELAB) the belief was formed at; nil when not tied to one.
    public var anchor: SIMD3<Double>?

    public init(effect: SIMD3<Double> = .zero, source: Source = .unknown, anchor: SIMD3<Double>? = nil) {
        self.effect = effect; self.source = source; self.anchor = anchor
    }

    public var isKnown: Bool { source != .unknown }

    /// Whether the belief was formed at a colour more than `context` ΔE00 from `here`
    /// (CIELAB): the other axes have since moved the colour that far.
    public func isFormed(farFrom here: SIMD3<Double>, by context: Double) -> Bool {
        guard let a = anchor else { return false }
        return ColorScience.deltaE2000(Lab(a.x, a.y, a.z), Lab(here.x, here.y, here.z)) > context
    }
}

/// Learning what the axes of a control do from what a move did (a delta rule,
/// Widrow & Hoff 1960): the seen change minus the change the beliefs predicted,
/// shared among the axes moved in proportion to how far each moved. An axis
/// known only from its label, never tried, or doubted takes the lesson whole;
/// every axis moved is then anchored at `at`, the colour after the move.
enum ColorMappingLearning {
    static func learn(
        _ beliefs: inout [ColorAxisBelief], moved: SIMD2<Double>, seen: SIMD3<Double>, rate: Double,
        at: SIMD3<Double>? = nil
    ) {
        let n2 = (0..<beliefs.count).reduce(0.0) { $0 + moved[$1] * moved[$1] }
        guard n2 > 1e-6 else { return }
        var predicted = SIMD3<Double>.zero
        for k in beliefs.indices { predicted += beliefs[k].effect * moved[k] }
        let error = seen - predicted
        for k in beliefs.indices where abs(moved[k]) > 1e-3 {
            let eta = beliefs[k].source == .tried ? rate : 1
            beliefs[k].effect += error * (eta * moved[k] / n2)
            beliefs[k].source = .tried
            if let at { beliefs[k].anchor = at }
        }
    }
}
