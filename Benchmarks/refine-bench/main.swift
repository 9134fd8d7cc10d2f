// refine-bench: how fast the harness simulates and stores trials, measured against
// peers in the same run. Build and run with
//   swift run -c release refine-bench [--spec Experiments/pip.yaml] [--participants N] [--json]
import Foundation
import GRDB
import Harness
import ImageEngine
import Questions
import Reports

struct Options {
    var spec = "Experiments/pip.yaml"
    var participants: Int? = 200
    var agentSpec = "Experiments/exposure.yaml"
    var json = false
    /// Also time the large specs (Experiments/large/*.yaml): minutes, not seconds.
    var large = false
    /// Rounds of (simulation alone, full run) for the storing share.
    var rounds = 5
    /// Only the PIP simulation and storage figures (sections 1–3): for working on the store.
    var storageOnly = false
    /// Only the trials/s of each experiment (section 5), for quick before/after runs.
    var ratesOnly = false
    /// `--synthesize N`: write a database of about N synthetic trials to `db` and stop.
    var synthesize: Int?
    var db: String?
    /// `--report-scale`: time `refine report` at `sizes` synthesized trials.
    var reportScale = false
    var sizes = [100_000, 1_000_000, 10_000_000]
    var scaleFolder = "/tmp/refine-scale"
    var scaleSpec = "Experiments/large/pip.yaml"
    var largeDB: String?

    init(_ args: [String]) {
        var i = 1
        while i < args.count {
            switch args[i] {
            case "--spec": i += 1; spec = args[i]
            case "--participants": i += 1; participants = Int(args[i])
            case "--agent-spec": i += 1; agentSpec = args[i]
            case "--json": json = true
            case "--large": large = true
            case "--storage-only": storageOnly = true
            case "--rates-only": ratesOnly = true
            case "--rounds": i += 1; rounds = max(1, Int(args[i]) ?? 5)
            case "--synthesize": i += 1; synthesize = Int(args[i])
            case "--db": i += 1; db = args[i]
            case "--report-scale": reportScale = true
            case "--sizes": i += 1; sizes = args[i].split(separator: ",").compactMap { Int($0) }
            case "--scale-dir": i += 1; scaleFolder = args[i]
            case "--scale-spec": i += 1; scaleSpec = args[i]
            case "--large-db": i += 1; largeDB = args[i]
            case "--help", "-h":
                print("""
                    USAGE: refine-bench [--spec FILE] [--participants N] [--agent-spec FILE] [--large] [--storage-only] [--rates-only] [--rounds N] [--json]
                           refine-bench --synthesize N --db PATH | --report-scale [--sizes N,N,...] [--large-db PATH]

                    Prints, for the spec's trials (with N participants, default 200):
                      - trials per second simulating with 1 and 2 jobs;
                      - the store's insert rate against Python's sqlite3.executemany on the same schema and rows
                        (rows counted as trials + metric values, as the long metric table held them);
                      - the share of a full run (simulate + store, 1 and 2 jobs) spent storing, and the store's
                        busy time (simulating threads inside RunStore.record) over the run's wall time (wall clock
                        and CPU), and the close after it:
                        medians of N rounds (default 5), each simulation alone then a full run;
                      - for the photo-editing agent (--agent-spec, default Experiments/exposure.yaml, 4 participants):
                        simulated seconds per wall-clock second and the share of time spent rendering;
                      - trials per second (2 jobs, no storage) for every default experiment (Experiments/*.yaml) at its
                        own participants and at twice as many, and with --large for Experiments/large/*.yaml.
                    --synthesize N --db PATH [--scale-spec FILE]: writes about N plausible synthetic trials of the spec
                      (default Experiments/large/pip.yaml) into a new Refine database and stops: one replication
                      simulated for real, further replications its trials under their own keys with continuous metrics
                      jittered (see Synthesize.swift).
                    --report-scale [--sizes 100000,1000000,10000000] [--scale-dir DIR] [--large-db PIP_LARGE_DB]:
                      prints `refine report`'s wall time and peak memory on synthesized databases of those sizes (made
                      once in DIR, default /tmp/refine-scale, and reused), and on the real pip-large database if given,
                      with the load average at the start of each.
                    --storage-only prints the first three only (the PIP spec's simulation and storage);
                    --rates-only the last one only.
                    Build with -c release; needs python3 for the sqlite peer.
                    """)
                exit(0)
            default:
                FileHandle.standardError.write(Data("refine-bench: unknown argument \(args[i]) (see --help)\n".utf8))
                exit(2)
            }
            i += 1
        }
    }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let t0 = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
}

