import Foundation

/// Survival observations summed per participant at each time they share (a
/// *cell*): how many of participant c's observations end there with the event
/// and how many end there at all. A cluster-bootstrap replicate of the
/// Kaplan–Meier curve or its restricted mean is then one pass over the cells,
/// each participant's counts weighted by how often they were drawn, at
/// O(cell entries) per resample instead of O(trials).
///
/// Two layouts (`step`):
/// - **exact** (`step == nil`): a cell per distinct time. The weighted counts
///   are the same integers as a pass over every observation, so every replicate
///   is the same number to the bit.
/// - **grid** (`step == h`): each time rounded *up* to the next multiple of h
///   (⌈t/h⌉·h), so a participant has at most one entry per grid time however
///   many trials they gave: the entries are bounded by participants × cells,
///   not by trials. Each replicate is then the exact Kaplan–Meier curve of the
///   resampled trials with their times rounded up (events before censorings at
///   a shared time, as everywhere): every time moves by less than h, so where
///   no trial is censored the curve moves right by less than h and a
///   replicate's median, reached-by-t and restricted mean by less than one
///   step; a censoring that shares a grid time with events counts at risk at
///   them, a further difference not bounded by h alone (measured in Docs/Scale.md).
///
/// `make` takes the grid only where it at least halves the entries, so small
/// runs (a few trials per participant) keep the exact layout and the numbers
/// they always had; the point estimates (the curve itself) are never rounded.
public struct SurvivalGrid: Sendable {
    /// The grid step, or nil when exact.
    public let step: Double?
    /// Each cell's time (the distinct time, or its grid time), ascending.
    package let cellTimes: [Double]
    /// Cell j's entries are `cellEnds[j - 1]..<cellEnds[j]` (from 0 for j = 0).
    package let cellEnds: [Int32]
    package let owners: [Int32], events: [Int32], leaving: [Int32]
    /// How many observations each participant has.
    package let counts: [Int]

    /// Observations sorted by time, each with its participant's index (< `participants`);
    /// entry i stands for `weights[i]` observations (one each when nil).
    package init(
        sortedTimes times: [Double], events isEvent: [Bool], owners of: [Int32], participants: Int, step: Double?,
        weights: [Int32]? = nil
    ) {
        precondition(
            times.count == isEvent.count && times.count == of.count && (weights?.count ?? times.count) == times.count,
            "one event flag, participant and weight per time")
        var cellTimes: [Double] = [], cellEnds: [Int32] = []
        var owners: [Int32] = [], events: [Int32] = [], leaving: [Int32] = []
        var counts = [Int](repeating: 0, count: participants)
        // Per-participant tallies of the current cell, and who has one.
        var ev = [Int32](repeating: 0, count: participants), lv = [Int32](repeating: 0, count: participants)
        var touched: [Int32] = []
        func cellTime(_ t: Double) -> Double { step.map { ($0 * (t / $0).rounded(.up)) } ?? t }
        var i = 0
        while i < times.count {
            let cell = cellTime(times[i])
            while i < times.count && cellTime(times[i]) == cell {
                let c = Int(of[i]), w = weights.map { $0[i] } ?? 1
                if lv[c] == 0 { touched.append(of[i]) }
                lv[c] += w
                if isEvent[i] { ev[c] += w }
                counts[c] += Int(w)
                i += 1
            }
            // Integer tallies: the order of a cell's entries changes no sum.
            for c in touched {
                owners.append(c); events.append(ev[Int(c)]); leaving.append(lv[Int(c)])
                ev[Int(c)] = 0; lv[Int(c)] = 0
            }
            touched.removeAll(keepingCapacity: true)
            cellTimes.append(cell)
            cellEnds.append(Int32(owners.count))
        }
        self.step = step
        self.cellTimes = cellTimes
        self.cellEnds = cellEnds
        self.owners = owners
        self.events = events
        self.leaving = leaving
        self.counts = counts
    }

    /// The grid layout at `gridStep(maxTime:)` where it holds at most half the
    /// entries of the exact one (many trials per participant), else the exact layout.
    /// Entry i stands for `weights[i]` observations (one each when nil); the
    /// grid is taken where it at least halves the entries of the exact layout.
    package static func make(
        sortedTimes times: [Double], events: [Bool], owners: [Int32], participants: Int, weights: [Int32]? = nil
    ) -> SurvivalGrid {
        let exact =
            weights == nil
            ? nil
            : SurvivalGrid(
                sortedTimes: times, events: events, owners: owners, participants: participants, step: nil,
                weights: weights)
        let exactEntries = exact?.entryCount ?? times.count
        if let h = gridStep(maxTime: times.last ?? 0) {
            let grid = SurvivalGrid(
                sortedTimes: times, events: events, owners: owners, participants: participants, step: h,
                weights: weights)
            if grid.entryCount * 2 <= exactEntries { return grid }
        }
        return exact
            ?? SurvivalGrid(sortedTimes: times, events: events, owners: owners, participants: participants, step: nil)
    }

