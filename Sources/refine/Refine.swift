import ArgumentParser
import Foundation

/// The `refine` command line: a thin layer over the Harness and Reports libraries.
@main
struct Refine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refine",
        abstract: "Refine: a reproducible research harness for interaction design.",
        discussion: """
            Design iterations from well-known talks are encoded as strategies; simulated users drive them; \
            every trial's metrics go to SQLite; reports and plots come out of the database.

            Exit codes: 0 success, 1 a check failed, 2 invalid input (spec, flags, files), 3 internal error, \
            130 interrupted (resume with --resume).
            """,
        version: "0.1.0",
        subcommands: [RunCommand.self, ReportCommand.self, ListCommand.self, ShowCommand.self,
                      MergeCommand.self, SensitivityCommand.self, TuneCommand.self, ValidateCommand.self,
                      FitCommand.self, CompareCommand.self, CheckCommand.self, BaselineCommand.self,
                      CalibrateCommand.self, PowerCommand.self, CeilingCommand.self, ExportCommand.self,
                      ReplayCommand.self, AuditCommand.self, NewCommand.self, WireframeCommand.self,
                      ImageCommand.self, RenderCommand.self, ColorCommand.self,
                      SpringCommand.self, ProjectCommand.self])

    /// Like ArgumentParser's own `main`, but a malformed command line exits with
    /// 2 (invalid input) like every other bad input, not with 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            guard code == .validationFailure else { exit(withError: error) }
            // One line, like every other bad input; the usage is one --help away.
            let text = message(for: error).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "; ")
            FileHandle.standardError.write(Data("refine: error: \(text) (see --help)\n".utf8))
            Foundation.exit(ExitCodes.invalidInput)
        }
    }
}
