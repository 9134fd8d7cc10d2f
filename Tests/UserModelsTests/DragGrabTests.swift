import Foundation
import ImageEngine
@testable import Interaction
import Randomness
import Testing
@testable import UserModels

/// Two knobs on one horizontal track of a phone, `a` and `b`, each setting one
/// adjustment; a drag moves the knob nearest its first touch if that is within
/// 22 pt (a fingertip's reach), by the finger's horizontal travel.
struct TwoKnobTrack: PhotoEditingEnvironment {
    var base: Image
    var a: Double
    var b: Double
    var labels = ("Brightness", "Saturation")
    let device = DeviceCatalog.configuration(named: "iphone-15-portrait")!
    let track = Rect(x: 40, y: 700, width: 313, height: 44)
    /// Every drag's first touch, in order.
    var touchDowns: [Point] = []

    var screen: Screen {
        Screen(device: device, controls: [
            Control(id: "a", role: .knob, frame: track, label: labels.0, value: a, axis: .horizontal),
            Control(id: "b", role: .knob, frame: track, label: labels.1, value: b, axis: .horizontal),
        ], photoFrame: Rect(x: 0, y: 100, width: 393, height: 560))
    }

    var adjustments: Adjustments { Adjustments(brightness: (a - 0.5) * 2, saturation: (b - 0.5) * 2) }

    mutating func photo(proxy: Int) -> Image { Renderer(threads: 1).render(base, with: adjustments) }

    mutating func perform(_ gesture: Gesture) {
        guard case .drag(let s) = gesture else { return }
        touchDowns.append(s.start.location)
        let da = Point(track.minX + a * track.width, track.center.y).distance(to: s.start.location)
        let db = Point(track.minX + b * track.width, track.center.y).distance(to: s.start.location)
        guard min(da, db) <= 22 else { return }
        let moved = (s.end.location.x - s.start.location.x) / track.width
        if da <= db { a = min(1, max(0, a + moved)) } else { b = min(1, max(0, b + moved)) }
    }
}

@Suite("Drags touch down where a finger lands")
struct DragGrabTests {
    static let participant = Population(participants: 1, expertFraction: 0).participant(0, seed: 3)

    /// `count` drags of knob `a` by 30 pt from a fresh track each time, knob `b` `gap` points to its right;
    /// returns what the person saw each time.
    func drags(gap: Double, count: Int, seed: UInt64) -> (seen: [GrabSeen], env: TwoKnobTrack) {
        let hands = Hands(participant: Self.participant, trace: false)
        var g = SeededGenerator(seed: seed)
        var seen: [GrabSeen] = []
        var env = TwoKnobTrack(base: Image(width: 1, height: 1), a: 0.3, b: 0.3 + gap / 313)
        for _ in 0..<count {
            env.a = 0.3
            env.b = 0.3 + gap / 313
            let before = env.screen
            var record = EditingRecord(finger: Point(196, 780), log: TraceLog(enabled: false))
            _ = hands.drag(before.control("a")!, by: -30, grabAt: .zero, on: before, &env, &record, using: &g)
            seen.append(GrabSeen.after(dragging: "a", before: before, after: env.screen)!)
        }
        return (seen, env)
    }

    @Test("a drag's touch-down scatters around the thumb as the dual-Gaussian landing says")
    func touchDownScatter() {
        let (_, env) = drags(gap: 200, count: 3000, seed: 11)
        let thumb = Point(40 + 0.3 * 313, 722)
        let device = env.device
        let dx = env.touchDowns.map { device.millimetres($0.x - thumb.x) }, dy = env.touchDowns.map { device.millimetres($0.y - thumb.y) }
        func sd(_ v: [Double]) -> Double {
            let m = v.reduce(0, +) / Double(v.count)
            return (v.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(v.count - 1)).squareRoot()
        }
        let size = device.millimetres(KnobDragger.thumbSize(trackThickness: 44))
        let expected = TouchLanding(participant: Self.participant).sigma(widthMM: size, heightMM: size)
        #expect(abs(dx.reduce(0, +) / Double(dx.count)) < 0.1 && abs(dy.reduce(0, +) / Double(dy.count)) < 0.1)
        #expect(abs(sd(dx) / expected.x - 1) < 0.06, "σx \(sd(dx)) mm, landing model \(expected.x) mm")
        #expect(abs(sd(dy) / expected.y - 1) < 0.06, "σy \(sd(dy)) mm, landing model \(expected.y) mm")
        #expect(Set(env.touchDowns).count == env.touchDowns.count)
    }

    @Test("a thumb overhanging its track's end is grabbed by the part on the track, so touches land on the control")
    func overhangingThumbAimedOnTheControl() {
        let env = TwoKnobTrack(base: Image(width: 1, height: 1), a: 1, b: 0)
        let screen = env.screen, knob = screen.control("a")!
        let hands = Hands(participant: Self.participant, trace: false)
        var g = SeededGenerator(seed: 21)
        let downs = (0..<2000).map { _ in hands.touchDown(knob, zonePoint: .zero, on: screen, using: &g) }
        let inside = Double(downs.filter { env.track.contains($0) }.count) / Double(downs.count)
        let meanX = downs.map(\.x).reduce(0, +) / Double(downs.count)
        // Half the 44-pt thumb square lies past the track's end; the finger goes to the other half's centre.
        #expect(abs(meanX - (env.track.maxX - 11)) < 1, "mean touch-down x \(meanX), track ends at \(env.track.maxX)")
        #expect(inside > 0.8, "only \(inside) of touch-downs on the track")
        // A thumb inside its track is aimed at its centre, as before.
        let mid = TwoKnobTrack(base: Image(width: 1, height: 1), a: 0.5, b: 0).screen
        let centred = (0..<2000).map { _ in hands.touchDown(mid.control("a")!, zonePoint: .zero, on: mid, using: &g).x }
        #expect(abs(centred.reduce(0, +) / 2000 - mid.control("a")!.thumbCenter!.x) < 1)
    }

