import ImageEngine
import Interaction

/// Looking: the photo against the goal held in mind, region by region, and the
/// screen's controls (labels read once, affordances noted).
struct Eye {
    let participant: Participant
    let perception: PhotoPerception
    let proxy: Int

    init<G: RandomNumberGenerator>(participant: Participant, goal: GoalLook, using g: inout G) {
        self.participant = participant
        perception = PhotoPerception(goal: goal, participant: participant, using: &g)
        proxy = Int(participant["perception.proxy_px"])
    }

    /// The photo as shown now, judged against the goal; takes a perceptual cycle.
    func look<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ environment: inout E, _ record: inout EditingRecord,
        using g: inout G
    ) -> PhotoPercept {
        let percept = perception.look(
            environment.comparison(proxy: proxy, with: perception.goalLook),
            areaMM2: Self.photoArea(environment.screen),
            elapsed: record.clock.now, using: &g)
        record.clock.advance(by: participant["perception.cycle_s"])
        return percept
    }

    /// A preview image shown in `frame`, judged against the goal.
    func look<G: RandomNumberGenerator>(
        atPreview comparison: RegionComparison, in frame: Rect, on device: DeviceConfiguration,
        using g: inout G
    ) -> PhotoPercept {
        perception.look(
            comparison, areaMM2: device.millimetres(frame.width) * device.millimetres(frame.height), using: &g)
    }

    /// Reads the controls on `screen` the person has not met before: labels (experts
    /// know them at a glance), places on a tonal scale, what looks touchable.
    func read<G: RandomNumberGenerator>(
        _ screen: Screen, into memory: inout WorkingMemory, cognition: Cognition,
        _ record: inout EditingRecord, using g: inout G
    ) {
        let fresh = screen.controls.flatMap(\.facets).filter { memory.recall($0) == nil }
        guard !fresh.isEmpty else { return }
        let p = participant
        let words = fresh.compactMap(\.label).reduce(0) { $0 + Lexicon.wordCount($1) }
        record.clock.advance(
            by: p["perception.eye_movement_s"] + (p.isExpert ? 0 : cognition.readingTime(words: words)))
        for c in fresh {
            var b = ControlBelief(label: c.label, boldness: p["agent.boldness_max"])
            if let label = c.label, cognition.infersFromLabel(using: &g) {
                b.claimedRegions = Lexicon.regions(for: label)
                b.understoodLabel = true
            } else if c.label == nil, let tone = c.tone, cognition.infersFromLabel(using: &g) {
                // No words, but a place on a tonal scale: darks on the dark end.
                b.claimedRegions = Lexicon.regions(forTone: tone)
            }
            memory.controls[c.id] = b
            if c.visibleAffordance {
                memory.discovered.insert(c.id)
                memory.discovered.insert(Control.parentID(c.id))
            }
        }
        record.log.add(
            record.clock.now, "read", [("controls", .number(Double(fresh.count))), ("words", .number(Double(words)))])
    }

    /// The photo's displayed area in mm² (judgements of small photos wobble more).
    static func photoArea(_ screen: Screen) -> Double {
        guard let f = screen.photoFrame else { return 0 }
        return screen.device.millimetres(f.width) * screen.device.millimetres(f.height)
    }
}
