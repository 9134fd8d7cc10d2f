import ImageEngine

/// The look a photo task asks for (DESIGN §2: a look no design's control space equals).
public enum PhotoGoal: Sendable, Hashable {
    /// A Curves-tool look: a monotone tone curve through `points` (x, y on the
    /// encoded 0…1 scale) applied to each channel. Design-neutral.
    case curve(points: [[Double]])
    /// Hidden adjustment values (the six exposure adjustments, or colour ones).
    /// Such a goal is a point of the control space of any design that exposes
    /// those adjustments directly, which privileges it; prefer `curve`.
    case adjustments(Adjustments)

    /// The goal look rendered from `original`.
    public func render(_ original: Image) -> Image {
        switch self {
        case .curve(let points): CurvesLook(points.map { ($0[0], $0[1]) }).apply(to: original)
        case .adjustments(let a): Renderer(threads: 1).render(original, with: a)
        }
    }

    /// Whether no design's controls can set the goal directly.
    public var isDesignNeutral: Bool { if case .curve = self { true } else { false } }

    public var description: String {
        switch self {
        case .curve(let points): "tone curve through " + points.map { "(\($0[0]), \($0[1]))" }.joined(separator: " ")
        case .adjustments(let a):
            [
                ("black_level", a.blackLevel), ("shadows", a.shadows), ("brightness", a.brightness),
                ("contrast", a.contrast),
                ("highlights", a.highlights), ("white_level", a.whiteLevel)
            ].filter { $0.1 != 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        }
    }
}
