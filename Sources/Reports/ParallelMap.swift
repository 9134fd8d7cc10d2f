import Foundation
import Synchronization

/// `map` over independent items on every core, results in input order whatever
/// the order they finish in (replays of a report, replications of studies).
enum ParallelMap {
    static func run<T: Sendable, R: Sendable>(_ items: [T], _ body: @Sendable (T) -> R) -> [R] {
        let results = Mutex<[R?]>(Array(repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            let r = body(items[i])
            results.withLock { $0[i] = r }
        }
        return results.withLock { $0.map { $0! } }
    }
}
