import Foundation
import Interaction
import Randomness

/// Typing phrases on a soft keyboard, one tap a character (MacKenzie & Zhang 1999,
/// 2001). On the familiar QWERTY layout the person knows where each key is and only
/// moves (a `Tapper` tap from the last key); on a layout shuffled after every tap
/// they first search for the key (`Cognition.search` over the keys, target
/// present) and then tap it; on an unfamiliar fixed layout (the QWERTY keys in a
/// fixed shuffled order) they search too, faster with practice: in session `s` the
/// search is that of the `s`-th repetition (`Cognition(repetition:)`, the power law
/// of practice). A missed key costs a correction: another tap.
///
/// Measures, per `layout` (qwerty, random, unfamiliar), `key_mm` and `session`:
/// `wpm` (words of five characters per minute).
public struct SoftKeyboard: ReplicationTask {
    public var device: DeviceConfiguration
    public var keySizes: [Double]
    public var layouts: [String]
    public var phrases: [String]
    /// The practice sessions measured (1 = first use).
    public var sessions: [Int]

    public static let rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm", " "]
    public static let defaultPhrases = ["the quick brown fox jumps over the lazy dog",
                                        "my watch fell in the water", "elephants are afraid of mice"]

    public init(device: DeviceConfiguration, keySizes: [Double], layouts: [String] = ["qwerty", "random"],
                phrases: [String] = SoftKeyboard.defaultPhrases, sessions: [Int] = [1]) {
        self.device = device; self.keySizes = keySizes; self.layouts = layouts; self.phrases = phrases
        self.sessions = sessions
    }

    public static let layoutNames = ["qwerty", "random", "unfamiliar"]

    /// Key centres in the QWERTY arrangement (rows offset as on a keyboard), in points.
    func positions(keyMM: Double) -> [Character: Rect] {
        let pitch = device.points(millimetres: keyMM)
        let origin = device.bounds.center - Vector2(5 * pitch, 2 * pitch)
        var keys: [Character: Rect] = [:]
        for (r, row) in Self.rows.enumerated() {
            let width = row == " " ? 5 * pitch : pitch
            let indent = row == " " ? 2.5 * pitch : Double(r) * pitch / 2
            for (c, key) in row.enumerated() {
                keys[key] = Rect(x: origin.x + indent + Double(c) * pitch, y: origin.y + Double(r) * pitch,
                                 width: width, height: pitch)
            }
        }
        return keys
    }

    public func observe(_ people: [Participant], seed: UInt64) -> Observations {
        var seen = Observations(participants: people.count)
        for layout in layouts {
            for size in keySizes {
                var keys = positions(keyMM: size)
                if layout == "unfamiliar" {
                    // The same keys in a fixed order nobody has seen: every person learns the same layout.
                    var g = SeededGenerator(seed: seed, label: "soft-keyboard/unfamiliar")
                    let letters = keys.keys.sorted()
                    var places = letters.map { keys[$0]! }
                    for i in stride(from: places.count - 1, to: 0, by: -1) {
                        places.swapAt(i, Int(g.next() % UInt64(i + 1)))
                    }
                    keys = Dictionary(uniqueKeysWithValues: zip(letters, places))
                }
                for session in sessions {
                    for (k, person) in people.enumerated() {
                        var g = SeededGenerator(seed: seed, label: "soft-keyboard/\(layout)/\(size)/\(session)/\(k)")
                        let condition = ["layout": layout, "key_mm": Observations.level(size),
                                         "session": String(session)]
                        let wpm = type(person, keys: keys, layout: layout, session: session, using: &g)
                        seen.record("wpm", condition, wpm)
                    }
                }
            }
        }
        return seen
    }

    /// Words a minute typing the phrases once on `keys`.
    func type<G: RandomNumberGenerator>(_ person: Participant, keys: [Character: Rect], layout: String, session: Int,
                                        using g: inout G) -> Double {
        let slots = keys.keys.sorted().map { keys[$0]! }
        let tapper = Tapper(participant: person), cognition = Cognition(participant: person, repetition: session)
        var time = 0.0, characters = 0
        var finger = keys[" "]!.center
        for character in phrases.joined(separator: " ") {
            var key = keys[character]!
            if layout == "random" {
                // Shuffled keys: the character is in any slot with equal chance.
                let slot = Int(g.next() % UInt64(slots.count))
                time += cognition.search(items: slots.count, using: &g) { $0 == slot }.time
                key = slots[slot]
            } else if layout == "unfamiliar" {
                let slot = slots.firstIndex { $0 == key }!
                time += cognition.search(items: slots.count, using: &g) { $0 == slot }.time
            }
            var tap = tapper.tap(key, from: finger, startTime: 0, on: device, using: &g)
            time += tap.movementTime + person["motor.tap_hold_s"]
            while !key.contains(tap.landing) {
                // A wrong character: delete it and tap the key again.
                time += person["perception.cycle_s"]
                tap = tapper.tap(key, from: tap.landing, startTime: 0, on: device, using: &g)
                time += 2 * (tap.movementTime + person["motor.tap_hold_s"])
            }
            finger = tap.landing
            characters += 1
        }
        return Double(characters) / 5 / (time / 60)
    }
}
