import Foundation
import Harness

/// Something that reads a run's stored rows as they go by: the report's trial
/// store (`TrialColumns.Loader`), per-participant sketches (`RunSamples.Reader`),
/// or any summary a section needs. Several readers share one pass
/// (`RunStore.read(runID:into:)`), so asking for one more summary costs no
/// second pass over a database that may be gigabytes.
///
/// Readers are classes: the caller keeps each one and takes its result from
/// it after the pass.
protocol RunReader: AnyObject {
    /// Before the first row: the store's metric names (what a row's
    /// `metric(_:)` indexes) and how many trials the run has.
    func start(metrics: [String], trials: Int) throws
    /// One stored row, in the order rows are stored (not by key).
    func read(_ row: borrowing ScannedTrial) throws
    /// After the last row: `keyOrder[k]` is the scan position of the trial with the k-th key.
    func finish(keyOrder: [Int32]) throws
}

extension RunStore {
    /// Feeds every reader run `runID`'s rows in one `scanTrials` pass, then
    /// tells each the key order.
    func read(runID: Int64, into readers: [any RunReader]) throws {
        let order = try scanTrials(runID: runID, names: { names, count in
            for reader in readers { try reader.start(metrics: names, trials: count) }
        }) { row in
            for reader in readers { try reader.read(row) }
        }
        for reader in readers { try reader.finish(keyOrder: order) }
    }
}

/// One factor's distinct values (participants, say) as a pass meets them, each
/// given the next code. A run stores a session's trials together, so a row
/// mostly repeats the last one's value: its bytes are compared with those
/// before a name is made and hashed.
struct ScanCodes {
    /// The values met so far, by code.
    private(set) var names: [String] = []
    private var codes: [String: Int] = [:]
    private var last = -1, lastBytes: [UInt8] = []

    /// The code of the value whose UTF-8 bytes are `bytes`, given on first sight.
    mutating func code(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if last >= 0 && bytes.elementsEqual(lastBytes) { return last }
        let name = String(decoding: bytes, as: UTF8.self)
        last = codes[name] ?? {
            codes[name] = names.count
            names.append(name)
            return names.count - 1
        }()
        lastBytes = Array(bytes)
        return last
    }
}
