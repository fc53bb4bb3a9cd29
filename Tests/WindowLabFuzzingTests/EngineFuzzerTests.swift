import CommandEncoding
import DifferentialHarness
import Foundation
import ScenarioLanguage
import Testing
import WindowLabFuzzing
import WindowLabTestSupport
import WindowModel

/// `EngineFuzzer`: any bytes in, a verdict out, the engine compared under what it
/// declares as `check` compares it, and a difference reported as a scenario that
/// replays on the reference and fails on the engine.
@Suite("Fuzzing an engine in process")
struct EngineFuzzerTests {
    /// The bytes of a scenario written with the encoding's canonical names.
    static func input(_ text: String) throws -> [UInt8] {
        try CommandEncoder.encode(try ScenarioParser().parse(text).commands)
    }

    static func verdict(_ fuzzer: EngineFuzzer, _ bytes: [UInt8]) -> EngineFuzzer.Verdict {
        bytes.withUnsafeBufferPointer { fuzzer.check($0) }
    }

    static func fuzzer(_ engine: EngineFactory, shrink: Double = 0) -> EngineFuzzer {
        var fuzzer = EngineFuzzer(engine: engine)
        fuzzer.shrinkSeconds = shrink
        return fuzzer
    }

    /// A window whose maximum edge a hit lands on, after commands that change nothing.
    static let edgeHit = """
        window w0 frame 0 0 100 100 root
        view v0 in w0.root frame 10 10 20 20
        show w0
        hit 50 50
        hit 100 50
        order
        """

    @Test("the reference agrees with itself on generated inputs")
    func agrees() throws {
        let fuzzer = Self.fuzzer(TestEngines.reference.renamed("mine"))
        var checked = 0
        for seed in SeededRandom.seeds(base: 0x36_F022, count: 30) {
            var generator = CommandGenerator(seed: seed, configuration: .init(length: 100))
            guard let bytes = try? CommandEncoder.encode(generator.generate()) else { continue }
            guard case .agree = Self.verdict(fuzzer, bytes) else {
                Issue.record("case seed \(seed) did not agree")
                continue
            }
            checked += 1
        }
        #expect(checked >= 20)
    }

    @Test("a difference is the input cut after its command, a scenario that passes on the reference and fails on the engine")
    func difference() throws {
        let mutant = TestEngines.mutant(.maxEdgeInclusive)
        guard case let .different(report) = Self.verdict(Self.fuzzer(mutant), try Self.input(Self.edgeHit)) else {
            Issue.record("no difference")
            return
        }
        #expect(report.divergence.sourceIndex == 4)
        #expect(report.cut.count == 5)
        #expect(report.cut.last == .hit(at: Point(100, 50), scene: mainSceneName))
        #expect(report.shrunkScenario == nil)
        #expect(report.scenario == report.cutScenario)
        #expect(report.cutScenario.contains("# windowlab: indexed-maxEdgeInclusive differs from the reference"))
        // The run aborts, so libFuzzer writes the crash input the hint shrinks; a keep-going
        // run writes none, and its hint does not send the user looking for one.
        #expect(report.cutScenario.contains("# Shrink: windowlab corpus shrink CRASH-INPUT"))
        let bytes = try Self.input(Self.edgeHit)
        guard case let .different(kept) = bytes.withUnsafeBufferPointer({ Self.fuzzer(mutant).check($0, passing: { _ in false }) }) else {
            Issue.record("no difference keeping going")
            return
        }
        // Not shrunk (WINDOWLAB_FUZZ_SHRINK=0): it says how to have it shrunk.
        #expect(!kept.cutScenario.contains("CRASH-INPUT") && kept.cutScenario.contains("run again with WINDOWLAB_FUZZ_SHRINK above 0"))
        let scenario = try ScenarioParser().parse(report.cutScenario, file: "cut.wls")
        #expect(ScenarioCheck(scenario, engines: [TestEngines.reference]).passed)
        #expect(!ScenarioCheck(scenario, engines: [mutant]).passed)
    }

