import ArgumentParser

/// STUB: `windowlab render` is being written.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "(not yet available)")
    func run() throws { throw ExitCode(3) }
}
