import ArgumentParser

/// The `refine` command line: a thin layer over the Harness and Reports libraries.
@main
struct Refine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refine",
        abstract: "Refine: a reproducible research harness for interaction design.",
        discussion: """
            Design iterations from well-known talks are encoded as strategies; simulated users drive them;
            every trial's metrics go to SQLite; reports and plots come out of the database.

            Exit codes: 0 success, 1 a check failed, 2 invalid input (spec, flags, files), 3 internal error,
            130 interrupted (resume with --resume).
            """,
        version: "0.1.0",
        subcommands: [RunCommand.self, ReportCommand.self, ListCommand.self, ShowCommand.self,
                      SpringCommand.self, ProjectCommand.self])
}
