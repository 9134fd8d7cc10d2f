import Designs
import ImageEngine
import Interaction
import UserModels

/// A brush design with its engine, as a person meets it: the screen, the photo
/// rendered with every stroke so far, taps, pinches and the size slider.
struct BrushEnvironment: PaintingEnvironment {
    let design: BrushDesign
    let device: DeviceConfiguration
    let task: BrushesSimulator.PreparedTask
    var state = BrushUIState()
    private(set) var strokes: [BrushStroke] = []
    private(set) var renders = 0
    /// The original at the sizes a zoomed person has seen it (downscaled once each).
    private var bases: [Int: Image] = [:]
    /// The render of the current strokes at the working size, kept until a stroke changes them.
    let cache = RenderCache()
    /// Films a replayed trial: a shot after every gesture the person makes with a
    /// finger (taps, strokes, pinches; the size slider's probing is not a gesture).
    var camera: TrialCamera?

    init(design: BrushDesign, device: DeviceConfiguration, task: BrushesSimulator.PreparedTask) {
        self.design = design; self.device = device; self.task = task
    }

    var aspect: Double { Double(task.original.width) / Double(task.original.height) }
    var screen: Screen { design.screen(state, aspect: aspect, on: device) }
    var adjustments: Adjustments { Adjustments(brushes: strokes) }
    func render() -> Image { cache.render(task.original, with: adjustments) }

    mutating func photo(proxy: Int) -> Image { photo(proxy: proxy, strokes: strokes) }

    /// The original at `proxy` pixels painted with `strokes`: one render the person looks at.
    private mutating func photo(proxy: Int, strokes: [BrushStroke]) -> Image {
        renders += 1
        return Renderer(threads: 1).render(base(proxy), with: Adjustments(brushes: strokes))
    }

    private mutating func base(_ proxy: Int) -> Image {
        if let b = bases[proxy] { return b }
        let b = task.base(proxy)
        bases[proxy] = b
        return b
    }

    mutating func photo(proxy: Int, stroking path: [Point]) -> Image {
        guard let s = design.stroke(path, state, aspect: aspect, on: device) else { return photo(proxy: proxy) }
        return photo(proxy: proxy, strokes: strokes + [s])
    }

    func screenPoint(photo p: Point) -> Point { design.screenPoint(p, state, aspect: aspect, on: device) }
    var brushRadius: Double { design.radius(state, aspect: aspect, on: device) }
    mutating func tap(at point: Point) {
        design.tap(point, &state, aspect: aspect, on: device)
        shoot()
    }
    mutating func paint(_ path: [Point]) {
        if let s = design.stroke(path, state, aspect: aspect, on: device) { strokes.append(s) }
        shoot()
    }
    mutating func pinch(to zoom: Double, centre: Point) {
        if design.sizing == .zoom { design.pinch(to: zoom, centre: centre, &state) }
        shoot()
    }
    /// The environment has no clock: the simulator stamps the shots with the
    /// traced touch-downs once the trial is over (`TrialCamera.stampTouchDowns`).
    private func shoot() { camera?.shoot(ReplayShot(touchDown: nil, screen: screen, photo: render())) }
    mutating func drag(_ id: String, to value: Double) {
        if id == "brush-size", design.sizing == .slider { state.size = min(max(value, 0), 1) }
    }

    /// The score of the current render.
    func score() -> PaintScore { PaintScore(render(), original: task.originalLab, goal: task.goalLab, mask: task.mask) }
}
