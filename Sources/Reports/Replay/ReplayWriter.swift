import Foundation
import Harness
import ImageEngine

/// What a written replay holds, for `--json` and `replay.json`.
public struct ReplaySummary: Sendable, Codable {
    public struct Frame: Sendable, Codable {
        public var index: Int
        public var t_s: Double
        /// `start` for frame 0, else tap, drag, swipe or flick.
        public var gesture: String
        public var target: String?
        public var hit: Bool?
        public var touch_samples: Int
        public var delta_e00: Double?
        public var caption: String
        /// A look during a long gesture while the finger was still down (every 0.5 s of it); absent otherwise.
        public var still_down: Bool?
    }

    public struct FilmstripInfo: Sendable, Codable {
        public var file: String
        public var width: Int
        public var height: Int
        public var columns: Int
        public var rows: Int
        public var cell_width: Int
        public var cell_height: Int
    }

    public var key: String
    public var run_id: Int64
    public var experiment: String
    public var strategy: String
    public var device: String
    public var participant: String
    public var task: String
    public var session_trial: Int
    /// Gestures in the trace (touch-downs); frames = gestures + 1 + the looks while a finger was still down.
    public var gestures: Int
    public var frames: [Frame]
    public var metrics: [MetricCheck.Row]
    public var metrics_equal: Bool
    public var filmstrip: FilmstripInfo
    /// Where the replay was written: the folder `refine replay` was given, or,
    /// for a report's replays, the path inside the report folder
    /// (`replays/<strategy>-<choice>`): a report is built in a temporary folder
    /// and renamed at the end, so a path taken while writing would name a folder
    /// that no longer exists (and differ from one run of `refine report` to the next).
    public var folder: String
}

/// Writes a replay's folder: `index.html` (the animated page), `filmstrip.png`
/// (every frame in a grid) and `replay.json` (the summary). Built under a
/// temporary name and swapped in at the end (`StagedFolder`), so a failure never
/// leaves a half-written replay.
public enum ReplayWriter {
    /// Replays and writes trial `stored.key`; `replayer` must be built from the
    /// run's spec (`stored.spec(catalog:)`).
    public static func write(
        _ stored: StoredTrial, replayer: TrialReplayer, to output: URL, command: String
    ) throws -> ReplaySummary {
        try stored.checkDataFiles(now: replayer.dataFiles)
        guard let replay = replayer.replay(stored.key) else {
            throw ReportError("\(stored.key): run \(stored.run.id)'s spec plans no such trial")
        }
        return try write(replay, stored: stored.metrics, run: stored.run, to: output, command: command)
    }

    /// `named`: the folder as `ReplaySummary.folder` gives it (default: `output`'s path).
    public static func write(
        _ replay: TrialReplay, stored: [String: Double], run: RunRecord, to output: URL, named: String? = nil,
        command: String
    ) throws -> ReplaySummary {
        let frames = try ReplayFrames.build(replay)
        let check = MetricCheck(stored: stored, replayed: replay.metrics)
        let (film, layout) = Filmstrip.render(frames, scene: replay.scene, device: replay.trial.device)
        let page = try ReplayPage.html(
            ReplayPage.Context(replay: replay, frames: frames, check: check, run: run, command: command))
        let t = replay.trial
        let summary = ReplaySummary(
            key: t.key, run_id: run.id, experiment: run.experiment, strategy: t.strategy, device: t.device.name,
            participant: replay.participantID, task: t.task.id, session_trial: t.sessionIndex,
            gestures: frames.filter { $0.stillDown == nil }.count - 1,
            frames: frames.map { f in
                ReplaySummary.Frame(
                    index: f.index, t_s: f.time, gesture: f.gesture?.kind.rawValue ?? "start",
                    target: f.control?.id ?? f.gesture?.control, hit: f.gesture?.hit,
                    touch_samples: f.gesture?.touches.count ?? 0, delta_e00: f.deltaE,
                    caption: f.caption, still_down: f.stillDown.map { _ in true })
            },
            metrics: check.rows, metrics_equal: check.allEqual,
            filmstrip: .init(
                file: "filmstrip.png", width: film.width, height: film.height, columns: layout.columns,
                rows: layout.rows,
                cell_width: layout.cell_width, cell_height: layout.cell_height),
            folder: named ?? output.path)
        try StagedFolder.write(to: output) { staging in
            try page.write(to: staging.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
            try PNGFile.write(film, to: staging.appendingPathComponent("filmstrip.png"))
            try JSONFiles.write(summary, to: staging.appendingPathComponent("replay.json"))
        }
        return summary
    }
}
