import ArgumentParser
import CampaignReport
import DifferentialHarness
import Foundation
import IndexedEngine
import ProcessSupport
import ScenarioLanguage
import WindowModel

/// `windowlab check`: the main job. Replays the bundled scenarios and corpus on every
/// engine, then runs a time-boxed differential campaign.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every engine against the reference: replay scenarios and corpus, then fuzz for a while.",
        discussion: """
            1. Runs every .wls file under --examples (and corpus/regressions) on all engines: \
            expectations must hold and the engines must agree.
            2. Replays every corpus pack (*.wlpack) and regression input under --corpus.
            3. Runs a differential campaign for --time seconds on --jobs threads: generated \
            command lists run on every engine in lockstep; each divergence is shrunk to a \
            minimal scenario and written to --out as divergence-SEED.wls (with an SVG).

            A live progress line shows cases, commands per second and divergences. Exit \
            status 0 when everything agreed, 1 when anything diverged or an expectation \
            failed, 2 on bad input (an unreadable scenario or pack, an output that cannot \
            be written), 64 on a bad option (nothing is made then), 130 when interrupted: \
            Ctrl-C or SIGTERM stops it at its next step, with what it found written.

            Examples:
              windowlab check --time 60
              windowlab check --time 600 --jobs 2 --seed 42 --out findings
            """
    )

    @OptionGroup var options: CheckOptions

    @Flag(help: "Run the engines in this process, unsupervised: a crash ends the whole check.")
    var noSupervisor = false

    /// Seconds the supervisor shrinks each crash for (tests give it all it needs, so
    /// the result does not depend on the machine's speed); not for users.
    @Option(help: .hidden)
    var crashShrinkSeconds: Double = 60

    func run() throws {
        // The engines run in a worker process (`check-worker`) that a supervisor
        // restarts after a crash; --no-supervisor runs them here.
        if noSupervisor { return try CheckRun(options: options, position: nil).run() }
        let status = CheckSupervisor(options: options, crashShrinkSeconds: crashShrinkSeconds).run()
        if status != ExitStatus.success.rawValue { throw ExitCode(status) }
    }
}

/// `windowlab check-worker`: the process a supervised `check` runs its replays and
/// campaign in, started with the check's own options and a ``WorkerPosition``.
struct CheckWorker: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-worker", abstract: "The worker process of a supervised check; not meant for people.",
        shouldDisplay: false)

    @OptionGroup var options: CheckOptions
    @OptionGroup var position: WorkerPosition

    func run() throws { try CheckRun(options: options, position: position).run() }
}

extension CheckOptions {
    /// Writes `check.json` and `report.html` (see `windowlab report`) into --out;
    /// false, saying why, when they could not be written (the check then fails). The
    /// page steps through every engine for a few seconds at most (a twentieth of
    /// --time, 3 to 30 s), then through the reference alone, so that `--time` bounds
    /// the check.
    func writeReport(_ result: CheckResult, engines: [EngineFactory]) -> Bool {
        do {
            try AtomicFile.makeFolder(out)
            try AtomicFile.write(Array(result.jsonText().utf8), to: out + "/check.json")
            let budget = min(30, max(3, time / 20))
            let page = ReportPage(input: try ReportInput.read(out), engines: engines,
                                  deadline: .now + .milliseconds(Int64(budget * 1000))).html()
            try AtomicFile.write(Array(page.utf8), to: out + "/report.html")
            FileHandle.standardError.write(Data("report: \(out)/report.html\n".utf8))
            return true
        } catch let error as FileWriteError {
            FileHandle.standardError.write(Data("error: no report written into \(out): \(error)\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("error: no report written into \(out): \(OutputPath.reason(error))\n".utf8))
        }
        return false
    }
}
