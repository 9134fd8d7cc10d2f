import ImageEngine
import Interaction

/// How the 24 effects are offered.
public enum EffectsBrowser: String, Sendable, Hashable, CaseIterable {
    /// 24 thumbnails in a scrolling grid, about six visible at once.
    case grid
    /// A fan of six named family cards with previews; the chosen card folds down into the control.
    case swatchBook = "swatch-book"
}

/// How a chosen effect is refined.
public enum EffectsRefiner: String, Sendable, Hashable, CaseIterable {
    /// Black & white as a red/green/blue mix that must total 100%; a position and an
    /// amount slider for the other continuous families; one button per look for discrete ones.
    case threeSliders = "three-sliders"
    /// One horizontal swipe sweeps the family's curve of looks (a discrete step per look for vintage and artistic).
    case oneSwipe = "one-swipe"
}

/// What an effects design remembers between gestures.
public struct EffectsState: Sendable {
    public var effect: Effect?
    public var vignette = Vignette()
    /// The browser is showing (before a choice, or after reopening it).
    public var browsing = true
    /// Grid scroll offset in points.
    public var scroll = 0.0
    public var scrolls = 0
    public var cardsOpened = 0
    /// Black & white three-slider mix in percent (sums to 100).
    public var mix = (red: 33.3, green: 33.4, blue: 33.3)
    public var photoAspect: Double

    public init(photoAspect: Double) { self.photoAspect = photoAspect }

    public var adjustments: Adjustments {
        var a = Adjustments()
        a.effect = effect
        a.vignette = vignette
        return a
    }
}

/// The effects designs of the iPhoto talk: a browser crossed with a refiner.
public struct EffectsDesign: Sendable {
    public var browser: EffectsBrowser
    public var refiner: EffectsRefiner

    public init(browser: EffectsBrowser, refiner: EffectsRefiner) {
        self.browser = browser
        self.refiner = refiner
    }

    /// The family card's preview look: the first look of the family in the catalogue.
    public static func representative(_ family: EffectFamily) -> CatalogEffect { EffectCatalog.family(family)[0] }

    struct Layout {
        var photo: Rect
        var panel: Rect
        var columns: Int
        var cell: Double
    }

    func layout(_ state: EffectsState, _ device: DeviceConfiguration) -> Layout {
        let safe = device.safeBounds
        let compact = device.horizontalSizeClass == .compact
        let panel =
            compact
            ? Rect(x: safe.minX, y: safe.maxY - 280, width: safe.width, height: 280)
            : Rect(x: safe.maxX - 380, y: safe.minY, width: 380, height: safe.height)
        let area =
            compact
            ? Rect(x: safe.minX, y: safe.minY, width: safe.width, height: safe.height - 280)
            : Rect(x: safe.minX, y: safe.minY, width: safe.width - 380, height: safe.height)
        let w = min(area.width - 16, (area.height - 16) * state.photoAspect)
        let photo = Rect(
            x: area.center.x - w / 2, y: area.center.y - w / state.photoAspect / 2, width: w,
            height: w / state.photoAspect)
        return Layout(photo: photo, panel: panel, columns: 3, cell: (panel.width - 32) / 3)
    }

    /// The grid's viewport: two rows and the top of a third, as in the talk.
    func viewport(_ l: Layout) -> Rect {
        Rect(x: l.panel.minX + 16, y: l.panel.minY + 16, width: l.panel.width - 32, height: l.cell * 2.3)
    }

    func cellFrame(_ index: Int, _ l: Layout, scroll: Double) -> Rect {
        let v = viewport(l)
        return Rect(
            x: v.minX + Double(index % l.columns) * l.cell + 4,
            y: v.minY + Double(index / l.columns) * l.cell + 4 - scroll,
            width: l.cell - 8, height: l.cell - 8)
    }

    func maxScroll(_ l: Layout) -> Double {
        max(0, Double((EffectCatalog.all.count + l.columns - 1) / l.columns) * l.cell - viewport(l).height)
    }

    /// The fan of family cards: overlapping, each showing at least a finger's width.
    func cardFrames(_ l: Layout) -> [Rect] {
        let n = Double(EffectFamily.allCases.count)
        let width = min(150, l.panel.width - 32), step = (l.panel.width - 32 - width) / (n - 1)
        return (0..<EffectFamily.allCases.count).map {
            Rect(x: l.panel.minX + 16 + Double($0) * step, y: l.panel.minY + 16, width: max(step, 44), height: 180)
        }
    }

