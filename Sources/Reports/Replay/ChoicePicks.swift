import Harness

extension TrialChoice {
    /// One strategy's typical and worst trial, picked as its trials go by
    /// instead of ranking them all in memory (`pick(_:)`).
    ///
    /// While at most `exactLimit` trials with a goal have come, each one's rank
    /// and key are kept and the picks are exactly `pick(_:)`'s, ties by key.
    /// Past that, ranks are kept as a histogram of log buckets
    /// (`ValueBuckets`, 0.27 % wide; successes and failures apart), each holding
    /// the first of its trials to come, and the typical trial is that of the
    /// bucket holding the median rank: a trial whose time is within a bucket's
    /// width of the median's. Trials come in the order the run stores them,
    /// which is the plan's (a row's id is its place in the plan), so the choice
    /// does not depend on how the run's workers finished. The worst trial is
    /// exact at any size: a running maximum, ties by key.
    struct Picks {
        /// Trials kept one by one before the histogram takes over.
        static let exactLimit = 1 << 16
        private let exactLimit: Int
        /// How many trials with a goal came.
        private(set) var count = 0
        /// While exact: each trial's rank, and its key's bytes (`keyEnds[i]` ends key i in `keyBytes`).
        private var ranks: [Rank] = [], keyBytes: [UInt8] = [], keyEnds: [Int] = []
        /// Once past `exactLimit`: by bucket, how many trials, and the first one's rank and key.
        private var buckets: [Int64: (count: Int, rank: Rank, key: [UInt8])]?
        private var worst: (rank: Rank, key: [UInt8])?

        init(exactLimit: Int = Picks.exactLimit) { self.exactLimit = exactLimit }

        mutating func add(_ rank: Rank, key: UnsafeBufferPointer<UInt8>) {
            count += 1
            // The ranking's last: the greatest rank, then the greatest key.
            if let w = worst, rank < w.rank || (rank == w.rank && !w.key.lexicographicallyPrecedes(key)) {} else {
                worst = (rank, Array(key))
            }
            if buckets == nil {
                ranks.append(rank)
                keyBytes.append(contentsOf: key)
                keyEnds.append(keyBytes.count)
                if ranks.count > exactLimit { fold() }
            } else {
                addToBucket(rank, key)
            }
        }

        /// The key of this choice's trial, nil when no trial had a goal.
        func pick(_ choice: TrialChoice) -> String? {
            guard count > 0 else { return nil }
            if choice == .worst { return worst.map { String(decoding: $0.key, as: UTF8.self) } }
            let k = (count - 1) / 2
            guard let buckets else {
                // `pick(_:)` on the kept trials: select the k-th rank, then order by key only those tied at it.
                var scratch = ranks
                let at = Descriptive.select(&scratch, k)
                let before = ranks.reduce(0) { $0 + ($1 < at ? 1 : 0) }
                let tied = ranks.indices.filter { ranks[$0] == at }.map(key).sorted()
                return tied[k - before]
            }
            var seen = 0
            for b in buckets.keys.sorted() {
                let bucket = buckets[b]!
                seen += bucket.count
                if seen > k { return String(decoding: bucket.key, as: UTF8.self) }
            }
            return nil
        }

        private func key(_ i: Int) -> String {
            String(decoding: keyBytes[(i == 0 ? 0 : keyEnds[i - 1])..<keyEnds[i]], as: UTF8.self)
        }

        /// Successes' buckets below failures', each by time.
        private static func bucket(_ rank: Rank) -> Int64 {
            (rank.failed ? 1 << 32 : 0) + Int64(ValueBuckets.ordinal(rank.time))
        }

        private mutating func addToBucket(_ rank: Rank, _ key: some Collection<UInt8>) {
            let b = Self.bucket(rank)
            if buckets![b] == nil { buckets![b] = (0, rank, Array(key)) }
            buckets![b]!.count += 1
        }

        /// Puts the kept trials in the histogram, in the order they came.
        private mutating func fold() {
            buckets = [:]
            for i in ranks.indices { addToBucket(ranks[i], keyBytes[(i == 0 ? 0 : keyEnds[i - 1])..<keyEnds[i]]) }
            (ranks, keyBytes, keyEnds) = ([], [], [])
        }
    }

    /// Every strategy's typical and worst trial (`Picks`), read in one pass over
    /// a run's stored rows (`RunStore.read(runID:into:)`), without loading the run.
    final class Reader: RunReader {
        private let only: Set<String>?
        private var strategies = ScanCodes()
        /// By strategy code; nil for a strategy not asked for.
        private var picks: [Picks?] = []
        private var reached: Int?, effect: Int?, done: Int?

        /// `only`: the strategies to pick for (nil: every one).
        init(strategies only: Set<String>? = nil) { self.only = only }

        func start(metrics names: [String], trials _: Int) {
            (reached, effect, done) = (names.firstIndex(of: "reached_effect"), names.firstIndex(of: "time_to_effect_s"), names.firstIndex(of: "time_to_done_s"))
        }

        func read(_ row: borrowing ScannedTrial) {
            guard let reached, let r = row.metric(reached) else { return }
            let s = strategies.code(row.bytes(.strategy))
            if s == picks.count { picks.append(only.map { $0.contains(strategies.names[s]) } ?? true ? Picks() : nil) }
            guard picks[s] != nil else { return }
            let rank = Rank(reached: r, timeToEffect: effect.flatMap { row.metric($0) }, timeToDone: done.flatMap { row.metric($0) })
            picks[s]!.add(rank, key: row.bytes(.key))
        }

        func finish(keyOrder _: [Int32]) {}

        /// The key of `choice`'s trial of `strategy`, nil when none of its trials had a goal.
        func pick(_ choice: TrialChoice, strategy: String) -> String? {
            guard let s = strategies.names.firstIndex(of: strategy) else { return nil }
            return picks[s]?.pick(choice)
        }
    }
}

extension TrialChoice {
    /// This choice's trial of `strategy` in run `runID`, read in one pass over
    /// the run's stored rows (`Reader`), never loading the run: its key, or nil
    /// when none of the strategy's trials had a goal.
    public func pick(strategy: String, store: RunStore, runID: Int64) throws -> String? {
        let reader = Reader(strategies: [strategy])
        try store.read(runID: runID, into: [reader])
        return reader.pick(self, strategy: strategy)
    }
}
