/// The catalogue's "assumption" parameters (no published figure behind them),
/// in groups that a screening analysis moves together (Morris with groups,
/// Campolongo et al. 2007), each over a plausible range.
public enum ParameterGroups {
    /// Every group a screening can move: name → the assumption parameters in it,
    /// in catalogue order. `gesture` (touch and slide habits of the gesture
    /// questions) is screened only by specs that name it (`screen: {groups: …}`).
    public static let all: [(name: String, paths: [String])] = {
        let groups: [(String, (String) -> Bool)] = [
            ("motor", { $0.hasPrefix("motor.") }),
            (
                "throwing beliefs",
                {
                    $0.hasPrefix("belief.") || $0.hasPrefix("style.") || $0.hasPrefix("learning.throw")
                        || $0.hasPrefix("learning.drag")
                }
            ),
            ("perception and cognition", { $0.hasPrefix("perception.") || $0.hasPrefix("cognition.") }),
            ("memory", { $0.hasPrefix("memory.") }),
            ("agent judgement", { $0.hasPrefix("agent.") }),
            ("taste", { $0.hasPrefix("preference.") }),
            ("gesture", { $0.hasPrefix("gesture.") }),
            ("painting", { $0.hasPrefix("paint.") }),
            ("signifiers", { $0.hasPrefix("signifier.") })
        ]
        let assumptions = ParameterCatalog.all.filter { $0.source.lowercased().hasPrefix("assumption") }
        return groups.map { name, member in (name, assumptions.filter { member($0.path) }.map(\.path)) }.filter {
            !$0.paths.isEmpty
        }
    }()

    /// The groups a spec screens when it names none: every group but `gesture`,
    /// `painting` and `signifiers` (the set every spec screened before those questions existed).
    public static let screened: [(name: String, paths: [String])] = all.filter {
        !["gesture", "painting", "signifiers"].contains($0.name)
    }

    /// The groups called `names`, in `all`'s order; nil: `screened`. Unknown names are left out
    /// (specs are checked against `all` when read).
    public static func screened(named names: [String]?) -> [(name: String, paths: [String])] {
        guard let names else { return screened }
        return all.filter { names.contains($0.name) }
    }

    /// The range a screening moves a parameter's centre across: half to twice the
    /// default (a weight centred on 0: −1…1), inside the allowed range.
    public static func plausibleRange(_ def: ParameterDefinition) -> ClosedRange<Double> {
        let typical = def.novice.typical
        let lo: Double, hi: Double
        if typical == 0 {
            (lo, hi) = (-1, 1)
        } else if typical > 0 {
            (lo, hi) = (typical / 2, typical * 2)
        } else {
            (lo, hi) = (typical * 2, typical / 2)
        }
        let a = min(max(lo, def.allowed.lowerBound), def.allowed.upperBound),
            b = min(max(hi, def.allowed.lowerBound), def.allowed.upperBound)
        return a...max(a, b)
    }
}
