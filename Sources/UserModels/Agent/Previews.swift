import Interaction

/// Choosing among previews (thumbnails, cards): search them in reading order,
/// judge each by its pixels against the goal, take a promising one at once,
/// scroll for more, else take the best seen — unless the photo as it is now
/// (a preview already tried) looks closer than any preview left: then there is
/// nothing better to try, and the person keeps what they have.
struct PreviewChooser {
    let participant: Participant
    let eye: Eye
    let satisfiedAt: Double

    enum Choice { case scroll(Control), choose(Control), keep }

    func choose<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ thumbnails: [Control], on screen: Screen, _ environment: inout E,
        _ memory: inout WorkingMemory, _ record: inout EditingRecord,
        current: Double?, using g: inout G
    ) -> Choice {
        let p = participant
        // A preview is worth a tap only if it looks closer than the photo does now.
        let better = { (difference: Double) in current.map { difference < $0 } ?? true }
        for t in thumbnails where memory.inspected[t.id] == nil {
            record.clock.advance(by: p["cognition.search_item_s"] + p["perception.cycle_s"])
            let goal = eye.perception.goalLook
            let preview =
                environment.thumbnailComparison(t.id, proxy: eye.proxy, with: goal)
                ?? environment.comparison(proxy: eye.proxy, with: goal)
            let seen = eye.look(atPreview: preview, in: t.frame, on: screen.device, using: &g)
            let difference = seen.difference[.overall] ?? .infinity
            memory.inspected[t.id] = difference
            record.log.add(record.clock.now, "inspect", [("control", .text(t.id)), ("difference", .number(difference))])
            if difference < satisfiedAt * p["agent.preview_accept_factor"] && better(difference) { return .choose(t) }
        }
        if let area = screen.controls.first(where: { $0.role == .scrollArea }), (area.value ?? 1) < 1 {
            return .scroll(area)
        }
        let best = thumbnails.min {
            (memory.inspected[$0.id] ?? .infinity, $0.id) < (memory.inspected[$1.id] ?? .infinity, $1.id)
        }!
        return better(memory.inspected[best.id] ?? .infinity) ? .choose(best) : .keep
    }
}
