import Interaction
import UserModels

/// The trials of an experiment: strategy × device × participant × task ×
/// replication, each with a stable key and seeds derived from it (DESIGN §2).
public struct TrialPlan: Sendable {
    public let spec: ExperimentSpec
    public let trials: [PlannedTrial]
    /// The population's participants, drawn once, by index.
    public let participants: [Participant]

    public init(spec: ExperimentSpec) {
        self.spec = spec
        participants = (0..<spec.population.participants).map { spec.population.participant($0, seed: spec.seed) }
        var trials: [PlannedTrial] = []
        trials.reserveCapacity(spec.strategies.count * spec.devices.count * participants.count * spec.tasks.count * spec.replications)
        for strategy in spec.strategies {
            for device in spec.devices {
                for (p, participant) in participants.enumerated() {
                    for task in spec.tasks {
                        for r in 1...spec.replications {
                            let tail = "\(device.name)/\(participant.id)/\(task.id)/r\(r)"
                            let key = "\(spec.question)/\(strategy.label)/\(tail)"
                            trials.append(PlannedTrial(
                                key: key, strategy: strategy.label, device: device, participantIndex: p, task: task,
                                replication: r, seed: Seed.derive(spec.seed, key),
                                behaviourSeed: Seed.derive(spec.seed, "behaviour/\(spec.question)/\(tail)")))
                        }
                    }
                }
            }
        }
        precondition(Set(trials.map(\.key)).count == trials.count, "trial keys must be unique (duplicate devices, strategies or tasks in \(spec.path))")
        self.trials = trials
    }

    /// The trials of one shard, in plan order.
    public func trials(in shard: Shard) -> [PlannedTrial] {
        shard.count == 1 ? trials : trials.filter { shard.contains(key: $0.key) }
    }
}
