/// Runs several recognizers on the same touches and decides which one wins.
///
/// All members start at touch-down and see every sample. The first *exclusive*
/// member to become confident wins and the other exclusive members are
/// cancelled: the talk's "detect all possible gestures from the beginning, and
/// once we are confident of the intention, cancel all the other gestures".
/// The sequential alternative is a member that `waitsFor` others: its
/// confidence is held back until they fail (UIKit's require-to-fail), and it
/// loses if one of them succeeds — how a single tap waits out a double tap.
/// Non-exclusive members (a pause detector riding on a pan) report
/// independently and cancel nothing.
///
/// Ties on one sample go to the member listed first.
public struct GestureArbiter: Sendable {
    public struct Member: Sendable {
        public var name: String
        public var recognizer: any GestureRecognizer
        public var exclusive: Bool
        /// Names of members that must fail before this one is let through.
        public var waitsFor: [String]

        public init(
            _ name: String, _ recognizer: any GestureRecognizer, exclusive: Bool = true, waitsFor: [String] = []
        ) {
            self.name = name; self.recognizer = recognizer; self.exclusive = exclusive; self.waitsFor = waitsFor
        }
    }

    /// How one member fared over one round of touches.
    public struct Outcome: Sendable, Hashable {
        public var name: String
        public var history: [GestureTransition]
        public var finalState: GestureState { history.last?.state ?? .possible }
    }

    /// Every member's history for one round: from a touch-down on an idle
    /// arbiter until all members have settled (two touches for a double tap).
    public struct Round: Sendable, Hashable {
        public var touchDown: Double
        public var outcomes: [Outcome]
        public var recognitions: [Recognition]
    }

    public let members: [Member]
    public private(set) var recognitions: [Recognition] = []
    public private(set) var rounds: [Round] = []
    private var round: ActiveRound?

    public init(_ members: [Member]) {
        let names = members.map(\.name)
        precondition(Set(names).count == names.count, "arbiter member names must be unique")
        precondition(members.allSatisfy { $0.waitsFor.allSatisfy(names.contains) }, "waitsFor names an unknown member")
        self.members = members
    }

    /// Feeds one sample (in time order) after letting time run up to it.
    public mutating func receive(_ sample: TouchSample) {
        advance(to: sample.time)
        let opens = round == nil && sample.phase == .down
        if opens { round = ActiveRound(recognizers: members.map(\.recognizer), touchDown: sample.time) }
        feed(sample)
        // A touch-down that settled the round under way (a second tap too far
        // from the first for a double tap) is a new touch: it opens the next
        // round, as UIKit hands a new touch to fresh recognizers.
        if !opens, round == nil, sample.phase == .down {
            round = ActiveRound(recognizers: members.map(\.recognizer), touchDown: sample.time)
            feed(sample)
        }
    }

    private mutating func feed(_ sample: TouchSample) {
        guard var r = round else { return }
        if sample.phase == .up { r.lastLift = sample.time }
        for i in r.recognizers.indices where !r.recognizers[i].state.isTerminal {
            r.recognizers[i].receive(sample)
        }
        round = r
        resolve(at: sample.time)
    }

    /// Lets virtual time pass, acting on every recognizer deadline up to `time` in order.
    public mutating func advance(to time: Double) {
        while var r = round, let (i, deadline) = r.earliestDeadline(), deadline <= time {
            r.recognizers[i].advance(to: deadline)
            round = r
            resolve(at: deadline)
        }
    }

    /// Feeds whole touch streams (merged in time order), then lets time run
    /// until no recognizer is waiting. Returns the recognitions so far.
    @discardableResult
    public mutating func run(_ streams: [TouchStream]) -> [Recognition] {
        let samples = streams.flatMap(\.samples).enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        for s in samples { receive(s) }
        advance(to: .infinity)
        return recognitions
    }

    private mutating func resolve(at time: Double) {
        guard var r = round else { return }
        for i in members.indices where r.decision[i] == .open {
            guard let confident = r.recognizers[i].machine.confidentTime else { continue }
            if !members[i].exclusive { deliver(i, confidentAt: confident, at: time, in: &r); continue }
            switch blockers(of: i, in: r) {
            case .succeeded: r.decision[i] = .suppressed
            case .undecided: continue
            case .allFailed:
                guard r.winner == nil else { r.decision[i] = .suppressed; continue }
                deliver(i, confidentAt: confident, at: time, in: &r)
                r.winner = i
                for j in members.indices where j != i && members[j].exclusive {
                    r.recognizers[j].cancel(at: time)
                    if r.decision[j] == .open { r.decision[j] = .suppressed }
                }
            }
        }
        if r.recognizers.allSatisfy(\.state.isTerminal) {
            rounds.append(r.record(members: members))
            round = nil
        } else {
            round = r
        }
    }

    private enum Blockers { case allFailed, undecided, succeeded }

    private func blockers(of i: Int, in r: ActiveRound) -> Blockers {
        let states = members[i].waitsFor.map { name in r.recognizers[members.firstIndex { $0.name == name }!].machine }
        if states.contains(where: { $0.confidentTime != nil }) { return .succeeded }
        if states.contains(where: { !$0.state.isTerminal }) { return .undecided }
        return .allFailed
    }

    private mutating func deliver(_ i: Int, confidentAt confident: Double, at time: Double, in r: inout ActiveRound) {
        let lift = r.lastLift.flatMap { $0 <= confident ? $0 : nil }
        let recognition = Recognition(
            name: members[i].name, kind: r.recognizers[i].kind, time: time,
            recognizerTime: confident, touchDown: r.touchDown, liftOff: lift)
        recognitions.append(recognition)
        r.recognitions.append(recognition)
        r.decision[i] = .delivered
    }
}

/// The recognizers and bookkeeping of the round under way.
private struct ActiveRound: Sendable {
    enum Decision: Sendable { case open, delivered, suppressed }

    var recognizers: [any GestureRecognizer]
    var touchDown: Double
    var lastLift: Double?
    var decision: [Decision]
    var winner: Int?
    var recognitions: [Recognition] = []

    init(recognizers: [any GestureRecognizer], touchDown: Double) {
        self.recognizers = recognizers
        self.touchDown = touchDown
        decision = Array(repeating: .open, count: recognizers.count)
    }

    func earliestDeadline() -> (Int, Double)? {
        recognizers.indices.compactMap { i in recognizers[i].deadline.map { (i, $0) } }.min { $0.1 < $1.1 }
    }

    func record(members: [GestureArbiter.Member]) -> GestureArbiter.Round {
        GestureArbiter.Round(
            touchDown: touchDown,
            outcomes: zip(members, recognizers).map { .init(name: $0.name, history: $1.machine.history) },
            recognitions: recognitions)
    }
}
