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

    /// As `run`, eight resamples a call (`SurvivalGrid.lanes`), for the lane
    /// kernels: `body` gets a group's weights participant-major (`w[c * 8 + k]`
    /// is participant c's count in the group's resample k; zero in lanes past
    /// the last resample) and writes resample k's `outputs` values at
    /// `out[k * outputs...]`. The same draws, hence the same replicates, as `run`.
    static func runLanes(resamples: Int, seed: UInt64, clustersA: Int, clustersB: Int? = nil, outputs: Int = 1,
                         _ body: (_ wa: UnsafePointer<Int32>, _ wb: UnsafePointer<Int32>, _ out: UnsafeMutablePointer<Double>) -> Void) -> [Double] {
        let lanes = SurvivalGrid.lanes
        var g = SeededGenerator(seed: seed)
        var result = [Double](repeating: .nan, count: resamples * outputs)
        let width = min(block, max(resamples, 1))
        var drawnA = [Int32](repeating: 0, count: clustersA), drawnB = [Int32](repeating: 0, count: clustersB ?? 0)
        let groups = (width + lanes - 1) / lanes
        var lanesA = [[Int32]](repeating: [Int32](repeating: 0, count: clustersA * lanes), count: groups)
        var lanesB = clustersB.map { [[Int32]](repeating: [Int32](repeating: 0, count: $0 * lanes), count: groups) }
        let threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var start = 0
        while start < resamples {
            let count = min(width, resamples - start), used = (count + lanes - 1) / lanes
            // Drawn in order (a then b, resample by resample), laid out by lane.
            for i in 0..<used * lanes {
                let (group, k) = i.quotientAndRemainder(dividingBy: lanes)
                if i < count {
                    ClusterBootstrap.draw(&drawnA, &g)
                    if lanesB != nil { ClusterBootstrap.draw(&drawnB, &g) }
                } else {
                    for c in drawnA.indices { drawnA[c] = 0 }
                    for c in drawnB.indices { drawnB[c] = 0 }
                }
                for c in 0..<clustersA { lanesA[group][c * lanes + k] = drawnA[c] }
                if let nb = clustersB { for c in 0..<nb { lanesB![group][c * lanes + k] = drawnB[c] } }
            }
            let a = lanesA, b = lanesB ?? lanesA
            let chunks = min(threads, used), first = start
            result.withUnsafeMutableBufferPointer { all in
                withoutActuallyEscaping(body) { body in
                    let shared = SharedLanes(base: all.baseAddress!, body: body)
                    // Each chunk writes only its own groups' slots.
                    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                        var out = [Double](repeating: .nan, count: lanes * outputs)
                        for group in (used * chunk / chunks)..<(used * (chunk + 1) / chunks) {
                            a[group].withUnsafeBufferPointer { wa in b[group].withUnsafeBufferPointer { wb in
                                out.withUnsafeMutableBufferPointer { shared.body(wa.baseAddress!, wb.baseAddress!, $0.baseAddress!) }
                            } }
                            let filled = min(lanes, count - group * lanes)
                            for i in 0..<filled * outputs { shared.base[(first + group * lanes) * outputs + i] = out[i] }
                        }
                    }
                }
            }
            start += count
        }
        return result
    }

    private struct SharedLanes: @unchecked Sendable {
        let base: UnsafeMutablePointer<Double>
        let body: (UnsafePointer<Int32>, UnsafePointer<Int32>, UnsafeMutablePointer<Double>) -> Void
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
