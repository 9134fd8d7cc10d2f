import Foundation
import Randomness

/// Choosing, searching, reading and learning: the cognitive side of a person,
/// each law with the participant's own constants (ParameterCatalog).
public struct Cognition: Sendable {
    public var participant: Participant
    /// The power-law-of-practice factor on deciding, searching and reading for
    /// this repetition of a task with the same design (1 on first use).
    public var practice: Double

    /// The person on their `repetition`-th trial with a design (1-based).
    public init(participant: Participant, repetition: Int = 1) {
        self.participant = participant
        practice = pow(Double(max(1, repetition)), -participant["learning.practice_alpha"])
    }

    /// Hick–Hyman: time to choose among `n` equally likely alternatives,
    /// RT = a + b·log2(n), with the person's trial-to-trial variability.
    public func choiceTime<G: RandomNumberGenerator>(among n: Int, using g: inout G) -> Double {
        let p = participant
        let rt = p["cognition.hick_a_s"] + p["cognition.hick_b_s_per_bit"] * log2(Double(max(1, n)))
        return practice * rt * max(0.3, 1 + g.normal(mean: 0, sd: p["motor.timing_cv"]))
    }

    /// Serial self-terminating visual search over `items`: items are inspected in
    /// a random order until `isTarget` says yes; with no target every item is
    /// inspected. Returns the index found (nil if absent) and the time it took.
    /// Target-present searches take about half as long as target-absent ones on
    /// average — an outcome of the process, not a constant.
    public func search<G: RandomNumberGenerator>(items: Int, popOut: Bool = false, using g: inout G,
                                                 isTarget: (Int) -> Bool) -> (found: Int?, time: Double) {
        let perItem = practice * participant[popOut ? "cognition.popout_item_s" : "cognition.search_item_s"]
        var order = Array(0..<items)
        for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, Int(g.next() % UInt64(i + 1))) }
        var time = participant["perception.cycle_s"]
        for index in order {
            time += perItem
            if isTarget(index) { return (index, time) }
        }
        return (nil, time)
    }

    /// Time to read a label of `words` words.
    public func readingTime(words: Int) -> Double { practice * Double(words) * participant["cognition.read_word_s"] }

    /// Whether the person works out what a control does from its label alone.
    public func infersFromLabel<G: RandomNumberGenerator>(using g: inout G) -> Bool {
        g.bernoulli(participant["cognition.label_inference_probability"])
    }

    /// Seconds of searching until a control with no visible affordance is found
    /// (exponential with the person's per-second discovery rate), or immediately
    /// after reading a hint.
    public func discoveryTime<G: RandomNumberGenerator>(hinted: Bool, using g: inout G) -> Double {
        if hinted { return readingTime(words: 3) }
        let rate = participant["cognition.discovery_per_s"]
        guard rate > 0 else { return .infinity }
        guard rate < 1 else { return participant["perception.eye_movement_s"] }
        // Per-second probability p ⇒ hazard −ln(1 − p).
        return -log(max(1e-12, 1 - g.unit())) / -log(1 - rate)
    }

    /// The power law of practice: the factor by which the `n`-th repetition
    /// (1-based) of a task is faster than the first.
    public func practiceFactor(repetition n: Int) -> Double {
        pow(Double(max(1, n)), -participant["learning.practice_alpha"])
    }

    /// KLM mental preparation before a deliberate action.
    public var mentalPreparation: Double { practice * participant["cognition.mental_prep_s"] }
}
