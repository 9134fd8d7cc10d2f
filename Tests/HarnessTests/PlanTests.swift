import Testing
@testable import Harness

@Suite("Trial planning")
struct PlanTests {
    @Test("keys are unique and seeds depend only on the experiment seed and the key")
    func keysAndSeeds() throws {
        let spec = try parse(smallSpec())
        let plan = TrialPlan(spec: spec)
        #expect(plan.trials.count == 2 * 2 * 4 * 12)
        #expect(Set(plan.trials.map(\.key)).count == plan.trials.count)
        #expect(plan.trials[0].key.hasPrefix("pip/nearest-corner/iphone-15-portrait/p0000/t"))
        #expect(plan.trials[0].session == "pip/nearest-corner/iphone-15-portrait/p0000" && plan.trials[0].sessionIndex == 1)
        let again = TrialPlan(spec: try parse(smallSpec()))
        #expect(plan.trials.map(\.seed) == again.trials.map(\.seed))
        // Adding participants does not change existing trials' seeds.
        let bigger = TrialPlan(spec: try parse(smallSpec(participants: 6)))
        let seeds = Dictionary(uniqueKeysWithValues: bigger.trials.map { ($0.key, $0.seed) })
        #expect(plan.trials.allSatisfy { seeds[$0.key] == $0.seed })
        // Another experiment seed changes them.
        let other = TrialPlan(spec: try parse(smallSpec(seed: 8)))
        #expect(zip(plan.trials, other.trials).allSatisfy { $0.seed != $1.seed })
    }

    @Test("a plan of only some sessions holds exactly those sessions' trials of the full plan (keys, seeds, order, positions)")
    func partialPlan() throws {
        let spec = try parse(smallSpec())
        let full = TrialPlan(spec: spec)
        let wanted: Set<String> = [full.trials[0].session, full.trials[full.trials.count - 1].session]
        let part = TrialPlan(spec: spec, only: wanted)
        let expected = full.trials.filter { wanted.contains($0.session) }
        #expect(part.trials.count == expected.count && part.sessions.count == 2)
        #expect(part.trials.map(\.key) == expected.map(\.key))
        #expect(part.trials.map(\.seed) == expected.map(\.seed))
        #expect(part.trials.map(\.behaviourSeed) == expected.map(\.behaviourSeed))
        #expect(part.trials.map(\.sessionIndex) == expected.map(\.sessionIndex))
        #expect(part.trials.map(\.participantIndex) == expected.map(\.participantIndex))
    }

    @Test("a plan key's session is found from the key alone, task ids with '/' included")
    func sessionOfKey() throws {
        var spec = try parse(smallSpec())
        spec.tasks[0].id = "corner/far"
        spec.tasks[1].id = "far"
        let plan = TrialPlan(spec: spec)
        #expect(plan.trials.contains { $0.key.contains("/corner/far/") })
        #expect(plan.trials.allSatisfy { TrialPlan.session(ofKey: $0.key, spec: spec) == $0.session })
        #expect(TrialPlan.session(ofKey: "pip/nearest-corner/iphone-15-portrait/p0000/nope/r1", spec: spec) == nil)
        #expect(TrialPlan.session(ofKey: plan.trials[0].key + "x", spec: spec) == nil)
    }

    @Test("a session is one person's trials with one design on one device, in an order shared by every strategy, kept whole by shards")
    func sessions() throws {
        let plan = TrialPlan(spec: try parse(smallSpec()))
        #expect(plan.sessions.count == 2 * 2 * 4)
        for range in plan.sessions {
            let trials = plan.trials[range]
            #expect(Set(trials.map(\.session)).count == 1)
            #expect(trials.map(\.sessionIndex) == Array(1...trials.count))
            #expect(Set(trials.map(\.task.id)).count == 12)
        }
        // The same person on the same device meets the tasks in the same order whatever the strategy...
        let order = { (strategy: String, p: Int) in plan.trials.filter { $0.strategy == strategy && $0.participantIndex == p && $0.device.name == "iphone-15-portrait" }.map(\.task.id) }
        #expect(order("nearest-corner", 0) == order("projected-momentum", 0))
        // ...and orders differ between people (practice is not confounded with one task).
        #expect(Set((0..<4).map { order("nearest-corner", $0) }).count > 1)
        for n in [2, 3] {
            for i in 1...n {
                let sessionsIn = Set(plan.trials(in: Shard(index: i, count: n)).map(\.session))
                let trialsIn = plan.trials(in: Shard(index: i, count: n)).count
                #expect(trialsIn == sessionsIn.count * 12)
            }
        }
    }

    @Test("the same person meets every strategy with the same intentions (common random numbers)")
    func commonRandomNumbers() throws {
        let plan = TrialPlan(spec: try parse(smallSpec()))
        let a = plan.trials.first { $0.strategy == "nearest-corner" && $0.task.id == "t05" }!
        let b = plan.trials.first { $0.strategy == "projected-momentum" && $0.task.id == "t05" && $0.device == a.device && $0.participantIndex == a.participantIndex }!
        #expect(a.behaviourSeed == b.behaviourSeed && a.seed != b.seed)
    }

    @Test("shards partition the trials", arguments: [2, 3, 4, 7])
    func shards(count: Int) throws {
        let plan = TrialPlan(spec: try parse(smallSpec()))
        var seen: [String: Int] = [:]
        for i in 1...count {
            for t in plan.trials(in: Shard(index: i, count: count)) { seen[t.key, default: 0] += 1 }
        }
        #expect(seen.count == plan.trials.count && seen.values.allSatisfy { $0 == 1 })
        #expect(Shard(parsing: "2/4") == Shard(index: 2, count: 4))
        #expect(Shard(parsing: "5/4") == nil && Shard(parsing: "0/1") == nil && Shard(parsing: "x") == nil)
    }

    @Test("SHA-256 matches the FIPS test vectors")
    func sha256() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
