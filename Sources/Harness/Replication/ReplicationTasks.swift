import Foundation
import Interaction
import UserModels

/// Task kinds a module above Harness adds, by name: a design question's own trial run as a published
/// study's task (the Questions module's `replicationTasks`). Each reads its fields from the task node;
/// the device is the file's (an iPhone SE, portrait, when it names none).
public typealias ReplicationTaskKinds =
    [String: @Sendable (SpecNode, DeviceConfiguration) throws -> any ReplicationTask]

/// The tasks a replication can run, by name, each with its published design's fields.
enum ReplicationTasks {
    static let kinds = ["target-tapping", "ring-tapping", "tunnel-steering", "point-or-drag", "soft-keyboard",
                        "flick-to-target"]

    static func parse(_ node: SpecNode, more: ReplicationTaskKinds = [:]) throws -> any ReplicationTask {
        let kindNode = try node.required("kind")
        let kind = try kindNode.string()
        let device = try node.optional("device").map { try SpecLoader.parseDevices($0)[0] }
            ?? DeviceCatalog.iPhoneSE.configuration(.portrait)
        if let parse = more[kind] { return try parse(node, device) }
        func numbers(_ key: String) throws -> [Double] { try node.numbers(key, in: 0...10_000) }
        func count(_ key: String, _ fallback: Int) throws -> Int {
            try node.optional(key)?.int(in: 1...10_000) ?? fallback
        }
        switch kind {
        case "target-tapping":
            try node.rejectUnknownKeys(
                ["kind", "device", "sizes_mm", "gaps_mm", "distance_mm", "taps", "attempts", "shape"])
            let shape = try node.optional("shape")?.string() ?? "square"
            guard ["square", "circle"].contains(shape) else {
                throw try node.required("shape").error("expected square or circle, got '\(shape)'")
            }
            return TargetTapping(device: device, sizes: try numbers("sizes_mm"),
                                 gaps: try node.optional("gaps_mm") == nil ? nil : try numbers("gaps_mm"),
                                 distance: try node.optional("distance_mm")?.double(in: 0...1000) ?? 30,
                                 taps: try count("taps", 30), attempts: try count("attempts", 4),
                                 circular: shape == "circle")
        case "ring-tapping":
            try node.rejectUnknownKeys(["kind", "device", "amplitudes_mm", "widths_mm", "dimensions", "taps"])
            let dims = try node.optional("dimensions")?.list().map { try $0.int(in: 1...2) } ?? [2]
            return RingTapping(device: device, amplitudes: try numbers("amplitudes_mm"),
                               widths: try numbers("widths_mm"), dimensions: dims, taps: try count("taps", 26))
        case "tunnel-steering":
            try node.rejectUnknownKeys(["kind", "device", "lengths_mm", "widths_mm"])
            let lengths = try numbers("lengths_mm"), widths = try numbers("widths_mm")
            let ratios = lengths.flatMap { a in widths.map { a / $0 } }
            guard Set(ratios).count == ratios.count else {
                throw try node.required("widths_mm").error("two tunnels have the same A/W; tunnels are named by A/W")
            }
            return TunnelSteering(device: device, lengths: lengths, widths: widths)
        case "point-or-drag":
            try node.rejectUnknownKeys(["kind", "device", "distances_mm", "widths_mm", "trials"])
            return PointOrDrag(device: device, distances: try numbers("distances_mm"), widths: try numbers("widths_mm"),
                               trials: try count("trials", 10))
        case "soft-keyboard":
            try node.rejectUnknownKeys(["kind", "device", "key_sizes_mm", "layouts", "phrases", "sessions"])
            let layouts = try node.optional("layouts")?.list().map { try $0.string() } ?? ["qwerty", "random"]
            for (i, layout) in layouts.enumerated() where !SoftKeyboard.layoutNames.contains(layout) {
                throw try node.required("layouts").list()[i].error(
                    "unknown layout '\(layout)'; expected one of \(SoftKeyboard.layoutNames.joined(separator: ", "))")
            }
            let sessions = try node.optional("sessions")?.list().map { try $0.int(in: 1...1000) } ?? [1]
            let phrases = try node.optional("phrases")?.list().map { try $0.string().lowercased() }
                ?? SoftKeyboard.defaultPhrases
            let alphabet = Set("abcdefghijklmnopqrstuvwxyz ")
            for (i, phrase) in phrases.enumerated() where phrase.contains(where: { !alphabet.contains($0) }) {
                throw try node.required("phrases").list()[i].error("phrases may hold only letters a–z and spaces")
            }
            return SoftKeyboard(device: device, keySizes: try numbers("key_sizes_mm"), layouts: layouts,
                                phrases: phrases, sessions: sessions)
        case "flick-to-target":
            try node.rejectUnknownKeys(["kind", "device", "sizes_mm", "distance_mm", "directions", "flicks"])
            let directions = try node.optional("directions")?.list().map { try $0.string() } ?? ["right"]
            for (i, d) in directions.enumerated() where !FlickToTarget.directionNames.contains(d) {
                throw try node.required("directions").list()[i].error(
                    "unknown direction '\(d)'; expected one of \(FlickToTarget.directionNames.joined(separator: ", "))")
            }
            return FlickToTarget(device: device, sizes: try numbers("sizes_mm"),
                                 distance: try node.required("distance_mm").double(in: 1...1000),
                                 directions: directions, flicks: try count("flicks", 20))
        default:
            let all = kinds + more.keys.sorted()
            throw kindNode.error("unknown task '\(kind)'\(suggestion(kind, all)); "
                                 + "expected one of \(all.joined(separator: ", "))")
        }
    }
}
