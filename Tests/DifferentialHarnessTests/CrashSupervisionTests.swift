import ProcessSupport
import DifferentialHarness
import Foundation
import Testing
import WindowModel

@Suite("Crash supervision")
struct CrashSupervisionTests {
    static func window(_ n: Int) -> Command {
        .createWindow(name: "w\(n)", scene: mainSceneName, frame: Rect(0, 0, 10, 10), level: 0, withRootView: false)
    }

    @Test("a child that crashes on one command is shrunk to that command in fresh processes")
    func shrinksACrash() throws {
        let directory = NSTemporaryDirectory() + "windowlab-crash-test-\(UInt32.random(in: 0...UInt32.max))"
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
        let minimal = shrinker.shrink(commands, seconds: 60)
        #expect(minimal.count == 1, "\(minimal)")
        if case let .createWindow(name, _, _, _, _) = minimal.first { #expect(name == "w3") }
        let text = CrashShrinker.scenarioText(minimal, outcome: first.outcome, origin: "test", originalLength: 20,
                                              standardErrorTail: "Fatal error: boom")
        #expect(text.contains("CRASH") && text.contains("SIGSEGV") && text.contains("Fatal error: boom"))
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
        let directory = NSTemporaryDirectory() + "windowlab-inflight-test-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let recorder = try InFlightRecorder(directory: directory, jobs: 2)
            recorder.record(job: 0, ["case", "12", "345678", "crowd", "with a path", "and a long tail"])
            recorder.record(job: 0, ["case", "14", "99", "small"])
            recorder.record(job: 1, ["case", "13", "7", "parked"])
            recorder.clear(job: 1)
        }
        #expect(InFlightRecorder.read(directory: directory) == [["case", "14", "99", "small"]])
    }
}
