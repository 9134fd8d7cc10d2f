import Designs
import ImageEngine
import Interaction
import UserModels

/// What the person had in front of them at one moment of a replayed trial. The
/// first shot is the screen as first seen; then one per gesture, taken when the
/// gesture is over (the finger lifted; for a thrown PIP, once it rests).
public struct ReplayShot: Sendable {
    /// When the gesture's finger touched down (nil for the first shot).
    public var touchDown: Double?
    /// Photo questions: the screen after the gesture, as the design laid it out.
    public var screen: Screen?
    /// Photo questions: the photo as the engine rendered it after the gesture, at
    /// the working size (the image the goal check compares).
    public var photo: Image?
    /// PIP: the window's centre while the finger held it, one point per touch sample.
    public var pipPath: [Point] = []
    /// PIP: the window's centre in flight after release, every 1/60 s until it rests.
    public var flight: [Point] = []
    /// PIP: the corner it rests in after the gesture (the start corner for the first shot).
    public var corner: Corner?
    /// Photo questions: looks while the finger was still down, every `TrialCamera.interval` of a longer
    /// gesture, each as if the finger had lifted then (`at`: when).
    public var during: [ReplayShot] = []
    /// A look while the finger was still down: when it was taken.
    public var at: Double?

    public init(
        touchDown: Double?, screen: Screen? = nil, photo: Image? = nil, pipPath: [Point] = [], flight: [Point] = [],
        corner: Corner? = nil
    ) {
        self.touchDown = touchDown
        self.screen = screen
        self.photo = photo
        self.pipPath = pipPath
        self.flight = flight
        self.corner = corner
    }
}

/// Takes the shots of a replayed trial. A simulator hands it to the trial's
/// environment, which calls it after every gesture; it only looks (screens and
/// renders the trial computes anyway), so a filmed trial runs exactly like an
/// unfilmed one. Used on one thread.
package final class TrialCamera: @unchecked Sendable {
    private(set) var shots: [ReplayShot] = []

    package func shoot(_ shot: ReplayShot) { shots.append(shot) }

    /// Every how long a long gesture is looked at while the finger is still down.
    static let interval = 0.5

    /// Looks at `gesture` while it goes on, every `interval`: `look(partial)` is the shot had the finger lifted
    /// then, which the caller computes on a copy of the trial's state, so the trial goes on untouched.
    func during(_ gesture: Gesture, look: (Gesture) -> ReplayShot) -> [ReplayShot] {
        var shots: [ReplayShot] = []
        var t = gesture.start + Self.interval
        while t < gesture.end - 1e-9 {
            var shot = look(gesture.lifted(at: t))
            shot.at = t
            shots.append(shot)
            t += Self.interval
        }
        return shots
    }

    /// `during` for a photo question: `apply` makes the partial gesture on a copy of `state`, `look` reads what
    /// the screen and the adjustments then were, and the photo is `original` rendered with them.
    package func during<State>(
        _ gesture: Gesture, from state: State, original: Image, apply: (Gesture, inout State) -> Void,
        look: (State) -> (Screen, Adjustments)
    ) -> [ReplayShot] {
        during(gesture) { partial in
            var s = state
            apply(partial, &s)
            let (screen, adjustments) = look(s)
            return ReplayShot(
                touchDown: gesture.start, screen: screen,
                photo: Renderer(threads: 1).render(original, with: adjustments))
        }
    }
}
