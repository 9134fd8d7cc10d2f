import Foundation

/// The peer process (`peer.py`): one per thread count, kept running so the
/// engine and the peer can be timed in alternation. One JSON command a line
/// in, one JSON reply a line out.
final class Peer {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffered = Data()
    /// What setup reported: versions, notes.
    private(set) var info: [String: Any] = [:]

    init?(jobs: Int, setup: [String: Any], notes: inout [String]) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("peer.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        var env = ProcessInfo.processInfo.environment
        // libvips reads its thread count at start; numpy's threads are peer.py's own pool,
        // so BLAS stays single-threaded instead of oversubscribing the cores.
        env["VIPS_CONCURRENCY"] = "\(jobs)"
        env["OMP_NUM_THREADS"] = "1"; env["OPENBLAS_NUM_THREADS"] = "1"
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch {
            notes.append("cannot run python3 for the peer: \(error.localizedDescription)")
            return nil
        }
        guard let reply = send(setup) else {
            notes.append("jobs \(jobs): peer.py did not answer its setup; run it by hand to see why")
            return nil
        }
        info = reply
        if let n = reply["notes"] as? [String] { notes += n.map { "jobs \(jobs): \($0)" } }
    }

    var hasNumpy: Bool { info["numpy"] != nil }
    var hasVips: Bool { info["libvips"] != nil && hasNumpy }

    /// Sends one command and waits for its reply; nil if the peer died or failed.
    func send(_ command: [String: Any]) -> [String: Any]? {
        guard process.isRunning, let line = try? JSONSerialization.data(withJSONObject: command) else { return nil }
        input.fileHandleForWriting.write(line + Data("\n".utf8))
        while true {
            if let nl = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let reply = buffered[buffered.startIndex..<nl]
                buffered = Data(buffered[(nl + 1)...])
                return try? JSONSerialization.jsonObject(with: reply) as? [String: Any]
            }
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { return nil }
            buffered += more
        }
    }

    /// A timed command: wall and CPU seconds (and bytes written, when there are any).
    func time(_ command: [String: Any], notes: inout [String]) -> (s: Double, cpu: Double, bytes: Int?)? {
        guard let r = send(command) else { return nil }
        if let e = r["error"] as? String { notes.append(e); return nil }
        guard let s = r["s"] as? Double, let c = r["cpu"] as? Double else { return nil }
        return (s, c, r["bytes"] as? Int)
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
