import Testing
@testable import Interaction
@testable import UserModels

@Suite("Two-axis controls as a person sees them")
struct FacetTests {
    @Test("a control that moves on two axes offers one facet per axis, with the thumb's position along each; a one-axis control is itself")
    func facets() {
        let pad = Control(id: "pad", role: .slider, frame: Rect(x: 0, y: 0, width: 100, height: 100), label: "Blue Skies",
                          value: 0.7, axis: .horizontal, crossAxis: .vertical, crossValue: 0.2)
        let f = pad.facets
        #expect(f.map(\.id) == ["pad#horizontal", "pad#vertical"])
        #expect(f.map(\.axis) == [.horizontal, .vertical] && f.map(\.value) == [0.7, 0.2])
        #expect(f.allSatisfy { $0.crossAxis == nil && $0.label == "Blue Skies" && Control.parentID($0.id) == "pad" })
        #expect(pad.thumbCenter == Point(70, 80))
        let slider = Control(id: "s", role: .slider, frame: pad.frame, value: 0.5, axis: .horizontal)
        #expect(slider.facets == [slider] && Control.parentID("s") == "s")
    }

    @Test("a valueless zone's travel is its extent along the drag, at most one swipe; a zone with a value keeps its track")
    func zoneLength() {
        let person = Population(participants: 1, overrides: ["gesture.swipe_span_pt": .fixed(237)]).participant(0, seed: 1)
        let photo = Control(id: "photo", role: .zone, frame: Rect(x: 0, y: 0, width: 900, height: 120), axis: .horizontal, crossAxis: .vertical)
        #expect(photo.facets.map { Hands.trackLength($0, for: person) } == [237, 120])
        let swipe = Control(id: "swipe", role: .zone, frame: Rect(x: 0, y: 0, width: 900, height: 60), value: 0.5, axis: .horizontal)
        #expect(Hands.trackLength(swipe, for: person) == 900)
        let axisless = Control(id: "z", role: .zone, frame: Rect(x: 0, y: 0, width: 300, height: 500))
        #expect(Hands.trackLength(axisless, for: person) == 237)
    }
}
