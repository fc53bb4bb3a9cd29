import DifferentialHarness
import EngineProtocol
import Foundation
import IndexedEngine
import IndexedEngineMutants
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

@Suite("Engine protocol: process engines", .enabled(if: Binary.built, Binary.missing))
struct ProcessEngineTests {
    @Test("the indexed engine behind the protocol agrees with the reference on generated cases, batched or not")
    func servedEngineAgrees() throws {
        let served = try ProcessEngines.factory(command: Binary.serve("--engine indexed"))
        #expect(served.name == "indexed")
        #expect(served.features == EngineFeature.all)
        for seed: UInt64 in 0..<12 {
            var generator = CommandGenerator(seed: seed, configuration: .init(length: 150, swarm: seed % 2 == 0))
            let commands = generator.generate()
            let batched = DifferentialRunner.run(commands, engines: [TestEngines.reference, served])
            #expect(batched.divergence == nil, "seed \(seed): \(String(describing: batched.divergence))")
            #expect(batched.commandsRun == commands.count)
            // One at a time: a session fed command by command does no read-ahead.
            var session = LockstepSession(engines: [TestEngines.reference, served])
            for command in commands { session.run(command) }
            #expect(session.agrees)
        }
    }

    @Test("invariants are checked at the same command batched as in process (not on the batch's last state)")
    func invariantsInStep() throws {
        let served = try ProcessEngines.factory(command: Binary.serve("--engine indexed --mutant staleIndexAfterResize"))
        let local = TestEngines.mutant(.staleIndexAfterResize)
        var compared = 0
        for seed: UInt64 in 0..<200 where compared < 5 {
            var generator = CommandGenerator(seed: seed)
            let commands = generator.generate()
            guard let inProcess = DifferentialRunner.run(commands, engines: [TestEngines.reference, local]).divergence,
                  inProcess.aspect.hasPrefix("invariants") else { continue }
            let batched = try #require(DifferentialRunner.run(commands, engines: [TestEngines.reference, served]).divergence)
            #expect(batched.commandIndex == inProcess.commandIndex, "seed \(seed)")
            #expect(batched.aspect.hasPrefix("invariants"), "seed \(seed): \(batched.summary)")
            compared += 1
        }
        #expect(compared > 0)
    }

