/// One entry of the effects browser: a family and a point on it, with a name.
public struct CatalogEffect: Sendable, Hashable, Codable, Identifiable {
    /// Stable id, `<family>-<n>` with n = 1…4, e.g. `bw-3`.
    public let id: String
    /// Label shown under the thumbnail.
    public let displayName: String
    /// The family.
    public let family: EffectFamily
    /// The effect it renders.
    public let effect: Effect
}

/// The 24 named effects (six families × four) an effects browser shows, in
/// browser order (family by family).
public enum EffectCatalog {
    /// All 24 effects.
    public static let all: [CatalogEffect] = {
        var out: [CatalogEffect] = []
        func add(_ f: EffectFamily, _ names: [(String, Double)]) {
            for (i, (name, pos)) in names.enumerated() {
                let e = f.isContinuous ? Effect(family: f, position: pos) : Effect(family: f, look: i)
                out.append(CatalogEffect(id: "\(f.rawValue)-\(i + 1)", displayName: name, family: f, effect: e))
            }
        }
        add(.blackAndWhite, [("Classic", 0.5), ("Red Filter", 0.0), ("Green Filter", 0.75), ("Blue Filter", 1.0)])
        add(.aura, [("Vivid", 1.0), ("Pop", 0.8), ("Soft", 0.3), ("Muted", 0.0)])
        add(.warmCool, [("Warm", 0.75), ("Sunset", 1.0), ("Cool", 0.25), ("Arctic", 0.0)])
        add(.duotone, [("Sepia", 60.0 / 360), ("Cyanotype", 230.0 / 360), ("Jade", 150.0 / 360), ("Rose", 350.0 / 360)])
        add(.vintage, Looks.vintage.map { ($0.name, 0) })
        add(.artistic, Looks.artistic.map { ($0.name, 0) })
        return out
    }()

    /// Finds an effect by id (`bw-3`) or display name (case-insensitive).
    public static func named(_ key: String) -> CatalogEffect? {
        let k = key.lowercased()
        return all.first { $0.id == k || $0.displayName.lowercased() == k }
    }

    /// The four effects of one family.
    public static func family(_ f: EffectFamily) -> [CatalogEffect] { all.filter { $0.family == f } }
}