let options = Options(CommandLine.arguments)
do {
    if let n = options.synthesize {
        guard let db = options.db else { throw SynthesisError("--synthesize needs --db PATH") }
        let t0 = Date()
        let s = try Synthesizer.synthesize(trials: n, specPath: options.scaleSpec, db: db)
        print("synthesized \(s.trials) trials (\(s.participants) participants × \(s.replications) replications) → \(db) in \(String(format: "%.1f", Date().timeIntervalSince(t0))) s")
        exit(0)
    }
    if options.reportScale {
        try ReportScale.run(sizes: options.sizes, folder: options.scaleFolder, spec: options.scaleSpec, largeDB: options.largeDB, json: options.json)
        exit(0)
    }
} catch {
    FileHandle.standardError.write(Data("refine-bench: \(error)\n".utf8))
    exit(1)
}
if options.ratesOnly {
    printRates(try experimentRates())
    exit(0)
}
let spec = try { () throws -> ExperimentSpec in
    var spec = try SpecLoader.load(path: options.spec, catalog: .standard)
    if let n = options.participants { spec.population.participants = n }
    return spec
}()
let work = FileManager.default.temporaryDirectory.appendingPathComponent("refine-bench-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

// 1. Simulation throughput, no storage.
func simulate(jobs: Int) throws -> (Double, [TrialResult]) {
    var results: [TrialResult] = []
    let t = try seconds { results = try ExperimentRunner.simulate(spec: spec, jobs: jobs) }
    return (t, results)
}
_ = try simulate(jobs: 1)  // warm-up
let (sim1, results) = try simulate(jobs: 1)
let (sim2, _) = try simulate(jobs: 2)

// 2. Store insert rate vs Python's sqlite3.executemany, same schema and rows.
let swiftDB = work.appendingPathComponent("swift.sqlite").path
let store = try RunStore(path: swiftDB)
let provenance = Provenance.current(gitDirectory: URL(fileURLWithPath: "."))
let runID = try store.beginRun(spec: spec, provenance: provenance, shard: .whole, jobs: 1, trace: false, plannedTrials: results.count)
let batch = RunOptions().batchSize
let storeTime = try seconds {
    for start in stride(from: 0, to: results.count, by: batch) {
        try store.record(runID: runID, Array(results[start..<min(start + batch, results.count)]))
    }
}
let metricRows = results.reduce(0) { $0 + $1.outcome.metrics.count }
// Rows as the v1–v3 long table counted them: the trial and one per metric value.
let swiftRows = results.count + metricRows

// The peer writes the same trials into the same schema: a copy of the store's database
// emptied of trials (so the metric columns the store added are there), each trial one
// row with its metric values in their columns.
let metricColumns = try store.reader.read { db in try Row.fetchAll(db, sql: "SELECT name, column_name FROM metric_name ORDER BY id") }
    .map { (name: $0[0] as String, column: $0[1] as String) }
try store.close()
let peerDB = work.appendingPathComponent("python.sqlite").path
try FileManager.default.copyItem(atPath: swiftDB, toPath: peerDB)
try DatabaseQueue(path: peerDB).writeWithoutTransaction { db in try db.execute(sql: "DELETE FROM trial_row; DELETE FROM level; VACUUM") }
// The C floor's starting point (below): the same empty schema, before the peer fills it.
let floorTemplate = work.appendingPathComponent("floor-template.sqlite").path
try FileManager.default.copyItem(atPath: peerDB, toPath: floorTemplate)
let peerRun = runID
var trialLines = (["id", "run_id", "key", "strategy", "device", "participant", "participant_group", "task", "task_label",
                   "replication", "seed"] + metricColumns.map(\.column)).joined(separator: "\t") + "\n"
for (i, r) in results.enumerated() {
    let t = r.trial
    let values = Dictionary(uniqueKeysWithValues: r.outcome.metrics.map { ($0.name, $0.value) })
    // Ids as the store gives them: the run, then the trial's index in the plan (`TrialIdentity`).
    trialLines += ([String(peerRun << 40 | Int64(r.planIndex ?? i)), String(peerRun), t.key, t.strategy, t.device.name, r.participantID, r.participantGroup,
                    t.task.id, t.task.label, String(t.replication), String(t.seed)]
                   + metricColumns.map { values[$0.name].map { "\($0)" } ?? "" }).joined(separator: "\t") + "\n"
}
try trialLines.write(toFile: work.appendingPathComponent("trials.tsv").path, atomically: true, encoding: .utf8)
let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("sqlite_peer.py").path
let python = Process()
python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
python.arguments = ["python3", script, peerDB, work.appendingPathComponent("trials.tsv").path, String(RunStore.rowsPerInsert)]
let pipe = Pipe()
python.standardOutput = pipe
try python.run()
let peerOut = pipe.fileHandleForReading.readDataToEndOfFile()
python.waitUntilExit()
guard python.terminationStatus == 0,
      let peer = try JSONSerialization.jsonObject(with: peerOut) as? [String: Double] else {
    FileHandle.standardError.write(Data("refine-bench: the Python sqlite3 peer failed (is python3 installed?)\n".utf8))
    exit(3)
}
let swiftRate = Double(swiftRows) / storeTime
let pythonRate = peer["rows_per_s"]!

// 2b. The floor: the same rows inserted from C (Benchmarks/sqlite-floor), as the store
// inserts them (as many rows a statement), into a copy of the store's schema; and again with schema v5's identity
// index put back, to show what keeping a key unique by a second index cost per insert
// (since v6 the row id does it: `TrialIdentity`).
struct Floor { var cpu: Double, wall: Double, close: Double }
func sqliteFloor(v5Index: Bool) throws -> Floor {
    let target = work.appendingPathComponent("floor-\(v5Index).sqlite").path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: target + suffix) }
    try FileManager.default.copyItem(atPath: floorTemplate, toPath: target)
    if v5Index {
        try DatabaseQueue(path: target).writeWithoutTransaction { db in
            try db.execute(sql: "CREATE UNIQUE INDEX trial_row_identity ON trial_row (run_id, strategy, device, participant, task, replication, key)")
        }
    }
    let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sqlite-floor")
    let process = Process()
    process.executableURL = tool
    process.arguments = [swiftDB, target, String(batch), String(RunStore.rowsPerInsert)]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let figures = try JSONSerialization.jsonObject(with: data) as? [String: Double],
          let cpu = figures["cpu_s"], let wall = figures["wall_s"], let close = figures["close_s"] else {
        FileHandle.standardError.write(Data("refine-bench: \(tool.path) failed (build it with `swift build -c release --product sqlite-floor`)\n".utf8))
        exit(3)
    }
    return Floor(cpu: cpu, wall: wall, close: close)
}
// Medians of three, alternating the two forms (the machine's other load shifts).
let floors = try (0..<3).map { _ in (try sqliteFloor(v5Index: false), try sqliteFloor(v5Index: true)) }
let floorCPU = median(floors.map(\.0.cpu)), floorV5IndexCPU = median(floors.map(\.1.cpu))

