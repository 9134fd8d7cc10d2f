import Foundation

/// What a person believes one axis of a colour control does: the change of the
/// colour (CIELAB) per unit of travel along it (0…1 = the whole track), where
/// the belief came from, and whether trying it has taught them anything yet.
public struct ColorAxisBelief: Sendable, Hashable {
    public enum Source: String, Sendable, Hashable { case unknown, label, gradient, tried }
    public var effect: SIMD3<Double>
    public var source: Source

    public init(effect: SIMD3<Double> = .zero, source: Source = .unknown) {
        self.effect = effect; self.source = source
    }

    public var isKnown: Bool { source != .unknown }
}

/// Learning what the axes of a control do from what a move did (a delta rule,
/// Widrow & Hoff 1960): the seen change minus the change the beliefs predicted,
/// shared among the axes moved in proportion to how far each moved. An axis
/// known only from its label or never tried takes the first lesson whole.
enum ColorMappingLearning {
    static func learn(_ beliefs: inout [ColorAxisBelief], moved: SIMD2<Double>, seen: SIMD3<Double>, rate: Double) {
        let n2 = (0..<beliefs.count).reduce(0.0) { $0 + moved[$1] * moved[$1] }
        guard n2 > 1e-6 else { return }
        var predicted = SIMD3<Double>.zero
        for k in beliefs.indices { predicted += beliefs[k].effect * moved[k] }
        let error = seen - predicted
        for k in beliefs.indices where abs(moved[k]) > 1e-3 {
            let eta = beliefs[k].source == .tried ? rate : 1
            beliefs[k].effect += error * (eta * moved[k] / n2)
            beliefs[k].source = .tried
        }
    }
}
