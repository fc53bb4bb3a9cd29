import ArgumentParser

/// STUB: `windowlab bench` is being written.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "(not yet available)")
    func run() throws { throw ExitCode(3) }
}