    @Test("with a deadline, a long case is read ahead a chunk at a time: the same answers, invariants in step")
    func deadlineChunksReadAhead() throws {
        let served = try ProcessEngines.factory(command: Binary.serve("--engine indexed"))
        let far = ContinuousClock.now + .seconds(3600)
        for (seed, cadence) in [(UInt64(1), InvariantCadence.everyCommand), (2, .sparse), (3, .off), (4, .init(interval: 200))] {
            var generator = CommandGenerator(seed: seed, configuration: .init(length: 700))
            let commands = generator.generate()
            let chunked = DifferentialRunner.run(commands, engines: [TestEngines.reference, served], cadence: cadence,
                                                 deadline: far)
            #expect(chunked.divergence == nil, "seed \(seed): \(String(describing: chunked.divergence))")
            #expect(chunked.commandsRun == commands.count, "seed \(seed)")
        }
        // A broken invariant is found at the same command as in process, chunk boundaries or not.
        let broken = try ProcessEngines.factory(command: Binary.serve("--engine indexed --mutant staleIndexAfterResize"))
        var compared = 0
        for seed: UInt64 in 0..<200 where compared < 3 {
            var generator = CommandGenerator(seed: seed, configuration: .init(length: 400))
            let commands = generator.generate()
            guard let inProcess = DifferentialRunner.run(commands, engines: [TestEngines.reference,
                                                                             TestEngines.mutant(.staleIndexAfterResize)],
                                                         cadence: .sparse).divergence,
                  inProcess.aspect.hasPrefix("invariants"), inProcess.commandIndex >= 128 else { continue }
            let chunked = try #require(DifferentialRunner.run(commands, engines: [TestEngines.reference, broken],
                                                              cadence: .sparse, deadline: far).divergence)
            #expect(chunked.commandIndex == inProcess.commandIndex, "seed \(seed)")
            compared += 1
        }
        #expect(compared > 0)
    }

    @Test("a broken engine behind the protocol is caught and shrunk like an in-process one")
    func servedMutantIsCaught() throws {
        let broken = try ProcessEngines.factory(command: Binary.serve("--engine indexed --mutant alphaThresholdInclusive"))
        var found: Finding?
        for seed: UInt64 in 0..<300 where found == nil {
            var generator = CommandGenerator(seed: seed)
            let commands = generator.generate()
            if let divergence = DifferentialRunner.run(commands, engines: [TestEngines.reference, broken]).divergence {
                found = Finding.shrinking(commands, divergence: divergence, seed: seed, profile: .small,
                                          engines: [TestEngines.reference, broken], seconds: 3600)
            }
        }
        let finding = try #require(found)
        #expect(finding.commands.count < 12)
        #expect(finding.reproduced)
    }

    @Test("the property suite drives a process engine like any other, partial ones included")
    func propertySuite() throws {
        let served = try ProcessEngines.factory(command: Binary.serve("--features 'windows levels key hit touches'"))
        let result = PropertySuite(reference: TestEngines.reference, candidates: [served], cases: 30, deterministic: true,
                                   profile: .small, failures: nil).run()
        #expect(result.passed, "\(result.report)")
        let broken = try ProcessEngines.factory(command: Binary.serve("--engine indexed --mutant noCancelOnHide"))
        let failing = PropertySuite(reference: TestEngines.reference, candidates: [broken], cases: 200, deterministic: true,
                                    profile: .small, failures: nil).run()
        #expect(!failing.passed)
        #expect(failing.finding?.divergence.aspect == "observations")
    }

    @Test("a partial engine is sent only what it declared and agrees on the rest")
    func partialEngine() throws {
        let partial = try ProcessEngines.factory(command: Binary.serve("--features 'windows levels key hit'"))
        #expect(partial.features == [.windows, .levels, .key, .hit])
        for seed: UInt64 in 0..<8 {
            let session = GenerationProfile.small.session(seed: seed, engines: [TestEngines.reference, partial])
            #expect(session.agrees, "seed \(seed): \(String(describing: session.divergence))")
            #expect(session.commands.allSatisfy { EngineFeature.required(by: $0).isSubset(of: partial.features) })
        }
        // Scale cases fit their commands to the features too: they still run, and send nothing else.
        let crowd = GenerationProfile.crowd.session(seed: 5, engines: [TestEngines.reference, partial])
        #expect(crowd.agrees)
        #expect(crowd.commands.count > 40)
        #expect(crowd.commands.allSatisfy { EngineFeature.required(by: $0).isSubset(of: partial.features) })
    }

    @Test("handshakes that fail say why", arguments: [
        ("echo 'hello 3 x windows'; echo ok", "speaks protocol version 3; this harness speaks 1 and 2"),
        ("echo 'hello 2 x windows'; echo ok", "version 2 ends each answer with `ok N`"),
        ("echo 'hello 1 x windows'; echo 'ok 1'", "version 1 ends answers with `ok`"),
        ("echo 'hello 1 x windows teleport'; echo ok", "unknown feature(s) teleport"),
        ("echo 'hello 1 x'; echo ok", "declares no features"),
        ("echo 'hello 1 x hit key'; echo ok", "build nothing: every statement acts on a window"),
        ("echo 'hello 1 x windows deviates Z9'; echo ok", "Z9 cannot be declared as deviations; declarable: G2 N1 N2"),
        ("echo 'hello 1 x windows deviates'; echo ok", "`deviates` names no rule"),
        ("echo 'hello 1 x windows numbers float64'; echo ok", "`numbers` takes one of double, float32, integer"),
        ("echo nonsense; echo ok", "expected `hello 1 NAME FEATURE"),
        ("exit 0", "exited with status 0"),
        ("echo oops >&2; exit 7", "oops"),
    ])
    func badHandshakes(script: String, reason: String) {
        #expect {
            _ = try ProcessEngines.factory(command: "read line; \(script)", timeout: 2)
        } throws: { error in
            String(describing: error).contains(reason)
        }
    }

    @Test("a handshake declares deviations and a numeric domain; the factory carries them")
    func declarations() throws {
        let engine = try ProcessEngines.factory(
            command: "read line; echo 'hello 1 mine windows hit deviates n1 K4 numbers float32'; echo ok; cat >/dev/null",
            timeout: 2)
        #expect(engine.features == [.windows, .hit])
        #expect(engine.deviations == [.n1, .k4])
        #expect(engine.numbers == .float32)
        let hello = EngineHello(name: "mine", features: [.windows, .hit], deviations: [.k4, .n1], numbers: .float32)
        #expect(hello.line == "hello 1 mine windows hit deviates N1 K4 numbers float32")
        #expect(try EngineHello.parse([hello.line]) == hello)
    }

    @Test("an engine that greets before it reads the harness's hello starts every time", arguments: [1, 2])
    func eagerGreeting(version: Int) throws {
        let end = version == 1 ? "ok" : "ok 1"
        let eager = "printf 'hello \(version) eager all\\n\(end)\\n'; read first; { echo 'hello 1'; cat; } | "
            + Binary.serve("--protocol \(version)") + " | sed -u 1,2d"
        for _ in 0..<5 {
            let engine = try ProcessEngines.factory(command: eager, timeout: 5)
            #expect(engine.name == "eager")
            let run = DifferentialRunner.run([.createWindow(name: "a", scene: mainSceneName, frame: Rect(0, 0, 9, 9),
                                                            level: 0, withRootView: true), .show(window: "a")],
                                             engines: [TestEngines.reference, engine])
            #expect(run.divergence == nil)
        }
    }
}
