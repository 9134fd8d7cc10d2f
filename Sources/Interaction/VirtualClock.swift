/// Simulated time, in seconds since a trial started.
///
/// Nothing inside a trial reads the wall clock (DESIGN §9): every duration a user
/// model spends and every animation a design runs advances this clock, so a trial
/// takes the same simulated time on any machine, thread or shard.
public struct VirtualClock: Sendable, Hashable {
    /// Seconds since the trial started.
    public private(set) var now: Double = 0

    public init(now: Double = 0) { self.now = now }

    /// Moves time forward; negative durations are a programming error.
    public mutating func advance(by seconds: Double) {
        precondition(seconds >= 0 && seconds.isFinite, "time only moves forward (got \(seconds) s)")
        now += seconds
    }

    /// Moves time forward to `time` if it lies ahead.
    public mutating func advance(to time: Double) {
        if time > now { now = time }
    }
}
