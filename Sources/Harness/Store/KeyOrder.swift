import GRDB

/// Schema v5's `level` table held for a scan: each value's bytes by id (no copy
/// per row) and its rank in key order.
final class LevelTable {
    private let storage: UnsafeMutableBufferPointer<UInt8>
    private var spans: [(start: Int, count: Int)] = []
    /// `rank[id]`: the value's place among all values ordered as they sort inside
    /// a key (each followed by "/").
    private(set) var rank: [Int32] = []
    /// True when some value holds a "/", so ranks cannot stand for key order.
    private(set) var hasSlash = false
    var count: Int { spans.count }

    init(_ db: Database) throws {
        var text: [UInt8] = []
        var byID: [(id: Int, start: Int, count: Int)] = []
        for row in try Row.fetchAll(db, sql: "SELECT id, value FROM level ORDER BY id") {
            let value: String = row[1]
            byID.append((row[0], text.count, value.utf8.count))
            text.append(contentsOf: value.utf8)
        }
        storage = .allocate(capacity: max(1, text.count))
        _ = storage.initialize(from: text)
        let size = (byID.map(\.id).max() ?? -1) + 1
        spans = Array(repeating: (0, 0), count: size)
        for l in byID { spans[l.id] = (l.start, l.count) }
        let slash = UInt8(ascii: "/")
        hasSlash = text.contains(slash)
        // Ordering "a/" against "a-b/": compare the bytes, a shorter value continuing with "/".
        let ids = byID.map(\.id).sorted { a, b in
            let x = self.bytes(Int32(a)), y = self.bytes(Int32(b))
            for i in 0...max(x.count, y.count) {
                let u = i < x.count ? x[i] : slash, v = i < y.count ? y[i] : slash
                if u != v { return u < v }
                if i >= x.count || i >= y.count { return x.count < y.count }
            }
            return false
        }
        rank = Array(repeating: 0, count: size)
        for (r, id) in ids.enumerated() { rank[id] = Int32(r) }
    }

    deinit { storage.deallocate() }

    /// The value of level `id` (empty for an id the table lacks).
    func bytes(_ id: Int32) -> UnsafeBufferPointer<UInt8> {
        guard id >= 0, Int(id) < spans.count else { return UnsafeBufferPointer(start: storage.baseAddress, count: 0) }
        let s = spans[Int(id)]
        return UnsafeBufferPointer(start: storage.baseAddress! + s.start, count: s.count)
    }
}

/// The key order of a v5 scan's trials, gathered row by row (`TrialRows`):
/// each plan key as its ranks (strategy, device, participant, task, then the
/// replication's "rN" among the run's replications) packed in one 64-bit word
/// (up to 4,096 levels) or two (up to 2²⁴), or, for runs with keys that are not
/// the plan's or values that hold "/", the key text.
struct KeyOrder {
    let levels: LevelTable
    /// Bits per factor rank in the narrow form; below them the replication's slot.
    private let bits: Int
    /// Per row: narrow, the whole packed key; wide, its low word
    /// (participant << 40 | task << 16 | slot), with `high` (strategy << 24 | device).
    private var packed: [UInt64] = []
    private var high: [UInt64]?
    private var texts: [[UInt8]]?
    private var replicationSlot: [Int64: UInt64] = [:]
    private var replications: [Int64] = []
    private var last: (replication: Int64, slot: UInt64) = (.min, 0)

    /// The question that begins the run's plan keys.
    let question: [UInt8]

    /// An empty order for run `runID`'s `capacity` trials: its question, the
    /// database's levels, and whether the run holds keys that are not the plan's.
    init(run runID: Int64, in db: Database, capacity: Int) throws {
        let question = try CodedRow.question(of: runID, in: db)
        let otherKeys = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM trial_row WHERE key <> '' AND run_id = ?)", arguments: [runID])!
        self.init(levels: try LevelTable(db), question: question, capacity: capacity, byText: otherKeys)
    }

    init(levels: LevelTable, question: [UInt8], capacity: Int, byText: Bool) {
        self.levels = levels
        self.question = question
        bits = max(1, Int.bitWidth - max(0, levels.count - 1).leadingZeroBitCount)
        if byText || levels.hasSlash || bits > 24 {
            texts = []
            texts!.reserveCapacity(capacity)
            return
        }
        packed.reserveCapacity(capacity)
        if 4 * bits > 48 {
            high = []
            high!.reserveCapacity(capacity)
        }
    }

    /// Bits left for the replication's slot.
    private var slotBits: Int { high == nil ? 64 - 4 * bits : 16 }

    /// Adds the next row: its six factor codes, replication and key text.
    mutating func append(codes: (Int32, Int32, Int32, Int32, Int32, Int32), replication: Int64, key: [UInt8]) throws {
        if texts != nil { texts!.append(key); return }
        if replication != last.replication {
            if let s = replicationSlot[replication] {
                last = (replication, s)
            } else {
                let s = UInt64(replications.count)
                guard s < 1 << slotBits else {
                    throw DatabaseError(
                        message: "more distinct replications (\(s + 1)) than a key order can hold (\(1 << slotBits))")
                }
                replicationSlot[replication] = s
                replications.append(replication)
                last = (replication, s)
            }
        }
        let rank = levels.rank
        let strategy = UInt64(rank[Int(codes.0)]), device = UInt64(rank[Int(codes.1)])
        let participant = UInt64(rank[Int(codes.2)]), task = UInt64(rank[Int(codes.4)])
        if high != nil {
            high!.append(strategy << 24 | device)
            packed.append(participant << 40 | task << 16 | last.slot)
        } else {
            let p = ((strategy << bits | device) << bits | participant) << bits | task
            packed.append(p << (64 - 4 * bits) | last.slot)
        }
    }

    /// `order[k]`: the row (in the order appended) holding the k-th key.
    func sorted() -> [Int32] {
        if let texts {
            return (0..<Int32(texts.count)).sorted { texts[Int($0)].lexicographicallyPrecedes(texts[Int($1)]) }
        }
        // The replications' slots, renumbered in the order of their "rN" text.
        let byText = replications.indices.sorted {
            Array("r\(replications[$0])".utf8).lexicographicallyPrecedes(Array("r\(replications[$1])".utf8))
        }
        var slotRank = [UInt64](repeating: 0, count: replications.count)
        for (r, s) in byText.enumerated() { slotRank[s] = UInt64(r) }
        let low: UInt64 = (1 << UInt64(slotBits)) - 1
        if let high {
            var rows = packed.enumerated().map {
                (high: high[$0.offset], low: $0.element & ~low | slotRank[Int($0.element & low)], row: Int32($0.offset))
            }
            rows.sort { ($0.high, $0.low) < ($1.high, $1.low) }
            return rows.map(\.row)
        }
        var pairs = packed.enumerated().map {
            (key: $0.element & ~low | slotRank[Int($0.element & low)], row: Int32($0.offset))
        }
        pairs.sort { $0.key < $1.key }
        return pairs.map(\.row)
    }
}
