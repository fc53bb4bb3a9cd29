import ArgumentParser

/// STUB: `windowlab check` is being written.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "(not yet available)")
    func run() throws { throw ExitCode(3) }
}
