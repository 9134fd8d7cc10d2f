import Designs
import ImageEngine
import Interaction
import UserModels

/// The setting of a replayed trial: what the person was asked to do, as the
/// harness prepared it for the run.
public struct ReplayScene: Sendable {
    /// Photo questions: the photo at the working size, the goal look rendered
    /// from it (nil when browsing with no goal), its Lab image and the task's
    /// tolerance (mean ΔE00).
    public var original: Image?
    public var goal: Image?
    public var goalLab: LabImage?
    public var tolerance: Double?
    /// Effects: the preview each thumbnail control shows (by control id: every
    /// catalogue look and every family card), rendered from the photo.
    public var previews: [String: Image] = [:]
    /// PIP: where the window sits on this device, and the move asked for.
    public var pipLayout: PIPLayout?
    public var from: Corner?
    public var to: Corner?

    public init(original: Image? = nil, goal: Image? = nil, goalLab: LabImage? = nil, tolerance: Double? = nil,
                pipLayout: PIPLayout? = nil, from: Corner? = nil, to: Corner? = nil) {
        self.original = original
        self.goal = goal
        self.goalLab = goalLab
        self.tolerance = tolerance
        self.pipLayout = pipLayout
        self.from = from
        self.to = to
    }
}

/// A simulator whose trials can be filmed: the same `run`, with a camera on the
/// environment, and the scene the trial is played in.
package protocol FilmedSimulator: TrialSimulator {
    func run(_ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool,
             camera: TrialCamera?) -> TrialOutcome
    func scene(for trial: PlannedTrial) -> ReplayScene
}

extension FilmedSimulator {
    /// A trial run without a camera: a filmed simulator's trial is the same whether or not it is filmed.
    public func run(
        _ trial: PlannedTrial, participant: Participant, memory: inout SessionMemory, trace: Bool
    ) -> TrialOutcome {
        run(trial, participant: participant, memory: &memory, trace: trace, camera: nil)
    }
}
