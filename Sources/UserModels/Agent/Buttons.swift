import Interaction

/// Choosing a button to tap: buttons whose label promises a wanted region first,
/// then options not tried yet (before buttons that lead back to a list), then
/// the option that left the photo closest to the goal, if it beats what is on now.
enum Buttons {
    static func toTry(
        _ screen: Screen, wanted: [PhotoRegion], memory: WorkingMemory, nowLooks difference: Double
    ) -> Control? {
        let buttons = screen.controls.filter { $0.role == .button }
        if let promising = buttons.first(where: { b in
            b.id != memory.lastTapped && Lexicon.regions(for: b.label ?? "").contains(where: wanted.contains)
        }) {
            return promising
        }
        let untried = buttons.filter { !memory.tapped.contains($0.id) }
        if let option = untried.first(where: { !Lexicon.leadsElsewhere($0.label ?? "") }) { return option }
        if let best = buttons.filter({ memory.afterButton[$0.id] != nil && $0.id != memory.lastTapped })
            .min(by: { (memory.afterButton[$0.id]!, $0.id) < (memory.afterButton[$1.id]!, $1.id) }),
            memory.afterButton[best.id]! < difference
        {
            return best
        }
        return untried.first
    }
}
