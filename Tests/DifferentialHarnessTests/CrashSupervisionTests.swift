import ProcessSupport
import DifferentialHarness
import Foundation
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

@Suite("Crash supervision")
struct CrashSupervisionTests {
    static func window(_ n: Int) -> Command {
        .createWindow(name: "w\(n)", scene: mainSceneName, frame: Rect(0, 0, 10, 10), level: 0, withRootView: false)
    }

    @Test("a child that crashes on one command is shrunk to that command in fresh processes")
    func shrinksACrash() throws {
        let directory = TemporaryFolder.unusedPath("windowlab-crash-test")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A stand-in engine process: it dies of SIGSEGV when its input creates w3.
        let shrinker = CrashShrinker(directory: directory) { path in
            ["/bin/sh", "-c", "grep -q '^window w3 ' \"$1\" && kill -SEGV $$; exit 0", "probe", path]
        }
        let commands = (0..<10).flatMap { [Self.window($0), Command.show(window: "w\($0)")] }
        let first = shrinker.run(commands)
        #expect(first.outcome == .signalled(SIGSEGV))
        #expect(first.outcome.isCrash)
        #expect(shrinker.run(Array(commands.prefix(4))).outcome == .exited(0))
        let minimal = shrinker.shrink(commands, seconds: 3600)   // to the end, on any machine
        #expect(minimal.count == 1, "\(minimal)")
        if case let .createWindow(name, _, _, _, _) = minimal.first { #expect(name == "w3") }
        let file = FindingFile(crash: minimal, outcome: first.outcome, signature: "SIGSEGV", origin: "test",
                               stem: "crash-1", originalLength: 20, standardErrorTail: "Fatal error: boom\u{1B}[0m\u{0}")
        let text = file.scenarioText
        #expect(text.contains("CRASH") && text.contains("SIGSEGV") && text.contains("Fatal error: boom"))
        // What the process wrote is shown visibly, so the file always parses, to the same commands.
        #expect(text.contains("U+001B[0mU+0000"))
        #expect(try ScenarioParser().parse(text, file: "crash-1.wls").commands == minimal)
    }

    @Test("exit statuses WindowLab uses are not crashes; a hang times out")
    func outcomes() {
        #expect(!ChildOutcome.exited(1).isCrash && !ChildOutcome.exited(2).isCrash && !ChildOutcome.exited(134).isCrash)
        #expect(ChildOutcome.signalled(SIGILL).isCrash && ChildOutcome.signalled(SIGSEGV).isCrash)
        #expect(!ChildOutcome.signalled(SIGINT).isCrash && ChildOutcome.signalled(SIGTERM).isInterruption)
        let hang = ChildProcess.run(["/bin/sh", "-c", "sleep 30"], timeout: 0.3)
        #expect(hang.outcome == .timedOut)
        #expect(!hang.outcome.isCrash)
    }

    @Test("in-flight records survive the writer and name what each job ran last")
    func inFlightRecords() throws {
        let directory = TemporaryFolder.unusedPath("windowlab-inflight-test")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let recorder = try InFlightRecorder(directory: directory, jobs: 2)
            recorder.record(job: 0, .replay(ordinal: 3, item: .packEntry(pack: "with a path/p.wlpack", index: 9)))
            recorder.record(job: 0, .campaignCase(index: 14, seed: 99, profile: "small", focus: ["W4", "K4"]))
            recorder.record(job: 1, .campaignCase(index: 13, seed: 7, profile: "parked", focus: []))
            recorder.clear(job: 1)
        }
        #expect(InFlightRecorder.read(directory: directory)
                == [.campaignCase(index: 14, seed: 99, profile: "small", focus: ["W4", "K4"])])
    }

    @Test("every kind of in-flight record reads back from its words; damaged ones read as idle")
    func inFlightRecordRoundTrip() {
        let records: [InFlightRecord] = [
            .idle, .campaignCase(index: 1, seed: UInt64.max, profile: "crowd", focus: []),
            .campaignCase(index: 2, seed: 5, profile: "small", focus: ["T7"]),
            .candidate(path: "/tmp/a b/job-0.candidate.wls", caseIndex: 4), .candidate(path: "x.wls", caseIndex: nil),
            .savedFailure(path: "db/f.wls"), .replay(ordinal: 1, item: .scenario(path: "Examples/hud.wls")),
            .replay(ordinal: 2, item: .packEntry(pack: "corpus/seed.wlpack", index: 0)),
            .replay(ordinal: 3, item: .regressionInput(path: "corpus/regressions/x")),
        ]
        for record in records { #expect(InFlightRecord(words: record.words) == record) }
        for damaged in [["case", "x", "1", "small"], ["replay", "2", "entry", "p"], ["replay", "1", "tape", "p"], ["?"], []] {
            #expect(InFlightRecord(words: damaged) == .idle, "\(damaged)")
        }
    }
}
