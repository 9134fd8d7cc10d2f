import PropertyBased
import Testing
@testable import Reports

@Suite("Participants indexed by sorted name")
struct ParticipantIndexTests {
    @Test("the index hashed once per run of equal neighbours is the sorted set and a lookup per element")
    func sameAsLookupPerElement() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...30).array(of: 0...60), Gen.int(in: 1...4).array(of: 0...60)) { people, runs in
            // Runs of equal names, as trials in key order, and names that come back later.
            var names: [String] = []
            for (p, n) in zip(people, runs) { names += Array(repeating: "p\(p)", count: n) }
            let (ids, owners) = names.participantIndex()
            let expected = Set(names).sorted()
            #expect(ids == expected)
            #expect(owners.map { ids[Int($0)] } == names)
        }
    }
}
