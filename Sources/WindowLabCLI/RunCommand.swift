import ArgumentParser
import DifferentialHarness
import Foundation
import ScenarioLanguage
import WindowModel

/// `windowlab run FILE... [--engine NAME]`: runs scenarios, prints their traces and
/// checks their expectations.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenario files, print their traces and check their expectations.",
        discussion: """
            Each FILE is a .wls scenario (see the scenario format). Every observation is \
            printed to standard output, one per line; with several files, a line '# FILE' \
            comes before each file's trace. Errors and failed expectations go to standard \
            error as 'file:line:col: error: reason' and \
            'file:line: expectation failed: expected 'X', got: [a; b]'.

            Exit status: 0 when every expectation holds; 1 when one fails, or with \
            '--engine all' when the engines disagree; 2 when a file is not a valid \
            scenario or cannot be read.

            Example (hud.wls):
              window app frame 0 0 1000 1000 root
              window hud frame 0 0 1000 1000 level alert root
              view hud.button in hud.root frame 10 10 100 40
              set hud passthrough on
              makeKeyAndVisible app
              show hud
              touch 1 began 20 20
              expect touch 1 began -> hud/hud.button at 10 10
              hit 500 500
              expect hit -> app/app.root at 500 500

            $ windowlab run hud.wls
            $ windowlab run --engine all Examples/*.wls
            """
    )

    @Argument(help: "Scenario files (.wls).")
    var files: [String]

    @Option(help: ArgumentHelp("The engine to run on: \(EngineCatalog.names.joined(separator: ", ")).",
                               valueName: "name"))
    var engine: String = "reference"

    func validate() throws {
        guard EngineCatalog.select(engine) != nil else {
            throw ValidationError("unknown engine '\(engine)'; choose one of: \(EngineCatalog.names.joined(separator: ", "))")
        }
        guard !files.isEmpty else { throw ValidationError("give at least one scenario file") }
    }

    func run() throws {
        let engines = EngineCatalog.select(engine) ?? []
        var output = OutputStream()
        var status: Int32 = 0
        for file in files {
            if files.count > 1 { output.out("# \(file)") }
            status = max(status, runFile(file, engines: engines, &output))
        }
        output.flush()
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs one file and returns its exit status (0, 1 or 2).
    private func runFile(_ file: String, engines: [EngineFactory], _ output: inout OutputStream) -> Int32 {
        let scenario: Scenario
        do {
            scenario = try ScenarioParser().parseFile(atPath: file)
        } catch {
            output.err(error.description)
            return 2
        }
        let check = ScenarioCheck(scenario, engines: engines)
        for line in check.result.trace { output.out(line) }
        for problem in check.problems(in: scenario) { output.err(problem) }
        return check.passed ? 0 : 1
    }
}

/// Buffered standard output; standard error is written at once, after flushing
/// the output so that the two streams interleave sensibly on a terminal.
private struct OutputStream {
    private var buffer: [UInt8] = []

    mutating func out(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func err(_ text: String) {
        flush()
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
