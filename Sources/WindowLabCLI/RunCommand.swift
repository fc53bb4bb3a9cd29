import ArgumentParser

/// STUB: `windowlab run` is being written.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "(not yet available)")
    func run() throws { throw ExitCode(3) }
}
