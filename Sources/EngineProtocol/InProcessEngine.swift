import ScenarioLanguage
import WindowModel

/// Engines in this process that speak the engine protocol through a function:
/// a request line in, the answer's text out, just as the engine would write it on
/// its standard output. What a C, C++ or Rust engine linked into a fuzz target
/// gives the oracle (`include/windowlab.h`), and what a Swift test can give for an
/// engine whose only interface is the protocol.
///
/// The engine is declared and compared exactly as `--engine exec:` declares and
/// compares it: its `hello` answer is read by ``EngineHello/parse(_:)`` (features,
/// capabilities, `deviates`, `numbers`, and whatever words later versions add),
/// each answer by the reader of ``ProcessEngine``, and the factory carries the
/// declaration to ``LockstepSession``.
///
/// ```swift
/// var session = ProtocolSession(engine: mine)   // or a function of your engine's own
/// let factory = try InProcessEngines.factory { request in
///     Array(session.answer(request).lines.map { $0 + "\n" }.joined().utf8)
/// }
/// ```
public enum InProcessEngines {
    /// The engine's answer to one request (a statement in wire form, `hello 1`,
    /// `reset`, `snapshot` or `invariants`, without its line break): its lines, each
    /// ending with a line feed, then its end (`ok`, or `ok N` in version 2) or one
    /// `error MESSAGE` line. Nil when the engine has no answer (a fault).
    public typealias Answer = (_ request: String) -> [UInt8]?

    /// Greets the engine (`hello 1`) through `answer` and returns a factory named,
    /// featured and declared as it answered. Each instance the factory makes is the
    /// same engine after `reset`: one instance at a time, as a process serves one; a
    /// request to an older instance is a fault.
    /// - Parameters:
    ///   - declaration: the engine's answer to `hello 1` (`hello 1 NAME FEATURE…
    ///     [deviates RULE…] [numbers DOMAIN] [range MIN MAX] [sizes MIN MAX] [points screen]`),
    ///     when `answer` does not take `hello`;
    ///     nil asks the engine.
    ///   - name: the name to report the engine by (default: the one it declares).
    /// - Throws: the fault, when the handshake fails (a message that says which word).
    public static func factory(declaration: String? = nil, name: String? = nil,
                               answer: @escaping Answer) throws(EngineFault) -> EngineFactory {
        let conversation = InProcessConversation(answer: answer)
        try conversation.greet(declaration: declaration)
        let hello = conversation.hello
        let reported = name ?? hello.name
        return EngineFactory(name: reported, features: hello.features, deviations: hello.deviations,
                             numbers: hello.numbers, limits: hello.limits) {
            InProcessEngine(name: reported, conversation: conversation)
        }
    }
}

/// One instance of an engine in this process (see ``InProcessEngines``): a
/// ``WindowSystem`` like ``ProcessEngine``, reading the same answers the same way.
/// After a fault it answers nothing, and the harness reports the fault.
public final class InProcessEngine: WindowSystem, EngineFaultReporting, UnsupportedReporting {
    public let engineName: String
    private let conversation: InProcessConversation
    private let generation: Int
    public private(set) var fault: EngineFault?
    /// The last snapshot's lines and what they said (most commands change none).
    private var lastSnapshot: (lines: [String], scenes: [SceneSnapshot])?
    /// Why the engine did not do the last statement (its `unsupported` answer).
    private var unsupported: String?

    init(name: String, conversation: InProcessConversation) {
        engineName = name
        self.conversation = conversation
        generation = conversation.nextGeneration()
        // Every instance starts over, the first too: the engine may have served another
        // oracle, or a test, since it was greeted.
        if case let .failure(problem) = request("reset").flatMap({ lines in
            lines.isEmpty ? .success(lines) : .failure(EngineFault(
                kind: .garbage, message: "answered `reset` with `\(lines[0].prefix(200))` before `ok`", statement: "reset"))
        }) {
            fault = problem
        }
    }

    // These read answers as ProcessEngine's do (and through its parser): a new kind of
    // answer belongs in both.
    public func apply(_ command: Command) -> [Observation] {
        switch answer(.command(command)) {
        case let .observations(observations)?: return observations
        case let .unsupported(reason)?:
            unsupported = reason
            return []
        default: return []
        }
    }

    public func takeUnsupported() -> String? {
        defer { unsupported = nil }
        return unsupported
    }

    public func snapshot() -> [SceneSnapshot] {
        guard case let .scenes(scenes)? = answer(.snapshot) else { return [] }
        return scenes
    }

    public func invariantViolations() -> [String] {
        if let fault { return ["engine fault: \(fault)"] }
        guard conversation.hello.answersInvariants, case let .violations(lines)? = answer(.invariants) else { return [] }
        return lines
    }

    private func request(_ text: String) -> Result<[String], EngineFault> {
        conversation.exchange(text, generation: generation)
    }

    /// The answer to one request, parsed; nil (and ``fault`` set) when there is none.
    private func answer(_ request: ProcessEngine.Request) -> ProcessEngine.Answer? {
        guard fault == nil else { return nil }
        let parsed = self.request(request.text).flatMap { lines -> Result<ProcessEngine.Answer, EngineFault> in
            if request == .snapshot, let lastSnapshot, lines == lastSnapshot.lines { return .success(.scenes(lastSnapshot.scenes)) }
            let answer = ProcessEngine.parse(lines, answering: request)
            if request == .snapshot, case let .success(.scenes(scenes)) = answer { lastSnapshot = (lines, scenes) }
            return answer
        }
        switch parsed {
        case let .success(answer): return answer
        case let .failure(problem):
            fault = problem
            return nil
        }
    }
}
