import Foundation
import GRDB

/// `refine-bench --report-scale`: `refine report` on synthesized databases of
/// 10⁵, 10⁶ and 10⁷ trials (and the real 216k-trial pip-large run when given
/// with --large-db): wall time and peak resident memory of the report process,
/// with the load average when it started. Databases are synthesized once into
/// the scale folder and reused.
enum ReportScale {
    struct Measurement { var label: String; var trials: Int; var seconds: Double; var peakMB: Double; var load: Double }

    static func run(sizes: [Int], folder: String, spec: String, largeDB: String?, json: Bool) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let refine = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("refine").path
        guard FileManager.default.isExecutableFile(atPath: refine) else {
            throw SynthesisError("\(refine): not found; build it first (swift build -c release --product refine)")
        }
        var out: [Measurement] = []
        if let largeDB {
            out.append(try measure(label: "pip-large (simulated)", refine: refine, spec: spec, db: largeDB, folder: folder))
        }
        for n in sizes {
            let db = "\(folder)/synth-\(n).sqlite"
            if !FileManager.default.fileExists(atPath: db) {
                // In a child process: a report spawned later inherits this process's
                // peak memory as its own starting peak (Linux keeps `maxrss` across
                // the spawn), so synthesizing here put a floor of ≈ 314 MB under every
                // later measurement.
                let status = try spawn([CommandLine.arguments[0], "--synthesize", "\(n)", "--db", db, "--scale-spec", spec], quiet: json).status
                guard status == 0 else { throw SynthesisError("refine-bench --synthesize \(n) failed (status \(status))") }
            }
            out.append(try measure(label: "synthesized", refine: refine, spec: spec, db: db, folder: folder))
        }
        if json {
            let rows = out.map { "{\"label\": \"\($0.label)\", \"trials\": \($0.trials), \"seconds\": \($0.seconds), \"peak_mb\": \($0.peakMB), \"load1\": \($0.load)}" }
            print("[" + rows.joined(separator: ", ") + "]")
            return
        }
        print("refine report: wall time and peak memory (goals: 216k trials ≤ 5 s and ≤ 150 MB; 10⁷ ≤ 120 s and ≤ 1024 MB)")
        for m in out {
            print(String(format: "  %-22@ %10d trials  %7.1f s  %7.0f MB peak  (load %.2f)", m.label as NSString, m.trials, m.seconds, m.peakMB, m.load))
        }
    }

    /// Runs `refine report` on `db` as a child process: its wall time and peak RSS (wait4's rusage of that child).
    static func measure(label: String, refine: String, spec: String, db: String, folder: String) throws -> Measurement {
        var load = [0.0, 0.0, 0.0]
        getloadavg(&load, 3)
        let trials = try countTrials(db)
        let t0 = DispatchTime.now().uptimeNanoseconds
        let (status, usage) = try spawn([refine, "report", spec, "--db", db, "--out", "\(folder)/report-\(trials)"], quiet: false)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        guard status == 0 else { throw SynthesisError("refine report on \(db) failed (status \(status))") }
        return Measurement(label: label, trials: trials, seconds: seconds, peakMB: Double(usage.ru_maxrss) / 1024, load: load[0])
    }

    /// Runs `args` as a child process and waits: its exit status and resource
    /// usage (wait4's rusage of that child; its peak resident memory is at least
    /// this process's peak when it was spawned). `quiet`: its output discarded.
    static func spawn(_ args: [String], quiet: Bool) throws -> (status: Int32, usage: rusage) {
        var pid: pid_t = 0
        let argv = args.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if quiet { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
        guard posix_spawn(&pid, args[0], &actions, nil, argv, environ) == 0 else { throw SynthesisError("\(args[0]): cannot start") }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        return (status, usage)
    }

    static func countTrials(_ db: String) throws -> Int {
        var configuration = Configuration()
        configuration.readonly = true
        // Schema v5 keeps the rows in `trial_row` (`trial` is a view that joins their factors back in).
        return try DatabaseQueue(path: db, configuration: configuration).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(try db.tableExists("trial_row") ? "trial_row" : "trial")") ?? 0
        }
    }
}
