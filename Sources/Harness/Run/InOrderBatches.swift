import Foundation

/// The simulating threads' finished chunks of sessions, put back in plan order
/// and cut into batches that are stored one after another in that order.
///
/// Why: a trial's row id is its place in the plan (`TrialIdentity`), and SQLite
/// appends a row with the largest id cheaply (the B-tree's last leaf fills and a
/// new one starts), but a row between stored ones lands in a full leaf that
/// must be split and rebalanced with its neighbours. When each thread stored
/// the chunks it had simulated itself, its batch interleaved with the other
/// thread's chunks and most rows went between stored ones; in order, nearly
/// all are appends, and the file has no half-empty leaves.
///
/// Chunks are numbered in the order they are handed out. A thread hands in its
/// chunk, then takes the batches that are ready: the chunks finished without a
/// gap from the first not yet taken, cut at the first chunk that brings them to
/// `batchSize` items (so a batch exceeds `batchSize` by less than a chunk, even
/// after a stalled thread let later chunks pile up). Each batch comes with its
/// turn; the thread lays it out, and stores it when the batches before it are
/// stored. Every turn taken must be passed to `store(_:_:)`, whatever happens,
/// or the later turns wait forever.
final class InOrderBatches<Element>: @unchecked Sendable {
    /// A batch to store, and its place in the storing order.
    struct Turn {
        let number: Int
        let items: [Element]
    }

    private let batchSize: Int
    private let condition = NSCondition()
    /// Finished chunks not yet taken, by chunk number.
    private var finished: [Int: [Element]] = [:]
    /// The first chunk not yet taken.
    private var nextChunk = 0
    private var turnsGiven = 0
    private var turnsStored = 0

    init(batchSize: Int) { self.batchSize = max(1, batchSize) }

    /// Hands in chunk `number`'s items.
    func add(chunk number: Int, _ items: [Element]) {
        condition.withLock { finished[number] = items }
    }

    /// The next batch of at least `batchSize` items in order, if one is ready.
    func takeBatch() -> Turn? {
        condition.withLock { take(atLeast: batchSize) }
    }

    /// The next batch in order, however small (nil when no item is ready): for a
    /// thread with no more chunks to simulate. Once every chunk is handed in,
    /// taking until nil takes every item.
    func takeRest() -> Turn? {
        condition.withLock { take(atLeast: 1) }
    }

    /// Runs `body` (which stores the turn's batch) once every earlier turn is
    /// stored, then lets the next turn go. Returns when `body` has run.
    func store(_ turn: Turn, _ body: () -> Void) {
        condition.lock()
        while turnsStored != turn.number { condition.wait() }
        condition.unlock()
        body()
        condition.withLock {
            turnsStored += 1
            condition.broadcast()
        }
    }

    /// Called with the lock held.
    private func take(atLeast minimum: Int) -> Turn? {
        var count = 0, end = nextChunk
        while count < batchSize, let chunk = finished[end] {
            count += chunk.count
            end += 1
        }
        guard count >= minimum else { return nil }
        var items: [Element] = []
        items.reserveCapacity(count)
        for chunk in nextChunk..<end { items += finished.removeValue(forKey: chunk)! }
        nextChunk = end
        defer { turnsGiven += 1 }
        return Turn(number: turnsGiven, items: items)
    }
}

extension InOrderBatches.Turn: Sendable where Element: Sendable {}
