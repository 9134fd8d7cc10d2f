import Interaction

/// Where the brushes live: the talk's four iterations.
public enum BrushPlacement: String, Sendable, Hashable, CaseIterable {
    /// "You can add these different bricks for the different operations": a side
    /// panel that starts with no bricks and an Add button with a menu of operations.
    case bricks
    /// "Make those available all the time": every brush a labelled brick in a
    /// column beside the photo ("the image is not as big as it could be").
    case row
    /// "Move them down along the bottom": unlabelled icons in the bottom toolbar
    /// ("it can be hard to get those to stand out"); the chosen one shows its name.
    case bottomIcons = "bottom-icons"
    /// The shipped design: one brushes button in the toolbar; the brushes pop up
    /// above it, labelled, the rest dimmed, and tuck down once one is chosen.
    case popup
}

/// What the brush screen shows at a moment: the placement's own state.
public struct BrushUIState: Sendable, Hashable {
    /// The chosen brush's name, if any.
    public var selected: String?
    /// The last painting brush chosen (what the eraser takes away).
    public var lastPaint: String?
    /// The pop-up (or the bricks' Add menu) is open.
    public var menuOpen = false
    /// Bricks added so far (bricks placement), in order.
    public var bricks: [String] = []
    /// Zoom of the view: 1 shows the whole photo (zoom sizing).
    public var zoom = 1.0
    /// Centre of the view on the photo, normalised (0…1).
    public var centre = Point(0.5, 0.5)
    /// The size slider's value, 0…1 (slider sizing).
    public var size = 0.5
    public init() {}
}

/// Point sizes of the layout on an iPad in landscape, as the talk's screenshots
/// show it (assumption: measured by eye from the talk, not from iPhoto's nib).
enum BrushLayout {
    static let topBar = 44.0, toolbar = 56.0, sidePanel = 200.0, rowColumn = 120.0
    static let menuRow = 44.0, icon = 44.0, popupWidth = 64.0, popupHeight = 200.0, slider = 220.0
}
