import Dispatch
import Foundation
@testable import Harness
import Randomness
import Testing
import UserModels

@Suite("Batches stored in plan order", .timeLimit(.minutes(1)))
struct InOrderBatchesTests {
    /// Chunk `number` of `size` items, numbered in plan order.
    func chunk(_ number: Int, size: Int = 4) -> [Int] { Array(number * size..<(number + 1) * size) }

    @Test("chunks handed in out of order come out in order, each once, in batches of at least the batch size")
    func reorders() {
        let batches = InOrderBatches<Int>(batchSize: 10)
        var taken: [InOrderBatches<Int>.Turn] = []
        // Chunks 1 and 2 before 0: nothing can be taken until 0 arrives.
        batches.add(chunk: 1, chunk(1))
        batches.add(chunk: 2, chunk(2))
        #expect(batches.takeBatch() == nil && batches.takeRest() == nil)
        batches.add(chunk: 0, chunk(0))
        taken += [batches.takeBatch()].compactMap { $0 }
        #expect(taken.map(\.number) == [0] && taken.first?.items == Array(0..<12))
        batches.add(chunk: 4, chunk(4))
        // The rest stops at a gap (chunk 3 still simulating): nothing to take yet.
        #expect(batches.takeRest() == nil)
        batches.add(chunk: 3, chunk(3))
        #expect(batches.takeBatch() == nil)  // 8 in order, fewer than 10
        taken += [batches.takeRest()].compactMap { $0 }
        #expect(taken.map(\.number) == [0, 1])
        #expect(taken.flatMap(\.items) == Array(0..<20))
        #expect(batches.takeRest() == nil)
    }

    @Test("chunks piled up behind a stalled one come out in batches of about the batch size, not one")
    func pileUpIsCut() {
        let batches = InOrderBatches<Int>(batchSize: 10)
        for c in 1..<12 { batches.add(chunk: c, chunk(c)) }
        batches.add(chunk: 0, chunk(0))
        var sizes: [Int] = []
        while let turn = batches.takeBatch() { sizes.append(turn.items.count) }
        while let turn = batches.takeRest() { sizes.append(turn.items.count) }
        // Cut at the first chunk that reaches 10: 12 items (three chunks of 4), four times.
        #expect(sizes == [12, 12, 12, 12])
    }

    @Test("a turn's store waits until the turns before it are stored")
    func storeWaitsForItsTurn() {
        let batches = InOrderBatches<Int>(batchSize: 4)
        batches.add(chunk: 0, chunk(0))
        batches.add(chunk: 1, chunk(1))
        let first = batches.takeBatch()!, second = batches.takeBatch()!
        let log = Locked<[Int]>([])
        let secondDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            batches.store(second) { log.withLock { $0.append(second.number) } }
            secondDone.signal()
        }
        // The second turn must not store while the first is not stored.
        #expect(secondDone.wait(timeout: .now() + 0.3) == .timedOut)
        #expect(log.current.isEmpty)
        batches.store(first) { log.withLock { $0.append(first.number) } }
        secondDone.wait()
        #expect(log.current == [0, 1])
    }

    @Test("threads handing in chunks at random moments store every item once, in plan order")
    func concurrentStoresAreOrdered() {
        for round in 0..<20 {
            let chunks = 60, size = 3
            let batches = InOrderBatches<Int>(batchSize: 7)
            let next = Locked(0)
            let log = Locked<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: 3) { worker in
                var rng = SeededGenerator(seed: UInt64(round * 3 + worker))
                func store(_ turn: InOrderBatches<Int>.Turn) {
                    // Threads take different times to lay their batches out.
                    usleep(UInt32(rng.next() % 300))
                    batches.store(turn) { log.withLock { $0 += turn.items } }
                }
                while true {
                    let c = next.withLock { i -> Int in defer { i += 1 }; return i }
                    guard c < chunks else { break }
                    usleep(UInt32(rng.next() % 200))
                    batches.add(chunk: c, chunk(c, size: size))
                    while let turn = batches.takeBatch() { store(turn) }
                }
                while let turn = batches.takeRest() { store(turn) }
            }
            #expect(log.current == Array(0..<(chunks * size)), "round \(round)")
        }
    }
}

extension InOrderBatches.Turn: Equatable where Element: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.number == b.number && a.items == b.items }
}
