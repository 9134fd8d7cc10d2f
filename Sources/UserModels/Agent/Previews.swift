import Interaction

/// Choosing among previews (thumbnails, cards): search them in reading order,
/// judge each by its pixels against the goal, take a promising one at once,
/// scroll for more, else take the best seen.
struct PreviewChooser {
    let participant: Participant
    let eye: Eye
    let satisfiedAt: Double

    enum Choice { case scroll(Control), choose(Control) }

    func choose<E: PhotoEditingEnvironment, G: RandomNumberGenerator>(
        _ thumbnails: [Control], on screen: Screen, _ environment: inout E,
        _ memory: inout WorkingMemory, _ record: inout EditingRecord,
        using g: inout G
    ) -> Choice {
        let p = participant
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
            if difference < satisfiedAt * p["agent.preview_accept_factor"] { return .choose(t) }
        }
        if let area = screen.controls.first(where: { $0.role == .scrollArea }), (area.value ?? 1) < 1 {
            return .scroll(area)
        }
        return .choose(
            thumbnails.min {
                (memory.inspected[$0.id] ?? .infinity, $0.id) < (memory.inspected[$1.id] ?? .infinity, $1.id)
            }!)
    }
}
