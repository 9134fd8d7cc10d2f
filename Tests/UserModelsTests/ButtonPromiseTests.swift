import Interaction
import Randomness
import Testing
@testable import UserModels

/// A button whose label names the region that looks off ("Highlights & Shadows",
/// "Brightness") is a promise one tap away. Both policies weigh it like an untried
/// control labelled for that region: after a confident known move and a labelled
/// control in view, before a guess or a known move that promises little.
@Suite("Buttons whose labels name what is off")
struct ButtonPromiseTests {
    let person: Participant = {
        var p = Population(participants: 1, expertFraction: 1).participant(0, seed: 5)
        p.values["perception.satisfied_de00"] = 1.5
        return p
    }()

    /// Midtones should be 8 L* lighter; the shadows are nearly right.
    let percept = PhotoPercept(difference: [.midtones: 8, .shadows: 1.6, .highlights: 0.5],
                               lightness: [.midtones: 8, .shadows: 1.6, .highlights: 0.5],
                               chroma: [.midtones: 0, .shadows: 0, .highlights: 0])
    let darks = Control(id: "darks", role: .knob, frame: Rect(x: 20, y: 600, width: 300, height: 44))
    let brightness = Control(id: "button-brightness", role: .button, frame: Rect(x: 140, y: 700, width: 110, height: 44), label: "Brightness")
    let contrast = Control(id: "button-contrast", role: .button, frame: Rect(x: 260, y: 700, width: 110, height: 44), label: "Contrast")

    /// What the person believes the darks knob does: `shadows` L* per point there, `midtones` per point in the midtones.
    func belief(shadows: Double, midtones: Double?) -> ControlBelief {
        var b = ControlBelief(label: nil, boldness: 1)
        b.claimedRegions = [.shadows]
        b.effect[.shadows] = Vector2(shadows, 0)
        if let midtones { b.effect[.midtones] = Vector2(midtones, 0) } else { b.useless.insert(.midtones) }
        return b
    }

    func situation(_ belief: ControlBelief, buttons: [Control]) -> Situation {
        Situation(percept: percept, usable: [darks], beliefs: ["darks": belief], satisfiedAt: 1.5, participant: person, buttons: buttons)
    }

    func next(_ policy: PolicyKind, _ s: Situation) -> PlannedMove? {
        var p = policy.make(for: person)
        var g = SeededGenerator(seed: 1)
        return p.nextMove(s, using: &g)
    }

    @Test("with the knob in view known to leave the midtones alone, the effect model opens the button that names them, not one that does not")
    func effectModelOpens() throws {
        let s = situation(belief(shadows: 0.2, midtones: nil), buttons: [contrast, brightness])
        let move = try #require(next(.effectModel, s))
        #expect(move.reason == .open)
        #expect(move.control.id == "button-brightness")
        #expect(move.region == .midtones)
    }

    @Test("with no button in view the same person falls back on the knob (or gives up)")
    func withoutButtonNoOpen() {
        let s = situation(belief(shadows: 0.2, midtones: 0.002), buttons: [])
        let move = next(.effectModel, s)
        #expect(move?.reason != .open)
        #expect(move.map { $0.control.id == "darks" } ?? true)
    }

    @Test("a known move that promises to remove most of what is off comes before opening a button")
    func confidentMoveFirst() throws {
        let s = situation(belief(shadows: 0.1, midtones: 0.1), buttons: [brightness])
        let move = try #require(next(.effectModel, s))
        #expect(move.reason == .known)
        #expect(move.control.id == "darks")
    }

    @Test("a midtone region no knob in view can fix is still to fix while a button promises it")
    func promisedRegionNotHopeless() {
        let b = belief(shadows: 0.2, midtones: nil)
        #expect(situation(b, buttons: [brightness]).regionsToFix.contains(.midtones))
        #expect(!situation(b, buttons: [contrast]).regionsToFix.contains(.midtones))
    }

    @Test("the hill-climber, with no control in hand labelled for the worst region, opens the button that names it")
    func hillClimberOpens() throws {
        var b = ControlBelief(label: nil, boldness: 1)
        b.claimedRegions = [.shadows]
        let s = situation(b, buttons: [brightness])
        let move = try #require(next(.hillClimber, s))
        #expect(move.reason == .open)
        #expect(move.control.id == "button-brightness")
    }
}
