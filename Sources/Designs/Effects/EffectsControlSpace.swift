import ImageEngine

/// The looks one family's refiner can set: a few discrete looks (buttons,
/// swipe steps), or a box of continuous axes with the effect at each point.
public enum LookSpace: Sendable {
    case discrete([Effect])
    case continuous(axes: [ControlAxis], effect: @Sendable ([Double]) -> Effect)
}

extension EffectsDesign {
    /// Everything this design's refiner can set, family by family (the browser
    /// only decides how a family is reached, not what can be set in it).
    public func reachableLooks() -> [LookSpace] {
        EffectFamily.allCases.map { family in
            guard family.isContinuous else {
                return .discrete((0..<EffectCatalog.family(family).count).map { Effect(family: family, look: $0) })
            }
            switch (refiner, family) {
            case (.oneSwipe, _):
                return .continuous(axes: [ControlAxis("position", 0...1, start: 0.5)]) {
                    Effect(family: family, position: $0[0])
                }
            case (.threeSliders, .blackAndWhite):
                // Red and green sliders; blue makes up the 100%.
                return .continuous(axes: [
                    ControlAxis("red", 0...1, start: 0.333), ControlAxis("green", 0...1, start: 0.334)
                ]) { x in
                    let red = x[0], green = min(x[1], 1 - red)
                    return Effect(
                        family: family, mix: ChannelMix(red: red, green: green, blue: max(0, 1 - red - green)))
                }
            case (.threeSliders, _):
                return .continuous(axes: [
                    ControlAxis("position", 0...1, start: 0.5), ControlAxis("amount", 0...1, start: 1)
                ]) {
                    Effect(family: family, position: $0[0], amount: $0[1])
                }
            }
        }
    }
}
