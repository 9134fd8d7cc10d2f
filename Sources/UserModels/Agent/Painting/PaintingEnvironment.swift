import ImageEngine
import Interaction

/// A photo a person paints on with a finger, as they meet it: a screen with
/// brushes somewhere, and the photo drawn in a view they can zoom. What the
/// design is stays hidden; the person sees the screen and the render.
public protocol PaintingEnvironment {
    var screen: Screen { get }
    /// Width / height of the photo.
    var aspect: Double { get }
    /// The whole photo as it looks now, at `proxy` pixels on its longer side.
    mutating func photo(proxy: Int) -> Image
    /// The whole photo as it looks while the finger is still down on `stroking`
    /// (screen points from touch-down until now): the app paints as the finger moves.
    mutating func photo(proxy: Int, stroking path: [Point]) -> Image
    /// Where the photo's normalised point `p` is drawn now (the person sees it there).
    func screenPoint(photo p: Point) -> Point
    /// How big the brush looks on the photo: its radius as a fraction of the photo's
    /// longer side (the finger's contact, or the size the slider shows).
    var brushRadius: Double { get }
    /// A tap landing at `point`. Each gesture says when its finger touched down
    /// (seconds into the trial): the environment has no clock of its own.
    mutating func tap(at point: Point, touchDown: Double)
    /// One stroke: the finger's path on screen from touch-down to lift.
    mutating func paint(_ path: [Point], touchDown: Double)
    /// A two-finger pinch to `zoom` (1 = whole photo) about the photo point `centre`.
    mutating func pinch(to zoom: Double, centre: Point, touchDown: Double)
    /// The control `id` (a slider) dragged to `value`.
    mutating func drag(_ id: String, to value: Double)
}

/// What the person means to do: which brush (they know the operation by name,
/// and the eraser's), and the look they have in mind, with the photo as it was,
/// both at the size they judge at a glance (`goal`, `original`) and, for a
/// person who has pinched in and sees the photo larger, at a larger size (`at`).
public struct PaintingGoal: Sendable {
    public var brush: String
    public var eraser: String
    public let goal: LabImage
    public let original: LabImage
    /// ΔE00 per pixel between the look in mind and the original: the change meant.
    let meant: [Float]
    /// The goal at `size` pixels on the longer side (nil: only the glance size
    /// exists, and a zoomed look is judged at it).
    let larger: (@Sendable (Int) -> PaintingGoal)?

    public init(
        brush: String, eraser: String, goal: LabImage, original: LabImage,
        larger: (@Sendable (Int) -> PaintingGoal)? = nil
    ) {
        precondition(goal.width == original.width && goal.height == original.height, "PaintingGoal: sizes differ")
        self.brush = brush; self.eraser = eraser; self.goal = goal; self.original = original; self.larger = larger
        meant = goal.deltaE2000Map(to: original)
    }

    /// The glance size: pixels on the longer side of `goal`.
    public var glance: Int { max(goal.width, goal.height) }

    /// The goal at `size` pixels on the longer side.
    func at(_ size: Int) -> PaintingGoal {
        guard size != glance, let larger else { return self }
        return larger(size)
    }
}

/// What a painting session did.
public struct PaintingOutcome: Sendable {
    /// When the objective check first passed (nil: never).
    public var timeToEffect: Double?
    public var timeToDone: Double
    /// The person saw nothing left to do.
    public var satisfied: Bool
    public var strokes = 0
    public var erases = 0
    /// Taps on controls (choosing brushes, opening menus), including misses.
    public var taps = 0
    /// Taps before the wanted brush was first chosen.
    public var tapsToBrush = 0
    /// Seconds until the first stroke touched the photo.
    public var firstStroke: Double?
    public var zooms = 0
    public var events: [TraceEvent] = []
}
