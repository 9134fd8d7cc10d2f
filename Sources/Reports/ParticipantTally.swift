import Foundation
import Statistics

/// One metric of some trials summed per participant in one pass: how many of
/// each participant's trials recorded it and how many of those succeeded.
/// Everything a rate and its cluster bootstrap read (`ReportKit.rateEstimate`),
/// in memory that grows with the participants, not the trials: no value, and
/// no participant string, is kept per trial. The counts are integers, so any
/// statistic of them is the same number whatever order the trials came in.
struct ParticipantTally: Sendable {
    /// The participant of each slot, in order of first appearance.
    private(set) var participants: [String] = []
    /// Per slot: trials that recorded the metric, and those that succeeded.
    private(set) var valued: [Int] = []
    private(set) var successes: [Int] = []

    /// A tally of counts already made: `participants[i]` gave `valued[i]`
    /// values of the metric, `successes[i]` of them successes.
    init(participants: [String], valued: [Int], successes: [Int]) {
        precondition(
            participants.count == valued.count && valued.count == successes.count, "one count of each per participant")
        (self.participants, self.valued, self.successes) = (participants, valued, successes)
    }

    /// Trials that recorded the metric.
    var count: Int { valued.reduce(0, +) }
    var successCount: Int { successes.reduce(0, +) }
    /// Participants with at least one value.
    var people: Int { participants.count }
    /// True when no participant gave more than one value (`ParticipantValues.oneValuePerParticipant`).
    var oneValuePerParticipant: Bool { valued.allSatisfy { $0 <= 1 } }

    /// The successes as a cluster sample of 0/1 values (per-participant sums and
    /// counts, participants sorted): the sample `ClusteredSample(_:ordered: false)`
    /// makes of the same values, with the same integer sums.
    var sample: ClusteredSample {
        let order = participants.indices.sorted { participants[$0] < participants[$1] }
        return ClusteredSample(
            participants: order.map { participants[$0] }, sums: order.map { Double(successes[$0]) },
            counts: order.map { valued[$0] })
    }

    /// The bytes the tally holds (its arrays; the participant strings' own storage aside): what the memory test reads.
    var heldBytes: Int { participants.count * (MemoryLayout<String>.stride + 2 * MemoryLayout<Int>.stride) }
}
