import Interaction
import Randomness
import Testing
@testable import UserModels

/// How a person swipes content: which gesture for which distance and belief,
/// and how the belief about a flick's carry is learned.
@Suite("Swiper")
struct SwiperTests {
    let phone = DeviceCatalog.configuration(named: "iphone-15-portrait")!

    func person(carry: Double) -> Swiper {
        let p = Population(participants: 1, overrides: ["motor.release_speed_pt_s": .fixed(1000), "motor.flick_length_pt": .fixed(50),
                                                        "gesture.swipe_span_pt": .fixed(250)]).participant(0, seed: 2)
        return Swiper(participant: p, carry: carry)
    }

    @Test("within one span: an aimed drag ending near the distance; beyond it: a flick if the carry is believed, long swipes if not")
    func gestureForDistance() {
        var g = SeededGenerator(seed: 1)
        let near = person(carry: 0.5).plan(toMove: -180, tolerance: 44, on: phone, using: &g)
        #expect(near.kind == .drag && near.sign == -1 && abs(near.travel - 180) < 80)
        let far = person(carry: 0.5).plan(toMove: 1000, tolerance: 44, on: phone, using: &g)
        #expect(far.kind == .flick && far.speed > 1000, "needs (1000 − 50)/0.5 ≈ 1900 pt/s, got \(far.speed)")
        let unlearned = person(carry: 0.01).plan(toMove: 1000, tolerance: 44, on: phone, using: &g)
        #expect(unlearned.kind == .longSwipe && unlearned.travel == 250)
    }

    @Test("the carry is learned by the delta rule; a flick stopped early only ever raises it")
    func learning() {
        var s = person(carry: 0.5)
        let rate = s.participant["learning.throw_update"]
        s.learn(flickSpeed: 1000, carried: 0)
        #expect(abs(s.carry - 0.5 * (1 - rate)) < 1e-12, "content that stopped at lift teaches a smaller carry")
        let before = s.carry
        s.learn(flickSpeed: 1000, carried: 0.5 * before * 1000, stillMoving: true)
        #expect(s.carry == before, "stopped early after less than believed: no evidence against the belief")
        s.learn(flickSpeed: 1000, carried: 900, stillMoving: true)
        #expect(s.carry > before && s.carry < 0.9)
    }
}
