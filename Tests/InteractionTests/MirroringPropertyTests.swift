import PropertyBased
import Testing
@testable import Interaction

/// Right-to-left mirroring of a screen (generated frames): mirroring twice is
/// the identity, and a mirrored frame keeps its size and its distance from the
/// opposite edge.
@Suite("Mirroring invariants, generated")
struct MirroringPropertyTests {
    static let device = DeviceCatalog.iPad97.configuration(.landscape)

    /// A screen of one control, its text and the photo, at generated places.
    static func screen(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ tx: Double) -> Screen {
        let c = Control(id: "c", role: .button, frame: Rect(x: x, y: y, width: w, height: h),
                        text: [TextRun("Label", pointSize: 17, frame: Rect(x: tx, y: y, width: w / 2, height: h))])
        return Screen(device: device, controls: [c], photoFrame: Rect(x: tx, y: 0, width: w, height: h))
    }

    @Test("mirroring twice gives the screen back, exactly, on the 1/64-pt grid layouts snap to")
    func twiceIsIdentityOnGrid() async {
        let coordinate = Gen.int(in: 0...(1024 * 64)).map { Double($0) / 64 }
        let length = Gen.int(in: 1...(400 * 64)).map { Double($0) / 64 }
        await propertyCheck(input: coordinate, coordinate, length, length, coordinate) { x, y, w, h, tx in
            let s = Self.screen(x, y, w, h, tx)
            #expect(s.mirrored().mirrored() == s)
            #expect(s.mirrored().direction == .rightToLeft)
        }
    }

    @Test("mirroring twice is the identity to within rounding for any frame, and keeps sizes and edge distances")
    func twiceIsIdentity() async {
        await propertyCheck(input: Gen.double(in: -100...1100), Gen.double(in: 0...700), Gen.double(in: 0...500), Gen.double(in: 0...300),
                            Gen.double(in: 0...1000)) { x, y, w, h, tx in
            let s = Self.screen(x, y, w, h, tx)
            let m = s.mirrored(), back = m.mirrored()
            let a = s.controls[0].frame, b = back.controls[0].frame, f = m.controls[0].frame
            #expect(abs(a.minX - b.minX) <= 1e-9 && a.minY == b.minY && a.size == b.size)
            #expect(abs(back.controls[0].text[0].frame!.minX - tx) <= 1e-9)
            #expect(f.size == a.size && f.minY == a.minY)
            // The gap to the left edge becomes the gap to the right edge.
            #expect(abs((Self.device.bounds.maxX - f.maxX) - (a.minX - Self.device.bounds.minX)) <= 1e-9)
        }
    }

    @Test("a design's screen follows its configuration's direction")
    func layoutDirection() {
        var rtl = Self.device
        rtl.traits.direction = .rightToLeft
        let s = Screen(device: rtl, controls: [Control(id: "a", role: .button, frame: Rect(x: 0, y: 0, width: 44, height: 44))])
        let laid = s.inLayoutDirection()
        #expect(laid.direction == .rightToLeft)
        #expect(laid.controls[0].frame.maxX == rtl.bounds.maxX)
        #expect(laid.inLayoutDirection() == laid)
    }
}