    @Test("wrong grabs get rarer as two knobs move apart, and vanish beyond a fingertip's scatter")
    func wrongGrabsFallWithGap() {
        let gaps: [Double] = [4, 12, 20, 28, 60]
        let rates = gaps.map { gap in
            let seen = drags(gap: gap, count: 1500, seed: 5).seen
            return Double(seen.filter { if case .wrong = $0 { true } else { false } }.count) / Double(seen.count)
        }
        #expect(rates[0] > 0.3, "rates \(rates)")
        for (r, next) in zip(rates, rates.dropFirst()) { #expect(next < r || next == 0, "rates \(rates)") }
        #expect(rates.last! == 0, "rates \(rates)")
    }

    @Test("what a person sees a drag did: the meant thumb, another, none, or a zone")
    func grabSeen() {
        var env = TwoKnobTrack(base: Image(width: 1, height: 1), a: 0.3, b: 0.6)
        let before = env.screen
        env.a = 0.4
        #expect(GrabSeen.after(dragging: "a", before: before, after: env.screen) == .intended)
        env.a = 0.3; env.b = 0.5
        guard case .wrong(let was, let now)? = GrabSeen.after(dragging: "a", before: before, after: env.screen) else {
            Issue.record("another thumb moved but was not seen"); return
        }
        #expect(was.id == "b" && now.id == "b" && abs(GrabSeen.displacement(was: was, now: now) + 0.1 * 313) < 1e-9)
        env.b = 0.6
        #expect(GrabSeen.after(dragging: "a", before: before, after: env.screen) == .missed)
        let zone = Screen(device: env.device, controls: [Control(id: "z", role: .zone, frame: env.track)])
        #expect(GrabSeen.after(dragging: "z", before: zone, after: zone) == nil)
        // A swipe area keeping a value draws no thumb: nothing to see grabbed, and the finger starts where the
        // person chose to touch it (`zonePoint`), not at the value's place, which the screen does not show.
        let swipe = Control(id: "s", role: .zone, frame: env.track, value: 0.5, axis: .horizontal)
        let area = Screen(device: env.device, controls: [swipe])
        #expect(GrabSeen.after(dragging: "s", before: area, after: area) == nil)
        var g = SeededGenerator(seed: 1)
        let chosen = Point(env.track.minX + 10, env.track.center.y)
        #expect(Hands(participant: Self.participant, trace: false).touchDown(swipe, zonePoint: chosen, on: area, using: &g) == chosen)
    }

    @Test("a wrong grab is counted, the moved knob is put back, and what it did is credited to it")
    func wrongGrabCredited() {
        let wrong = (1...6 as ClosedRange<UInt64>).map { wrongGrabs(seed: $0) }
        #expect(wrong.reduce(0, +) > 0, "knobs 6 pt apart, yet no wrong grab in six trials")
    }

    /// One trial on knobs 6 pt apart; checks what follows each wrong grab and returns how many there were.
    func wrongGrabs(seed: UInt64) -> Int {
        let photo = PhotoEditorTests.photo
        // The knobs 6 pt apart: closer than a fingertip lands.
        var env = TwoKnobTrack(base: photo, a: 0.5, b: 0.5 + 6 / 313.0)
        let goal = LabImage(Renderer(threads: 1).render(photo, with: Adjustments(brightness: 0.4)))
        var session = SessionMemory()
        var g = SeededGenerator(seed: seed)
        let o = PhotoEditor(participant: Self.participant).edit(&env, goal: goal, memory: &session, using: &g, trace: true) { _ in false }
        let grabs = o.events.filter { $0.kind == "grab" }
        let wrong = grabs.filter { $0.detail.contains("\"wrong\"") }
        #expect(wrong.count == o.wrongGrabs && grabs.count - wrong.count == o.missedGrabs)
        // After a wrong grab: no lesson about the knob meant; the next drag is the one putting the moved knob back.
        for w in wrong {
            let later = o.events.drop { $0 != w }.dropFirst()
            let next = later.first { $0.kind == "learn" || $0.kind == "decide" || $0.kind == "touch" || $0.kind == "grab" }
            #expect(next?.kind != "learn", "a lesson followed a wrong grab: \(String(describing: next))")
        }
        // Saturation was never needed: if the person never meant to move `b`, it is tried only through the wrong grabs.
        let decidedB = o.events.contains { $0.kind == "decide" && $0.detail.contains("\"b\"") }
        if !decidedB {
            #expect(o.wrongGrabs == 0 || session.controls.values.contains { $0.label == "Saturation" && $0.tried }, "the knob that moved learned nothing")
        }
        return o.wrongGrabs
    }
}
