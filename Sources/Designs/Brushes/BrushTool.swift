import ImageEngine
import Interaction

/// One brush as the person meets it: its name (printed on the brush, or shown
/// once its icon is chosen), what it paints, and whether it erases.
public struct BrushTool: Sendable, Hashable {
    public var name: String
    public var kind: BrushKind
    public var erases: Bool

    /// The brushes of every placement, backed by the engine: the talk's
    /// lighten/darken and iPhoto's saturate, desaturate and soften, and an eraser
    /// (which takes away the paint of the brush chosen before it).
    public static let all: [BrushTool] = [
        BrushTool(name: "Lighten", kind: .lighten, erases: false),
        BrushTool(name: "Darken", kind: .darken, erases: false),
        BrushTool(name: "Saturate", kind: .saturate, erases: false),
        BrushTool(name: "Desaturate", kind: .desaturate, erases: false),
        BrushTool(name: "Soften", kind: .soften, erases: false),
        BrushTool(name: "Eraser", kind: .lighten, erases: true),
    ]

    /// The control id of the brush (the same in every placement).
    public var id: String { "brush-" + name.lowercased() }
}

/// How one stroke paints (the talk: "we set the brushes up to operate fairly
/// lightly … as you rub your finger back and forth, they keep adding to it").
public enum StrokeMode: String, Sendable, Hashable, CaseIterable {
    /// Each dab adds a little; rubbing builds the effect up.
    case soft
    /// The usual painting application: one swipe paints the full effect.
    case strong
}

/// How the brush's size is chosen ("brush size is simply done by zooming in").
public enum BrushSizing: String, Sendable, Hashable, CaseIterable {
    /// The finger's contact is the brush; zooming in makes it smaller on the photo.
    case zoom
    /// A size slider, as in "a lot of painting applications"; the view stays fitted.
    case slider
}
