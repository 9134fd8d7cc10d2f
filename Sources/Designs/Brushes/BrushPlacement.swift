import Interaction

/// Where the brushes live: the talk's four iPad iterations, and the iPhone's toolbox.
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
    /// The iPhone's answer ("we don't have enough room for that … we sort of had a
    /// collapsible tool bar"): a tool box icon at the toolbar's leading edge; tapped,
    /// the brushes come out above the toolbar, labelled; choosing one puts them
    /// away, and the collapsed toolbar shows the brush in use beside the tool box.
    case toolbox
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

/// Point sizes of the layout on the device it runs on. On a regular-width,
/// regular-height screen (an iPad) they are the talk's iPad screenshots
/// (assumption: measured by eye from the talk, not from iPhoto's nib). Elsewhere
/// the same design is laid out on the smaller screen, as a port that keeps the
/// iPad's controls would be: the bars take the iOS heights (44 pt, 32 pt where
/// the height is compact: the HIG's toolbar and navigation bar), the panels
/// beside the photo keep their widths (their labels are in points), and rows of
/// controls that no longer fit shrink to share the room they have.
struct BrushLayout {
    var topBar = 44.0, toolbar = 56.0, sidePanel = 200.0, rowColumn = 120.0
    var menuRow = 44.0, icon = 44.0, iconGap = 16.0, popupWidth = 64.0, popupHeight = 200.0, slider = 220.0
    /// Narrowest cell of the tool box's brushes: wide enough for "Desaturate" in
    /// the body style (≈85 pt at 17 pt) with its margins (assumption).
    static let toolboxCell = 96.0

    init(for device: DeviceConfiguration) {
        let n = Double(BrushTool.all.count), b = device.safeBounds
        if device.horizontalSizeClass == .compact || device.verticalSizeClass == .compact {
            let bar = device.verticalSizeClass == .compact ? 32.0 : 44.0
            topBar = bar; toolbar = bar
            icon = min(icon, bar)
        }
        // Rows of controls share the width or height they have.
        iconGap = min(iconGap, max(0, (b.width - n * icon) / (n - 1)))
        icon = min(icon, (b.width - (n - 1) * iconGap) / n)
        popupWidth = min(popupWidth, b.width / n)
        popupHeight = min(popupHeight, (b.height - topBar - toolbar) * 0.9)
        slider = min(slider, b.width / 2)
        let view = b.height - topBar - toolbar
        menuRow = min(menuRow, (view - 16) / (n + 1) - 4)
    }
}
