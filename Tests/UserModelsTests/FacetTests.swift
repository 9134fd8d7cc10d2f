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

    @Test("a thumbless zone's facet drags like a zone; a thumbed zone keeps its track")
    func zoneLength() {
        let photo = Control(id: "photo", role: .zone, frame: Rect(x: 0, y: 0, width: 900, height: 600), axis: .horizontal, crossAxis: .vertical)
        #expect(photo.facets.allSatisfy { Hands.trackLength($0) == 200 })
        let swipe = Control(id: "swipe", role: .zone, frame: Rect(x: 0, y: 0, width: 900, height: 60), value: 0.5, axis: .horizontal)
        #expect(Hands.trackLength(swipe) == 900)
    }
}