    func refinerArea(_ l: Layout) -> Rect {
        Rect(x: l.panel.minX + 16, y: l.panel.minY + 60, width: l.panel.width - 32, height: 180)
    }

    public func screen(_ state: EffectsState, on device: DeviceConfiguration) -> Screen {
        let l = layout(state, device)
        let t = device.traits
        var controls: [Control] = []
        if state.browsing {
            switch browser {
            case .grid:
                let v = viewport(l)
                controls.append(
                    Control(
                        id: "grid", role: .scrollArea, frame: v,
                        value: maxScroll(l) > 0 ? state.scroll / maxScroll(l) : 1, axis: .vertical,
                        background: SystemColor.background))
                for (i, e) in EffectCatalog.all.enumerated() {
                    let f = cellFrame(i, l, scroll: state.scroll)
                    // Visible when at least 60% of the cell shows in the viewport.
                    let shown = max(0, min(f.maxY, v.maxY) - max(f.minY, v.minY)) / f.height
                    guard shown >= 0.6 else { continue }
                    // The name on a black scrim along the preview's bottom; the current effect is outlined in yellow.
                    let current = state.effect.map { EffectsDesign.catalogIndex($0) == i } ?? false
                    controls.append(
                        Control(
                            id: "effect-\(e.id)", role: .thumbnail, frame: f, label: e.displayName,
                            warning: current ? "selected" : nil,
                            text: [
                                t.text(
                                    e.displayName, .caption1,
                                    frame: Rect(x: f.minX + 2, y: f.maxY - 18, width: f.width - 4, height: 18),
                                    background: SystemColor.black)
                            ],
                            foreground: SystemColor.label, background: SystemColor.background,
                            warningColor: current ? SystemColor.yellow : nil))
                }
            case .swatchBook:
                for (family, frame) in zip(EffectFamily.allCases, cardFrames(l)) {
                    // The family's name printed across the top of its card.
                    let name = Rect(x: frame.minX + 4, y: frame.minY + 6, width: frame.width - 8, height: 40)
                    controls.append(
                        Control(
                            id: "card-\(family.rawValue)", role: .thumbnail, frame: frame, label: family.displayName,
                            text: [t.text(family.displayName, .headline, frame: name)],
                            foreground: SystemColor.label, background: Self.cardColor))
                }
            }
        } else if let effect = state.effect {
            controls.append(
                Control(
                    id: "button-effects", role: .button,
                    frame: Rect(x: l.panel.minX + 16, y: l.panel.minY + 8, width: 120, height: 44), label: "Effects",
                    text: [t.text("Effects", .body)], foreground: SystemColor.blue, background: SystemColor.background))
            controls += refinerControls(effect, state, l, t)
        }
        return Screen(device: device, controls: controls, photoFrame: l.photo, background: SystemColor.background)
            .inLayoutDirection()
    }

    /// The swatch book's card stock.
    static let cardColor = ScreenColor(0x2C2C2E)

    func refinerControls(
        _ effect: Effect, _ state: EffectsState, _ l: Layout, _ t: LayoutTraits = .standard
    ) -> [Control] {
        let area = refinerArea(l)
        switch refiner {
        case .oneSwipe:
            // The family's name centred over the swipe area.
            let name = Rect(x: area.minX + 8, y: area.center.y - 15, width: area.width - 16, height: 30)
            return [
                Control(
                    id: "swipe", role: .zone, frame: area, label: effect.family.displayName,
                    value: effect.family.isContinuous ? effect.position : Double(effect.look) / 3, axis: .horizontal,
                    text: [t.text(effect.family.displayName, .headline, frame: name)], foreground: SystemColor.label,
                    background: SystemColor.fill)
            ]
        case .threeSliders:
            func slider(_ i: Int, _ id: String, _ label: String, _ value: Double) -> Control {
                let track = Rect(x: area.minX + 90, y: area.minY + Double(i) * 56, width: area.width - 100, height: 44)
                // The label in the 90 pt left of the track.
                return Control(
                    id: id, role: .slider, frame: track, label: label, value: value, axis: .horizontal,
                    text: [
                        t.text(
                            label, .subheadline, frame: Rect(x: area.minX, y: track.minY, width: 82, height: 44),
                            foreground: SystemColor.secondaryLabel)
                    ],
                    foreground: SystemColor.label, background: SystemColor.background)
            }
            switch effect.family {
            case .blackAndWhite:
                return [
                    slider(0, "red", "Red", state.mix.red / 100), slider(1, "green", "Green", state.mix.green / 100),
                    slider(2, "blue", "Blue", state.mix.blue / 100)
                ]
            case .vintage, .artistic:
                return EffectCatalog.family(effect.family).enumerated().map { i, e in
                    // The chosen look is a filled blue button with white text; the others blue text on the panel.
                    let chosen = i == effect.look
                    return Control(
                        id: "look-\(i)", role: .button,
                        frame: Rect(
                            x: area.minX + Double(i) * area.width / 4, y: area.minY + 60, width: area.width / 4 - 8,
                            height: 44),
                        label: e.displayName, warning: chosen ? "selected" : nil,
                        text: [t.text(e.displayName, .footnote)],
                        foreground: chosen ? SystemColor.label : SystemColor.blue,
                        background: chosen ? SystemColor.blue : SystemColor.background,
                        warningColor: chosen ? SystemColor.blue : nil)
                }
            default:
                return [
                    slider(0, "position", effect.family.displayName, effect.position),
                    slider(1, "amount", "Amount", effect.amount)
                ]
            }
        }
    }

