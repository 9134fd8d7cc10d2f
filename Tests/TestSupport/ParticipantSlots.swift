import Statistics
@testable import Reports
/// The participants of some trials numbered in order of first appearance, for
/// summing a metric per participant in one pass over rows of the column store:
/// each row's participant is looked up by its code, and a code by name once
/// per table, so no participant string is made or hashed per trial.
struct ParticipantSlots {
    /// The participant of each slot.
    private(set) var names: [String] = []
    private var slotByName: [String: Int] = [:]

    /// Calls `body` with each of `rows`' values of `metric` (trials that did not
    /// record it skipped) and its participant's slot, numbering participants new
    /// to this set as they come.
    mutating func forEachValue(_ metric: String, in rows: [TrialRow], _ body: (Double, Int) -> Void) {
        var read = MetricReader(metric)
        forEachValue(in: rows, { read($0) }, body)
    }

    /// The same for a value computed from each row (nil: skipped).
    mutating func forEachValue(in rows: [TrialRow], _ value: (TrialRow) -> Double?, _ body: (Double, Int) -> Void) {
        var table: TrialColumns?
        var codes = FactorColumn(), codeNames: [String] = [], slotOfCode: [Int] = []
        for row in rows {
            if row.table !== table {
                let t = row.table
                table = t
                codes = t.codes(of: .participant)
                codeNames = t.names(of: .participant)
                slotOfCode = Array(repeating: -1, count: codeNames.count)
            }
            guard let v = value(row) else { continue }
            let code = Int(codes[row.index])
            var slot = slotOfCode[code]
            if slot < 0 {
                let name = codeNames[code]
                if let s = slotByName[name] { slot = s } else {
                    slot = names.count
                    slotByName[name] = slot
                    names.append(name)
                }
                slotOfCode[code] = slot
            }
            body(v, slot)
        }
    }
}

/// Values of some trials, each with its participant as an index into the
/// distinct participants sorted by name (what `participantIndex` gives a
/// `ParticipantValues`): 12 bytes a value instead of a value and a
/// participant string (24), built without a string per trial.
struct OwnedValues {
    var values: [Double] = []
    /// `participants[owners[i]]` gave `values[i]`.
    var owners: [Int32] = []
    /// Distinct and sorted.
    var participants: [String] = []

    /// `metric` of `rows`, trials that did not record it skipped.
    init(_ metric: String, of rows: [TrialRow]) {
        var read = MetricReader(metric)
        self.init(rows) { read($0) }
    }

    /// `value` of each of `rows`, nil skipped.
    init(_ rows: [TrialRow], _ value: (TrialRow) -> Double?) {
        var values: [Double] = [], slots: [Int32] = []
        var people = ParticipantSlots()
        people.forEachValue(in: rows, value) { v, slot in
            values.append(v)
            slots.append(Int32(slot))
        }
        let names = people.names
        // Participants sorted, as `participantIndex` sorts them; each value's owner is its slot's rank.
        let order = names.indices.sorted { names[$0] < names[$1] }
        var rank = [Int32](repeating: 0, count: names.count)
        for (r, slot) in order.enumerated() { rank[slot] = Int32(r) }
        for i in slots.indices { slots[i] = rank[Int(slots[i])] }
        self.values = values
        self.owners = slots
        self.participants = order.map { names[$0] }
    }
}

extension ClusteredSample {
    /// The sample of `owned`: what `ClusteredSample(ParticipantValues)` makes of
    /// the same values and participants, without a participant string per value.
    init(_ owned: OwnedValues, ordered: Bool = true) {
        self.init(values: owned.values, owners: owned.owners, participants: owned.participants, ordered: ordered)
    }
}
