import Harness
import Statistics

extension TrialChoice {
    /// One strategy's typical and worst trial, picked as its trials go by
    /// instead of ranking them all in memory.
    ///
    /// While at most `exactLimit` trials with a goal have come, each one's rank
    /// and key are kept and the picks are exactly the ranking's, ties by key.
    /// Past that, ranks are kept as a histogram of log buckets
    /// (`ValueBuckets`, 0.27 % wide; successes and failures apart), each holding
    /// the first of its trials to come, and the typical trial is that of the
    /// bucket holding the median rank: a trial whose time is within a bucket's
    /// width of the median's. Trials come in the order the run stores them:
    /// since schema v6 a plan trial's row id is its place in the plan, so the
    /// choice does not depend on how the run's workers finished (in older
    /// databases, whose rows were stored as they finished, and for rows stored
    /// by hand, which come after the plan's, it can). The worst trial is exact
    /// at any size: a running maximum, ties by key.
    ///
    /// Keys compare as bytes everywhere (SQLite's order of text keys).
    ///
    /// A trial that may be picked keeps its metrics (a row of `metricCount`
    /// values, NaN where not recorded): every trial while exact, then the worst
    /// one and each bucket's first, never every trial's.
    struct Picks {
        /// Trials kept one by one before the histogram takes over: every default
        /// spec's strategies (pip's 7,200) stay exact, and a strategy's exact
        /// phase holds at most ≈ 8,192 × (8 × metrics + its key) bytes.
        static let exactLimit = 1 << 13
        private let exactLimit: Int, metricCount: Int
        /// How many trials with a goal came.
        private(set) var count = 0
        /// While exact: each trial's rank, key (`keyEnds[i]` ends key i in
        /// `keyBytes`) and metrics (row i of `values`).
        private var ranks: [Rank] = [], keyBytes: [UInt8] = [], keyEnds: [Int] = [], values: [Double] = []
        /// Once past `exactLimit`: by bucket, how many trials, and the first one's key and metrics.
        private var buckets: [Int64: (count: Int, first: Kept)]?
        /// The ranking's last so far.
        private var worst: (rank: Rank, trial: Kept)?

        /// A trial that may be picked: its key's bytes and its metrics.
        private struct Kept {
            var key: [UInt8], metrics: [Double]
            var pick: Pick { Pick(key: String(decoding: key, as: UTF8.self), metrics: metrics) }
        }

        /// The picked trial's key and metrics (NaN where not recorded).
        struct Pick {
            var key: String, metrics: [Double]
        }

        init(metricCount: Int, exactLimit: Int = Self.exactLimit) {
            (self.metricCount, self.exactLimit) = (metricCount, exactLimit)
        }

        /// Adds a trial; `metrics` appends its `metricCount` values, and is
        /// called only when the trial may be picked.
        mutating func add(_ rank: Rank, key: UnsafeBufferPointer<UInt8>, metrics: (inout [Double]) -> Void) {
            count += 1
            func row() -> [Double] {
                var out: [Double] = []
                out.reserveCapacity(metricCount)
                metrics(&out)
                return out
            }
            // The ranking's last: the greatest rank, then the greatest key.
            if let w = worst, rank < w.rank || (rank == w.rank && !w.trial.key.lexicographicallyPrecedes(key)) {
            } else {
                worst = (rank, Kept(key: Array(key), metrics: row()))
            }
            if buckets == nil {
                ranks.append(rank)
                keyBytes.append(contentsOf: key)
                keyEnds.append(keyBytes.count)
                metrics(&values)
                if ranks.count > exactLimit { fold() }
            } else {
                let b = Self.bucket(rank)
                if buckets![b] == nil { buckets![b] = (0, Kept(key: Array(key), metrics: row())) }
                buckets![b]!.count += 1
            }
        }

