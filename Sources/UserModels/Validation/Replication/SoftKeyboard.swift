import Foundation
import Interaction

/// Typing phrases on a soft keyboard, one tap a character (MacKenzie & Zhang 2001).
/// On the familiar QWERTY layout the person knows where each key is and only
/// moves (a `Tapper` tap from the last key); on a layout shuffled after every tap
/// they first search for the key (`Cognition.search` over the keys, target
/// present) and then tap it. A missed key costs a correction: another tap.
///
/// Measures, per `layout` (qwerty, random) and `key_mm`: `wpm` (words of five
/// characters per minute).
public struct SoftKeyboard: ReplicationTask {
    public var device: DeviceConfiguration
    public var keySizes: [Double]
    public var layouts: [String]
    public var phrases: [String]

    public static let rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm", " "]
    public static let defaultPhrases = ["the quick brown fox jumps over the lazy dog",
                                        "my watch fell in the water", "elephants are afraid of mice"]

    public init(device: DeviceConfiguration, keySizes: [Double], layouts: [String] = ["qwerty", "random"],
                phrases: [String] = SoftKeyboard.defaultPhrases) {
        self.device = device; self.keySizes = keySizes; self.layouts = layouts; self.phrases = phrases
    }

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
                let keys = positions(keyMM: size)
                let slots = keys.keys.sorted().map { keys[$0]! }
                for (k, person) in people.enumerated() {
                    var g = SeededGenerator(seed: seed, label: "soft-keyboard/\(layout)/\(size)/\(k)")
                    let tapper = Tapper(participant: person), cognition = Cognition(participant: person)
                    var time = 0.0, characters = 0
                    var finger = keys[" "]!.center
                    for character in phrases.joined(separator: " ") {
                        var key = keys[character]!
                        if layout == "random" {
                            // Shuffled keys: the character is in any slot with equal chance.
                            let slot = Int(g.next() % UInt64(slots.count))
                            time += cognition.search(items: slots.count, using: &g) { $0 == slot }.time
                            key = slots[slot]
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
                    seen.record("wpm", ["layout": layout, "key_mm": Observations.level(size)],
                                Double(characters) / 5 / (time / 60))
                }
            }
        }
        return seen
    }
}
