import Testing
@testable import Designs
@testable import Interaction

@Suite("Picture-in-picture designs")
struct PIPDesignTests {
    let phone = DeviceCatalog.configuration(named: "iphone-15-portrait")!

    @Test("corners sit inside the safe area on every device")
    func cornersInsideSafeArea() {
        for device in DeviceCatalog.allConfigurations {
            let layout = PIPLayout(device: device)
            for corner in Corner.allCases {
                let c = layout.center(of: corner)
                let frame = Rect(x: c.x - layout.pipSize.width / 2, y: c.y - layout.pipSize.height / 2,
                                 width: layout.pipSize.width, height: layout.pipSize.height)
                #expect(device.safeBounds.contains(frame.origin) && device.safeBounds.contains(Point(frame.maxX, frame.maxY)), "\(device.name) \(corner)")
            }
        }
    }

    @Test("a light flick goes back with nearest-corner but across with projected momentum")
    func lightFlick() {
        let layout = PIPLayout(device: phone)
        let start = layout.center(of: .bottomLeft)
        let released = start + Vector2(0, -60)              // a short flick up…
        let velocity = Vector2(0, -1200)                    // …at 1200 pt/s
        #expect(NearestCorner().endpoint(position: released, velocity: velocity, layout: layout) == .bottomLeft)
        #expect(ProjectedMomentum(decelerationRate: .normal).endpoint(position: released, velocity: velocity, layout: layout) == .topLeft)
        #expect(ProjectedMomentum(decelerationRate: .fast).endpoint(position: released, velocity: velocity, layout: layout) == .bottomLeft)
    }

    @Test("nearest-corner needs a drag past halfway")
    func dragPastHalfway() {
        let layout = PIPLayout(device: phone)
        let a = layout.center(of: .bottomLeft), b = layout.center(of: .topLeft)
        for fraction in stride(from: 0.05, through: 0.95, by: 0.05) {
            let p = a + (b - a) * fraction
            #expect(NearestCorner().endpoint(position: p, velocity: .zero, layout: layout) == (fraction < 0.5 ? .bottomLeft : .topLeft))
        }
    }

    @Test("the controller carries the release velocity into the spring")
    func controllerRelease() throws {
        let c = try PIPDesigns.make("projected-momentum", parameters: StrategyParameters(["rate": .text("normal")]), device: phone)
        let start = c.layout.center(of: .bottomRight)
        let touches = TouchStream(startTime: 0, duration: 0.08) { start + Vector2(0, -1000 * $0) }
        let r = c.release(touches, from: .bottomRight)
        #expect(r.corner == .topRight)
        #expect(abs(r.velocity.y + 1000) < 1)
        #expect(r.animation.initialVelocity == r.velocity)
        #expect(r.settleTime > 0.2 && r.settleTime < 2)
    }

    @Test("bad parameters name the parameter and suggest the right one")
    func badParameters() {
        #expect(throws: StrategyParameterError.self) {
            try PIPDesigns.make("projected-momentum", parameters: StrategyParameters(["rate": .text("slow")]), device: phone)
        }
        do {
            _ = try PIPDesigns.make("nearest-corner", parameters: StrategyParameters(["respnse": .number(0.3)]), device: phone)
            Issue.record("expected an error")
        } catch let e as StrategyParameterError {
            #expect(e.parameter == "respnse" && e.message.contains("did you mean 'response'"))
        } catch { Issue.record("unexpected \(error)") }
        #expect(throws: StrategyParameterError.self) {
            try PIPDesigns.make("nearest-corner", parameters: StrategyParameters(["damping_ratio": .number(-1)]), device: phone)
        }
    }
}
