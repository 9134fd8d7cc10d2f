import Foundation
import Harness

package extension Sections {
    /// What the report's set-up states about a run, read in the report's pass
    /// (`RunStore.read(runID:into:)`): how many trials it has and how many
    /// distinct people each group (novice, expert, …) has. Memory is the
    /// distinct participants and groups, whatever the number of trials.
    final class SetupCounts: RunReader {
        /// Trials in the run.
        private(set) var trials = 0
        private var participants = ScanCodes(), groups = ScanCodes()
        /// Participant and group codes seen together.
        private var pairs: Set<Int> = []
        private var last = -1

        func start(metrics: [String], trials count: Int) { trials = count }

        func read(_ row: borrowing ScannedTrial) {
            let pair = participants.code(row.bytes(.participant)) << 32 | groups.code(row.bytes(.group))
            // A session's trials are stored together: hash only when the person changes.
            if pair != last { pairs.insert(pair); last = pair }
        }

        func finish(keyOrder: [Int32]) {}

        /// Distinct participants of each group.
        var participantsByGroup: [String: Int] {
            Dictionary(pairs.map { (groups.names[$0 & 0xFFFF_FFFF], 1) }, uniquingKeysWith: +)
        }
    }
}
