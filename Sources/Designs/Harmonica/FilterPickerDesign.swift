import ImageEngine
import Interaction

/// How a filter picker shows its filters (seed 004, the Qtty filter screen).
public enum FilterPickerKind: String, Sendable, Hashable, CaseIterable {
    /// The talk's "harmonica": every filter a full-height strip showing the source
    /// photo with that filter, the strips side by side over the photo like a
    /// folded harmonica; with more filters than fit, every strip gets narrower.
    case harmonica
    /// A column of square thumbnails beside the photo that scrolls when they do not fit.
    case thumbnailStrip = "thumbnail-strip"
}

/// What a filter picker remembers between gestures.
public struct FilterPickerState: Sendable {
    /// The filter applied to the photo, if any.
    public var effect: Effect?
    /// The thumbnail column's scroll offset in points.
    public var scroll = 0.0
    public var scrolls = 0
    /// Taps that applied a filter.
    public var applications = 0
    public init() {}

    public var adjustments: Adjustments {
        var a = Adjustments()
        a.effect = effect
        return a
    }
}

/// A filter picker: `filters` looks of the effects catalogue, spread evenly over
/// it in catalogue order, shown as a harmonica or a thumbnail strip in the safe
/// area; tapping a preview applies its filter to the photo.
public struct FilterPickerDesign: Sendable, Hashable {
    public var kind: FilterPickerKind
    public var filters: Int
    /// Harmonica: a strip's width when there is room, pt.
    public var stripWidth: Double
    /// Harmonica: the largest share of the safe area's width the strips may cover.
    public var maxShare: Double
    /// Thumbnail strip: a thumbnail's side, pt.
    public var thumbnail: Double

    public init(
        kind: FilterPickerKind, filters: Int, stripWidth: Double = 60, maxShare: Double = 0.6, thumbnail: Double = 72
    ) {
        self.kind = kind; self.filters = filters; self.stripWidth = stripWidth; self.maxShare = maxShare;
        self.thumbnail = thumbnail
    }

    /// The catalogue looks shown, in order: indices ⌊i·24/n⌋, spread evenly. Every
    /// count keeps the first look; 3, 6, 10 and 15 also keep the 17th (the first vintage look).
    public var looks: [CatalogEffect] {
        let all = EffectCatalog.all
        return (0..<filters).map { all[$0 * all.count / filters] }
    }

    /// The width of one harmonica strip on `device`.
    public func harmonicaStripWidth(on device: DeviceConfiguration) -> Double {
        min(stripWidth, maxShare * device.safeBounds.width / Double(filters))
    }

    static let gap = 8.0

    /// The thumbnail column: where it scrolls.
    func column(on device: DeviceConfiguration) -> Rect {
        let s = device.safeBounds, w = thumbnail + 2 * Self.gap
        return Rect(x: s.maxX - w, y: s.minY, width: w, height: s.height)
    }

    func maxScroll(on device: DeviceConfiguration) -> Double {
        max(0, Double(filters) * (thumbnail + Self.gap) + Self.gap - column(on: device).height)
    }

    /// The part of the safe area the picker covers.
    public func pickerFrame(on device: DeviceConfiguration) -> Rect {
        switch kind {
        case .harmonica:
            let s = device.safeBounds, w = harmonicaStripWidth(on: device) * Double(filters)
            return Rect(x: s.maxX - w, y: s.minY, width: w, height: s.height)
        case .thumbnailStrip:
            return column(on: device)
        }
    }

    public func screen(_ state: FilterPickerState, on device: DeviceConfiguration) -> Screen {
        let s = device.safeBounds, picker = pickerFrame(on: device)
        var controls: [Control] = []
        switch kind {
        case .harmonica:
            let w = harmonicaStripWidth(on: device)
            for (i, e) in looks.enumerated() {
                controls.append(
                    Control(
                        id: "effect-\(e.id)", role: .thumbnail,
                        frame: Rect(x: picker.minX + Double(i) * w, y: picker.minY, width: w, height: picker.height),
                        label: e.displayName))
            }
        case .thumbnailStrip:
            let m = maxScroll(on: device)
            controls.append(
                Control(
                    id: "strip", role: .scrollArea, frame: picker, value: m > 0 ? state.scroll / m : 1, axis: .vertical)
            )
            for (i, e) in looks.enumerated() {
                let f = Rect(
                    x: picker.minX + Self.gap,
                    y: picker.minY + Self.gap + Double(i) * (thumbnail + Self.gap) - state.scroll,
                    width: thumbnail, height: thumbnail)
                // Shown when at least 60% of it is in the column.
                let shown = max(0, min(f.maxY, picker.maxY) - max(f.minY, picker.minY)) / f.height
                if shown >= 0.6 {
                    controls.append(Control(id: "effect-\(e.id)", role: .thumbnail, frame: f, label: e.displayName))
                }
            }
        }
        // The photo fills the safe area; the part left uncovered is what is seen of it.
        let photo = Rect(x: s.minX, y: s.minY, width: max(0, picker.minX - s.minX), height: s.height)
        return Screen(device: device, controls: controls, photoFrame: photo)
    }