// 3. Share of a real run spent storing: the full runner against simulation alone, with
// the same number of simulation jobs (each stores its own batches in turn), alternated
// for several rounds because the machine's other load shifts between any two timings;
// medians and ranges. `refine run` then closes the store (folding the WAL into the
// main file): timed apart.
struct RunShare {
    var wall: Double, share: Double, writerBusy: Double, writerCPU: Double, checkpointCPU: Double, close: Double
}
func runShares(jobs: Int) throws -> [RunShare] {
    try (0..<options.rounds).map { round in
        let (simulated, _) = try simulate(jobs: jobs)
        let runStore = try RunStore(path: work.appendingPathComponent("run-\(jobs)-\(round).sqlite").path)
        var summary: RunSummary?
        let wall = try seconds { summary = try ExperimentRunner.run(spec: spec, store: runStore, options: RunOptions(jobs: jobs)) }
        let checkpointCPU = runStore.checkpointCPUSeconds  // before the close's own checkpoint
        let close = try seconds { try runStore.close() }
        return RunShare(wall: wall, share: max(0, wall - simulated) / wall, writerBusy: summary!.storeSeconds / wall,
                        writerCPU: summary!.storeCPUSeconds / wall, checkpointCPU: checkpointCPU / wall, close: close)
    }
}
func median(_ values: [Double]) -> Double {
    let v = values.sorted()
    return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
}
let shares = [1: try runShares(jobs: 1), 2: try runShares(jobs: 2)]