    public func handle(_ gesture: Gesture, _ state: inout EffectsState, on device: DeviceConfiguration) {
        let l = layout(state, device)
        let screen = self.screen(state, on: device)
        switch gesture {
        case .tap(let touches):
            let p = touches.end.location
            guard let hit = screen.hitTest(p) else {
                // Tapping the photo with an effect on adds a vignette.
                if !state.browsing, state.effect != nil, l.photo.contains(p), state.vignette.strength == 0 {
                    state.vignette.strength = 0.3
                }
                return
            }
            if hit.id.hasPrefix("effect-"), let e = EffectCatalog.named(String(hit.id.dropFirst(7))) {
                state.effect = e.effect
                state.browsing = false
                if let m = e.effect.mix
                    ?? (e.family == .blackAndWhite ? Effect.blackAndWhiteMix(at: e.effect.position) : nil)
                {
                    let n = m.normalized
                    state.mix = (n.red * 100, n.green * 100, n.blue * 100)
                }
            } else if hit.id.hasPrefix("card-"), let family = EffectFamily(rawValue: String(hit.id.dropFirst(5))) {
                let e = Self.representative(family)
                state.effect = e.effect
                state.browsing = false
                state.cardsOpened += 1
                let n = Effect.blackAndWhiteMix(at: e.effect.position).normalized
                state.mix = (n.red * 100, n.green * 100, n.blue * 100)
            } else if hit.id == "button-effects" {
                state.browsing = true
            } else if hit.id.hasPrefix("look-"), let i = Int(hit.id.dropFirst(5)), var e = state.effect {
                e.look = i
                state.effect = e
            }
        case .drag(let touches):
            guard var hit = screen.hitTest(touches.start.location) else { return }
            let dx = touches.end.location.x - touches.start.location.x
            let dy = touches.end.location.y - touches.start.location.y
            // A drag that starts on a thumbnail scrolls the grid under it, as a scroll view does.
            if state.browsing, browser == .grid, viewport(l).contains(touches.start.location),
                let grid = screen.control("grid")
            {
                hit = grid
            }
            switch hit.id {
            case "grid":
                // The content follows the finger, then coasts like a scroll view.
                let coast = project(
                    velocity: VelocityEstimator.standard.velocity(of: touches.samples).y, decelerationRate: .normal)
                state.scroll = min(maxScroll(l), max(0, state.scroll - dy - coast))
                state.scrolls += 1
            case "swipe":
                guard var e = state.effect else { return }
                if e.family.isContinuous {
                    e.position = min(1, max(0, e.position + dx / hit.frame.width))
                } else {
                    let steps = Int((dx / 80).rounded())
                    e.look = min(3, max(0, e.look + steps))
                }
                state.effect = e
            case "red", "green", "blue":
                // Moving one channel rebalances the other two so the mix stays at 100%.
                guard let thumb = hit.thumbCenter, touches.start.location.distance(to: thumb) <= 22 else { return }
                let new = min(100, max(0, (hit.value! + dx / hit.frame.width) * 100))
                var m = [state.mix.red, state.mix.green, state.mix.blue]
                let k = ["red", "green", "blue"].firstIndex(of: hit.id)!
                let others = (0..<3).filter { $0 != k }
                let rest = m[others[0]] + m[others[1]]
                m[k] = new
                for o in others { m[o] = rest > 0 ? m[o] / rest * (100 - new) : (100 - new) / 2 }
                state.mix = (m[0], m[1], m[2])
                state.effect?.mix = ChannelMix(red: m[0] / 100, green: m[1] / 100, blue: m[2] / 100)
            case "position", "amount":
                guard let thumb = hit.thumbCenter, touches.start.location.distance(to: thumb) <= 22,
                    var e = state.effect
                else { return }
                let v = min(1, max(0, hit.value! + dx / hit.frame.width))
                if hit.id == "position" { e.position = v } else { e.amount = v }
                state.effect = e
            default:
                return
            }
        case .pinch(let fingers):
            // Pinching out on the photo strengthens the vignette.
            guard !state.browsing, fingers.count == 2 else { return }
            let start = fingers[0].start.location.distance(to: fingers[1].start.location)
            let end = fingers[0].end.location.distance(to: fingers[1].end.location)
            guard start > 0 else { return }
            state.vignette.strength = min(1, max(0, max(state.vignette.strength, 0.1) * end / start))
        }
    }

