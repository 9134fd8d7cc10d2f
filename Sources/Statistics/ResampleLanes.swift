import CKernels
import Kernels

extension ParallelReplicates {
    /// Resamples a lane kernel computes at once (`Sources/CKernels/resample_body.h`).
    package static let lanes = Int(RK_RESAMPLE_LANES)

    /// Whether the kernels' 32-bit tallies hold every resample of participants
    /// with these observation counts: a tally is at most everyone drawn (Σ w =
    /// participants) at the largest count.
    package static func fitLanes(counts: [Int]) -> Bool {
        counts.count * (counts.max() ?? 0) < Int(Int32.max)
    }

    /// Resample k's weights out of participant-major lanes of `clusters` participants.
    package static func lane(_ k: Int, of w: UnsafePointer<Int32>, clusters: Int) -> [Int32] {
        (0..<clusters).map { w[$0 * lanes + k] }
    }
}

extension ClusteredSample {
    /// `statistic(s, weights:)` of eight resamples into `out[0..<8]`, their
    /// weights participant-major (`ParallelReplicates.runLanes`): the mean by
    /// the lane kernel (the same bits, `ResampleLanesTests`), the median, and
    /// any mean whose tallies could pass 32 bits or with `build` nil, by the
    /// scalar statistic lane by lane.
    package func statistics(
        _ s: ClusterStatistic, lanes w: UnsafePointer<Int32>, into out: UnsafeMutablePointer<Double>,
        build: KernelBuild? = .best
    ) {
        guard s == .mean, ParallelReplicates.fitLanes(counts: counts), let build else {
            for k in 0..<ParallelReplicates.lanes {
                out[k] = statistic(s, weights: ParallelReplicates.lane(k, of: w, clusters: clusterCount))
            }
            return
        }
        sums.withUnsafeBufferPointer { sums in
            counts.withUnsafeBufferPointer { counts in
                counts.withMemoryRebound(to: Int64.self) { counts in
                    switch build {
                    case .generic: rk_cluster_mean8_generic(sums.baseAddress, counts.baseAddress, sums.count, w, out)
                    case .avx2: rk_cluster_mean8_avx2(sums.baseAddress, counts.baseAddress, sums.count, w, out)
                    case .avx512: rk_cluster_mean8_avx512(sums.baseAddress, counts.baseAddress, sums.count, w, out)
                    }
                }
            }
        }
    }
}

/// Eight cluster-bootstrap resamples a pass (`Sources/CKernels/resample_body.h`):
/// the scalar passes `curve` and `restrictedMean`, one resample a lane, so each
/// cell's entries are read once for eight resamples. Lane k gives resample k's
/// scalar result to the bit (`ResampleLanesTests`). `build` nil, or a tally
/// that could pass 32 bits, runs the scalar passes lane by lane instead.
///
/// Weights come participant-major: `w[c * 8 + k]` is how often participant c
/// was drawn in resample k (`ParallelReplicates.runLanes`).
extension SurvivalGrid {
    /// The restricted means up to `tau` of eight resamples into `out[0..<8]`.
    package func restrictedMeans(
        tau: Double, lanes w: UnsafePointer<Int32>, into out: UnsafeMutablePointer<Double>,
        build: KernelBuild? = .best
    ) {
        guard ParallelReplicates.fitLanes(counts: counts), let build else {
            for k in 0..<ParallelReplicates.lanes {
                out[k] = lane(k, of: w).withUnsafeBufferPointer { restrictedMean(tau: tau, weights: $0) }
            }
            return
        }
        withKernelGrid { grid in
            switch build {
            case .generic: rk_survival_rmst8_generic(grid, w, tau, out)
            case .avx2: rk_survival_rmst8_avx2(grid, w, tau, out)
            case .avx512: rk_survival_rmst8_avx512(grid, w, tau, out)
            }
        }
    }

    /// Eight resampled curves read where the reports read them, over the cells
    /// up to `through`: `first[k]`, resample k's first step time with S ≤
    /// `until` (+∞ if none); `atQuery[q * 8 + k]`, its S at `queries[q]`
    /// (ascending). With no queries, a lane's pass may stop at its first step
    /// at or below `until`.
    package func survivalLanes(
        weights w: UnsafePointer<Int32>, until: Double, through: Double, queries: [Double],
        first: UnsafeMutablePointer<Double>, atQuery: UnsafeMutablePointer<Double>, build: KernelBuild? = .best
    ) {
        precondition(zip(queries, queries.dropFirst()).allSatisfy { $0 <= $1 }, "queries ascending")
        guard ParallelReplicates.fitLanes(counts: counts), let build else {
            var times = [Double](repeating: 0, count: cellCount), survival = times
            for k in 0..<ParallelReplicates.lanes {
                let steps = lane(k, of: w).withUnsafeBufferPointer { w in
                    times.withUnsafeMutableBufferPointer { t in
                        survival.withUnsafeMutableBufferPointer { s in
                            // Queries read the whole curve (up to `through`); `until` alone may stop early.
                            curve(
                                weights: w, until: queries.isEmpty ? until : -1, through: through, stepTimes: t,
                                survival: s)
                        }
                    }
                }
                first[k] = survival[..<steps].firstIndex { $0 <= until }.map { times[$0] } ?? .infinity
                for (q, t) in queries.enumerated() {
                    atQuery[q * ParallelReplicates.lanes + k] = Self.survival(
                        at: t, times[..<steps], survival[..<steps])
                }
            }
            return
        }
        withKernelGrid { grid in
            queries.withUnsafeBufferPointer { q in
                switch build {
                case .generic: rk_survival_km8_generic(grid, w, until, through, q.baseAddress, q.count, first, atQuery)
                case .avx2: rk_survival_km8_avx2(grid, w, until, through, q.baseAddress, q.count, first, atQuery)
                case .avx512: rk_survival_km8_avx512(grid, w, until, through, q.baseAddress, q.count, first, atQuery)
                }
            }
        }
    }

    /// S(t) of a curve given by its steps (right-continuous; 1 before its first step).
    package static func survival(
        at t: Double, _ stepTimes: ArraySlice<Double>, _ survival: ArraySlice<Double>
    ) -> Double {
        var lo = stepTimes.startIndex, hi = stepTimes.endIndex
        while lo < hi {
            let mid = (lo + hi) / 2
            if stepTimes[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == stepTimes.startIndex ? 1 : survival[lo - 1]
    }

    private func lane(_ k: Int, of w: UnsafePointer<Int32>) -> [Int32] {
        ParallelReplicates.lane(k, of: w, clusters: participantCount)
    }

    /// The grid as the kernels read it (pointers valid inside `body` only).
    private func withKernelGrid(_ body: (UnsafePointer<RKSurvivalGrid>) -> Void) {
        cellTimes.withUnsafeBufferPointer { times in
            cellEnds.withUnsafeBufferPointer { ends in
                owners.withUnsafeBufferPointer { owners in
                    events.withUnsafeBufferPointer { events in
                        leaving.withUnsafeBufferPointer { leaving in
                            counts.withUnsafeBufferPointer { counts in
                                counts.withMemoryRebound(to: Int64.self) { counts in
                                    var grid = RKSurvivalGrid(
                                        cellTimes: times.baseAddress, cellEnds: ends.baseAddress, cells: times.count,
                                        owners: owners.baseAddress, events: events.baseAddress,
                                        leaving: leaving.baseAddress,
                                        counts: counts.baseAddress, participants: counts.count)
                                    body(&grid)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
