import ArgumentParser
import DifferentialHarness
import Foundation
import ScenarioLanguage
import WindowModel

/// `windowlab run FILE... [--engine NAME]...`: runs scenarios, prints their traces and
/// checks their expectations.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenario files, print their traces and check their expectations.",
        discussion: """
            Each FILE is a .wls scenario: the language reference, with every statement and \
            observation, is docs/scenario-language.md. Every observation is \
            printed to standard output, one per line; with several files, a line '# FILE' \
            comes before each file's trace. Errors and failed expectations go to standard \
            error as 'file:line:col: error: reason' and \
            'file:line: expectation failed: expected 'X', got: [a; b]'.

            Without --engine the reference model runs alone. \
            With several engines (--engine all, or --engine given more than once) they \
            run in lockstep and must agree; the first engine's trace is printed. An engine \
            in another process (--engine exec:CMD, docs/engine-protocol.md) that lacks a \
            feature has the statements that need it skipped, and the expect lines from \
            the first skip on are not checked; a summary on standard error counts them.

            Exit status: 0 when every expectation holds; 1 when one fails, the engines \
            disagree, or an engine fails (crashes, hangs, answers nonsense); 2 when a file \
            is not a valid scenario or cannot be read, or an engine cannot be started.

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
            $ windowlab run --engine exec:"windowlab serve --engine indexed" Examples/*.wls
            """
    )

    @Argument(help: "Scenario files (.wls).")
    var files: [String]

    /// `--engine` (default: reference) and `--engine-timeout`.
    @OptionGroup var engineOptions: EngineOptions

    @Flag(help: "Print one JSON document instead of the traces (see docs/run-json.md).")
    var json = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one scenario file") }
    }

    func run() throws {
        let engines = try engineOptions.resolve(default: ["reference"], withReference: false)
        var output = OutputStream(quiet: json)
        var result = RunResult(engines: engines)
        var skipped = (statements: 0, expectations: 0)
        var unsupported = UnsupportedStatements()
        for file in files {
            if files.count > 1 { output.out("# \(file)") }
            let scenario: Scenario
            do {
                scenario = try ScenarioParser().parseFile(atPath: file)
            } catch {
                // Every problem of the file, not just the first, so one edit fixes them all.
                let problems = ScenarioParser().diagnoseFile(atPath: file)
                for problem in problems.isEmpty ? [error] : problems { output.err(problem.description) }
                if problems.count >= 20 { output.err("\(file): stopped after 20 errors") }
                result.add(file: file, error: error.description)
                continue
            }
            let check = ScenarioCheck(scenario, engines: engines, allDifferences: true)
            for line in check.result.trace { output.out(line) }
            for problem in check.problems(in: scenario) { output.err(problem) }
            if let line = check.declinedLine, check.statementsCutOff + check.expectationsUnreached > 0 {
                output.err("\(file):\(line): declined (unsupported): the \(check.statementsCutOff) statement(s) after it "
                           + "were never sent and its \(check.expectationsUnreached) later expect line(s) never checked")
            }
            skipped.statements += check.skippedStatements
            skipped.expectations += check.skippedExpectations
            unsupported.merge(check.unsupported)
            result.add(check, scenario: scenario)
        }
        output.flush()
        let shortfalls = result.judgeCompared()
        if json { print(result.jsonText()) }
        if !json, let note = EngineCatalog.deviationNote(engines) {
            FileHandle.standardError.write(Data(("run: " + note + "\n").utf8))
        }
        if skipped.statements > 0 && !json, let note = EngineCatalog.featureNote(engines) {
            FileHandle.standardError.write(Data(("run: \(skipped.statements) statement(s) not sent as written and "
                + "\(skipped.expectations) expect line(s) not checked; \(note)\n").utf8))
        }
        if !unsupported.isEmpty && !json {
            FileHandle.standardError.write(Data(("run: " + unsupported.summary + "\n").utf8))
            FileHandle.standardError.write(Data(("run: compared: " + result.compared.summary + "\n").utf8))
            for shortfall in shortfalls {
                FileHandle.standardError.write(Data(("run: FAIL: compared too little: " + shortfall
                    + " (a declined statement is not an agreement: docs/engine-protocol.md, \"unsupported\")\n").utf8))
            }
        }
        if result.status != ExitStatus.success.rawValue { throw ExitCode(result.status) }
    }
}

/// Buffered standard output; standard error is written at once, after flushing
/// the output so that the two streams interleave sensibly on a terminal. When
/// `quiet` (JSON output), neither is written.
private struct OutputStream {
    var quiet = false
    private var buffer: [UInt8] = []

    init(quiet: Bool) { self.quiet = quiet }

    mutating func out(_ line: String) {
        guard !quiet else { return }
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func err(_ text: String) {
        guard !quiet else { return }
        flush()
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
