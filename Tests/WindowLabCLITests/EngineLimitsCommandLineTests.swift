import DifferentialHarness
import Foundation
import Testing
import WindowLabTestSupport

/// An engine's limits, its `unsupported` answers and its start-up, as a user meets
/// them through `check` and `run` (issue 35).
@Suite("Engine limits: the command line", .enabled(if: Binary.built, Binary.missing))
struct EngineLimitsCommandLineTests {
    static func scenario(_ text: String) throws -> (folder: TemporaryFolder, path: String) {
        let folder = try TemporaryFolder("windowlab-limits")
        let path = folder.path + "/case.wls"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (folder, path)
    }

    @Test("an engine that refuses every value outside 16 bits, every size below 1 and every -0 checks clean: replays, campaign and shrinking")
    func limitsAreKept() throws {
        let out = try TemporaryFolder("windowlab-limits-out")
        defer { out.remove() }
        // It answers `error` (a fault) to any statement outside what it declared.
        let engine = "exec:" + Binary.serve("--numbers integer --limits 'range -32768 32767 sizes 1 65535 points screen' "
                                             + "--enforce-limits")
        let run = try Binary.run(["check", "--engine", engine, "--cases", "40", "--time", "900", "--seed", "3",
                                  "--jobs", "1", "--failures", "none", "--out", out.path, "--json"])
        #expect(run.status == 0, "\(run.errors.suffix(2000))")
        let result = try CheckResult.fromJSON(run.output)
        #expect(result.cases == 40)
        #expect(result.scenarioFiles > 0 && result.corpusEntries > 0)
        #expect(result.findings.isEmpty)
    }

    @Test("a planted bug beside the limits is still found, and its shrunk scenario stays inside them")
    func bugInsideLimits() throws {
        let out = try TemporaryFolder("windowlab-limits-bug")
        defer { out.remove() }
        let engine = "exec:" + Binary.serve("--engine indexed --mutant maxEdgeInclusive --numbers integer "
                                             + "--limits 'range -32768 32767 sizes 1 65535' --enforce-limits")
        let run = try Binary.run(["check", "--engine", engine, "--cases", "60", "--time", "900", "--seed", "3",
                                  "--jobs", "1", "--profile", "small", "--examples", "none", "--corpus", "none",
                                  "--failures", "none", "--out", out.path, "--json"])
        #expect(run.status == 1)
        let result = try CheckResult.fromJSON(run.output)
        let finding = try #require(result.findings.first)
        // Not a fault: the engine was never sent what it refuses.
        #expect(finding.kind == "divergence", "\(finding.signature)")
        let replay = try Binary.run(["run", "--engine", "reference", "--engine", engine, finding.path])
        #expect(replay.status == 1, "\(replay.errors.suffix(1000))")
        #expect(!replay.errors.contains("outside the declared limits"))
    }

    @Test("an engine that answers unsupported is not restarted, gets no finding, and the summary counts it; declining every conversion fails")
    func unsupportedIsCounted() throws {
        let (folder, path) = try Self.scenario("""
            window w frame 0 0 100 100 root
            makeKeyAndVisible w
            convert 5 5 from w to screen
            expect convert -> 5 5
            hit 5 5
            expect hit -> w/w.root at 5 5
            convert 7 7 from w.root to screen
            """)
        defer { folder.remove() }
        let starts = folder.path + "/starts"
        let engine = "exec:echo started >> '\(starts)'; exec " + Binary.serve("--unsupported convert")
        let run = try Binary.run(["run", "--engine", "reference", "--engine", engine, path])
        // No difference, no fault; but no conversion was compared, and that is no pass (issue 43).
        #expect(run.status == 1, "\(run.errors)")
        #expect(!run.errors.contains("engines differ") && !run.errors.contains("engine failed"), "\(run.errors)")
        #expect(run.errors.contains("no conversion statement was compared: 2 declined"), "\(run.errors)")
        #expect(run.errors.contains("2 statement(s) answered unsupported (convert 2)"), "\(run.errors)")
        #expect(try String(contentsOfFile: starts, encoding: .utf8) == "started\n")
        let json = try Binary.run(["run", "--engine", "reference", "--engine", engine, "--json", path])
        let result = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let file = (result?["files"] as? [[String: Any]])?.first
        #expect(file?["statementsUnsupported"] as? Int == 2)
    }

    @Test("a check whose statements were mostly unsupported fails and says so")
    func mostlyUnsupportedFails() throws {
        let out = try TemporaryFolder("windowlab-unsupported")
        defer { out.remove() }
        // Every case's `window` declined: the statements after it in the batch name a window the engine
        // never made, and it answers them `error`; the case ended before them, so no fault, no restart.
        let starts = out.file("starts")
        let engine = "exec:echo started >> '\(starts)'; exec " + Binary.serve("--unsupported window")
        let run = try Binary.run(["check", "--engine", engine, "--cases", "10", "--time", "900", "--seed", "1", "--jobs", "1",
                                  "--examples", "none", "--corpus", "none", "--failures", "none", "--out", out.path])
        #expect(run.status == 1)
        #expect(try String(contentsOfFile: starts, encoding: .utf8) == "started\n")
        #expect(!run.errors.contains("error of"), "\(run.errors)")
        #expect(run.errors.contains("answered unsupported (createWindow 10)"), "\(run.errors)")
        #expect(run.errors.contains("compared too little: only"), "\(run.errors)")
    }

    @Test("an engine that takes 8 s to start passes the handshake by default; a statement that hangs is still a hang within --engine-timeout")
    func slowStart() throws {
        let (folder, path) = try Self.scenario("""
            window w frame 0 0 100 100
            show w
            hit 5 5
            """)
        defer { folder.remove() }
        let engine = "exec:sleep 8; exec " + Binary.serve("--fault hang:hit")
        let run = try Binary.run(["run", "--engine", "reference", "--engine", engine, "--engine-timeout", "2", path])
        #expect(run.status == 1)
        #expect(run.errors.contains("hang"), "\(run.errors)")
        #expect(run.errors.contains("within 2 s"), "\(run.errors)")
        #expect(!run.errors.contains("handshake"), "\(run.errors)")
    }

    @Test("a start slower than --engine-start-timeout fails the handshake, naming the option")
    func startTimeout() throws {
        let (folder, path) = try Self.scenario("window w frame 0 0 100 100\n")
        defer { folder.remove() }
        let run = try Binary.run(["run", "--engine", "exec:sleep 30; exec " + Binary.serve(), "--engine-start-timeout", "1", path])
        #expect(run.status == 2)
        #expect(run.errors.contains("--engine-start-timeout"), "\(run.errors)")
    }
}
