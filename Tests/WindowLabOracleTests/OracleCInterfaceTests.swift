import COracleTestDriver
import CommandEncoding
import CWindowLabOracle
import DifferentialHarness
import EngineProtocol
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

#if canImport(Glibc)
import Glibc
#endif

/// include/windowlab.h as a C fuzz target uses it: the calls are made by C code
/// (Tests/COracleTestDriver), the engines are Swift engines served through a C
/// answer callback, or a C engine that spoils their answers.
@Suite("The oracle's C interface")
struct OracleCInterfaceTests {
    /// The bytes of a scenario written with the encoding's canonical names.
    static func input(_ text: String) throws -> [UInt8] {
        try CommandEncoder.encode(try ScenarioParser().parse(text).commands)
    }

    static let edgeHit = try! input("window w0 frame 0 0 100 100 root\nshow w0\nhit 50 50\nhit 100 50\n")

    /// Runs `bytes` through a fresh oracle for `engine`, in C: the status, the report, why no oracle.
    static func check(_ engine: inout windowlab_engine, _ bytes: [UInt8]) -> (status: CInt, report: String, error: String) {
        var report = [CChar](repeating: 0, count: 1 << 16), error = [CChar](repeating: 0, count: 1024)
        let status = bytes.withUnsafeBufferPointer { data in
            oracle_driver_check(&engine, data.baseAddress, data.count, &report, report.count, &error, error.count)
        }
        return (status, text(report), text(error))
    }

    /// A NUL-terminated C buffer's text.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test("served through a C callback, the reference agrees with itself on generated inputs", arguments: [1, 2])
    func agrees(version: Int) throws {
        let served = ServedEngine(TestEngines.reference.renamed("served"), version: version)
        var engine = served.engine
        var checked = 0
        for seed in SeededRandom.seeds(base: 0x36_C0DE, count: 15) {
            var generator = CommandGenerator(seed: seed, configuration: .init(length: 100))
            guard let bytes = try? CommandEncoder.encode(generator.generate()) else { continue }
            let (status, report, error) = Self.check(&engine, bytes)
            #expect(status == WINDOWLAB_AGREE, "case seed \(seed): \(error)\(report)")
            checked += 1
        }
        #expect(checked >= 10)
    }

    @Test("a difference comes back as a scenario that passes on the reference and fails on the engine")
    func difference() throws {
        let mutant = TestEngines.mutant(.maxEdgeInclusive)
        let served = ServedEngine(mutant)
        var engine = served.engine
        let (status, report, _) = Self.check(&engine, Self.edgeHit)
        #expect(status == WINDOWLAB_DIFFERENT)
        let scenario = try ScenarioParser().parse(report, file: "report.wls")
        #expect(scenario.commands.contains { $0.kindName == "hit" })   // (shrunk: another edge may show it)
        #expect(ScenarioCheck(scenario, engines: [TestEngines.reference]).passed)
        #expect(!ScenarioCheck(scenario, engines: [mutant]).passed)
    }

    @Test("declared deviations (the declaration field) are honoured: no notifications agree under N1 N2")
    func deviations() throws {
        let quiet = EngineFactory(name: "quiet") {
            RewritingEngine(TestEngines.reference.make()) { $0.filter { if case .notify = $0 { false } else { true } } }
        }
        let bytes = try Self.input("window w0 frame 0 0 100 100\nmakeKeyAndVisible w0\nhit 5 5\n")
        let declared = ServedEngine(quiet, declaration: "hello 2 quiet all deviates N1 N2")
        var engine = declared.engine
        #expect(Self.check(&engine, bytes).status == WINDOWLAB_AGREE)
        let undeclared = ServedEngine(quiet)
        var plain = undeclared.engine
        let (status, report, _) = Self.check(&plain, bytes)
        #expect(status == WINDOWLAB_DIFFERENT)
        #expect(report.contains("notify"))
    }

    @Test("a declared numeric domain is honoured: Float storage agrees under float32")
    func numbers() throws {
        let float = EngineFactory(name: "float") {
            RewritingEngine.storing(TestEngines.reference.make()) { $0.replacingNumbers($0.numbers.map { Double(Float($0)) }) }
        }
        let bytes = try Self.input("window w0 frame 0.1 0 100 100\nshow w0\nhit 50.3 5\n")
        let declared = ServedEngine(float, version: 1, declaration: "hello 1 float all numbers float32")
        var engine = declared.engine
        #expect(Self.check(&engine, bytes).status == WINDOWLAB_AGREE)
        let undeclared = ServedEngine(float)
        var plain = undeclared.engine
        #expect(Self.check(&plain, bytes).status == WINDOWLAB_DIFFERENT)
    }

