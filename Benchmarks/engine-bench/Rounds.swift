import Foundation

/// Times the engine and the peer in alternation: one warm-up each, then
/// `rounds` rounds, the engine first in even rounds and second in odd ones,
/// so a change of load during the run falls on both sides. Nil without a peer.
func alternate(_ rounds: Int, _ peer: Peer?, _ command: [String: Any], _ engine: () -> (s: Double, cpu: Double),
               _ notes: inout [String]) -> (rounds: [(engine: (s: Double, cpu: Double), peer: (s: Double, cpu: Double))],
                                          peerBytes: Int?, loadStart: Double)? {
    guard let peer else { return nil }
    let loadStart = loadAverage()
    _ = engine()
    guard peer.time(command, notes: &notes) != nil else { return nil }
    var out: [(engine: (s: Double, cpu: Double), peer: (s: Double, cpu: Double))] = []
    var bytes: Int? = nil
    for r in 0..<rounds {
        var e: (s: Double, cpu: Double) = (0, 0)
        if r % 2 == 0 { e = engine() }
        guard let p = peer.time(command, notes: &notes) else { return nil }
        if r % 2 == 1 { e = engine() }
        bytes = p.bytes
        out.append((e, (p.s, p.cpu)))
    }
    return (out, bytes, loadStart)
}