// 4. The photo-editing agent: simulated seconds per wall-clock second (one job), and
// the share spent rendering, from the renders the trials count and a measured unit cost.
func agentFigures() throws -> (trials: Int, simulatedPerWall: Double, renderShare: Double, renders: Double, unit: Double) {
    var agent = try SpecLoader.load(path: options.agentSpec, catalog: .standard)
    agent.population.participants = 4
    var agentResults: [TrialResult] = []
    let agentWall = try seconds { agentResults = try ExperimentRunner.simulate(spec: agent, jobs: 1) }
    let simulated = agentResults.reduce(0.0) { sum, r in sum + (r.outcome.metrics.first { $0.name == "time_to_done_s" }?.value ?? 0) }
    let renders = agentResults.reduce(0.0) { sum, r in sum + (r.outcome.metrics.first { $0.name == "renders" }?.value ?? 0) }
    // Unit cost: a working-size render with its clipping analysis (what a gesture costs).
    var probe = ImageEngine.Adjustments()
    probe.shadows = 0.3
    let photo = try PNGFile.read(URL(fileURLWithPath: "Data/photos/rocket.png")).downscaled(toFit: 160)
    let unit = seconds { for _ in 0..<200 { _ = Clipping(of: Renderer(threads: 1).render(photo, with: probe)) } } / 200
    return (agentResults.count, simulated / agentWall, min(1, renders * unit / agentWall), renders, unit)
}
let agent = options.storageOnly ? nil : try agentFigures()

// 5. Every experiment's simulation rate (2 jobs, no storage), at its own participants
// and at twice as many, so growth with participants shows (fixed cost + per trial).
let rates = options.storageOnly ? [] : try experimentRates()

