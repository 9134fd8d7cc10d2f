import ArgumentParser

/// Development entry point for the image-engine branch; the main package
/// registers these commands in its own root command instead.
@main
struct EngineDevMain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refine",
        abstract: "Refine's image engine commands (development root).",
        subcommands: [ImageCommand.self, RenderCommand.self, ColorCommand.self])
}
