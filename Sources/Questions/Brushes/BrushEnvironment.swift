import Designs
import Harness
import ImageEngine
import Interaction
import Reports
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
    /// The original at the sizes a zoomed person has seen it (downscaled once
    /// each), with the strokes rasterised at that size so far.
    private var canvases: [Int: BrushCanvas] = [:]
    /// The render of the current strokes at the working size, kept until a stroke changes them.
    let working: WorkingRender
    /// Films a replayed trial: a shot after every gesture the person makes with a
    /// finger (taps, strokes, pinches; the size slider's probing is not a gesture).
    var camera: TrialCamera?

    init(design: BrushDesign, device: DeviceConfiguration, task: BrushesSimulator.PreparedTask) {
        self.design = design; self.device = device; self.task = task
        working = WorkingRender(task.original)
    }

    var aspect: Double { Double(task.original.width) / Double(task.original.height) }
    var screen: Screen { design.screen(state, aspect: aspect, on: device) }
    var adjustments: Adjustments { Adjustments(brushes: strokes) }
    func render() -> Image { working.render(strokes) }

    mutating func photo(proxy: Int) -> Image { photo(proxy: proxy, adding: nil) }

    mutating func photo(proxy: Int, stroking path: [Point]) -> Image {
        photo(proxy: proxy, adding: design.stroke(path, state, aspect: aspect, on: device))
    }

    /// The original at `proxy` pixels painted with the strokes so far and `inFlight`
    /// (the finger still down): one render the person looks at.
    private mutating func photo(proxy: Int, adding inFlight: BrushStroke?) -> Image {
        renders += 1
        var canvas = canvases.removeValue(forKey: proxy) ?? BrushCanvas(task.base(proxy))
        canvas.commit(upTo: strokes)
        let image = canvas.render(adding: inFlight)
        canvases[proxy] = canvas
        return image
    }

    func screenPoint(photo p: Point) -> Point { design.screenPoint(p, state, aspect: aspect, on: device) }
    var brushRadius: Double { design.radius(state, aspect: aspect, on: device) }
    mutating func tap(at point: Point, touchDown: Double) {
        design.tap(point, &state, aspect: aspect, on: device)
        shoot(touchDown)
    }
    mutating func paint(_ path: [Point], touchDown: Double) {
        if let s = design.stroke(path, state, aspect: aspect, on: device) { strokes.append(s) }
        shoot(touchDown)
    }
    mutating func pinch(to zoom: Double, centre: Point, touchDown: Double) {
        if design.sizing == .zoom { design.pinch(to: zoom, centre: centre, &state) }
        shoot(touchDown)
    }
    /// A shot of the gesture whose finger touched down at `touchDown`, taken once it is over.
    private func shoot(_ touchDown: Double) {
        camera?.shoot(ReplayShot(touchDown: touchDown, screen: screen, photo: render()))
    }
    mutating func drag(_ id: String, to value: Double) {
        if id == "brush-size", design.sizing == .slider { state.size = min(max(value, 0), 1) }
    }

    /// The score of the current render.
    func score() -> PaintScore { PaintScore(render(), original: task.originalLab, goal: task.goalLab, mask: task.mask) }
}

/// The photo at the working size painted with a trial's strokes (what the score
/// and the replay's shots read), rendered once per change of the strokes. A
/// class so that the environment's non-mutating reads can keep it; one trial,
/// one thread.
final class WorkingRender: @unchecked Sendable {
    private var canvas: BrushCanvas
    private var image: Image?

    init(_ original: Image) { canvas = BrushCanvas(original) }

    func render(_ strokes: [BrushStroke]) -> Image {
        if let image, canvas.strokes.count == strokes.count { return image }
        canvas.commit(upTo: strokes)
        let fresh = canvas.render()
        image = fresh
        return fresh
    }
}