var figures: [String: Double] = [
    "trials": Double(results.count),
    "trials_per_s_jobs1": Double(results.count) / sim1,
    "trials_per_s_jobs2": Double(results.count) / sim2,
    "speedup_jobs2": sim1 / sim2,
    "store_rows": Double(swiftRows),
    "store_rows_per_s": swiftRate,
    "store_trials_per_s": Double(results.count) / storeTime,
    "python_executemany_rows_per_s": pythonRate,
    "python_executemany_trials_per_s": peer["trials_per_s"]!,
    "store_vs_python": swiftRate / pythonRate,
    "rounds": Double(options.rounds),
]
if let agent {
    figures["agent_trials"] = Double(agent.trials)
    figures["agent_simulated_s_per_wall_s"] = agent.simulatedPerWall
    figures["agent_render_share_estimate"] = agent.renderShare
}
for (jobs, runs) in shares {
    figures["full_run_s_jobs\(jobs)"] = median(runs.map(\.wall))
    figures["storing_share_of_run_jobs\(jobs)"] = median(runs.map(\.share))
    figures["storing_share_min_jobs\(jobs)"] = runs.map(\.share).min()!
    figures["storing_share_max_jobs\(jobs)"] = runs.map(\.share).max()!
    figures["writer_busy_share_jobs\(jobs)"] = median(runs.map(\.writerBusy))
    figures["writer_cpu_share_jobs\(jobs)"] = median(runs.map(\.writerCPU))
    figures["checkpoint_cpu_share_jobs\(jobs)"] = median(runs.map(\.checkpointCPU))
    figures["close_s_jobs\(jobs)"] = median(runs.map(\.close))
}
// The writer's CPU a trial in the full runs, against the C floor's: and the share of the
// 2-job run a writer at the floor's cost would be busy even if it never waited for a core.
let trialCount = Double(results.count)
for (jobs, runs) in shares {
    figures["writer_cpu_us_per_trial_jobs\(jobs)"] = median(runs.map { $0.writerCPU * $0.wall }) / trialCount * 1e6
}
figures["sqlite_floor_cpu_us_per_trial"] = floorCPU / trialCount * 1e6
figures["sqlite_floor_v5_identity_index_cpu_us_per_trial"] = floorV5IndexCPU / trialCount * 1e6
figures["sqlite_floor_wall_us_per_trial"] = median(floors.map(\.0.wall)) / trialCount * 1e6
figures["writer_cpu_vs_floor_jobs1"] = figures["writer_cpu_us_per_trial_jobs1"]! / figures["sqlite_floor_cpu_us_per_trial"]!
figures["floor_share_of_run_jobs2"] = floorCPU / figures["full_run_s_jobs2"]!
figures["floor_v5_identity_index_share_of_run_jobs2"] = floorV5IndexCPU / figures["full_run_s_jobs2"]!
figures["load_average_1min"] = loadAverage()
for r in rates {
    figures["trials_per_s_\(r.name)_p\(r.participants)"] = Double(r.trials) / r.seconds
}
if options.json {
    let data = try JSONSerialization.data(withJSONObject: figures, options: [.prettyPrinted, .sortedKeys])
    print(String(decoding: data, as: UTF8.self))
} else {
    func f(_ v: Double, _ d: Int = 0) -> String { String(format: "%.\(d)f", v) }
    print("refine-bench: \(results.count) PIP trials (\(spec.population.participants) participants)")
    print("  simulate, 1 job     \(f(figures["trials_per_s_jobs1"]!)) trials/s")
    print("  simulate, 2 jobs    \(f(figures["trials_per_s_jobs2"]!)) trials/s  (×\(f(sim1 / sim2, 2)))")
    print("  store               \(f(swiftRate)) rows/s, \(f(figures["store_trials_per_s"]!)) trials/s (\(swiftRows) rows = trials + metric values, batches of \(batch) trials)")
    print("  python executemany  (\(RunStore.rowsPerInsert) rows a statement, as the store)")
    print("                      \(f(pythonRate)) rows/s, \(f(peer["trials_per_s"]!)) trials/s  → store/python = \(f(swiftRate / pythonRate, 2))")
    print("  full runs, medians of \(options.rounds) rounds alternated with simulation alone:")
    for jobs in [1, 2] {
        let g = { (name: String) in figures["\(name)_jobs\(jobs)"]! }
        print("    \(jobs) job\(jobs == 1 ? " " : "s")  \(f(g("full_run_s"), 2)) s; storing share \(f(g("storing_share_of_run") * 100, 1))% (\(f(g("storing_share_min") * 100, 1))–\(f(g("storing_share_max") * 100, 1))); store busy \(f(g("writer_busy_share") * 100, 1))% of the wall time (CPU \(f(g("writer_cpu_share") * 100, 1))%), checkpoints beside it CPU \(f(g("checkpoint_cpu_share") * 100, 1))%; then close \(f(g("close_s") * 1000, 0)) ms")
    }
    let us = { (name: String) in f(figures[name]!, 2) }
    print("  sqlite floor (C)    \(us("sqlite_floor_cpu_us_per_trial")) µs CPU a trial (wall \(us("sqlite_floor_wall_us_per_trial"))), \(us("sqlite_floor_v5_identity_index_cpu_us_per_trial")) with schema v5's identity index; medians of 3, \(RunStore.rowsPerInsert) rows a statement")
    print("    the runs' store   \(us("writer_cpu_us_per_trial_jobs1")) µs CPU a trial (1 job), \(us("writer_cpu_us_per_trial_jobs2")) (2 jobs) → store/floor = \(us("writer_cpu_vs_floor_jobs1")) (1 job)")
    print("    a store at the floor's cost, never waiting, would be busy \(f(figures["floor_share_of_run_jobs2"]! * 100, 1))% of the 2-job run (\(f(figures["floor_v5_identity_index_share_of_run_jobs2"]! * 100, 1))% with v5's identity index)")
    print("  goal: the store busy < 5% of the 2-job run → \(f(figures["writer_busy_share_jobs2"]! * 100, 1))% (CPU \(f(figures["writer_cpu_share_jobs2"]! * 100, 1))%): \(figures["writer_busy_share_jobs2"]! < 0.05 ? "met" : "not met")")
    if let agent {
        print("  photo-editing agent \(agent.trials) exposure trials: \(f(agent.simulatedPerWall, 1)) simulated s per wall s (1 job); rendering ≈ \(f(agent.renderShare * 100, 0))% of the time (\(f(agent.renders, 0)) renders × \(f(agent.unit * 1000, 2)) ms)")
    }
    if rates.isEmpty { print("  load average \(String(format: "%.2f", loadAverage()))") } else { printRates(rates) }
}

