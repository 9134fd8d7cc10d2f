import Interaction

extension TraceLog {
    /// Traces every sample of a gesture's finger (`touch` events, down … up), so a
    /// trace holds each gesture whole and a replay can count and draw it
    /// (`TraceGestures`: one gesture per traced touch-down).
    public mutating func touches(_ stream: TouchStream) {
        for s in stream.samples {
            add(
                s.time, "touch",
                [("phase", .text(s.phase.rawValue)), ("x", .number(s.location.x)), ("y", .number(s.location.y))])
        }
    }

    /// Traces a finger that followed `path` (points `1 / rate` s apart) from
    /// `start`, lifting at `start + duration`.
    public mutating func touches(along path: [Point], start: Double, duration: Double, rate: Double) {
        guard enabled, let first = path.first else { return }
        var samples = [TouchSample(time: start, location: first, phase: .down)]
        for (i, p) in path.enumerated().dropFirst().dropLast() {
            samples.append(TouchSample(time: start + min(Double(i) / rate, duration), location: p, phase: .move))
        }
        samples.append(TouchSample(time: start + duration, location: path.last!, phase: .up))
        touches(TouchStream(samples: samples))
    }
}
