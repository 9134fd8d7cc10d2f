import Foundation

/// Wall-clock seconds since boot.
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// CPU seconds of this process, every thread, user and system.
func cpuSeconds() -> Double {
    var u = rusage()
    getrusage(RUSAGE_SELF.rawValue, &u)
    return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
}

/// The 1-minute load average: the machine is shared, so every figure carries it.
func loadAverage() -> Double {
    var l = [Double](repeating: 0, count: 3)
    return getloadavg(&l, 3) > 0 ? l[0] : .nan
}

/// Best of `n` wall times of `body`, in seconds.
func best(_ n: Int, _ body: () -> Void) -> Double {
    var b = Double.infinity
    for _ in 0..<n { let t = now(); body(); b = min(b, now() - t) }
    return b
}

/// Wall and CPU seconds of one run of `body`.
func timed(_ body: () throws -> Void) rethrows -> (s: Double, cpu: Double) {
    let c = cpuSeconds(), t = now()
    try body()
    return (now() - t, cpuSeconds() - c)
}

/// Median and range of repeated measurements.
struct Spread: Codable {
    var median: Double, min: Double, max: Double, n: Int

    init(_ xs: [Double]) {
        let s = xs.sorted()
        n = s.count
        median = s.isEmpty ? .nan : (s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
        min = s.first ?? .nan
        max = s.last ?? .nan
    }

    /// "3.06 s [2.95–3.20]" with `scale` (1000 for ms) and `digits`.
    func text(_ unit: String, scale: Double = 1, digits: Int = 2) -> String {
        func f(_ v: Double) -> String { String(format: "%.\(digits)f", v * scale) }
        return "\(f(median))\(unit) [\(f(min))–\(f(max))]"
    }
}

/// A measured pair: the engine and its peer, timed in alternation round after round.
struct Pair: Codable {
    var name: String
    var peer: String
    var engine_s: Spread
    var peer_s: Spread
    /// Per round, peer time / engine time: above 1 the engine is faster.
    var ratio: Spread
    var engine_cpu_s: Spread
    var peer_cpu_s: Spread
    var engine_bytes: Int?
    var peer_bytes: Int?
    var load_average_start: Double
    var load_average_end: Double

    init(name: String, peer: String, rounds: [(engine: (s: Double, cpu: Double), peer: (s: Double, cpu: Double))],
         engineBytes: Int? = nil, peerBytes: Int? = nil, loadStart: Double, loadEnd: Double) {
        self.name = name; self.peer = peer
        engine_s = Spread(rounds.map(\.engine.s)); peer_s = Spread(rounds.map(\.peer.s))
        ratio = Spread(rounds.map { $0.peer.s / $0.engine.s })
        engine_cpu_s = Spread(rounds.map(\.engine.cpu)); peer_cpu_s = Spread(rounds.map(\.peer.cpu))
        engine_bytes = engineBytes; peer_bytes = peerBytes
        load_average_start = loadStart; load_average_end = loadEnd
    }
}

/// Pins the calling thread to `cpus` (Linux; CPUs below 64). At --jobs 1 the
/// engine renders on the calling thread alone, so this pins all of its work.
/// glibc declares `sched_setaffinity` only under _GNU_SOURCE, which Swift's
/// Glibc module does not set, hence the lookup by name.
@discardableResult
func pinCurrentThread(to cpus: [Int]) -> Bool {
    typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
    guard let sym = dlsym(nil, "sched_setaffinity") else { return false }
    var mask = [UInt64](repeating: 0, count: 16)   // 1024 CPUs, glibc's cpu_set_t
    for c in cpus where c < 64 { mask[0] |= UInt64(1) << UInt64(c) }
    return mask.withUnsafeBytes { unsafeBitCast(sym, to: SetAffinity.self)(0, $0.count, $0.baseAddress!) } == 0
}

/// The CPU the calling thread runs on, or -1.
func currentCPU() -> Int {
    typealias GetCPU = @convention(c) () -> Int32
    guard let sym = dlsym(nil, "sched_getcpu") else { return -1 }
    return Int(unsafeBitCast(sym, to: GetCPU.self)())
}

/// Every CPU of the machine.
var allCPUs: [Int] { Array(0..<ProcessInfo.processInfo.processorCount) }
