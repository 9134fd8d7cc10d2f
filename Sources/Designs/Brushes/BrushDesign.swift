import ImageEngine
import Interaction

/// A brush design: where the brushes live and how a stroke paints. It lays out
/// its screen for a state, answers taps, pinches and the size slider, and turns
/// a finger's path on the photo into an engine `BrushStroke`.
public struct BrushDesign: Sendable, Hashable {
    public var placement: BrushPlacement
    public var stroke: StrokeMode
    public var sizing: BrushSizing
    /// "Detect edges" on: each stroke paints only near the colour under its first touch.
    public var detectEdges: Bool
    /// Coverage a soft dab adds (`BrushStroke.strength`).
    public var softStrength: Double
    /// ΔE76 scale of the edge detection (`BrushStroke.edgeTolerance`).
    public var edgeTolerance: Double
    /// Radius of the finger's painting contact, in points (zoom sizing: the brush).
    public var fingerRadius: Double
    /// Largest zoom (zoom sizing).
    public var maxZoom: Double
    /// Brush radius range of the size slider, as fractions of the photo's longer side.
    public var sliderRadii: ClosedRange<Double>

    public init(
        placement: BrushPlacement, stroke: StrokeMode = .soft, sizing: BrushSizing = .zoom, detectEdges: Bool = false,
        softStrength: Double = 0.12, edgeTolerance: Double = 12, fingerRadius: Double = 18, maxZoom: Double = 4,
        sliderRadii: ClosedRange<Double> = 0.01...0.15
    ) {
        self.placement = placement; self.stroke = stroke; self.sizing = sizing; self.detectEdges = detectEdges
        self.softStrength = softStrength; self.edgeTolerance = edgeTolerance; self.fingerRadius = fingerRadius
        self.maxZoom = maxZoom; self.sliderRadii = sliderRadii
    }

    // MARK: Layout

    /// Where the photo may be drawn: the screen less the bars and any panel.
    public func viewArea(on device: DeviceConfiguration) -> Rect {
        let b = device.safeBounds, L = BrushLayout(for: device)
        let right: Double =
            switch placement {
            case .bricks: L.sidePanel
            case .row: L.rowColumn
            case .bottomIcons, .popup, .toolbox: 0
            }
        return Rect(x: b.minX, y: b.minY + L.topBar, width: b.width - right, height: b.height - L.topBar - L.toolbar)
    }

    /// The whole photo fitted in the view area (zoom 1), for a photo of `aspect` = width / height.
    public func fittedFrame(aspect: Double, on device: DeviceConfiguration) -> Rect {
        let v = viewArea(on: device)
        let w = min(v.width, v.height * aspect), h = w / aspect
        return Rect(x: v.center.x - w / 2, y: v.center.y - h / 2, width: w, height: h)
    }

    /// The screen point showing the photo's normalised point `p` in `state`.
    public func screenPoint(_ p: Point, _ state: BrushUIState, aspect: Double, on device: DeviceConfiguration) -> Point
    {
        let f = fittedFrame(aspect: aspect, on: device)
        return f.center
            + Vector2((p.x - state.centre.x) * f.width * state.zoom, (p.y - state.centre.y) * f.height * state.zoom)
    }

    /// The photo's normalised point under screen point `s`.
    public func photoPoint(_ s: Point, _ state: BrushUIState, aspect: Double, on device: DeviceConfiguration) -> Point {
        photoPoint(s, state, fitted: fittedFrame(aspect: aspect, on: device))
    }

    /// `photoPoint` with the photo's `fitted` frame already laid out (a stroke maps
    /// hundreds of points; laying out the screen for each was ~5% of a brushes run).
    private func photoPoint(_ s: Point, _ state: BrushUIState, fitted f: Rect) -> Point {
        Point(
            state.centre.x + (s.x - f.center.x) / (f.width * state.zoom),
            state.centre.y + (s.y - f.center.y) / (f.height * state.zoom))
    }

    /// The brush radius as a fraction of the photo's longer side.
    public func radius(_ state: BrushUIState, aspect: Double, on device: DeviceConfiguration) -> Double {
        switch sizing {
        case .zoom:
            let f = fittedFrame(aspect: aspect, on: device)
            return fingerRadius / (max(f.width, f.height) * state.zoom)
        case .slider:
            return sliderRadii.lowerBound + state.size * (sliderRadii.upperBound - sliderRadii.lowerBound)
        }
    }

