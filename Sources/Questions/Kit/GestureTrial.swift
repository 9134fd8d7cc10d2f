import Harness
import Interaction
import Randomness
import UserModels

/// The trial every gesture question runs, each question saying only what one
/// attempt is: the device's digitizer, the person's reaching and pressing
/// hands, the trace, where the thumb is, and the attempt loop (try again while
/// the time and attempt limits allow, until an attempt does what was meant).
///
/// The person's own random stream stays with the question (its label is the
/// question's), so drawing from it never overlaps an access to the trial.
struct GestureTrial {
    let device: DeviceConfiguration
    let sensor: TouchSensor
    let tapper: Tapper
    let presser: Presser
    var log: TraceLog
    /// Where the thumb is; it starts low on the screen, where a hand holding the device keeps it.
    var finger: Point
    var clock = 0.0
    private(set) var attempts = 0
    /// When the screen did what the person meant, if it did.
    var reachedAt: Double?
    private let limits: TrialLimits
    private let behaviourSeed: UInt64

    /// `restingHeight` is the thumb's resting place as a share of the screen's height.
    init(
        _ trial: PlannedTrial, participant: Participant, limits: TrialLimits, trace: Bool, restingHeight: Double = 0.85
    ) {
        device = trial.device
        sensor = TouchSensor(device: device)
        tapper = Tapper(participant: participant)
        presser = Presser(participant: participant)
        log = TraceLog(enabled: trace)
        finger = Point(device.bounds.width / 2, device.bounds.height * restingHeight)
        self.limits = limits
        behaviourSeed = trial.behaviourSeed
    }

    /// Starts another attempt if the time and attempt limits allow one.
    mutating func nextAttempt() -> Bool {
        guard attempts < limits.maxAttempts && clock < limits.timeLimit else { return false }
        attempts += 1
        return true
    }

    /// What the digitizer reports of `path`, with this attempt's own sensor noise (`touch` numbers the touches of
    /// an attempt that makes several).
    func sense(_ path: FingerPath, touch: Int? = nil) -> TouchStream? {
        var noise = SeededGenerator(
            seed: behaviourSeed, label: touch.map { "sensor/\(attempts)/\($0)" } ?? "sensor/\(attempts)")
        return sensor.sense(path, using: &noise)
    }

    /// The first attempt did what was meant (`right_first_time`).
    var rightFirstTime: Metric { Metric("right_first_time", reachedAt != nil && attempts == 1 ? 1 : 0) }

    /// How the trial ended: `reached_effect`, `time_to_effect_s` when it was, `time_to_done_s` and `attempts`.
    var outcome: [Metric] {
        [Metric("reached_effect", reachedAt == nil ? 0 : 1)]
            + (reachedAt.map { [Metric("time_to_effect_s", $0)] } ?? [])
            + [Metric("time_to_done_s", clock), Metric("attempts", Double(attempts))]
    }
}
