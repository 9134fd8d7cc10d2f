import Dispatch
import Foundation
import Testing
@testable import Harness
import UserModels

@Suite("Batches stored in plan order")
struct InOrderBatchesTests {
    /// Chunk `number` of `size` items, numbered in plan order.
    func chunk(_ number: Int, size: Int = 4) -> [Int] { Array(number * size..<(number + 1) * size) }

    @Test("chunks handed in out of order come out in order, each once, in batches of at least the batch size")
    func reorders() {
        let batches = InOrderBatches<Int>(batchSize: 10)
        var taken: [InOrderBatches<Int>.Turn] = []
        // Chunks 1 and 2 before 0: nothing can be taken until 0 arrives.
        #expect(batches.add(chunk: 1, chunk(1)) == nil)
        #expect(batches.add(chunk: 2, chunk(2)) == nil)
        taken += [batches.add(chunk: 0, chunk(0))].compactMap { $0 }
        #expect(taken.map(\.number) == [0] && taken.first?.items == Array(0..<12))
        #expect(batches.add(chunk: 4, chunk(4)) == nil)
        // The rest stops at a gap (chunk 3 still simulating): nothing to take yet.
        #expect(batches.takeRest() == nil)
        #expect(batches.add(chunk: 3, chunk(3)) == nil)  // 8 in order, fewer than 10
        taken += [batches.takeRest()].compactMap { $0 }
        #expect(taken.map(\.number) == [0, 1])
        #expect(taken.flatMap(\.items) == Array(0..<20))
        #expect(batches.takeRest() == nil)
    }

    @Test("threads handing in chunks at random moments store every item once, in plan order")
    func concurrentStoresAreOrdered() {
        for seed in 0..<20 {
            let chunks = 60, size = 3
            let batches = InOrderBatches<Int>(batchSize: 7)
            let next = Locked(0)
            let log = Locked<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: 3) { worker in
                var rng = SeededGenerator(seed: UInt64(seed * 3 + worker))
                func store(_ turn: InOrderBatches<Int>.Turn) {
                    // Threads take different times to lay their batches out.
                    usleep(UInt32(rng.next() % 300))
                    batches.store(turn) { log.withLock { $0 += turn.items } }
                }
                while true {
                    let c = next.withLock { i -> Int in defer { i += 1 }; return i }
                    guard c < chunks else { break }
                    usleep(UInt32(rng.next() % 200))
                    if let turn = batches.add(chunk: c, chunk(c, size: size)) { store(turn) }
                }
                if let turn = batches.takeRest() { store(turn) }
            }
            #expect(log.current == Array(0..<(chunks * size)), "seed \(seed)")
        }
    }
}

extension InOrderBatches.Turn: Equatable where Element: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.number == b.number && a.items == b.items }
}