    /// Everything on screen in `state`.
    public func screen(_ state: BrushUIState, aspect: Double, on device: DeviceConfiguration) -> Screen {
        let b = device.safeBounds, L = BrushLayout(for: device), view = viewArea(on: device)
        var controls: [Control] = []
        // The photo: painted on with the finger once a brush is chosen.
        let shown = Rect(x: view.minX, y: view.minY, width: view.width, height: view.height)
        controls.append(Control(id: "photo", role: .zone, frame: shown, visibleAffordance: false))
        let toolbar = Rect(x: b.minX, y: b.maxY - L.toolbar, width: b.width, height: L.toolbar)
        switch placement {
        case .bricks:
            let panel = Rect(x: view.maxX, y: view.minY, width: L.sidePanel, height: view.height)
            for (i, name) in state.bricks.enumerated() {
                let tool = BrushTool.all.first { $0.name == name }!
                controls.append(
                    Control(
                        id: tool.id, role: .button,
                        frame: Rect(
                            x: panel.minX + 8, y: panel.minY + 8 + Double(i) * (L.menuRow + 4),
                            width: panel.width - 16, height: L.menuRow), label: name,
                        value: state.selected == name ? 1 : 0))
            }
            let add = Rect(
                x: panel.minX + 8, y: panel.minY + 8 + Double(state.bricks.count) * (L.menuRow + 4),
                width: panel.width - 16, height: L.menuRow)
            controls.append(Control(id: "add-brick", role: .button, frame: add, label: "Add Brush"))
            if state.menuOpen {
                for (i, tool) in BrushTool.all.enumerated() where !state.bricks.contains(tool.name) {
                    controls.append(
                        Control(
                            id: "menu-" + tool.id, role: .button,
                            frame: Rect(
                                x: add.minX - 40, y: add.maxY + Double(i) * L.menuRow, width: add.width + 40,
                                height: L.menuRow), label: tool.name))
                }
            }
        case .row:
            let h = min(60, view.height / Double(BrushTool.all.count))
            for (i, tool) in BrushTool.all.enumerated() {
                controls.append(
                    Control(
                        id: tool.id, role: .button,
                        frame: Rect(
                            x: view.maxX + 8, y: view.minY + Double(i) * h + 4, width: L.rowColumn - 16, height: h - 8),
                        label: tool.name, value: state.selected == tool.name ? 1 : 0))
            }
        case .bottomIcons:
            let n = Double(BrushTool.all.count), gap = L.iconGap
            let x0 = toolbar.center.x - (n * L.icon + (n - 1) * gap) / 2
            for (i, tool) in BrushTool.all.enumerated() {
                // An icon: its name shows only once it is the chosen brush.
                controls.append(
                    Control(
                        id: tool.id, role: .button,
                        frame: Rect(
                            x: x0 + Double(i) * (L.icon + gap), y: toolbar.minY + (L.toolbar - L.icon) / 2,
                            width: L.icon, height: L.icon),
                        label: state.selected == tool.name ? tool.name : nil, value: state.selected == tool.name ? 1 : 0
                    ))
            }
        case .popup:
            let button = Rect(
                x: toolbar.center.x - 50, y: toolbar.minY + (L.toolbar - L.icon) / 2, width: 100, height: L.icon)
            // Once a brush is chosen the button shows it (and opens the brushes again).
            controls.append(
                Control(
                    id: "brushes", role: .button, frame: button, label: state.selected ?? "Brushes",
                    value: state.selected == nil ? 0 : 1))
            if state.menuOpen {
                // The brushes rise above the toolbar, the rest dimmed: the photo takes no touches.
                controls.removeAll { $0.id == "photo" }
                let n = Double(BrushTool.all.count), x0 = toolbar.center.x - n * L.popupWidth / 2
                for (i, tool) in BrushTool.all.enumerated() {
                    controls.append(
                        Control(
                            id: tool.id, role: .button,
                            frame: Rect(
                                x: x0 + Double(i) * L.popupWidth, y: toolbar.minY - L.popupHeight + 20,
                                width: L.popupWidth - 4, height: L.popupHeight), label: tool.name))
                }
            }
        case .toolbox:
            controls += toolbox(state, toolbar: toolbar, layout: L)
            if state.menuOpen { controls.removeAll { $0.id == "photo" } }
        }
        if sizing == .slider {
            controls.append(
                Control(
                    id: "brush-size", role: .slider,
                    frame: Rect(x: b.minX + 16, y: toolbar.minY + 6, width: L.slider, height: L.toolbar - 12),
                    label: "Size", value: state.size, axis: .horizontal))
        }
        return Screen(device: device, controls: controls, photoFrame: shownPhoto(state, aspect: aspect, on: device))
    }

