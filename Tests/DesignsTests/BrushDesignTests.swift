import Designs
import ImageEngine
import Interaction
import Testing

/// The brush placements' screens and how their strokes are built.
@Suite struct BrushDesignTests {
    let ipad = DeviceCatalog.iPad97.configuration(.landscape)

    func design(_ name: String, _ parameters: [String: ParameterValue] = [:]) throws -> BrushDesign {
        try BrushDesigns.make(name, parameters: StrategyParameters(parameters))
    }
    func labels(_ s: Screen) -> Set<String> { Set(s.controls.compactMap(\.label)) }

    @Test func popupHiddenUntilAskedThenTucksDown() throws {
        let d = try design("brush-popup")
        var state = BrushUIState()
        let closed = d.screen(state, aspect: 1, on: ipad)
        #expect(!labels(closed).contains("Lighten"), "brushes hidden until asked")
        #expect(closed.control("photo") != nil)
        d.tap(closed.control("brushes")!.frame.center, &state, aspect: 1, on: ipad)
        let open = d.screen(state, aspect: 1, on: ipad)
        #expect(BrushTool.all.allSatisfy { labels(open).contains($0.name) }, "every brush pops up, labelled")
        #expect(open.control("photo") == nil, "the rest is dimmed: the photo takes no touches")
        let toolbarTop = ipad.safeBounds.maxY - 56
        #expect(open.controls.filter { $0.id.hasPrefix("brush-") }.allSatisfy { $0.frame.minY < toolbarTop }, "the brushes break above the toolbar")
        d.tap(open.control("brush-lighten")!.frame.center, &state, aspect: 1, on: ipad)
        #expect(state.selected == "Lighten" && !state.menuOpen)
        let chosen = d.screen(state, aspect: 1, on: ipad)
        #expect(chosen.control("brushes")?.label == "Lighten" && chosen.control("brushes")?.value == 1)
    }

    @Test func bricksAlwaysVisibleInTheRowOneTapAway() throws {
        let d = try design("brush-row")
        var state = BrushUIState()
        let s = d.screen(state, aspect: 1, on: ipad)
        #expect(BrushTool.all.allSatisfy { labels(s).contains($0.name) })
        d.tap(s.control("brush-saturate")!.frame.center, &state, aspect: 1, on: ipad)
        #expect(state.selected == "Saturate")
    }

    @Test func bricksAreAddedFromAMenu() throws {
        let d = try design("bricks")
        var state = BrushUIState()
        let empty = d.screen(state, aspect: 1, on: ipad)
        #expect(labels(empty) == ["Add Brush"])
        d.tap(empty.control("add-brick")!.frame.center, &state, aspect: 1, on: ipad)
        let menu = d.screen(state, aspect: 1, on: ipad)
        d.tap(menu.control("menu-brush-darken")!.frame.center, &state, aspect: 1, on: ipad)
        #expect(state.selected == "Darken" && state.bricks == ["Darken"])
        #expect(d.screen(state, aspect: 1, on: ipad).control("brush-darken")?.label == "Darken")
    }

    @Test func bottomIconsShowANameOnlyOnceChosen() throws {
        let d = try design("bottom-icons")
        var state = BrushUIState()
        let s = d.screen(state, aspect: 1, on: ipad)
        #expect(s.controls.filter { $0.id.hasPrefix("brush-") }.allSatisfy { $0.label == nil && $0.frame.width >= 44 })
        d.tap(s.control("brush-soften")!.frame.center, &state, aspect: 1, on: ipad)
        #expect(d.screen(state, aspect: 1, on: ipad).control("brush-soften")?.label == "Soften")
    }

    @Test func panelsBesideThePhotoLeaveLessPhoto() throws {
        func share(_ name: String) throws -> Double {
            let f = try design(name).fittedFrame(aspect: 1.5, on: ipad)
            return f.width * f.height / (ipad.bounds.width * ipad.bounds.height)
        }
        #expect(try share("bricks") < share("brush-row"))
        #expect(try share("brush-row") < share("brush-popup"))
        #expect(try share("bottom-icons") == share("brush-popup"))
    }

