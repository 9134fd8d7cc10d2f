import Interaction
import Randomness
import UserModels

/// The trials of an experiment: strategy × device × participant × task ×
/// replication, each with a stable key and seeds derived from it (DESIGN §2).
///
/// A participant's trials with one strategy on one device form a *session*, run
/// in order so the person can learn; sessions (not trials) are what jobs and
/// shards distribute. Within a session the tasks come in an order drawn per
/// participant and device (the same for every strategy, so comparisons stay
/// within-subject), one block of all tasks per replication.
public struct TrialPlan: Sendable {
    public let spec: ExperimentSpec
    /// Every trial, session by session, each session in the order it is run.
    public let trials: [PlannedTrial]
    /// Index ranges of `trials`, one per session.
    public let sessions: [Range<Int>]
    /// The population's participants, drawn once, by index.
    public private(set) var participants: [Participant]

    /// The plan of `spec`; with `only`, just the sessions named there
    /// (`PlannedTrial.session`: what replaying a few trials needs, instead of
    /// every trial of a large run). A session's trials are the same either way.
    public init(spec: ExperimentSpec, only wanted: Set<String>? = nil) {
        self.spec = spec
        participants = (0..<spec.population.participants).map { spec.population.participant($0, seed: spec.seed) }
        var trials: [PlannedTrial] = []
        var sessions: [Range<Int>] = []
        trials.reserveCapacity(
            wanted.map { $0.count * spec.tasks.count * spec.replications }
                ?? spec.strategies.count * spec.devices.count * participants.count * spec.tasks.count
                * spec.replications)
        for strategy in spec.strategies {
            for device in spec.devices {
                for (p, participant) in participants.enumerated() {
                    if let wanted,
                        !wanted.contains(
                            Self.sessionName(spec, strategy: strategy, device: device, participant: participant))
                    {
                        continue
                    }
                    let start = trials.count
                    Self.forEachTrial(spec, strategy: strategy, device: device, participant: participant, index: p) {
                        trials.append($0); return true
                    }
                    sessions.append(start..<trials.count)
                }
            }
        }
        precondition(
            Set(trials.map(\.key)).count == trials.count,
            "trial keys must be unique (duplicate devices, strategies or tasks in \(spec.path))")
        self.trials = trials
        self.sessions = sessions
    }

    /// The name of a session (`PlannedTrial.session`).
    public static func sessionName(
        _ spec: ExperimentSpec, strategy: StrategySpec, device: DeviceConfiguration, participant: Participant
    ) -> String {
        "\(spec.question)/\(strategy.label)/\(device.name)/\(participant.id)"
    }

    /// Makes one session's trials in the order they run, one at a time, until
    /// `body` returns false: replaying a trial late in a long session relives
    /// the trials before it without holding them all (`TrialReplayer`).
    /// `index`: the participant's place in the population.
    public static func forEachTrial(
        _ spec: ExperimentSpec, strategy: StrategySpec, device: DeviceConfiguration, participant: Participant,
        index p: Int,
        _ body: (PlannedTrial) -> Bool
    ) {
        let session = Self.sessionName(spec, strategy: strategy, device: device, participant: participant)
        var n = 0
        for r in 1...spec.replications {
            for task in Self.taskOrder(spec, device: device.name, participant: participant.id, block: r) {
                let tail = "\(device.name)/\(participant.id)/\(task.id)/r\(r)"
                let key = "\(spec.question)/\(strategy.label)/\(tail)"
                n += 1
                let trial = PlannedTrial(
                    key: key, strategy: strategy.label, device: device, participantIndex: p, task: task,
                    replication: r, seed: Seed.derive(spec.seed, key), session: session, sessionIndex: n,
                    behaviourSeed: Seed.derive(spec.seed, "behaviour/\(spec.question)/\(tail)"))
                guard body(trial) else { return }
            }
        }
    }

    /// The tasks of one block in the order this participant meets them on this
    /// device: a seeded shuffle, so practice is not confounded with one task.
    /// How many trials the plan of `spec` holds, without building it (every
    /// strategy × device × participant × replication runs every task once).
    public static func count(_ spec: ExperimentSpec) -> Int {
        spec.strategies.count * spec.devices.count * spec.population.participants * spec.tasks.count * spec.replications
    }

    /// The session (`PlannedTrial.session`) of a plan key of `spec`: the key
    /// without its task and replication, found by the spec's task ids (which
    /// may hold "/", so the key's last two parts would not do); nil for a key
    /// that does not end in one of them and a replication.
    public static func session(ofKey key: String, spec: ExperimentSpec) -> String? {
        guard let r = key.range(of: "/r", options: .backwards), case let replication = key[r.upperBound...],
            !replication.isEmpty, replication.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        let head = key[..<r.lowerBound]
        // The longest task id that ends the head, so "a/b" wins over "b".
        let task = spec.tasks.map(\.id).filter { head.hasSuffix("/" + $0) }.max { $0.count < $1.count }
        return task.map { String(head.dropLast($0.count + 1)) }
    }

    static func taskOrder(_ spec: ExperimentSpec, device: String, participant: String, block: Int) -> [TaskSpec] {
        var order = spec.tasks
        var g = SeededGenerator(seed: spec.seed, label: "order/\(spec.question)/\(device)/\(participant)/b\(block)")
        for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, Int(g.next() % UInt64(i + 1))) }
        return order
    }

    /// The sessions of one shard (as trial index ranges), in plan order.
    public func sessions(in shard: Shard) -> [Range<Int>] {
        shard.count == 1 ? sessions : sessions.filter { shard.contains(key: trials[$0.lowerBound].session) }
    }

    /// The trials of one shard, in plan order.
    public func trials(in shard: Shard) -> [PlannedTrial] {
        sessions(in: shard).flatMap { trials[$0] }
    }
}

extension TrialPlan {
    /// The same plan, its people noting in `log` every parameter they read.
    func recordingReads(into log: ParameterReadLog) -> TrialPlan {
        var plan = self
        for i in plan.participants.indices { plan.participants[i].readLog = log }
        return plan
    }
}
