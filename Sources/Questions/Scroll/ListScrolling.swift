import Designs
import Foundation
import Harness
import Interaction
import Randomness
import UserModels

/// Scrolling as a Fitts task (Hinckley et al. 2002): bring a line `D` lines below the screen's middle into a
/// zone `W` lines tall, from the top of a long document, with this question's own trial (`ScrollSimulator`):
/// the same swipes, catches, learned carry and list physics as the scroll experiment. Each person repeats a
/// distance and tolerance for several phases, learning the carry; the first phases are left out, as the study
/// left out its start-up phases.
///
/// Measures, per condition (named by its index of difficulty `id_bits` = log2(D/W + 1), D the lines the
/// content must travel, W the zone's, so no two conditions may share one): `time_s` (mean time until the
/// person sees the line in the zone and the content stopping there; the time limit when it never did) and
/// `reached_rate`.
public struct ListScrolling: ReplicationTask {
    public var device: DeviceConfiguration
    public var physics: ScrollPhysics
    /// Height of one line of the document, pt.
    public var linePt: Double
    /// (distance, tolerance) in lines: each tolerance in the file's order, with each distance no smaller.
    public var conditions: [(distance: Double, tolerance: Double)]
    public var phases: Int
    public var warmUp: Int

    /// Half the scroll experiment's: the farthest line (384 lines, 7,680 pt) takes about 13 s, and a trial
    /// that never gets there counts as the whole limit in `time_s`.
    static let limits = TrialLimits(timeLimit: 30, maxAttempts: 60)

    /// The task that puts the line `distance` lines below the middle of the screen into a zone of
    /// `tolerance` lines, with the document's end far below it. The zone is centred on the screen's middle
    /// (`ScrollTask.goal`), so the row is the one whose centre sits `distance` lines below it, to within half
    /// a line (rows are whole).
    func task(distance: Double, tolerance: Double) -> ScrollTask {
        let viewport = device.bounds.height
        let item = Int((distance + viewport / (2 * linePt) + 0.5).rounded())
        let rows = item + Int((2 * viewport / linePt).rounded()) + 50
        return ScrollTask(rows: rows, item: item, rowHeight: linePt, zone: tolerance * linePt)
    }

    /// The index of difficulty of a condition as the study writes it, in lines, to three decimals.
    func difficulty(distance: Double, tolerance: Double) -> Double {
        (FittsLaw.indexOfDifficulty(distance: distance, width: tolerance) * 1000).rounded() / 1000
    }

    public func observe(_ people: [Participant], seed: UInt64) -> Observations {
        var seen = Observations(participants: people.count)
        // Common random numbers across conditions: a person's phase has the same seed in every condition, so
        // differences are the conditions'.
        let seeds = people.indices.map { k in (0..<phases).map { Seed.derive(seed, "list-scrolling/\(k)/\($0)") } }
        for (distance, tolerance) in conditions {
            let task = task(distance: distance, tolerance: tolerance)
            let condition = ["id_bits": Observations.level(difficulty(distance: distance, tolerance: tolerance))]
            for (k, person) in people.enumerated() {
                // Each condition is learned afresh, as the study's trials each began with start-up phases.
                var memory = SessionMemory()
                var times: [Double] = [], reached = 0.0
                for phase in 0..<phases {
                    let outcome = ScrollSimulator.scroll(
                        task, physics: physics, on: device, participant: person, memory: &memory,
                        seed: seeds[k][phase], limits: Self.limits, trace: false)
                    guard phase >= warmUp else { continue }
                    let done = outcome.metrics.first { $0.name == "time_to_effect_s" }?.value
                    times.append(done ?? Self.limits.timeLimit)
                    reached += done == nil ? 0 : 1
                }
                seen.record("time_s", condition, times.reduce(0, +) / Double(times.count))
                seen.record("reached_rate", condition, reached / Double(times.count))
            }
        }
        return seen
    }

    /// Reads `{kind: list-scrolling, device, design, line_pt, distances_lines, tolerances_lines, phases,
    /// warm_up}`: every distance with every tolerance no larger than it (a zone taller than the way to it
    /// is no task), the study's design when none is named.
    @Sendable static func parse(_ node: SpecNode, _ device: DeviceConfiguration) throws -> any ReplicationTask {
        try node.rejectUnknownKeys(
            ["kind", "device", "design", "line_pt", "distances_lines", "tolerances_lines", "phases", "warm_up"])
        func lines(_ key: String) throws -> [Double] {
            let list = try node.numbers(key, in: 1...10_000)
            if let odd = list.first(where: { $0 != $0.rounded() }) {
                throw try node.required(key).error("expected whole numbers of lines (rows are whole), got \(odd)")
            }
            return list
        }
        let design = try node.optional("design")?.string() ?? "momentum-rubber-band"
        let physics: ScrollPhysics
        do {
            physics = try ScrollDesigns.make(design, parameters: StrategyParameters())
        } catch let error as StrategyParameterError {
            throw try node.required("design").error(error.message)
        }
        let distances = try lines("distances_lines"), tolerances = try lines("tolerances_lines")
        if let short = distances.first(where: { d in tolerances.allSatisfy { $0 > d } }) {
            throw try node.required("distances_lines").error(
                "\(Observations.level(short)) lines is shorter than every tolerance; expected each distance to be at "
                    + "least one tolerance")
        }
        let phases = try node.optional("phases")?.int(in: 1...100) ?? 6
        let warmUp = try node.optional("warm_up")?.int(in: 0...99) ?? 2
        guard warmUp < phases else {
            throw try (node.optional("warm_up") ?? node.required("phases")).error(
                "expected more phases (\(phases)) than the ones left out (warm_up, \(warmUp); 2 when not given)")
        }
        var task = ListScrolling(
            device: device, physics: physics, linePt: try node.optional("line_pt")?.double(in: 5...200) ?? 20,
            conditions: [], phases: phases, warmUp: warmUp)
        task.conditions = tolerances.flatMap { w in distances.filter { $0 >= w }.map { (distance: $0, tolerance: w) } }
        var named: [Double: (distance: Double, tolerance: Double)] = [:]
        for c in task.conditions {
            let id = task.difficulty(distance: c.distance, tolerance: c.tolerance)
            if let other = named[id] {
                let level = Observations.level
                throw try node.required("tolerances_lines").error(
                    "D \(level(c.distance)) over W \(level(c.tolerance)) and D \(level(other.distance)) over W "
                        + "\(level(other.tolerance)) have the same index of difficulty (\(level(id)) bits); conditions "
                        + "are named by it")
            }
            named[id] = c
        }
        return task
    }
}
