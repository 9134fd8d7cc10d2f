import Foundation
import Harness

extension Baseline {
    /// strategy → metric → `BaselineSample` of run `runID`, read in one pass
    /// over the stored rows (`RunStore.scanTrials`) without loading the run's
    /// trial store: memory is one sketch per strategy, metric and participant
    /// (and, while a person's values are few enough to keep, their positions),
    /// not a column per metric of every trial. What `samples(_:metrics:)` gives
    /// from a loaded run, with one difference: the sums of sketches past their
    /// exact limit add in the order the rows are stored, so their means may
    /// differ from the loaded run's in the last bits. Values kept exactly (and
    /// their sums) come out in key order, however the run's workers finished.
    /// Also returns how many trials the run has.
    public static func samples(from store: RunStore, runID: Int64, metrics: [String]) throws -> (samples: [String: [String: BaselineSample]], trials: Int) {
        let wanted = Array(Set(metrics)).sorted()
        var columns: [Int?] = []
        var strategies: [String: Int] = [:], strategyNames: [String] = []
        var participants: [String: Int] = [:], participantNames: [String] = []
        // [strategy][metric][participant]: the sketch and, while it is exact, its rows' scan positions.
        var sketches: [[[ValueSketch]]] = [], rows: [[[[Int32]]]] = []
        var last: (strategy: Int, participant: Int, bytes: [UInt8], person: [UInt8]) = (-1, -1, [], [])
        var position: Int32 = 0
        var trials = 0
        let order = try store.scanTrials(runID: runID, names: { names, count in
            columns = wanted.map { names.firstIndex(of: $0) }
            trials = count
        }) { row in
            defer { position += 1 }
            // Rows of one strategy and person mostly follow each other: compare bytes before hashing a name.
            let sBytes = row.bytes(.strategy), pBytes = row.bytes(.participant)
            if last.strategy < 0 || !sBytes.elementsEqual(last.bytes) {
                let name = String(decoding: sBytes, as: UTF8.self)
                last.strategy = strategies[name] ?? {
                    strategies[name] = strategyNames.count
                    strategyNames.append(name)
                    sketches.append(Array(repeating: [], count: wanted.count))
                    rows.append(Array(repeating: [], count: wanted.count))
                    return strategyNames.count - 1
                }()
                last.bytes = Array(sBytes)
            }
            if last.participant < 0 || !pBytes.elementsEqual(last.person) {
                let name = String(decoding: pBytes, as: UTF8.self)
                last.participant = participants[name] ?? {
                    participants[name] = participantNames.count
                    participantNames.append(name)
                    return participantNames.count - 1
                }()
                last.person = Array(pBytes)
            }
            let s = last.strategy, p = last.participant
            for (m, column) in columns.enumerated() {
                guard let column, let v = row.metric(column) else { continue }
                if sketches[s][m].count <= p {
                    sketches[s][m] += Array(repeating: ValueSketch(), count: p + 1 - sketches[s][m].count)
                    rows[s][m] += Array(repeating: [], count: p + 1 - rows[s][m].count)
                }
                sketches[s][m][p].add(v)
                if sketches[s][m][p].isExact { rows[s][m][p].append(position) } else if !rows[s][m][p].isEmpty { rows[s][m][p] = [] }
            }
        }
        // Values kept exactly come out in key order: the ranks of their rows.
        var keyRank: [Int32: Int32] = [:]
        for s in sketches.indices {
            for m in wanted.indices {
                for (p, r) in rows[s][m].enumerated() where sketches[s][m][p].isExact { for i in r { keyRank[i] = -1 } }
            }
        }
        if !keyRank.isEmpty {
            for (k, i) in order.enumerated() where keyRank[i] != nil { keyRank[i] = Int32(k) }
        }
        var out: [String: [String: BaselineSample]] = [:]
        for (s, strategy) in strategyNames.enumerated() {
            for (m, metric) in wanted.enumerated() {
                let mine = sketches[s][m].indices.filter { sketches[s][m][$0].count > 0 }
                guard !mine.isEmpty else { continue }
                let sorted = mine.sorted { participantNames[$0] < participantNames[$1] }
                if mine.allSatisfy({ sketches[s][m][$0].isExact }) {
                    var entries: [(rank: Int32, value: Double, participant: Int)] = []
                    for p in mine {
                        for (i, v) in zip(rows[s][m][p], sketches[s][m][p].exactValues!) { entries.append((keyRank[i]!, v, p)) }
                    }
                    entries.sort { $0.rank < $1.rank }
                    out[strategy, default: [:]][metric] = .values(ParticipantValues(values: entries.map(\.value),
                                                                                    participants: entries.map { participantNames[$0.participant] }))
                } else {
                    // A person still held exactly: their values re-added in key order.
                    let inKeyOrder = sorted.map { p in
                        let sketch = sketches[s][m][p]
                        guard let values = sketch.exactValues else { return sketch }
                        return ValueSketch(zip(rows[s][m][p], values).sorted { keyRank[$0.0]! < keyRank[$1.0]! }.map(\.1))
                    }
                    out[strategy, default: [:]][metric] = .sketches(participants: sorted.map { participantNames[$0] }, sketches: inKeyOrder)
                }
            }
        }
        return (out, trials)
    }
}
