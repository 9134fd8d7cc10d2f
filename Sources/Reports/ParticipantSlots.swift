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
        var table: TrialColumns?
        var column: MetricColumn?
        var codes = FactorColumn(), codeNames: [String] = [], slotOfCode: [Int] = []
        for row in rows {
            if row.table !== table {
                let t = row.table
                table = t
                column = t.metricIndex[metric].map { t.column($0) }
                codes = t.codes(of: .participant)
                codeNames = t.names(of: .participant)
                slotOfCode = Array(repeating: -1, count: codeNames.count)
            }
            guard let v = column?[row.index], !v.isNaN else { continue }
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
