// refine-bench: how fast the harness simulates and stores trials, measured against
// peers in the same run. Build and run with
//   swift run -c release refine-bench [--spec Experiments/pip.yaml] [--participants N] [--json]
import Foundation
import GRDB
import Harness
import Reports
import ImageEngine

struct Options {
    var spec = "Experiments/pip.yaml"
    var participants: Int? = 200
    var agentSpec = "Experiments/exposure.yaml"
    var json = false
    /// Also time the large specs (Experiments/large/*.yaml): minutes, not seconds.
    var large = false
    /// Only the trials/s of each experiment (section 5), for quick before/after runs.
    var ratesOnly = false

    init(_ args: [String]) {
        var i = 1
        while i < args.count {
            switch args[i] {
            case "--spec": i += 1; spec = args[i]
            case "--participants": i += 1; participants = Int(args[i])
            case "--agent-spec": i += 1; agentSpec = args[i]
            case "--json": json = true
            case "--large": large = true
            case "--rates-only": ratesOnly = true
            case "--help", "-h":
                print("""
                    USAGE: refine-bench [--spec FILE] [--participants N] [--agent-spec FILE] [--large] [--rates-only] [--json]

                    Prints, for the spec's trials (with N participants, default 200):
                      - trials per second simulating with 1 and 2 jobs;
                      - the store's insert rate against Python's sqlite3.executemany on the same schema and rows;
                      - the share of a full run (simulate + store, 1 and 2 jobs) spent storing;
                      - for the photo-editing agent (--agent-spec, default Experiments/exposure.yaml, 4 participants):
                        simulated seconds per wall-clock second and the share of time spent rendering;
                      - trials per second (2 jobs, no storage) for every default experiment (Experiments/*.yaml) at its
                        own participants and at twice as many, and with --large for Experiments/large/*.yaml
                        (--rates-only: this last part alone).
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
let swiftRows = results.count + metricRows

let peerDB = work.appendingPathComponent("python.sqlite").path
let peerStore = try RunStore(path: peerDB)
let peerRun = try peerStore.beginRun(spec: spec, provenance: provenance, shard: .whole, jobs: 1, trace: false, plannedTrials: results.count)
var trialLines = "", metricLines = ""
for (i, r) in results.enumerated() {
    let t = r.trial
    trialLines += [String(i + 1), String(peerRun), t.key, t.strategy, t.device.name, r.participantID, r.participantGroup,
                   t.task.id, t.task.label, String(t.replication), String(t.seed)].joined(separator: "\t") + "\n"
    for m in r.outcome.metrics { metricLines += "\(i + 1)\t\(m.name)\t\(m.value)\n" }
}
try trialLines.write(toFile: work.appendingPathComponent("trials.tsv").path, atomically: true, encoding: .utf8)
try metricLines.write(toFile: work.appendingPathComponent("metrics.tsv").path, atomically: true, encoding: .utf8)
let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("sqlite_peer.py").path
let python = Process()
python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
python.arguments = ["python3", script, peerDB, work.appendingPathComponent("trials.tsv").path, work.appendingPathComponent("metrics.tsv").path]
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

// 3. Share of a real run spent storing: the full runner against simulation alone,
// with the same number of simulation jobs (the store writes on its own thread).
func fullRun(jobs: Int) throws -> (seconds: Double, summary: RunSummary) {
    let runStore = try RunStore(path: work.appendingPathComponent("run-\(jobs).sqlite").path)
    var summary: RunSummary?
    let t = try seconds { summary = try ExperimentRunner.run(spec: spec, store: runStore, options: RunOptions(jobs: jobs)) }
    return (t, summary!)
}
let (full1, _) = try fullRun(jobs: 1)
let (full, summary2) = try fullRun(jobs: 2)
let storingShare1 = max(0, full1 - sim1) / full1
let storingShare = max(0, full - sim2) / full

// 4. The photo-editing agent: simulated seconds per wall-clock second (one job), and
// the share spent rendering, from the renders the trials count and a measured unit cost.
let agent = try { () throws -> ExperimentSpec in
    var s = try SpecLoader.load(path: options.agentSpec, catalog: .standard)
    s.population.participants = 4
    return s
}()
var agentResults: [TrialResult] = []
let agentWall = try seconds { agentResults = try ExperimentRunner.simulate(spec: agent, jobs: 1) }
let simulated = agentResults.reduce(0.0) { sum, r in sum + (r.outcome.metrics.first { $0.name == "time_to_done_s" }?.value ?? 0) }
let renders = agentResults.reduce(0.0) { sum, r in sum + (r.outcome.metrics.first { $0.name == "renders" }?.value ?? 0) }
// Unit cost: a working-size render with its clipping analysis (what a gesture costs).
var probe = ImageEngine.Adjustments()
probe.shadows = 0.3
let photo = try PNGFile.read(URL(fileURLWithPath: "Data/photos/rocket.png")).downscaled(toFit: 160)
let unit = seconds { for _ in 0..<200 { _ = Clipping(of: Renderer(threads: 1).render(photo, with: probe)) } } / 200

// 5. Every experiment's simulation rate (2 jobs, no storage), at its own participants
// and at twice as many, so growth with participants shows (fixed cost + per trial).
let rates = try experimentRates()

var figures: [String: Double] = [
    "trials": Double(results.count),
    "trials_per_s_jobs1": Double(results.count) / sim1,
    "trials_per_s_jobs2": Double(results.count) / sim2,
    "speedup_jobs2": sim1 / sim2,
    "store_rows": Double(swiftRows),
    "store_rows_per_s": swiftRate,
    "python_executemany_rows_per_s": pythonRate,
    "store_vs_python": swiftRate / pythonRate,
    "full_run_s_jobs1": full1,
    "full_run_s_jobs2": full,
    "storing_share_of_run_jobs1": storingShare1,
    "storing_share_of_run_jobs2": storingShare,
    "writer_busy_share_jobs2": summary2.storeSeconds / full,
    "agent_trials": Double(agentResults.count),
    "agent_simulated_s_per_wall_s": simulated / agentWall,
    "agent_render_share_estimate": min(1, renders * unit / agentWall),
]
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
    print("  store               \(f(swiftRate)) rows/s (\(swiftRows) rows, batches of \(batch) trials)")
    print("  python executemany  \(f(pythonRate)) rows/s  → store/python = \(f(swiftRate / pythonRate, 2))")
    print("  full run, 1 job     \(f(full1, 2)) s; storing share \(f(storingShare1 * 100, 1))% (the writer has the second core)")
    print("  full run, 2 jobs    \(f(full, 2)) s; storing share \(f(storingShare * 100, 1))% (writer busy \(f(figures["writer_busy_share_jobs2"]! * 100, 1))% of the run, overlapped)")
    print("  photo-editing agent \(agentResults.count) exposure trials: \(f(simulated / agentWall, 1)) simulated s per wall s (1 job); rendering ≈ \(f(figures["agent_render_share_estimate"]! * 100, 0))% of the time (\(f(renders, 0)) renders × \(f(unit * 1000, 2)) ms)")
    printRates(rates)
}

typealias Rate = (name: String, participants: Int, trials: Int, seconds: Double)

/// Trials/s of every default experiment (and with --large, every large spec).
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