typealias Rate = (name: String, participants: Int, trials: Int, seconds: Double)

/// Trials/s of every default experiment (and with --large, every large spec), 2 jobs, no storage.
func experimentRates() throws -> [Rate] {
    var rates: [Rate] = []
    for path in SpecLoader.specPaths(in: "Experiments") + (options.large ? SpecLoader.specPaths(in: "Experiments/large") : []) {
        let base = try SpecLoader.load(path: path, catalog: .standard)
        let label = path.hasPrefix("Experiments/large/") ? "large/\(base.name)" : base.name
        for n in path.hasPrefix("Experiments/large/") ? [base.population.participants] : [base.population.participants, 2 * base.population.participants] {
            var s = base
            s.population.participants = n
            var count = 0
            let t = try seconds { count = try ExperimentRunner.simulate(spec: s, jobs: 2).count }
            rates.append((label, n, count, t))
        }
    }
    return rates
}

func printRates(_ rates: [Rate]) {
    print("  trials/s by experiment (2 jobs, no storage; load average \(String(format: "%.2f", loadAverage())))")
    for r in rates {
        print("    \(r.name.padding(toLength: 16, withPad: " ", startingAt: 0)) \(String(format: "%4d", r.participants)) participants  \(String(format: "%7d", r.trials)) trials  \(String(format: "%.2f", r.seconds)) s  \(String(format: "%.0f", Double(r.trials) / r.seconds)) trials/s")
    }
}

/// The 1-minute load average, printed beside timings (other work on the machine slows them).
func loadAverage() -> Double {
    var loads = [Double](repeating: 0, count: 3)
    return getloadavg(&loads, 3) > 0 ? loads[0] : .nan
}
