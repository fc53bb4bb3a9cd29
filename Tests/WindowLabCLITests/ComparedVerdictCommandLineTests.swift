import Foundation
import Testing
import WindowLabTestSupport

/// A pass means compared (issue 43), as a user meets it: the verdicts a red team's
/// hostile engines used to earn by declining, by declaring nothing to compare, or by
/// failing while a benchmark timed them, now fail, saying why.
@Suite("A pass means compared: the command line", .enabled(if: Binary.built, Binary.missing))
struct ComparedVerdictCommandLineTests {
    @Test("run: an engine that declines every touch fails the bundled examples, naming the expect lines never reached")
    func runDecliningTouches() throws {
        let engine = "exec:" + Binary.serve("--unsupported touch")
        let run = try Binary.run(["run", "--engine", engine, "Examples/touch-binding.wls", "Examples/levels-and-order.wls"])
        #expect(run.status == 1, "\(run.errors.suffix(1500))")
        #expect(run.errors.contains("Examples/touch-binding.wls:"), "\(run.errors)")
        #expect(run.errors.contains("later expect line(s) never checked"), "\(run.errors)")
        #expect(run.errors.contains("FAIL: compared too little: no touch statement was compared"), "\(run.errors)")
    }

    @Test("run: the same files on the engine that declines nothing pass")
    func runClean() throws {
        let run = try Binary.run(["run", "--engine", "exec:" + Binary.serve(), "Examples/touch-binding.wls",
                                  "Examples/levels-and-order.wls"])
        #expect(run.status == 0, "\(run.errors.suffix(1500))")
        #expect(!run.errors.contains("compared too little"))
    }

    @Test("corpus replay: an engine that declines every window fails, and says what it declined")
    func corpusReplayDeclining() throws {
        let engine = "exec:" + Binary.serve("--unsupported window")
        let run = try Binary.run(["corpus", "replay", "--engine", "reference", "--engine", engine, "corpus/seed-v3.wlpack"])
        #expect(run.status == 1, "\(run.output.suffix(1500))")
        #expect(run.output.contains("unsupported: "), "\(run.output.suffix(1500))")
        #expect(run.output.contains("FAIL: compared too little"), "\(run.output.suffix(1500))")
    }

    @Test("a declaration that leaves nothing to compare is refused at the handshake, with the word and a valid example",
          arguments: ["range 0 0", "range 3.5 3.5", "sizes 0 0", "sizes 0 1e-300", "range 0 10 sizes 20 30"])
    func degenerateDeclarations(limits: String) throws {
        // An engine that only greets: the harness reads its declaration and must refuse it.
        let engine = "exec:read request; printf 'hello 1 fake all \(limits)\\nok\\n'; cat >/dev/null"
        let run = try Binary.run(["run", "--engine", engine, "Examples/levels-and-order.wls"])
        #expect(run.status == 2, "\(limits): \(run.errors.suffix(800))")
        #expect(run.errors.contains("leave"), "\(limits): \(run.errors)")
        #expect(run.errors.contains("nothing to compare"), "\(limits): \(run.errors)")
        #expect(run.errors.contains("32767"), "\(limits): \(run.errors)")
    }

    @Test("bench --engine: a crash, garbage or a hang ends the benchmark with the fault named and a non-zero exit",
          arguments: ["crash:hit", "garbage:hit", "hang:hit"])
    func benchFaults(fault: String) throws {
        let engine = "exec:" + Binary.serve("--fault \(fault)")
        let run = try Binary.run(["bench", "--engine", engine])
        #expect(run.status == 1, "\(fault): \(run.errors.suffix(800))")
        #expect(run.errors.contains("nothing was measured"), "\(fault): \(run.errors)")
        #expect(!run.output.contains("commands/s"), "\(fault): \(run.output)")
    }

    @Test("bench --engine: wrong answers end the benchmark too, with the command that differed")
    func benchWrongAnswers() throws {
        let engine = "exec:" + Binary.serve("--engine indexed --mutant maxEdgeInclusive")
        let run = try Binary.run(["bench", "--engine", engine])
        #expect(run.status == 1, "\(run.errors.suffix(800))")
        #expect(run.errors.contains("answered otherwise than the reference"), "\(run.errors)")
    }

    @Test("check: a group of an engine's fault says the fault in its summary line and in check.json")
    func faultGroupSaysItsError() throws {
        let out = try TemporaryFolder("windowlab-fault-text")
        defer { try? FileManager.default.removeItem(atPath: out.path) }
        let engine = "exec:" + Binary.serve("--fault error:press")
        let run = try Binary.run(["check", "--engine", engine, "--cases", "40", "--seed", "1", "--jobs", "1",
                                  "--corpus", "none", "--examples", "none", "--failures", "none",
                                  "--out", out.file("out")])
        #expect(run.status == 1, "\(run.errors.suffix(1500))")
        let line = run.errors.split(separator: "\n").first { $0.contains(" x press error of ") }
        #expect(line?.contains("the engine answered `error injected fault`") == true, "\(run.errors.suffix(1500))")
        let json = try String(contentsOfFile: out.file("out/check.json"), encoding: .utf8)
        #expect(json.contains("\"fault\":\"the engine answered `error injected fault`"), "\(json.prefix(800))")
    }

    @Test("check --time bounds the corpus replays too: entries left when it runs out fail the check as not compared",
          arguments: ["0.05", "0.001"])
    func checkTimeBoundsReplays(time: String) throws {
        let out = try TemporaryFolder("windowlab-time-bound")
        defer { try? FileManager.default.removeItem(atPath: out.path) }
        // No machine replays 6,000 bundled entries on two engines in 50 ms: the time runs out, whether
        // before the first entry (a loaded machine; once "nothing was checked", exit 2) or after some;
        // and a time that rounds to 0 s is still a bound, not `--time 0` (which replays everything).
        let run = try Binary.run(["check", "--time", time, "--examples", "none", "--failures", "none",
                                  "--out", out.file("out")])
        #expect(run.status == 1, "\(run.errors.suffix(1500))")
        #expect(run.errors.contains("FAIL not finished: "), "\(run.errors.suffix(1500))")
        #expect(run.errors.contains("corpus entries not replayed when --time"), "\(run.errors.suffix(1500))")
        #expect(run.errors.contains("campaign: not run: the replays took all of --time"), "\(run.errors.suffix(1500))")
        #expect((run.output + run.errors).contains(" 0 generated cases"), "\(run.output.suffix(500))")
    }
}