    /// The catalogue's order: the grid's reading order (the first six are what a grid shows first).
    public static func catalogIndex(_ effect: Effect) -> Int? {
        let family = EffectCatalog.family(effect.family)
        guard let first = EffectCatalog.all.firstIndex(where: { $0.family == effect.family }) else { return nil }
        if !effect.family.isContinuous { return first + min(3, max(0, effect.look)) }
        // Nearest catalogue look on the family's curve.
        let nearest = family.enumerated().min {
            abs($0.element.effect.position - effect.position) < abs($1.element.effect.position - effect.position)
        }!
        return first + nearest.offset
    }
}

/// The screens an effects design shows, for the layout audit: the browser at
/// the top and (a grid) scrolled to the end, and the refiner for each family,
/// a discrete family with its second look chosen.
public enum EffectsScreens {
    public static let photoAspect = 1.5

    public static func all(_ design: EffectsDesign, on device: DeviceConfiguration) -> [LabelledScreen] {
        let state = EffectsState(photoAspect: photoAspect)
        var screens = [LabelledScreen("browsing", design.screen(state, on: device))]
        if design.browser == .grid {
            var end = state
            end.scroll = design.maxScroll(design.layout(state, device))
            screens.append(LabelledScreen("browsing-end", design.screen(end, on: device)))
        }
        for family in EffectFamily.allCases {
            var refining = state
            var effect = EffectsDesign.representative(family).effect
            if !family.isContinuous { effect.look = 1 }
            refining.effect = effect
            refining.browsing = false
            screens.append(LabelledScreen("refining-\(family.rawValue)", design.screen(refining, on: device)))
        }
        return screens
    }
}

/// Building the four effects strategies from specs.
public enum EffectsDesigns: DesignCatalog {
    public static let question = DesignQuestion(
        name: "effects", title: "Effects: grid or swatch book, three sliders or one swipe?",
        strategies: [
            StrategyDescription(
                name: "grid",
                summary: "24 effect thumbnails rendered from the photo in a scrolling grid, about six visible at once.",
                source: "iPhoto for iOS: 'which six effects are gonna be the most popular? These six.'",
                parameters: ["refiner": "three-sliders or one-swipe (default one-swipe)"]),
            StrategyDescription(
                name: "swatch-book",
                summary:
                    "A fan of six named family cards with previews; the chosen card folds down and becomes the "
                        + "control.",
                source: "iPhoto for iOS: 'we used that card idea and created sort of like a swatch book'",
                parameters: ["refiner": "three-sliders or one-swipe (default one-swipe)"])
        ])

    public static func make(_ name: String, parameters: StrategyParameters) throws -> EffectsDesign {
        var p = parameters
        guard let browser = EffectsBrowser(rawValue: name) else {
            throw StrategyParameterError(parameter: "design", message: "unknown effects browser '\(name)'")
        }
        let refiner = try p.choice("refiner", default: EffectsRefiner.oneSwipe)
        try p.finish(known: ["refiner"])
        return EffectsDesign(browser: browser, refiner: refiner)
    }
}

extension EffectsDesigns {
    public static func screens(of design: EffectsDesign, on device: DeviceConfiguration) -> [LabelledScreen] {
        EffectsScreens.all(design, on: device)
    }
}
