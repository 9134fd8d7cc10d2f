import Foundation

/// Recently built exposure-curve tables, by curve: an interactive session (or a
/// simulated person) renders the same settings several times in a row, and
/// building a table costs thousands of `pow` calls. Schedule only: a table is
/// the same whether it comes from here or is built afresh.
final class ExposureTables: @unchecked Sendable {
    static let shared = ExposureTables()
    private let lock = NSLock()
    private var recent: [(ExposureCurve, CurveLUT)] = []
    /// Entries kept: enough for a few threads each toggling between two settings.
    private let capacity = 16

    func table(for curve: ExposureCurve) -> CurveLUT {
        lock.lock()
        if let i = recent.firstIndex(where: { $0.0 == curve }) {
            let hit = recent.remove(at: i)
            recent.append(hit)
            lock.unlock()
            return hit.1
        }
        lock.unlock()
        let fresh = CurveLUT(gray: { curve($0) })
        lock.lock()
        recent.append((curve, fresh))
        if recent.count > capacity { recent.removeFirst() }
        lock.unlock()
        return fresh
    }
}