    @Test func sizeFollowsZoomOnlyWhenSizedByZoom() throws {
        let zoom = try design("brush-popup"), slider = try design("brush-popup", ["sizing": .text("slider")])
        var state = BrushUIState()
        let r1 = zoom.radius(state, aspect: 1, on: ipad), s1 = slider.radius(state, aspect: 1, on: ipad)
        zoom.pinch(to: 2, centre: Point(0.5, 0.5), &state)
        #expect(abs(zoom.radius(state, aspect: 1, on: ipad) - r1 / 2) < 1e-12, "the finger covers half as much of the photo at 2×")
        #expect(slider.radius(state, aspect: 1, on: ipad) == s1)
        #expect(slider.screen(state, aspect: 1, on: ipad).controls.contains { $0.role == .slider })
        #expect(!zoom.screen(state, aspect: 1, on: ipad).controls.contains { $0.role == .slider })
    }

    @Test func strokesTakeTheDesignsModeAndEdges() throws {
        var state = BrushUIState()
        state.selected = "Lighten"; state.lastPaint = "Lighten"
        let path = [Point(400, 300), Point(500, 300)]
        let soft = try design("brush-popup").stroke(path, state, aspect: 1, on: ipad)!
        let strong = try design("brush-popup", ["stroke": .text("strong")]).stroke(path, state, aspect: 1, on: ipad)!
        let edges = try design("brush-popup", ["detect_edges": .text("on")]).stroke(path, state, aspect: 1, on: ipad)!
        #expect(soft.strength < 0.5 && strong.strength == 1 && !soft.detectEdges && edges.detectEdges)
        // Detect edges keeps the change off pixels unlike the first touch's: blue above, orange below.
        let img = Image(width: 120, height: 120) { _, y in y < 60 ? SIMD4(0.05, 0.1, 0.5, 1) : SIMD4(0.7, 0.3, 0.05, 1) }
        let f = try design("brush-popup").fittedFrame(aspect: 1, on: ipad)
        let along = [Point(f.minX + 0.3 * f.width, f.minY + 0.45 * f.height), Point(f.minX + 0.35 * f.width, f.minY + 0.5 * f.height),
                     Point(f.minX + 0.7 * f.width, f.minY + 0.5 * f.height)]
        var big = try design("brush-popup", ["stroke": .text("strong"), "finger_radius_pt": .number(40)])
        let plain = big.stroke(along, state, aspect: 1, on: ipad)!
        big.detectEdges = true
        let edgy = big.stroke(along, state, aspect: 1, on: ipad)!
        let r = Renderer(threads: 1)
        let a = r.render(img, with: Adjustments(brushes: [plain])), b = r.render(img, with: Adjustments(brushes: [edgy]))
        #expect(a[60, 63].x > img[60, 63].x * 1.3, "without detect edges the orange side is painted")
        #expect(abs(b[60, 63].x - img[60, 63].x) < 0.02, "with it, it is not")
        #expect(b[60, 55].z > img[60, 55].z * 1.3, "the touched blue still is")
    }

    // MARK: The iPhone

    let phones = DeviceCatalog.all.filter { $0.portraitSizeClasses.horizontal == .compact }.flatMap { d in Orientation.allCases.map { d.configuration($0) } }

