import DifferentialHarness
import EngineProtocol
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

/// An engine served through a function (`InProcessEngines`): declared, framed and
/// read exactly as a process is, and every slip of its answers a fault that says
/// what, after which the conversation goes on.
@Suite("Engine protocol: in process")
struct InProcessEngineTests {
    static let commands = try! ScenarioParser().parse("""
        window a frame 0 0 100 100 root
        makeKeyAndVisible a
        hit 5 5
        order
        """).commands

    /// `engine` served by a `ProtocolSession` in this process, each answer passed
    /// through `rewrite` (request, lines) before it is given back as text.
    static func served(_ engine: EngineFactory, version: Int = 2, declaration: String? = nil,
                       rewrite: @escaping (String, [String]) -> [String]? = { $1 }) throws(EngineFault) -> EngineFactory {
        var session = ProtocolSession(engine: engine, version: version)
        // A session answers nothing before its hello; a declared engine's first `ok N` sets the count.
        if declaration != nil { _ = session.answer(EngineHello.request) }
        return try InProcessEngines.factory(declaration: declaration) { request in
            rewrite(request, session.answer(request).lines).map { Array($0.map { $0 + "\n" }.joined().utf8) }
        }
    }

    @Test("served in process, the reference agrees with itself on generated cases, in both versions", arguments: [1, 2])
    func agrees(version: Int) throws {
        let served = try Self.served(TestEngines.reference.renamed("served"), version: version)
        #expect(served.name == "served")
        #expect(served.features == EngineFeature.all)
        for seed in SeededRandom.seeds(base: 0x1A_0036, count: 12) {
            var generator = CommandGenerator(seed: seed, configuration: .init(length: 120))
            let result = DifferentialRunner.run(generator.generate(), engines: [TestEngines.reference, served])
            #expect(result.divergence == nil, "case seed \(seed): \(result.divergence?.summary ?? "")")
        }
    }

    @Test("limits are declared as over a pipe, and an unsupported answer is counted, no fault")
    func limitsAndUnsupported() throws {
        let limited = EngineFactory(name: "x", numbers: .integer,
                                    limits: EngineLimits(coordinates: -32768...32767, sizes: 1...65535)) {
            TestEngines.reference.make()
        }
        // `hit` declined: its answer replaced by the one line `unsupported`, before its end.
        let served = try Self.served(limited) { request, lines in
            request.hasPrefix("hit ") ? ["unsupported no hit here", lines.last!] : lines
        }
        #expect(served.limits == limited.limits)
        #expect(served.numbers == .integer)
        let result = DifferentialRunner.run(Self.commands, engines: [TestEngines.reference, served])
        #expect(result.divergence == nil, "\(result.divergence?.summary ?? "")")
        #expect(result.unsupported.byKind == ["hit": 1])
        #expect(result.unsupported.reasons["hit"] == "x: no hit here")
    }

    @Test("the declaration is read as the handshake: features, deviations, numbers")
    func declaration() throws {
        let partial = EngineFactory(name: "part", features: [.windows, .hit], deviations: [.n1, .n2], numbers: .float32) {
            TestEngines.reference.make()
        }
        for declared in [nil, "hello 2 part windows hit deviates N1 N2 numbers float32",
                         "hello 1 part windows hit deviates N1 N2 numbers float32"] {
            let served = try Self.served(partial, version: declared?.hasPrefix("hello 1") == true ? 1 : 2,
                                         declaration: declared)
            #expect(served.features == [.windows, .hit])
            #expect(served.deviations == [.n1, .n2])
            #expect(served.numbers == .float32)
            let result = DifferentialRunner.run(Self.commands, engines: [TestEngines.reference, served])
            #expect(result.divergence == nil, "\(declared ?? "asked"): \(result.divergence?.summary ?? "")")
        }
    }