    /// The tool box's controls: its icon at the toolbar's leading edge and, once a
    /// brush is chosen, that brush beside it (tapping it brings the brushes out
    /// too); open, the brushes come out above the toolbar in as many columns of
    /// at least `BrushLayout.toolboxCell` as the width holds, the rest dimmed.
    func toolbox(_ state: BrushUIState, toolbar: Rect, layout L: BrushLayout) -> [Control] {
        let box = Rect(x: toolbar.minX + 8, y: toolbar.minY + (L.toolbar - L.icon) / 2, width: L.icon, height: L.icon)
        // The tool box is an icon: no words on it.
        var out = [Control(id: "toolbox", role: .button, frame: box)]
        if let name = state.selected, !state.menuOpen {
            out.append(
                Control(
                    id: "current-brush", role: .button,
                    frame: Rect(
                        x: box.maxX + 8, y: box.minY, width: min(120, toolbar.maxX - box.maxX - 16), height: L.icon),
                    label: name, value: 1))
        }
        guard state.menuOpen else { return out }
        let tools = BrushTool.all, width = toolbar.width - 16
        let columns = max(1, min(tools.count, Int(width / BrushLayout.toolboxCell)))
        let rows = (tools.count + columns - 1) / columns, cell = width / Double(columns)
        for (i, tool) in tools.enumerated() {
            let r = i / columns, c = i % columns
            out.append(
                Control(
                    id: tool.id, role: .button,
                    frame: Rect(
                        x: toolbar.minX + 8 + Double(c) * cell + 2,
                        y: toolbar.minY - Double(rows - r) * (L.menuRow + 4),
                        width: cell - 4, height: L.menuRow), label: tool.name))
        }
        return out
    }

    /// The part of the view the photo covers (the view clips a zoomed photo).
    func shownPhoto(_ state: BrushUIState, aspect: Double, on device: DeviceConfiguration) -> Rect {
        let v = viewArea(on: device)
        let a = screenPoint(Point(0, 0), state, aspect: aspect, on: device),
            z = screenPoint(Point(1, 1), state, aspect: aspect, on: device)
        let x0 = max(v.minX, a.x), y0 = max(v.minY, a.y), x1 = min(v.maxX, z.x), y1 = min(v.maxY, z.y)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    // MARK: Input

    /// A tap at `point`: chooses, adds or opens brushes.
    public func tap(_ point: Point, _ state: inout BrushUIState, aspect: Double, on device: DeviceConfiguration) {
        let screen = self.screen(state, aspect: aspect, on: device)
        guard let hit = screen.hitTest(point) else {
            if placement == .popup || placement == .toolbox { state.menuOpen = false }
            return
        }
        func choose(_ name: String) {
            state.selected = name
            if !(BrushTool.all.first { $0.name == name }!.erases) { state.lastPaint = name }
        }
        switch (placement, hit.id) {
        case (.bricks, "add-brick"): state.menuOpen.toggle()
        case (.bricks, let id) where id.hasPrefix("menu-"):
            let tool = BrushTool.all.first { "menu-" + $0.id == id }!
            state.bricks.append(tool.name); state.menuOpen = false; choose(tool.name)
        case (.popup, "brushes"), (.toolbox, "toolbox"), (.toolbox, "current-brush"): state.menuOpen.toggle()
        case (_, let id) where id.hasPrefix("brush-") && id != "brush-size":
            choose(BrushTool.all.first { $0.id == id }!.name)
            state.menuOpen = false
        default:
            if placement == .popup || placement == .toolbox { state.menuOpen = false }
        }
    }

    /// A pinch to `zoom` about the photo point `centre` (zoom sizing), kept inside the photo.
    public func pinch(to zoom: Double, centre: Point, _ state: inout BrushUIState) {
        state.zoom = min(max(zoom, 1), maxZoom)
        let half = 0.5 / state.zoom
        state.centre = Point(min(max(centre.x, half), 1 - half), min(max(centre.y, half), 1 - half))
    }

    /// The stroke that a finger path (screen points) on the photo paints with the chosen brush, if any.
    public func stroke(
        _ path: [Point], _ state: BrushUIState, aspect: Double, on device: DeviceConfiguration
    ) -> BrushStroke? {
        guard let name = state.selected, let tool = BrushTool.all.first(where: { $0.name == name }), !path.isEmpty
        else { return nil }
        let screen = self.screen(state, aspect: aspect, on: device)
        guard let photo = screen.control("photo"), photo.frame.contains(path[0]) else { return nil }
        // The eraser takes away the paint of the brush used before it.
        let kind = tool.erases ? BrushTool.all.first { $0.name == state.lastPaint }?.kind ?? tool.kind : tool.kind
        let fitted = fittedFrame(aspect: aspect, on: device)
        let points = path.map { photoPoint(photo.frame.clamped($0), state, fitted: fitted) }.map {
            BrushPoint(x: $0.x, y: $0.y)
        }
        return BrushStroke(
            kind: kind, points: points, radius: radius(state, aspect: aspect, on: device),
            strength: stroke == .soft ? softStrength : 1, hardness: stroke == .soft ? 0.2 : 0.8,
            detectEdges: detectEdges, edgeTolerance: edgeTolerance, erase: tool.erases)
    }
}