    /// The share of the safe area where the photo is seen, not covered by the picker.
    public func photoShare(on device: DeviceConfiguration) -> Double {
        1 - pickerFrame(on: device).width / device.safeBounds.width
    }

    public func handle(_ gesture: Gesture, _ state: inout FilterPickerState, on device: DeviceConfiguration) {
        let screen = self.screen(state, on: device)
        switch gesture {
        case .tap(let touches):
            guard let hit = screen.hitTest(touches.end.location), hit.id.hasPrefix("effect-"),
                let e = EffectCatalog.named(String(hit.id.dropFirst(7)))
            else { return }
            state.effect = e.effect
            state.applications += 1
        case .drag(let touches):
            guard kind == .thumbnailStrip, column(on: device).contains(touches.start.location) else { return }
            // The content follows the finger, then coasts like a scroll view.
            let dy = touches.end.location.y - touches.start.location.y
            let coast = project(
                velocity: VelocityEstimator.standard.velocity(of: touches.samples).y, decelerationRate: .normal)
            state.scroll = min(maxScroll(on: device), max(0, state.scroll - dy - coast))
            state.scrolls += 1
        case .pinch:
            return
        }
    }
}

/// The filter-picker strategies of the harmonica question.
public enum HarmonicaDesigns: DesignCatalog {
    public static let question = DesignQuestion(
        name: "harmonica",
        title: "Filter harmonica: strips of previews over the photo vs a scrolling thumbnail strip, at 3 to 15 filters",
        strategies: [
            StrategyDescription(
                name: "harmonica",
                summary:
                    "Every filter a full-height strip previewing the photo with it, side by side over the photo; "
                        + "strips narrow once they would cover more than max_share of it.",
                source:
                    "seed 004 (Qtty prototype notes): 'each image must be a source image with a superimposed filter … "
                        + ""
                        + "With a small number of filters, it looks good … but what will this harmonica look like "
                        + "with 10-15 filters?'",
                parameters: [
                    "filters": "how many filters (3–24)",
                    "strip_pt": "a strip's width when there is room, pt (default 60; the talk gives no figure)",
                    "max_share": "largest share of the photo's width the strips may cover (default 0.6)"
                ]),
            StrategyDescription(
                name: "thumbnail-strip",
                summary: "A column of square thumbnails (72 pt) beside the photo, scrolling when they do not fit.",
                source:
                    "seed 004: the alternative the talk weighs the harmonica against (the filter strip of camera apps "
                        + "such as Instagram)",
                parameters: [
                    "filters": "how many filters (3–24)", "thumbnail_pt": "a thumbnail's side, pt (default 72)"
                ])
        ])

    public static var names: [String] { question.strategies.map(\.name) }

    /// The picker strategy `name` builds with `parameters`, checked.
    public static func make(_ name: String, parameters: StrategyParameters) throws -> FilterPickerDesign {
        var p = parameters
        let count = try p.number("filters", default: 6, in: 3...24)
        guard count == count.rounded() else {
            throw StrategyParameterError(parameter: "filters", message: "filters must be a whole number, not \(count)")
        }
        let n = Int(count)
        switch name {
        case "harmonica":
            let w = try p.number("strip_pt", default: 60, in: 10...200)
            let share = try p.number("max_share", default: 0.6, in: 0.1...1)
            try p.finish(known: ["filters", "strip_pt", "max_share"])
            return FilterPickerDesign(kind: .harmonica, filters: n, stripWidth: w, maxShare: share)
        case "thumbnail-strip":
            let t = try p.number("thumbnail_pt", default: 72, in: 30...160)
            try p.finish(known: ["filters", "thumbnail_pt"])
            return FilterPickerDesign(kind: .thumbnailStrip, filters: n, thumbnail: t)
        default:
            throw StrategyParameterError(parameter: "design", message: "unknown harmonica strategy '\(name)'")
        }
    }
}