    @Test("shrunk in process, the difference keeps its cause in fewer commands")
    func shrunk() throws {
        let mutant = TestEngines.mutant(.maxEdgeInclusive)
        guard case let .different(report) = Self.verdict(Self.fuzzer(mutant, shrink: 60), try Self.input(Self.edgeHit)) else {
            Issue.record("no difference")
            return
        }
        let shrunk = try ScenarioParser().parse(try #require(report.shrunkScenario), file: "shrunk.wls")
        #expect(shrunk.commands.count < report.cut.count + 2)   // (+ the final order and keyWindow queries)
        #expect(report.scenario == report.shrunkScenario)
        // Keeping going (no crash input written), the cut scenario says it is shrunk below.
        let bytes = try Self.input(Self.edgeHit)
        if case let .different(kept) = bytes.withUnsafeBufferPointer({ Self.fuzzer(mutant, shrink: 60).check($0, passing: { _ in false }) }) {
            #expect(kept.cutScenario.contains("Shrink: shrunk in process below") && kept.shrunkScenario != nil)
        } else {
            Issue.record("no difference keeping going")
        }
        #expect(report.text.contains(report.cutScenario) && report.text.contains(shrunk.commands.map(ScenarioPrinter.line)[0]))
        #expect(ScenarioCheck(shrunk, engines: [TestEngines.reference]).passed)
        #expect(!ScenarioCheck(shrunk, engines: [mutant]).passed)
    }

    @Test("touch ids of any spelling reach the engine in process: one that orders ids as 64-bit integers is caught")
    func spelledTouchIDsReachTheEngine() throws {
        let mutant = TestEngines.mutant(.touchIDsAsMachineIntegers)
        let input = try Self.input("""
            window w0 frame 0 0 100 100 root
            makeKeyAndVisible w0
            touch 010 began 1 1
            touch 10 began 10 10
            touch 18446744073709551616 began 20 20
            touch 1 began 25 25
            hide w0
            """)
        #expect(input.first == 4)
        guard case let .different(report) = Self.verdict(Self.fuzzer(mutant), input) else {
            Issue.record("no difference")
            return
        }
        #expect(report.cut.last == .hide(window: "w0"))
        #expect(report.cutScenario.contains("touch 18446744073709551616 began 20 20"))
        // The same ids as plain ones (what version 3 could carry) show nothing.
        let plain = try Self.input("""
            window w0 frame 0 0 100 100 root
            makeKeyAndVisible w0
            touch 3 began 1 1
            touch 10 began 10 10
            touch 15 began 20 20
            touch 1 began 25 25
            hide w0
            """)
        guard case .agree(commands: 7) = Self.verdict(Self.fuzzer(mutant), plain) else {
            Issue.record("plain ids: not an agreement over 7 commands")
            return
        }
    }

    @Test("keep going: a difference does not abort, a new cause is written once, later inputs of it only counted, and an input goes on past them")
    func keepGoing() throws {
        let folder = try TemporaryFolder("windowlab-keep-going")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        var fuzzer = Self.fuzzer(TestEngines.mutants([.maxEdgeInclusive, .forgetKeySuccessor, .noCancelOnHide]), shrink: 30)
        fuzzer.keepGoing = true
        fuzzer.findingsFolder = folder.file("findings")
        func written() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.file("findings"))) ?? []).sorted()
        }
        let edge = try Self.input(Self.edgeHit)
        #expect(edge.withUnsafeBufferPointer { fuzzer.testOneInput($0.baseAddress, $0.count) } == 0)
        #expect(written().count == 1)
        // The same cause again, in another input (more commands before it): counted, not written.
        let again = try Self.input("window w0 frame 0 0 100 100 root\nshow w0\norder\nhit 100 10")
        #expect(again.withUnsafeBufferPointer { fuzzer.testOneInput($0.baseAddress, $0.count) } == 0)
        #expect(written().count == 1, "\(written())")
        // Another bug: a cause of its own.
        let successor = try Self.input("""
            window w0 frame 0 0 100 100 root
            window w1 frame 0 0 100 100 root
            makeKeyAndVisible w0
            makeKeyAndVisible w1
            hide w1
            keyWindow
            """)
        #expect(successor.withUnsafeBufferPointer { fuzzer.testOneInput($0.baseAddress, $0.count) } == 0)
        #expect(written().count == 2, "\(written())")
        // A third bug met only after a recorded cause's difference in the same input: the
        // input goes on past the recorded one, and the new cause is written.
        let behind = try Self.input("""
            window w0 frame 0 0 100 100 root
            show w0
            hit 100 10
            touch 1 began 50 50
            hide w0
            """)
        #expect(behind.withUnsafeBufferPointer { fuzzer.testOneInput($0.baseAddress, $0.count) } == 0)
        #expect(written().count == 3, "\(written())")
        for name in written() {
            let scenario = try ScenarioParser().parseFile(atPath: folder.file("findings/" + name))
            #expect(ScenarioCheck(scenario, engines: [TestEngines.reference]).passed)
            #expect(!ScenarioCheck(scenario, engines: [fuzzer.engines[1]]).passed)
        }
    }

    @Test("bytes of another encoding version run nothing")
    func unreadable() {
        guard case let .unreadable(why) = Self.verdict(Self.fuzzer(TestEngines.reference), [9, 1, 2, 3]) else {
            Issue.record("read as commands")
            return
        }
        #expect(why.contains("version 9"))
    }

    @Test("no bytes crash the oracle, and every difference it reports has its command")
    func anyBytes() {
        let fuzzer = Self.fuzzer(TestEngines.mutants([.maxEdgeInclusive, .forgetKeySuccessor, .ignorePassthrough]))
        var random = SeededRandom(seed: SeededRandom.seeds(base: 0x36_B17E, count: 1)[0])
        var differences = 0
        for _ in 0..<300 {
            let count = Int.random(in: 0...600, using: &random)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            if !bytes.isEmpty && Bool.random(using: &random) { bytes[0] = CommandFormat.version }
            if case let .different(report) = Self.verdict(fuzzer, bytes) {
                differences += 1
                #expect(report.cut.last == report.divergence.command)
            }
        }
        #expect(differences > 0)
    }

    @Test("features: what the engine lacks is skipped, and the cut holds what it was sent")
    func features() throws {
        // Without views or levels: the view and the level are never sent, the root is dropped.
        let partial = EngineFactory(name: "partial", features: [.windows, .key, .hit]) {
            TestEngines.mutant(.maxEdgeInclusive).make()
        }
        guard case let .different(report) = Self.verdict(Self.fuzzer(partial), try Self.input(Self.edgeHit)) else {
            Issue.record("no difference")
            return
        }
        #expect(report.divergence.sourceIndex == 4)   // in the input's list
        #expect(report.cut == [
            .createWindow(name: "w0", scene: mainSceneName, frame: Rect(0, 0, 100, 100), level: 0, withRootView: false),
            .show(window: "w0"), .hit(at: Point(50, 50), scene: mainSceneName), .hit(at: Point(100, 50), scene: mainSceneName),
        ])
        let clean = EngineFactory(name: "partial", features: [.windows, .key, .hit]) { TestEngines.reference.make() }
        var agreed = 0
        for seed in SeededRandom.seeds(base: 0x36_FEA7, count: 20) {
            var generator = CommandGenerator(seed: seed, configuration: .init(length: 100))
            guard let bytes = try? CommandEncoder.encode(generator.generate()) else { continue }
            if case .agree = Self.verdict(Self.fuzzer(clean), bytes) { agreed += 1 } else { Issue.record("case seed \(seed)") }
        }
        #expect(agreed > 10)
    }

    @Test("deviations: an engine without notifications agrees once it declares N1 N2, and differs before")
    func deviations() throws {
        let quiet: @Sendable () -> any WindowSystem = {
            RewritingEngine(TestEngines.reference.make()) { $0.filter { if case .notify = $0 { false } else { true } } }
        }
        let bytes = try Self.input("window w0 frame 0 0 100 100\nmakeKeyAndVisible w0\nhit 5 5\n")
        let declared = EngineFactory(name: "quiet", deviations: [.n1, .n2], make: quiet)
        guard case .agree = Self.verdict(Self.fuzzer(declared), bytes) else { Issue.record("declared N1 N2 differs"); return }
        guard case let .different(report) = Self.verdict(Self.fuzzer(EngineFactory(name: "quiet", make: quiet)), bytes) else {
            Issue.record("undeclared N1 N2 agrees")
            return
        }
        #expect(report.divergence.signature.text.contains("notify"))
    }

    @Test("numbers: an engine that stores Float agrees once it declares float32, and differs before")
    func numbers() throws {
        let float: @Sendable () -> any WindowSystem = {
            RewritingEngine.storing(TestEngines.reference.make()) { command in
                command.replacingNumbers(command.numbers.map { Double(Float($0)) })
            }
        }
        let bytes = try Self.input("window w0 frame 0.1 0 100 100\nshow w0\nhit 50.3 5\n")
        let declared = EngineFactory(name: "float", numbers: .float32, make: float)
        guard case .agree = Self.verdict(Self.fuzzer(declared), bytes) else { Issue.record("declared float32 differs"); return }
        guard case let .different(report) = Self.verdict(Self.fuzzer(EngineFactory(name: "float", make: float)), bytes) else {
            Issue.record("undeclared float32 agrees")
            return
        }
        #expect(report.cut.last == .hit(at: Point(50.3, 5), scene: mainSceneName))
    }
}
