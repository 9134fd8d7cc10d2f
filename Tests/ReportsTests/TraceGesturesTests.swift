import Foundation
import Testing
import UserModels
@testable import Reports

/// The counting rule of replay frames: one gesture per traced touch-down.
@Suite("Gestures from a trace")
struct TraceGesturesTests {
    func touch(_ t: Double, _ phase: String, _ x: Double = 10, _ y: Double = 20) -> TraceEvent {
        TraceEvent(time: t, kind: "touch", detail: #"{"phase":"\#(phase)","x":\#(x),"y":\#(y)}"#)
    }

    @Test("taps (hit and missed), drags, swipes and PIP throws are told apart, and counted by touch-down")
    func kinds() {
        let events = [
            TraceEvent(time: 0, kind: "read", detail: #"{"controls":3,"words":4}"#),
            TraceEvent(time: 1, kind: "tap", detail: #"{"control":"card-bw","x":10,"y":20,"hit":true}"#),
            touch(1, "down"), touch(1.1, "up"),
            TraceEvent(time: 1.2, kind: "perceive", detail: #"{"worst":"midtones","difference":4.2}"#),
            TraceEvent(time: 1.5, kind: "decide", detail: #"{"control":"swipe","region":"midtones","reason":"known"}"#),
            touch(1.6, "down"), touch(1.7, "move", 30), touch(1.8, "up", 40),
            TraceEvent(time: 1.9, kind: "learn", detail: #"{"control":"swipe","region":"midtones","effect":"none"}"#),
            TraceEvent(time: 2, kind: "warning", detail: #"{"control":"swipe","warning":"clipping"}"#),
            touch(2.1, "down", 40), touch(2.2, "up", 35),
            TraceEvent(time: 3, kind: "tap", detail: #"{"control":"button-effects","x":1,"y":2,"hit":false}"#),
            touch(3, "down", 1, 2), touch(3.1, "up", 1, 2),
            touch(4, "down"), touch(4.1, "move", 10, 10), touch(4.2, "up", 10, 5),
            TraceEvent(time: 4.2, kind: "scroll", detail: #"{"control":"grid"}"#),
            TraceEvent(time: 5, kind: "plan", detail: #"{"attempt":1,"style":"flick","direction_deg":10}"#),
            touch(5, "down"), touch(5.1, "up", 50),
            TraceEvent(time: 5.1, kind: "release", detail: #"{"corner":"top-left"}"#),
            TraceEvent(time: 6, kind: "discover", detail: #"{"control":"zone"}"#),
        ]
        let g = TraceGestures.parse(events)
        #expect(g.count == events.filter { $0.kind == "touch" && $0.detail.contains("\"down\"") }.count)
        #expect(g.map(\.kind) == [.tap, .drag, .drag, .tap, .swipe, .flick])
        #expect(g.map(\.control) == ["card-bw", "swipe", "swipe", "button-effects", "grid", nil])
        #expect(g[0].hit == true && g[3].hit == false && g[1].hit == nil)
        #expect(g[1].touches.count == 3 && g[1].touches.last?.location.x == 40 && g[1].start == 1.6 && g[1].end == 1.8)
        #expect(g[0].aftermath.map(\.kind) == ["perceive"] && g[1].leadUp.map(\.kind) == ["decide"])
        #expect(g[2].leadUp.map(\.kind) == ["warning"] && g[1].aftermath.map(\.kind) == ["learn"])
        #expect(g[5].aftermath.map(\.kind) == ["release", "discover"])   // what led nowhere stays with the last gesture
        #expect(TraceGestures.parse([events[0]]).isEmpty)
    }
}