    /// The largest power of ten at most a thousandth of the longest time (e.g.
    /// 0.01 s for times up to 30 s): at most 10,000 grid times.
    package static func gridStep(maxTime: Double) -> Double? {
        guard maxTime > 0, maxTime.isFinite else { return nil }
        return pow(10, (log10(maxTime / 1000)).rounded(.down))
    }

    public var cellCount: Int { cellTimes.count }
    public var entryCount: Int { owners.count }
    public var participantCount: Int { counts.count }

    /// The bytes the summary holds: what a resampled curve costs in memory.
    public var heldBytes: Int {
        cellTimes.count * 8 + cellEnds.count * 4 + owners.count * 12 + counts.count * MemoryLayout<Int>.stride
    }

    /// Everyone drawn, as at risk at the start: Σ w[c] × counts[c]. Kept as an
    /// integer in the passes (the same integer a Double running sum held, exact
    /// below 2⁵³), converted where it divides.
    @inline(__always) package func atRisk(_ w: UnsafeBufferPointer<Int32>) -> Int {
        var n = 0
        for c in 0..<counts.count where w[c] != 0 { n += Int(w[c]) * counts[c] }
        return n
    }

    /// A cell's events and leavers in the resample where participant c appears
    /// `w[c]` times, summing its entries from `e` up to `end` (and moving `e` on).
    /// Integer tallies, converted once by the caller: the same integers the Double
    /// sums held (exact below 2⁵³), without a floating-point add chain per entry.
    @inline(__always) package static func tally(
        _ e: inout Int, to end: Int, _ w: UnsafeBufferPointer<Int32>, _ owners: UnsafeBufferPointer<Int32>,
        _ events: UnsafeBufferPointer<Int32>, _ leaving: UnsafeBufferPointer<Int32>
    ) -> (events: Int, leaving: Int) {
        var d = 0, out = 0
        while e < end {
            let k = Int(w[Int(owners[e])])
            d &+= k &* Int(events[e])
            out &+= k &* Int(leaving[e])
            e += 1
        }
        return (d, out)
    }

    /// Walks the cells in time order for the resample where participant c appears `w[c]` times, up to the
    /// first whose time `isPast`, handing `body` each cell's time and its weighted events and leavers; `body`
    /// returns false to stop after its cell. The hot loop of the report: unchecked reads (every index is below
    /// the entries' or a participant's).
    @inline(__always) private func forEachCell(
        weights w: UnsafeBufferPointer<Int32>, isPast: (Double) -> Bool,
        _ body: (_ time: Double, _ events: Int, _ leaving: Int) -> Bool
    ) {
        cellTimes.withUnsafeBufferPointer { times in
            cellEnds.withUnsafeBufferPointer { ends in
                owners.withUnsafeBufferPointer { owners in
                    events.withUnsafeBufferPointer { events in
                        leaving.withUnsafeBufferPointer { leaving in
                            var e = 0
                            for j in 0..<times.count {
                                let t = times[j]
                                if isPast(t) { break }
                                let (d, out) = Self.tally(&e, to: Int(ends[j]), w, owners, events, leaving)
                                if !body(t, d, out) { break }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The Kaplan–Meier curve of the resample where participant c appears `w[c]`
    /// times: its event times and S after each, written into `stepTimes` and
    /// `survival` (at least `cellCount` long); returns the number of steps. Stops
    /// after the first step with S ≤ `until`, and before any cell after `through`.
    package func curve(
        weights w: UnsafeBufferPointer<Int32>, until: Double, through: Double,
        stepTimes: UnsafeMutableBufferPointer<Double>, survival: UnsafeMutableBufferPointer<Double>
    ) -> Int {
        var atRisk = atRisk(w), s = 1.0, steps = 0
        forEachCell(weights: w, isPast: { $0 > through }) { t, di, outi in
            let d = Double(di)
            // Branch-free (which cells hold an event is unpredictable): with no event the factor is exactly 1
            // and the step is written but not kept. With one, atRisk ≥ d ≥ 1, so max leaves the ratio as it was.
            s *= 1 - d / Double(max(atRisk, 1))
            stepTimes[steps] = t; survival[steps] = s
            steps += d > 0 ? 1 : 0
            if s <= until { return false }
            atRisk &-= outi
            return true
        }
        return steps
    }

    /// The restricted mean time to the event up to `tau` (area under the
    /// Kaplan–Meier curve) of the resample where participant c appears `w[c]` times.
    package func restrictedMean(tau: Double, weights w: UnsafeBufferPointer<Int32>) -> Double {
        var atRisk = atRisk(w)
        var area = 0.0, last = 0.0, s = 1.0, survival = 1.0
        forEachCell(weights: w, isPast: { $0 >= tau }) { t, di, outi in
            let d = Double(di)
            // Branch-free as in `curve`: no event leaves survival, area and last as they were.
            survival *= 1 - d / Double(max(atRisk, 1))
            let slab = s * (t - last)
            area += d > 0 ? slab : 0
            last = d > 0 ? t : last
            s = survival
            atRisk &-= outi
            return true
        }
        return area + s * (tau - last)
    }
}
