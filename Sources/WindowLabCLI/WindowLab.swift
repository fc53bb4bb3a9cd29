import ArgumentParser
import CommandEncoding
import EngineProtocol
import WindowModel

/// `windowlab`: run scenarios, check engines against each other, manage the fuzz
/// corpus, benchmark routing and draw scenes.
@main
struct WindowLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "windowlab",
        abstract: "Executable UIKit-style window semantics: run, check, fuzz, measure and draw.",
        discussion: ExitStatus.table + """


            Examples:
              windowlab run Examples/alert-over-app.wls
              windowlab run --engine all Examples/*.wls
              windowlab check --time 60
            """,
        version: "windowlab 0.3.0 (engine protocol \(EngineHello.version), fuzz encoding \(CommandFormat.version))",
        subcommands: [Run.self, Check.self, Corpus.self, Bench.self, Instructions.self, Render.self, Report.self, Serve.self, Export.self, CheckWorker.self,
                      CrashProbe.self]
    )
}