    @Test func toolboxOpensChoosingPutsItAwayAndTheBrushShows() throws {
        let d = try design("toolbox")
        for phone in phones {
            var state = BrushUIState()
            let closed = d.screen(state, aspect: 1.5, on: phone)
            #expect(labels(closed).isEmpty, "\(phone.name): only the tool box icon, no words")
            let box = try #require(closed.control("toolbox"))
            #expect(box.label == nil && closed.control("photo") != nil)
            d.tap(box.frame.center, &state, aspect: 1.5, on: phone)
            let open = d.screen(state, aspect: 1.5, on: phone)
            #expect(state.menuOpen && BrushTool.all.allSatisfy { labels(open).contains($0.name) }, "\(phone.name): the brushes come out, labelled")
            #expect(open.control("photo") == nil, "the rest is dimmed")
            let brushes = open.controls.filter { $0.id.hasPrefix("brush-") }
            #expect(brushes.allSatisfy { phone.safeBounds.contains($0.frame.origin) && $0.frame.maxX <= phone.safeBounds.maxX + 1e-9 && $0.frame.maxY <= box.frame.minY },
                    "\(phone.name): above the toolbar, on the screen")
            #expect(brushes.allSatisfy { $0.frame.width >= 44 && $0.frame.height >= 32 })
            d.tap(open.control("brush-saturate")!.frame.center, &state, aspect: 1.5, on: phone)
            #expect(state.selected == "Saturate" && !state.menuOpen, "choosing puts them away")
            let chosen = d.screen(state, aspect: 1.5, on: phone)
            #expect(!chosen.controls.contains { $0.id.hasPrefix("brush-") })
            #expect(chosen.control("current-brush")?.label == "Saturate" && chosen.control("current-brush")?.value == 1, "the chosen brush shows")
            #expect(d.stroke([Point(phone.bounds.center.x, phone.bounds.center.y - 60)], state, aspect: 1.5, on: phone) != nil, "and paints")
            // The brush in use brings the brushes out again; a tap elsewhere puts them away.
            d.tap(chosen.control("current-brush")!.frame.center, &state, aspect: 1.5, on: phone)
            #expect(state.menuOpen)
            d.tap(Point(phone.bounds.center.x, phone.safeBounds.minY + 60), &state, aspect: 1.5, on: phone)
            #expect(!state.menuOpen && state.selected == "Saturate")
        }
    }

    @Test func crammedIPadLayoutsStayOnThePhoneAndLeaveLessPhoto() throws {
        for phone in phones {
            func share(_ name: String) throws -> Double {
                let f = try design(name).fittedFrame(aspect: 1.5, on: phone)
                return f.width * f.height / (phone.bounds.width * phone.bounds.height)
            }
            // Held upright the panels beside the photo take its width; held sideways the bars bound the
            // photo's height first, and the panels cost it little or nothing.
            if phone.orientation == .portrait {
                #expect(try share("bricks") < share("brush-row") && share("brush-row") < share("toolbox"), "\(phone.name)")
            } else {
                #expect(try share("bricks") <= share("toolbox") && share("brush-row") <= share("toolbox"), "\(phone.name)")
            }
            #expect(try share("brush-popup") == share("toolbox") && share("bottom-icons") == share("toolbox"))
            // Rows of controls shrink to the screen: nothing is laid out beyond it.
            for name in ["bricks", "brush-row", "bottom-icons", "brush-popup", "toolbox"] {
                for screen in BrushScreens.all(try design(name), on: phone) {
                    for c in screen.screen.controls {
                        #expect(c.frame.minX >= phone.bounds.minX - 1e-9 && c.frame.maxX <= phone.bounds.maxX + 1e-9, "\(name) \(screen.name) \(c.id) on \(phone.name)")
                    }
                }
            }
        }
        // On the iPad the talk's sizes stay: 56-pt toolbar, 64-pt pop-up brushes.
        var state = BrushUIState()
        state.menuOpen = true
        let pop = try design("brush-popup").screen(state, aspect: 1.5, on: ipad)
        #expect(pop.control("brush-lighten")?.frame.width == 60)
    }

    @Test func unknownParametersAreRefused() {
        #expect(throws: StrategyParameterError.self) { try design("brush-popup", ["stroke": .text("medium")]) }
        #expect(throws: StrategyParameterError.self) { try design("brush-popup", ["strength": .number(1)]) }
        #expect(throws: StrategyParameterError.self) { try design("brushes-everywhere") }
    }
}
