import ArgumentParser
import CommandEncoding
import EngineProtocol

/// `windowlab`: run scenarios, check engines against each other, manage the fuzz
/// corpus, benchmark routing and draw scenes.
@main
struct WindowLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "windowlab",
        abstract: "Executable UIKit-style window semantics: run, check, fuzz, measure and draw.",
        discussion: """
            Exit status: 0 success; 1 a divergence, a failed expectation or an engine \
            fault; 2 bad input (an unreadable or invalid file, an engine that cannot be \
            started); 64 a usage error (an unknown option or a bad value); 130 interrupted.

            Examples:
              windowlab run Examples/alert-over-app.wls
              windowlab run --engine all Examples/*.wls
              windowlab check --time 60
            """,
        version: "windowlab 0.3.0 (engine protocol \(EngineHello.version), fuzz encoding \(CommandFormat.version))",
        subcommands: [Run.self, Check.self, Corpus.self, Bench.self, Render.self, Report.self, Serve.self, Export.self, CrashProbe.self]
    )
}
