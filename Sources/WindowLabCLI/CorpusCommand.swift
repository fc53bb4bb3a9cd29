import ArgumentParser

/// STUB: `windowlab corpus` is being written.
struct Corpus: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "corpus", abstract: "(not yet available)")
    func run() throws { throw ExitCode(3) }
}
