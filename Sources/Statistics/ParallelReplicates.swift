import Foundation
import Randomness

/// Cluster-bootstrap replicates computed on every core, with the numbers of
/// the sequential loop: the generator's outputs for each block of resamples
/// are drawn in order from one seeded generator (exactly the draws the loop
/// would make), then each resample's weights are counted from its outputs and
/// its statistic, which reads only its weights and shared immutable data, is
/// computed in parallel into its own slot. The thread count changes the time
/// only, never a replicate.
package enum ParallelReplicates {
    /// Resamples drawn at a time: bounds the outputs held to block × participants.
    package static let block = 512

    /// `outputs` values per resample (row r of the result holds resample r's).
    /// `clustersB` nil: one group, or a paired difference (`b` gets `a`'s
    /// weights); otherwise `b`'s weights are drawn right after `a`'s, as in
    /// `ClusterBootstrap`'s unpaired loops. `scratch` makes per-thread buffers.
    package static func run<Scratch>(
        resamples: Int, seed: UInt64, clustersA: Int, clustersB: Int? = nil, outputs: Int = 1,
        scratch: () -> Scratch,
        _ body: (_ wa: [Int32], _ wb: [Int32], _ out: UnsafeMutableBufferPointer<Double>, _ scratch: inout Scratch) ->
            Void
    ) -> [Double] {
        let draws = Draws(clustersA: clustersA, clustersB: clustersB)
        return withoutActuallyEscaping(body) { body in
            withoutActuallyEscaping(scratch) { scratch in
                let shared = Shared(body: body, scratch: scratch)
                return draws.replicates(resamples: resamples, seed: seed, outputs: outputs, group: 1) {
                    outputsOf, first, count, out in
                    var s = shared.scratch()
                    var wa = [Int32](repeating: 0, count: clustersA), wb = [Int32](repeating: 0, count: clustersB ?? 0)
                    for i in 0..<count {
                        wa.withUnsafeMutableBufferPointer {
                            ClusterBootstrap.weights($0, from: outputsOf(first + i), draws.remainderA)
                        }
                        if clustersB != nil {
                            wb.withUnsafeMutableBufferPointer {
                                ClusterBootstrap.weights($0, from: outputsOf(first + i) + clustersA, draws.remainderB)
                            }
                        }
                        shared.body(
                            wa, clustersB == nil ? wa : wb,
                            UnsafeMutableBufferPointer(start: out + i * outputs, count: outputs), &s)
                    }
                }
            }
        }
    }

    /// As `run`, eight resamples a call (`ParallelReplicates.lanes`), for the lane
    /// kernels: `body` gets a group's weights participant-major (`w[c * 8 + k]`
    /// is participant c's count in the group's resample k; zero in lanes past
    /// the last resample) and writes resample k's `outputs` values at
    /// `out[k * outputs...]`. The same draws, hence the same replicates, as `run`.
    package static func runLanes(
        resamples: Int, seed: UInt64, clustersA: Int, clustersB: Int? = nil, outputs: Int = 1,
        _ body: (_ wa: UnsafePointer<Int32>, _ wb: UnsafePointer<Int32>, _ out: UnsafeMutablePointer<Double>) -> Void
    ) -> [Double] {
        let lanes = ParallelReplicates.lanes
        let draws = Draws(clustersA: clustersA, clustersB: clustersB)
        return withoutActuallyEscaping(body) { body in
            let shared = SharedLanes(body: body)
            return draws.replicates(resamples: resamples, seed: seed, outputs: outputs, group: lanes) {
                outputsOf, first, count, out in
                var wa = [Int32](repeating: 0, count: clustersA * lanes),
                    wb = [Int32](repeating: 0, count: (clustersB ?? 0) * lanes)
                var last = [Double](repeating: .nan, count: lanes * outputs)
                for group in stride(from: 0, to: count, by: lanes) {
                    let filled = min(lanes, count - group)
                    wa.withUnsafeMutableBufferPointer { w in
                        Self.lanes(w, filled: filled, draws.remainderA) { outputsOf(first + group + $0) }
                    }
                    if clustersB != nil {
                        wb.withUnsafeMutableBufferPointer { w in
                            Self.lanes(w, filled: filled, draws.remainderB) {
                                outputsOf(first + group + $0) + clustersA
                            }
                        }
                    }
                    wa.withUnsafeBufferPointer { a in
                        wb.withUnsafeBufferPointer { b in
                            let wb = clustersB == nil ? a.baseAddress! : b.baseAddress!
                            // A full group writes its own slots; a partial one only its filled lanes.
                            if filled == lanes {
                                shared.body(a.baseAddress!, wb, out + group * outputs)
                            } else {
                                last.withUnsafeMutableBufferPointer { shared.body(a.baseAddress!, wb, $0.baseAddress!) }
                                for i in 0..<filled * outputs { out[group * outputs + i] = last[i] }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Counts eight resamples' weights into `w` laid out participant-major
    /// (lane k from `outputs(k)`, as `ClusterBootstrap.weights`); lanes from `filled` on stay zero.
    private static func lanes(
        _ w: UnsafeMutableBufferPointer<Int32>, filled: Int, _ remainder: FastRemainder,
        _ outputs: (Int) -> UnsafePointer<UInt64>
    ) {
        let lanes = ParallelReplicates.lanes, clusters = w.count / lanes
        for i in w.indices { w[i] = 0 }
        for k in 0..<filled {
            let o = outputs(k)
            for i in 0..<clusters { w[Int(remainder(o[i])) * lanes + k] += 1 }
        }
    }

    /// One seeded generator's outputs for a block of resamples, in the
    /// sequential loop's order: resample i's `clustersA` draws, then (unpaired)
    /// its `clustersB` draws.
    private struct Draws {
        package let clustersA: Int, clustersB: Int?
        package let remainderA: FastRemainder, remainderB: FastRemainder
        package var perResample: Int { clustersA + (clustersB ?? 0) }

        package init(clustersA: Int, clustersB: Int?) {
            self.clustersA = clustersA
            self.clustersB = clustersB
            remainderA = FastRemainder(UInt64(max(1, clustersA)))
            remainderB = FastRemainder(UInt64(max(1, clustersB ?? 1)))
        }

        /// Draws block after block and hands each thread a run of `group`-aligned
        /// resamples: `work(outputsOf, first, count, out)` computes resamples
        /// `first..<first + count` of the block (their outputs at `outputsOf(i)`)
        /// into `out` (`count × outputs` values, row by row).
        package func replicates(
            resamples: Int, seed: UInt64, outputs: Int, group: Int,
            _ work:
                @escaping (
                    _ outputsOf: (Int) -> UnsafePointer<UInt64>, _ first: Int, _ count: Int,
                    _ out: UnsafeMutablePointer<Double>
                ) -> Void
        ) -> [Double] {
            var g = SeededGenerator(seed: seed)
            var result = [Double](repeating: .nan, count: resamples * outputs)
            let width = min(block, max(resamples, 1))
            var raw = [UInt64](repeating: 0, count: width * perResample)
            let threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
            var start = 0
            while start < resamples {
                let count = min(width, resamples - start)
                for i in 0..<count * perResample { raw[i] = g.next() }
                let groups = (count + group - 1) / group, chunks = min(threads, groups), per = perResample
                raw.withUnsafeBufferPointer { raw in
                    result.withUnsafeMutableBufferPointer { all in
                        // Each chunk writes only its own resamples' slots.
                        let shared = SharedBlock(
                            raw: raw.baseAddress!, out: all.baseAddress! + start * outputs, work: work)
                        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                            let from = groups * chunk / chunks * group,
                                to = min(count, groups * (chunk + 1) / chunks * group)
                            guard from < to else { return }
                            shared.work({ shared.raw + $0 * per }, from, to - from, shared.out + from * outputs)
                        }
                    }
                }
                start += count
            }
            return result
        }
    }

    /// What the threads share: the block's outputs (read only), the result
    /// buffer (disjoint slots) and closures that only read.
    private struct SharedBlock: @unchecked Sendable {
        package let raw: UnsafePointer<UInt64>
        package let out: UnsafeMutablePointer<Double>
        package let work: ((Int) -> UnsafePointer<UInt64>, Int, Int, UnsafeMutablePointer<Double>) -> Void
    }

    private struct Shared<Scratch>: @unchecked Sendable {
        package let body: ([Int32], [Int32], UnsafeMutableBufferPointer<Double>, inout Scratch) -> Void
        package let scratch: () -> Scratch
    }

    private struct SharedLanes: @unchecked Sendable {
        package let body: (UnsafePointer<Int32>, UnsafePointer<Int32>, UnsafeMutablePointer<Double>) -> Void
    }

    /// One value per resample, no scratch.
    package static func values(
        resamples: Int, seed: UInt64, clustersA: Int, clustersB: Int? = nil,
        _ statistic: (_ wa: [Int32], _ wb: [Int32]) -> Double
    ) -> [Double] {
        run(resamples: resamples, seed: seed, clustersA: clustersA, clustersB: clustersB, scratch: { () }) {
            wa, wb, out, _ in
            out[0] = statistic(wa, wb)
        }
    }
}
