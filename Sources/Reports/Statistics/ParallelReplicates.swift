import Foundation
import UserModels

/// Cluster-bootstrap replicates computed on every core, with the numbers of
/// the sequential loop: the participants' weights of each block of resamples
/// are drawn in order from one seeded generator (exactly the draws the loop
/// would make), then each resample's statistic, which reads only its weights
/// and shared immutable data, is computed in parallel into its own slot. The
/// thread count changes the time only, never a replicate.
enum ParallelReplicates {
    /// Resamples drawn at a time: bounds the weights held to block × participants.
    static let block = 512

    /// `outputs` values per resample (row r of the result holds resample r's).
    /// `clustersB` nil: one group, or a paired difference (`b` gets `a`'s
    /// weights); otherwise `b`'s weights are drawn right after `a`'s, as in
    /// `ClusterBootstrap`'s unpaired loops. `scratch` makes per-thread buffers.
    static func run<Scratch>(resamples: Int, seed: UInt64, clustersA: Int, clustersB: Int? = nil, outputs: Int = 1,
                             scratch: () -> Scratch,
                             _ body: (_ wa: [Int32], _ wb: [Int32], _ out: UnsafeMutableBufferPointer<Double>, _ scratch: inout Scratch) -> Void) -> [Double] {
        var g = SeededGenerator(seed: seed)
        var result = [Double](repeating: .nan, count: resamples * outputs)
        let width = min(block, max(resamples, 1))
        var weightsA = [[Int32]](repeating: [Int32](repeating: 0, count: clustersA), count: width)
        var weightsB = clustersB.map { [[Int32]](repeating: [Int32](repeating: 0, count: $0), count: width) }
        let threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var start = 0
        while start < resamples {
            let count = min(width, resamples - start)
            for i in 0..<count {
                ClusterBootstrap.draw(&weightsA[i], &g)
                if weightsB != nil { ClusterBootstrap.draw(&weightsB![i], &g) }
            }
            let a = weightsA, b = weightsB ?? weightsA
            let chunks = min(threads, count), first = start
            result.withUnsafeMutableBufferPointer { all in
                withoutActuallyEscaping(body) { body in
                    withoutActuallyEscaping(scratch) { scratch in
                        // Each chunk writes only its own resamples' slots.
                        let shared = Shared(base: all.baseAddress!, body: body, scratch: scratch)
                        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                            var s = shared.scratch()
                            for i in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) {
                                let out = UnsafeMutableBufferPointer(start: shared.base + (first + i) * outputs, count: outputs)
                                shared.body(a[i], b[i], out, &s)
                            }
                        }
                    }
                }
            }
            start += count
        }
        return result
    }

    /// What the threads share: the result buffer (disjoint slots) and closures that only read.
    private struct Shared<Scratch>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Double>
        let body: ([Int32], [Int32], UnsafeMutableBufferPointer<Double>, inout Scratch) -> Void
        let scratch: () -> Scratch
    }

    /// One value per resample, no scratch.
    static func values(resamples: Int, seed: UInt64, clustersA: Int, clustersB: Int? = nil,
                       _ statistic: (_ wa: [Int32], _ wb: [Int32]) -> Double) -> [Double] {
        run(resamples: resamples, seed: seed, clustersA: clustersA, clustersB: clustersB, scratch: { () }) { wa, wb, out, _ in
            out[0] = statistic(wa, wb)
        }
    }
}
