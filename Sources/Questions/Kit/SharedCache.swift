import Foundation
import Harness
import Reports

/// Values shared by every trial of a run that are the same for everyone who
/// needs them — a thumbnail of a catalogue look on a task's photo at a given
/// size, a goal look at a person's perception size — made once (the engine is
/// deterministic, so it does not matter which trial makes it). Thread-safe.
final class SharedCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]

    func value(_ key: String, make: () -> Value) -> Value {
        lock.lock()
        if let hit = values[key] { lock.unlock(); return hit }
        lock.unlock()
        let fresh = make()
        lock.lock()
        values[key] = values[key] ?? fresh
        let kept = values[key]!
        lock.unlock()
        return kept
    }
}