    @Test("a declaration the handshake refuses says which word", arguments: [
        ("hello 1 x views hit", "windows"),
        ("hello 1 x windows teleport", "teleport"),
        ("hello 3 x windows", "version 3"),
        ("hello 1 x windows deviates Z9", "Z9"),
        ("hello 1 x windows numbers float16", "float16"),
        ("good morning", "hello 1 NAME"),
    ])
    func refusedDeclaration(declaration: String, word: String) {
        let error = #expect(throws: EngineFault.self) {
            _ = try InProcessEngines.factory(declaration: declaration) { _ in Array("ok\n".utf8) }
        }
        #expect(error?.kind == .start)
        #expect(error?.description.contains(word) == true, "\(String(describing: error))")
    }

    @Test("a greeting answered wrongly says how", arguments: [
        ("hello 2 x windows\nok\n", "ok 1"),
        ("hello 1 x windows\n", "not with its end"),
        ("", "not with its end"),
    ])
    func refusedGreeting(answer: String, fragment: String) {
        let error = #expect(throws: EngineFault.self) { _ = try InProcessEngines.factory { _ in Array(answer.utf8) } }
        #expect(error?.description.contains(fragment) == true, "\(String(describing: error))")
    }

    @Test("no answer to the greeting is a failed handshake")
    func noGreeting() {
        let error = #expect(throws: EngineFault.self) { _ = try InProcessEngines.factory { _ in nil } }
        #expect(error?.description.contains("no answer") == true)
    }

    /// Answers to `hit` spoiled one way each: the kind of fault and a fragment of its message.
    static let spoiled: [(String, @Sendable ([String]) -> [String]?, EngineFault.Kind, String)] = [
        ("a line that is no observation", { ["this is not an observation"] + $0 }, .garbage, "not an observation"),
        ("error", { _ in ["error boom"] }, .error, "error boom"),
        ("no end", { Array($0.dropLast()) }, .garbage, "has no end"),
        ("two ends", { $0 + ["ok 99"] }, .garbage, "after its last answer"),
        ("a bare ok in version 2", { Array($0.dropLast()) + ["ok"] }, .garbage, "ends its answers with `ok N`"),
        ("an end out of step", { Array($0.dropLast()) + ["ok 77"] }, .garbage, "where the end of answer"),
        ("a malformed end", { Array($0.dropLast()) + ["OK 3"] }, .garbage, "`OK 3`"),
        ("no answer at all", { _ in nil }, .garbage, "no answer"),
    ]

    @Test("a spoiled answer is a fault at its statement, and the next instance talks again",
          arguments: spoiled.indices)
    func spoiledAnswer(index: Int) throws {
        let (what, spoil, kind, fragment) = Self.spoiled[index]
        let hostile = try Self.served(TestEngines.reference) { request, lines in
            request.hasPrefix("hit ") ? spoil(lines) : lines
        }
        let result = DifferentialRunner.run(Self.commands, engines: [TestEngines.reference, hostile])
        let divergence = try #require(result.divergence, "\(what)")
        #expect(divergence.fault?.kind == kind, "\(what): \(divergence.summary)")
        #expect(divergence.fault?.statement == "hit 5 5 in main", "\(what)")
        #expect(divergence.summary.contains(fragment), "\(what): \(divergence.summary)")
        // The conversation goes on: a fresh instance (after `reset`) answers what is not spoiled.
        let again = DifferentialRunner.run(Self.commands.filter { $0.kindName != "hit" },
                                           engines: [TestEngines.reference, hostile])
        #expect(again.divergence == nil, "\(what): \(again.divergence?.summary ?? "")")
    }

    @Test("bytes that are not UTF-8 are a garbage fault")
    func invalidUTF8() throws {
        var session = ProtocolSession(engine: TestEngines.reference)
        let hostile = try InProcessEngines.factory { request in
            let answer = Array(session.answer(request).lines.map { $0 + "\n" }.joined().utf8)
            return request.hasPrefix("hit ") ? [0xFF, 0xFE, 0x0A] + answer : answer
        }
        let divergence = try #require(DifferentialRunner.run(Self.commands, engines: [TestEngines.reference, hostile]).divergence)
        #expect(divergence.fault?.kind == .garbage)
        #expect(divergence.summary.contains("not an observation"), "\(divergence.summary)")
    }

    @Test("an older instance of the same engine is refused, not answered with another's state")
    func olderInstance() throws {
        let served = try Self.served(TestEngines.reference)
        let first = served.make(), second = served.make()
        _ = second.apply(Self.commands[0])
        #expect(first.apply(Self.commands[0]).isEmpty)
        let fault = try #require((first as? EngineFaultReporting)?.fault)
        #expect(fault.message.contains("newer instance"))
        #expect((second as? EngineFaultReporting)?.fault == nil)
    }
}
