/// What words on a control suggest it changes: everyday photo vocabulary, the
/// knowledge any person brings — never the name of a design.
public enum Lexicon {
    /// Regions a label claims to affect, from its words (case-insensitive).
    public static func regions(for label: String) -> [PhotoRegion] {
        let text = label.lowercased()
        var out: [PhotoRegion] = []
        func has(_ words: String...) -> Bool { words.contains { text.contains($0) } }
        if has("shadow", "black", "dark") { out.append(.shadows) }
        if has("highlight", "white", "bright area") { out.append(.highlights) }
        if has("brightness", "exposure", "light") && !out.contains(.highlights) { out.append(.midtones) }
        if has("contrast") { out += [.shadows, .highlights] }
        if has("saturation", "vibrance", "colour", "color", "vivid") { out.append(.overall) }
        if has("sky", "blue") { out.append(.sky) }
        if has("skin", "tone", "portrait") { out.append(.skin) }
        if has("green", "foliage", "grass", "tree") { out.append(.foliage) }
        return out
    }

    /// Regions suggested by a control's place on a dark-to-light scale.
    public static func regions(forTone t: Double) -> [PhotoRegion] {
        t < 0.3 ? [.shadows] : t > 0.7 ? [.highlights] : [.midtones]
    }

    /// Whether a label names a place to go rather than an option to apply: a way
    /// back or to a collection ("Back", "Done", "Effects", "More").
    public static func leadsElsewhere(_ label: String) -> Bool {
        let words = label.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        let navigation: Set<String> = ["back", "done", "cancel", "close", "menu", "more", "all", "browse", "effects",
                                       "filters", "looks", "presets", "library", "home"]
        return !words.isEmpty && words.allSatisfy { navigation.contains($0) }
    }

    /// Whether a label names a brush's or a tool's size ("Size", "Brush size", "Radius", "Width").
    public static func namesSize(_ label: String?) -> Bool {
        let words = Set((label ?? "").lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        return !words.isDisjoint(with: ["size", "radius", "width", "diameter", "thickness"])
    }

    /// The words of a label (for reading time).
    public static func wordCount(_ label: String) -> Int {
        label.split(whereSeparator: { $0 == " " || $0 == "&" || $0 == "/" }).count
    }
}