        /// This choice's trial, nil when no trial had a goal.
        func pick(_ choice: TrialChoice) -> Pick? {
            guard count > 0 else { return nil }
            if choice == .worst { return worst?.trial.pick }
            let k = (count - 1) / 2
            guard let buckets else {
                // Select the k-th rank, then order by key only the trials tied at it.
                var scratch = ranks
                let at = Descriptive.select(&scratch, k)
                let before = ranks.reduce(0) { $0 + ($1 < at ? 1 : 0) }
                let tied = ranks.indices.filter { ranks[$0] == at }.sorted {
                    kept($0).key.lexicographicallyPrecedes(kept($1).key)
                }
                return kept(tied[k - before]).pick
            }
            var seen = 0
            for b in buckets.keys.sorted() {
                let bucket = buckets[b]!
                seen += bucket.count
                if seen > k { return bucket.first.pick }
            }
            return nil
        }

        /// Kept trial i of the exact phase.
        private func kept(_ i: Int) -> Kept {
            Kept(
                key: Array(keyBytes[(i == 0 ? 0 : keyEnds[i - 1])..<keyEnds[i]]),
                metrics: Array(values[i * metricCount..<(i + 1) * metricCount]))
        }

        /// Successes' buckets below failures', each by time.
        private static func bucket(_ rank: Rank) -> Int64 {
            (rank.failed ? 1 << 32 : 0) + Int64(ValueBuckets.ordinal(rank.time))
        }

        /// Puts the kept trials in the histogram, in the order they came.
        private mutating func fold() {
            var out: [Int64: (count: Int, first: Kept)] = [:]
            for i in ranks.indices {
                let b = Self.bucket(ranks[i])
                if out[b] == nil { out[b] = (0, kept(i)) }
                out[b]!.count += 1
            }
            buckets = out
            (ranks, keyBytes, keyEnds, values) = ([], [], [], [])
        }
    }

    /// Every strategy's typical and worst trial (`Picks`), read in one pass over
    /// a run's stored rows (`RunStore.read(runID:into:)`), without loading the run.
    final class Reader: RunReader {
        private let only: Set<String>?, exactLimit: Int
        private var strategies = ScanCodes()
        /// By strategy code; nil for a strategy not asked for.
        private var picks: [Picks?] = []
        private var names: [String] = []
        private var reached: Int?, effect: Int?, done: Int?

        /// `only`: the strategies to pick for (nil: every one); `exactLimit`: `Picks.exactLimit` (smaller in tests).
        init(strategies only: Set<String>? = nil, exactLimit: Int = Picks.exactLimit) {
            (self.only, self.exactLimit) = (only, exactLimit)
        }

        func start(metrics names: [String], trials _: Int) {
            self.names = names
            (reached, effect, done) = (
                names.firstIndex(of: "reached_effect"), names.firstIndex(of: "time_to_effect_s"),
                names.firstIndex(of: "time_to_done_s")
            )
        }

        func read(_ row: borrowing ScannedTrial) {
            guard let reached, let r = row.metric(reached) else { return }
            let s = strategies.code(row.bytes(.strategy))
            if s == picks.count {
                picks.append(
                    only.map { $0.contains(strategies.names[s]) } ?? true
                        ? Picks(metricCount: names.count, exactLimit: exactLimit) : nil)
            }
            guard picks[s] != nil else { return }
            let rank = Rank(
                reached: r, timeToEffect: effect.flatMap { row.metric($0) }, timeToDone: done.flatMap { row.metric($0) }
            )
            let count = names.count
            picks[s]!.add(rank, key: row.bytes(.key)) { out in
                for i in 0..<count { out.append(row.metric(i) ?? .nan) }
            }
        }

        func finish(keyOrder _: [Int32]) {}

        /// `choice`'s trial of `strategy`: its key and stored metrics, nil when none of its trials had a goal.
        func pick(_ choice: TrialChoice, strategy: String) -> (key: String, metrics: [String: Double])? {
            guard let s = strategies.names.firstIndex(of: strategy), let p = picks[s]?.pick(choice) else { return nil }
            var metrics: [String: Double] = [:]
            for (name, v) in zip(names, p.metrics) where !v.isNaN { metrics[name] = v }
            return (p.key, metrics)
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
        return reader.pick(self, strategy: strategy)?.key
    }
}
