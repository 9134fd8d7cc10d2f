import Foundation
import ImageEngine
import Interaction

/// A design with its engine, as a person meets it: a screen to look at, a photo
/// to judge, gestures to make. The harness wraps each design in one of these.
public protocol PhotoEditingEnvironment {
    var screen: Screen { get }
    /// The photo as rendered now, with its long side at `proxy` pixels.
    mutating func photo(proxy: Int) -> Image
    /// Delivers a gesture (its samples carry their virtual times).
    mutating func perform(_ gesture: Gesture)
    /// The preview image a thumbnail control shows, with its long side at `proxy` pixels.
    mutating func thumbnail(_ id: String, proxy: Int) -> Image?
    /// `photo(proxy:)` compared with `goal`. An environment may return a comparison
    /// it kept for the same pixels (an unchanged render), as long as it counts
    /// what `photo(proxy:)` counts.
    mutating func comparison(proxy: Int, with goal: GoalLook) -> RegionComparison
    /// `thumbnail(_:proxy:)` compared with `goal`, or nil if `id` shows none; may be kept likewise.
    mutating func thumbnailComparison(_ id: String, proxy: Int, with goal: GoalLook) -> RegionComparison?
    /// Whether the screen shows a drag under way (`comparison(during:proxy:with:)`); a person watches a drag
    /// only where it does, and sees its effect after lifting elsewhere.
    var showsDragsUnderWay: Bool { get }
    /// The photo as the screen shows it while `gesture` is under way (its touches so far, as if the finger
    /// lifted now), compared with `goal`, without performing it: what a person watching a drag sees. A screen
    /// that does not show drags under way shows the photo as it is.
    mutating func comparison(during gesture: Gesture, proxy: Int, with goal: GoalLook) -> RegionComparison
}

extension PhotoEditingEnvironment {
    public mutating func thumbnail(_ id: String, proxy: Int) -> Image? { nil }

    public mutating func comparison(proxy: Int, with goal: GoalLook) -> RegionComparison {
        RegionComparison(photo(proxy: proxy), goal: goal)
    }

    public mutating func thumbnailComparison(_ id: String, proxy: Int, with goal: GoalLook) -> RegionComparison? {
        thumbnail(id, proxy: proxy).map { RegionComparison($0, goal: goal) }
    }

    public var showsDragsUnderWay: Bool { false }

    public mutating func comparison(during gesture: Gesture, proxy: Int, with goal: GoalLook) -> RegionComparison {
        comparison(proxy: proxy, with: goal)
    }
}

/// What a person did while editing a photo toward a goal.
public struct PhotoEditingOutcome: Sendable {
    /// Whether the person was satisfied (as opposed to giving up).
    public var satisfied: Bool
    /// First time the objective check passed after a committed gesture.
    public var timeToEffect: Double?
    public var timeToDone: Double
    public var touches: Int
    public var controlSwitches: Int
    public var wrongControlTries: Int
    public var missedTaps: Int
    /// Finger travel while dragging, in points.
    public var travel: Double
    /// When the first gesture started (nil if the person never touched anything).
    public var firstTouch: Double? = nil
    /// The last preview chosen (a thumbnail or card id) and when.
    public var chosen: String? = nil
    public var chosenAt: Double? = nil
    /// Swipes that scrolled a list of previews.
    public var scrolls = 0
    /// Moves partly taken back because the control started showing a warning.
    public var warningBackoffs = 0
    /// Drags that moved another thumb than the one meant (seen, then put back).
    public var wrongGrabs = 0
    /// Drags that moved no thumb at all (the finger landed out of reach).
    public var missedGrabs = 0
    /// Drags taken back, before lifting, to where the photo had looked better while the finger moved.
    public var correctedDrags = 0
    public var events: [TraceEvent]
}

/// The generic agent of DESIGN §2, built of parts with one job each: the `Eye`
/// looks (photo against the goal, labels on the screen), `WorkingMemory` and
/// `SessionMemory` remember, a `DecisionPolicy` chooses the next adjustment (the
/// swappable part), `PreviewChooser` and `Buttons` choose what to tap, `Hands`
/// act through the motor models, and `Learning` learns what a control did.
/// `EditingTrial` holds one trial's state and its steps.
///
/// It sees only what a screen shows (roles, frames, labels, affordances, thumb
/// positions, warnings) and what the photo does; it never knows which design it is using.
public struct PhotoEditor: Sendable {
    public var participant: Participant
    public var timeLimit: Double
    public var maxGestures: Int
    public var policy: PolicyKind

    public init(
        participant: Participant, timeLimit: Double = 60, maxGestures: Int = 80, policy: PolicyKind = .effectModel
    ) {
        self.participant = participant
        self.timeLimit = timeLimit
        self.maxGestures = maxGestures
        self.policy = policy
    }

    /// Edits with nothing remembered from earlier trials (a first use).
    public func edit<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ environment: inout E, goal: LabImage, using g: inout G, trace: Bool = false, objective: (E) -> Bool
    ) -> PhotoEditingOutcome {
        var fresh = SessionMemory()
        return edit(&environment, goal: goal, memory: &fresh, using: &g, trace: trace, objective: objective)
    }

    /// Edits toward `goal` (Lab at the perception proxy size); see the `GoalLook` form.
    public func edit<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ environment: inout E, goal: LabImage, memory session: inout SessionMemory, using g: inout G,
        trace: Bool = false,
        objective: (E) -> Bool
    ) -> PhotoEditingOutcome {
        edit(&environment, goal: GoalLook(goal), memory: &session, using: &g, trace: trace, objective: objective)
    }

    /// Edits the photo in `environment` toward `goal`, starting from what the
    /// person remembers of this design (`memory`, updated on return). `objective`
    /// says whether the committed state meets the task's tolerance; it is called
    /// after every gesture and never influences the person.
    public func edit<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ environment: inout E, goal: GoalLook, memory session: inout SessionMemory, using g: inout G,
        trace: Bool = false,
        objective: (E) -> Bool
    ) -> PhotoEditingOutcome {
        withoutActuallyEscaping(objective) { objective in
            var trial = EditingTrial(
                self, &environment, goal: goal, memory: session, trace: trace, objective: objective, using: &g)
            while trial.goesOn, trial.step(&environment, using: &g) {}
            return trial.finish(into: &session)
        }
    }
}

extension Hands {
    /// Where to put the finger on a zone: over the region of the photo that looks
    /// wrong when the zone is the photo, its centre otherwise.
    static func zonePoint(
        _ c: Control, region: PhotoRegion, masks: RegionMasks, goal: LabImage, screen: Screen
    ) -> Point {
        guard let photo = screen.photoFrame, c.frame.contains(photo.center), let idx = masks.pixels[region],
            !idx.isEmpty
        else {
            return c.frame.center
        }
        var sx = 0.0, sy = 0.0
        for i in idx { sx += Double(i % goal.width); sy += Double(i / goal.width) }
        let fx = (sx / Double(idx.count) + 0.5) / Double(goal.width),
            fy = (sy / Double(idx.count) + 0.5) / Double(goal.height)
        return Point(photo.minX + fx * photo.width, photo.minY + fy * photo.height)
    }
}

extension Participant {
    public var isExpert: Bool { group == .expert }
}

extension Tapper {
    /// Fitts time to bring the finger onto something `size` points across at `to`.
    public func reachTime(from: Point, to: Point, size: Double, on device: DeviceConfiguration) -> Double {
        FittsLaw.tap(participant)
            .movementTime(distance: device.millimetres(from.distance(to: to)), width: device.millimetres(size))
    }
}
