import DifferentialHarness
import EngineProtocol
import Foundation
import IndexedEngine
import IndexedEngineMutants
import ReferenceModel
import ScenarioLanguage
import Synchronization
import Testing
import WindowModel

/// The binary `swift test` builds, which speaks the protocol with `serve`.
enum Binary {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let windowlab = root.appendingPathComponent(".build/debug/windowlab").path
    static var built: Bool { FileManager.default.isExecutableFile(atPath: windowlab) }
    static func serve(_ arguments: String = "") -> String { "'\(windowlab)' serve \(arguments)" }
    static let reference = EngineFactory(name: "reference") { ReferenceWindowSystem() }

    /// Runs windowlab from the repository root; its exit status, standard output and error.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: windowlab)
        process.arguments = arguments
        process.currentDirectoryURL = root
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error is read on another thread, so neither pipe can fill and block the run.
        let errorText = Mutex(""), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            errorText.withLock { $0 = text }
            done.signal()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        done.wait()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), errorText.withLock { $0 })
    }

    /// A new folder under the temporary directory.
    static func temporaryFolder(_ prefix: String) -> String {
        let folder = NSTemporaryDirectory() + "\(prefix)-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}

@Suite("Engine protocol: process engines", .enabled(if: Binary.built, "needs .build/debug/windowlab (swift test builds it)"))
struct ProcessEngineTests {
    @Test("the indexed engine behind the protocol agrees with the reference on generated cases, batched or not")
    func servedEngineAgrees() throws {
        let served = try ProcessEngines.factory(command: Binary.serve("--engine indexed"))
        #expect(served.name == "indexed")
        #expect(served.features == EngineFeature.all)
        for seed: UInt64 in 0..<12 {
            var generator = CommandGenerator(seed: seed, configuration: .init(length: 150, swarm: seed % 2 == 0))
            let commands = generator.generate()
            let batched = DifferentialRunner.run(commands, engines: [Binary.reference, served])
            #expect(batched.divergence == nil, "seed \(seed): \(String(describing: batched.divergence))")
            #expect(batched.commandsRun == commands.count)
            // One at a time: a session fed command by command does no read-ahead.
            var session = LockstepSession(engines: [Binary.reference, served])
            for command in commands { session.run(command) }
            #expect(session.agrees)
        }
    }

    @Test("invariants are checked at the same command batched as in process (not on the batch's last state)")
    func invariantsInStep() throws {
        let served = try ProcessEngines.factory(command: Binary.serve("--engine indexed --mutant staleIndexAfterResize"))
        let local = EngineFactory(name: "indexed-staleIndexAfterResize") {
            IndexedEngineMutation.staleIndexAfterResize.engine()
        }
        var compared = 0
        for seed: UInt64 in 0..<200 where compared < 5 {
            var generator = CommandGenerator(seed: seed)
            let commands = generator.generate()
            guard let inProcess = DifferentialRunner.run(commands, engines: [Binary.reference, local]).divergence,
                  inProcess.aspect.hasPrefix("invariants") else { continue }
            let batched = try #require(DifferentialRunner.run(commands, engines: [Binary.reference, served]).divergence)
            #expect(batched.commandIndex == inProcess.commandIndex, "seed \(seed)")
            #expect(batched.aspect.hasPrefix("invariants"), "seed \(seed): \(batched.summary)")
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
            if let divergence = DifferentialRunner.run(commands, engines: [Binary.reference, broken]).divergence {
                found = Finding.shrinking(commands, divergence: divergence, seed: seed, profile: .small,
                                          engines: [Binary.reference, broken])
            }
        }
        let finding = try #require(found)
        #expect(finding.commands.count < 12)
        #expect(finding.reproduced)
    }

    @Test("the property suite drives a process engine like any other, partial ones included")
    func propertySuite() throws {
        let served = try ProcessEngines.factory(command: Binary.serve("--features 'windows levels key hit touches'"))
        let result = PropertySuite(reference: Binary.reference, candidates: [served], cases: 30, deterministic: true,
                                   profile: .small, failures: nil).run()
        #expect(result.passed, "\(result.report)")
        let broken = try ProcessEngines.factory(command: Binary.serve("--engine indexed --mutant noCancelOnHide"))
        let failing = PropertySuite(reference: Binary.reference, candidates: [broken], cases: 200, deterministic: true,
                                    profile: .small, failures: nil).run()
        #expect(!failing.passed)
        #expect(failing.finding?.divergence.aspect == "observations")
    }

    @Test("a partial engine is sent only what it declared and agrees on the rest")
    func partialEngine() throws {
        let partial = try ProcessEngines.factory(command: Binary.serve("--features 'windows levels key hit'"))
        #expect(partial.features == [.windows, .levels, .key, .hit])
        for seed: UInt64 in 0..<8 {
            let session = GenerationProfile.small.session(seed: seed, engines: [Binary.reference, partial])
            #expect(session.agrees, "seed \(seed): \(String(describing: session.divergence))")
            #expect(session.commands.allSatisfy { EngineFeature.required(by: $0).isSubset(of: partial.features) })
        }
        // Scale cases fit their commands to the features too: they still run, and send nothing else.
        let crowd = GenerationProfile.crowd.session(seed: 5, engines: [Binary.reference, partial])
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
        ("echo 'hello 1 x windows deviates Z9'; echo ok", "Z9 cannot be declared as deviations; declarable: N1 N2"),
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
}
