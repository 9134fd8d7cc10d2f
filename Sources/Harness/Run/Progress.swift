import Foundation

/// Progress of a run on standard error: a redrawn bar on a terminal, a quiet
/// line every 10% elsewhere (CI logs, pipes). Wall-clock time here only paces
/// the display; no trial ever reads it.
public final class ProgressReporter: @unchecked Sendable {
    public enum Style: Sendable { case bar, lines, silent }

    private let label: String
    private let total: Int
    private let style: Style
    private let lock = NSLock()
    private var done = 0
    private var lastDraw = Date.distantPast
    private var lastDecile = -1
    private let started = Date()

    /// Chooses a bar on a terminal outside CI, lines otherwise.
    public static func automaticStyle() -> Style {
        let ci = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false
        return isatty(STDERR_FILENO) == 1 && !ci ? .bar : .lines
    }

    public init(label: String, total: Int, alreadyDone: Int = 0, style: Style) {
        self.label = label
        self.total = total
        self.style = style
        self.done = alreadyDone
    }

    public func advance(by n: Int) {
        lock.lock()
        defer { lock.unlock() }
        done += n
        switch style {
        case .silent: return
        case .bar:
            let now = Date()
            guard now.timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
            lastDraw = now
            drawBar()
        case .lines:
            let decile = total == 0 ? 10 : done * 10 / total
            guard decile != lastDecile else { return }
            lastDecile = decile
            FileHandle.standardError.write(Data("\(label): \(done)/\(total) trials (\(decile * 10)%)\n".utf8))
        }
    }

    public func finish() {
        if style == .bar { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    private func drawBar() {
        let width = 30
        let fraction = total == 0 ? 1 : Double(done) / Double(total)
        let filled = Int(fraction * Double(width))
        let rate = Double(done) / max(Date().timeIntervalSince(started), 1e-3)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = "\r\(label) \(bar) \(Int(fraction * 100))% \(done)/\(total) trials  \(Int(rate)) trials/s"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