    @Test("a C engine's spoiled answer is a difference that names the fault; a missing last line break is not",
          arguments: [(ORACLE_SPOIL_GARBAGE, "not an observation"), (ORACLE_SPOIL_NO_END, "has no end"),
                      (ORACLE_SPOIL_NULL, "no answer"), (ORACLE_SPOIL_BINARY, "not an observation"),
                      (ORACLE_SPOIL_HUGE_LINE, "longer than"), (ORACLE_SPOIL_UNTERMINATED, "")])
    func spoiled(spoil: oracle_spoil, fragment: String) throws {
        let served = ServedEngine(TestEngines.reference)
        let trigger = strdup("hit ")!
        defer { free(trigger) }
        var spoiling = oracle_spoiling_engine(inner: served.engine, trigger: trigger, spoil: spoil, buffer: nil, capacity: 0)
        defer { oracle_spoiling_free(&spoiling) }
        try withUnsafeMutablePointer(to: &spoiling) { pointer in
            var engine = windowlab_engine(answer: oracle_spoiling_answer, context: UnsafeMutableRawPointer(pointer),
                                          declaration: nil)
            let (status, report, _) = Self.check(&engine, Self.edgeHit)
            if fragment.isEmpty {
                #expect(status == WINDOWLAB_AGREE, "\(report)")
            } else {
                #expect(status == WINDOWLAB_DIFFERENT)
                #expect(report.contains(fragment), "\(report)")
                _ = try ScenarioParser().parse(report, file: "report.wls")   // what an engine wrote cannot break the file
            }
        }
    }

    @Test("an engine that declines a statement is WINDOWLAB_DECLINED, not an agreement; one that declines nothing agrees")
    func declined() throws {
        let declining = ServedEngine(TestEngines.reference, declining: "hit")
        var engine = declining.engine
        #expect(Self.check(&engine, Self.edgeHit).status == WINDOWLAB_DECLINED)
        let touching = ServedEngine(TestEngines.reference, declining: "show")
        var cut = touching.engine
        #expect(Self.check(&cut, Self.edgeHit).status == WINDOWLAB_DECLINED)
        let plain = ServedEngine(TestEngines.reference)
        var agreeing = plain.engine
        #expect(Self.check(&agreeing, Self.edgeHit).status == WINDOWLAB_AGREE)
    }

    @Test("windowlab_check called from inside the engine's own answer is a misuse, answered at once, not a deadlock")
    func reentrant() throws {
        let served = ServedEngine(TestEngines.reference)
        var engine = served.engine
        guard let oracle = windowlab_oracle_new(&engine, nil, 0) else { Issue.record("no oracle"); return }
        defer { windowlab_oracle_free(oracle) }
        var inner: [CInt] = []
        served.onRequest = { request in
            if request.hasPrefix("hit") { inner.append(windowlab_check(oracle, nil, 0)) }
        }
        let status = Self.edgeHit.withUnsafeBufferPointer { windowlab_check(oracle, $0.baseAddress, $0.count) }
        #expect(status == WINDOWLAB_AGREE)
        #expect(!inner.isEmpty)
        #expect(inner.allSatisfy { $0 == WINDOWLAB_MISUSE }, "\(inner)")
        served.onRequest = nil
        #expect(windowlab_check(oracle, nil, 0) == WINDOWLAB_AGREE)   // and usable after
    }

    @Test("misuse is answered as windowlab.h says, never a crash")
    func misuse() {
        let served = ServedEngine(TestEngines.reference)
        var engine = served.engine
        #expect(oracle_driver_misuse(&engine) == 0)
    }

    @Test("any bytes: a status, never a crash of the oracle")
    func anyBytes() {
        let served = ServedEngine(TestEngines.mutants([.maxEdgeInclusive, .forgetKeySuccessor]))
        var engine = served.engine
        var random = SeededRandom(seed: SeededRandom.seeds(base: 0x36_B1A5, count: 1)[0])
        var seen: Set<CInt> = []
        for _ in 0..<150 {
            var bytes = (0..<Int.random(in: 0...500, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            if !bytes.isEmpty && random.chance(0.7) { bytes[0] = CommandFormat.version }
            let status = Self.check(&engine, bytes).status
            #expect([WINDOWLAB_AGREE, WINDOWLAB_DIFFERENT, WINDOWLAB_UNREADABLE].contains(status))
            seen.insert(status)
        }
        #expect(seen.count == 3)
    }

    @Test("the mutator and crossover keep to the sizes, with or without an oracle")
    func mutate() {
        let served = ServedEngine(EngineFactory(name: "part", features: [.windows, .hit]) { TestEngines.reference.make() })
        var engine = served.engine
        for seed in UInt32(0)..<40 {
            var buffer = Self.edgeHit + [UInt8](repeating: 0, count: 64)
            let size = buffer.withUnsafeMutableBufferPointer { pointer in
                seed % 2 == 0 ? oracle_driver_mutate(&engine, pointer.baseAddress, Self.edgeHit.count, pointer.count, seed)
                    : oracle_driver_mutate(nil, pointer.baseAddress, Self.edgeHit.count, pointer.count, seed)
            }
            #expect(size != Int.max && size != -1 && size <= buffer.count, "seed \(seed)")
        }
    }
}
