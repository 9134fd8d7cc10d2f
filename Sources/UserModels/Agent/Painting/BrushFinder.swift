import Interaction

/// Choosing a brush by name on whatever screen the design shows: a control
/// labelled with it is tapped; one remembered from an earlier trial (an icon
/// whose name was seen) too; failing that, a control whose label promises
/// brushes (a menu, an Add button) is opened; failing that, unlabelled buttons
/// not tried yet are tried one by one, and the name each shows once chosen is
/// remembered for the session; last, the control showing the brush in use.
struct BrushFinder {
    let participant: Participant
    let cognition: Cognition

    /// Taps until the brush `name` is the chosen one (a control labelled `name`
    /// marked chosen), or `budget` taps are spent. Returns the taps made.
    func choose<E: PaintingEnvironment, G: RandomNumberGenerator>(
        _ name: String, _ env: inout E, memory: inout SessionMemory,
        clock: inout Double, finger: inout Point, budget: Int,
        log: inout TraceLog, using g: inout G
    ) -> Int {
        var taps = 0, tried: Set<String> = []
        while taps < budget {
            let screen = env.screen
            if isChosen(name, screen) { return taps }
            read(screen, memory: &memory, clock: &clock)
            let buttons = screen.controls.filter { $0.role == .button }
            // Looking for the name among the buttons (serial search over labels).
            let (_, search) = cognition.search(items: max(1, buttons.count), using: &g) { i in buttons[i].label == name
            }
            clock += search
            let target =
                buttons.first { $0.label == name }
                ?? buttons.first { memory.controls[$0.id]?.label == name }
                ?? buttons.first { !tried.contains($0.id) && promisesBrushes($0.label) }
                ?? buttons.first { $0.label == nil && memory.controls[$0.id]?.label == nil && !tried.contains($0.id) }
                // The control showing the brush in use is where brushes are changed.
                ?? buttons.first { $0.value == 1 && !tried.contains($0.id) }
            guard let target else { return taps }
            tried.insert(target.id)
            let tap = Tapper(participant: participant).tap(
                target.frame, from: finger, startTime: clock, on: screen.device, using: &g)
            log.add(
                tap.touches.start.time, "tap",
                [("control", .text(target.id)), ("hit", .text(screen.hitTest(tap.landing)?.id ?? "none"))])
            log.touches(tap.touches)
            env.tap(at: tap.landing, touchDown: tap.touches.start.time)
            taps += 1
            finger = tap.contact
            clock = tap.touches.end.time + participant["perception.cycle_s"]
            // An icon shows its name once chosen: remembered for the rest of the session.
            for c in env.screen.controls where c.role == .button && c.value == 1 {
                if let label = c.label, memory.controls[c.id]?.label == nil {
                    memory.controls[c.id] = ControlBelief(label: label, boldness: 0)
                }
            }
        }
        return taps
    }

    func isChosen(_ name: String, _ screen: Screen) -> Bool {
        screen.controls.contains { $0.label == name && $0.value == 1 }
    }

    /// A label that names the brushes as a whole or adding one ("Brushes", "Add Brush").
    func promisesBrushes(_ label: String?) -> Bool {
        guard let words = label?.lowercased().split(separator: " ") else { return false }
        return words.contains("brushes") || (words.contains("add") && words.contains("brush"))
    }

    /// Labels not met before this session are read (experts know them at a glance).
    func read(_ screen: Screen, memory: inout SessionMemory, clock: inout Double) {
        let fresh = screen.controls.filter {
            $0.role == .button && $0.label != nil && !memory.discovered.contains($0.id + ":" + $0.label!)
        }
        guard !fresh.isEmpty else { return }
        let words = fresh.compactMap(\.label).reduce(0) { $0 + Lexicon.wordCount($1) }
        clock +=
            participant["perception.eye_movement_s"] + (participant.isExpert ? 0 : cognition.readingTime(words: words))
        for c in fresh { memory.discovered.insert(c.id + ":" + c.label!) }
    }
}
