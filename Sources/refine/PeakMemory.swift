import Foundation

/// This process's peak resident memory, for commands that report what they cost.
enum PeakMemory {
    /// Bytes: Linux's high-water mark of this process's own memory (`VmHWM` in
    /// /proc/self/status), which starts afresh at exec. `getrusage`'s `maxrss`
    /// is the fallback elsewhere; on Linux it is no use here, since it starts at
    /// the parent's peak when the parent spawned this process (a test runner, a
    /// Slurm step), so it would say more about the parent than about this command.
    static var residentBytes: Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kB = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
            return kB * 1024
        }
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024  // kilobytes on Linux
        #else
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss  // bytes on Darwin
        #endif
    }
}
