import ScenarioLanguage
import WindowModel

/// An engine in another process, driven through the engine protocol: a
/// ``WindowSystem`` like any other, so ``DifferentialRunner``, ``PropertySuite``
/// and ``ScenarioRunner`` drive it unchanged.
///
/// Get one from ``ProcessEngines/factory(command:timeout:)``, which starts the
/// process once for its handshake and then reuses it (`reset`) for every fresh
/// instance. When the engine crashes, exits, hangs or answers nonsense,
/// ``fault`` says so and every later call returns nothing; the harness reports
/// the fault as a finding, and the next fresh instance starts a new process.
public final class ProcessEngine: PipeliningWindowSystem, EngineFaultReporting, UnsupportedReporting {
    public let engineName: String
    let pool: ProcessEnginePool
    private var connection: EngineProcess?
    private var needsReset: Bool
    /// Answers read ahead by ``pipeline(_:snapshots:)``, parsed, oldest first.
    private var queue: [(request: Request, answer: Result<Answer, EngineFault>)] = []
    private var queueStart = 0
    private var queuedFault: EngineFault?
    public private(set) var fault: EngineFault?
    /// The last snapshot's lines and what they said: most commands change no
    /// scene's order or key window, so most snapshots need no parsing.
    /// (None at first: an empty answer is no snapshot, never taken for a cached one.)
    private var lastSnapshot: (lines: [String], scenes: [SceneSnapshot])?
    /// Why the engine did not do the last statement (its `unsupported` answer).
    private var unsupported: String?

    init(name: String, pool: ProcessEnginePool, connection: EngineProcess?, fault: EngineFault?, needsReset: Bool) {
        engineName = name
        self.pool = pool
        self.connection = connection
        self.fault = fault
        self.needsReset = needsReset
    }

    deinit {
        // A process that wrote more than it was asked for would shift the next
        // instance's answers: it is not given back.
        if let connection, fault == nil, queuedFault == nil, connection.fault == nil, !connection.hasSurplus {
            pool.giveBack(connection)
        }
    }

    /// What was asked: kept with read-ahead answers, to check they are taken in order.
    enum Request: Equatable {
        case command(Command)
        case snapshot
        case invariants

        var text: String {
            switch self {
            case let .command(command): return ScenarioPrinter.wireLine(command)
            case .snapshot: return "snapshot"
            case .invariants: return "invariants"
            }
        }
    }

    /// An answer, parsed.
    enum Answer {
        case observations([Observation])
        /// `unsupported REASON`: the engine does not do the statement.
        case unsupported(String)
        case scenes([SceneSnapshot])
        case violations([String])
    }

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
        guard pool.hello.answersInvariants, case let .violations(lines)? = answer(.invariants) else { return [] }
        return lines
    }

    /// Sends every command (each followed by `snapshot` when `snapshots`) in one
    /// write and reads every answer, parsing each as it arrives while the engine
    /// works on the next; the calls to ``apply(_:)`` and ``snapshot()`` that
    /// follow, in the same order, take their answers from what was read. A fault
    /// part-way surfaces at the statement that caused it.
    public func pipeline(_ commands: [Command], snapshots: Bool, invariantsEvery interval: Int) {
        guard fault == nil, queuedFault == nil, let connection else { return }
        let sent = commands
        let invariants = pool.hello.answersInvariants && interval > 0
        var requests: [Request] = []
        requests.reserveCapacity(sent.count * (snapshots ? 2 : 1) + 1)
        for (index, command) in sent.enumerated() {
            requests.append(.command(command))
            // In the order LockstepSession asks: invariants (when due), then the snapshot.
            if invariants && ((index + 1) % interval == 0 || index == sent.count - 1) { requests.append(.invariants) }
            if snapshots { requests.append(.snapshot) }
        }
        queue.removeFirst(queueStart)
        queueStart = 0
        queue.reserveCapacity(requests.count)
        guard !requests.isEmpty else { return }
        // One `snapshot` more, whose answer is only looked at: anything the engine writes
        // after its last answer (an extra `ok N`, a line) comes before it and is caught
        // here, at the request it followed, instead of passing unseen at the end of a case.
        var surplusLine: String?
        send(requests + [.snapshot], on: connection) { index, lines in
            guard index < requests.count else {
                // (An empty answer: an extra bare `ok` of a version 1 engine ended it.)
                if case .failure = parse(lines, answering: .snapshot) { surplusLine = lines.first.map { String($0.prefix(200)) } ?? "ok" }
                return
            }
            queue.append((requests[index], parse(lines, answering: requests[index])))
        }
        queuedFault = self.connection?.fault
        guard queue.count == requests.count else { return }
        // Everything asked for was answered: a fault now came after the last answer, and is that answer's.
        let last = requests[requests.count - 1].text
        if var fault = queuedFault {
            if let message = self.connection?.answerFault?.messageAfterLastAnswer() {
                (fault.message, fault.statement) = (message, last)
            }
            queue[queue.count - 1].answer = .failure(fault)
            queuedFault = nil
        } else if let surplusLine {
            queue[queue.count - 1].answer = .failure(EngineFault(
                kind: .garbage, message: "the engine wrote `\(surplusLine)` after the end of its answer, the last one "
                    + "asked for (more than it was asked for)", statement: last))
        }
    }

    // MARK: Talking

    /// The answer to one request, from the read-ahead queue or a round trip; nil
    /// (and ``fault`` set) when there is none.
    private func answer(_ request: Request) -> Answer? {
        guard fault == nil else { return nil }
        if queueStart < queue.count {
            let (asked, answer) = queue[queueStart]
            queueStart += 1
            guard asked == request else {
                fault = EngineFault(kind: .error, message: "the harness asked out of step with its read-ahead "
                                    + "(`\(request.text)` after queuing `\(asked.text)`); a harness bug",
                                    statement: request.text)
                return nil
            }
            return settle(answer)
        }
        if let queuedFault {
            // The read-ahead stopped at the request that failed: this one.
            fault = queuedFault
            return nil
        }
        guard let connection else { return nil }
        var got: Result<Answer, EngineFault>?
        send([request], on: connection) { _, lines in got = parse(lines, answering: request) }
        guard let got else {
            fault = self.connection?.fault
            return nil
        }
        return settle(got)
    }

    /// The answer, or nil with ``fault`` set (and the process stopped) when it was garbage.
    private func settle(_ answer: Result<Answer, EngineFault>) -> Answer? {
        switch answer {
        case let .success(parsed):
            return parsed
        case var .failure(problem):
            problem.standardErrorTail = connection?.standardErrorTail ?? ""
            fault = problem
            connection?.terminate()
            return nil
        }
    }

    /// Sends requests, with a `reset` first when this process served an earlier
    /// instance, handing each answer (but the reset's) to `onAnswer`.
    ///
    /// An idle process that died while it waited (its `reset` gets no answer) is
    /// not this case's fault: it is replaced by a fresh process once, and the
    /// requests go there.
    private func send(_ requests: [Request], on connection: EngineProcess, onAnswer: (Int, [String]) -> Void) {
        let offset = needsReset ? 1 : 0
        needsReset = false
        var resetAnswered = offset == 0
        let text = { (index: Int) in index < offset ? "reset" : requests[index - offset].text }
        _ = connection.exchange(count: requests.count + offset, text: text, timeout: pool.timeout) { index, lines in
            guard index >= offset else {
                resetAnswered = true
                if let first = lines.first {
                    if lines.count == 1, AnswerAssembler.isError(first) {
                        connection.fail(.error, AnswerFault.error(first).message, "reset")
                    } else {
                        connection.fail(.garbage, "answered `reset` with `\(first.prefix(200))` before `ok`", "reset")
                    }
                }
                return
            }
            onAnswer(index - offset, lines)
        }
        if !resetAnswered, connection.fault != nil, let fresh = try? ProcessEnginePool.start(pool.command, timeout: pool.startTimeout).0 {
            self.connection = fresh
            send(requests, on: fresh, onAnswer: onAnswer)
        }
    }

    /// Reads one answer's lines as the request's kind of answer.
    private func parse(_ lines: [String], answering request: Request) -> Result<Answer, EngineFault> {
        if request == .snapshot, let lastSnapshot, lines == lastSnapshot.lines { return .success(.scenes(lastSnapshot.scenes)) }
        let answer = Self.parse(lines, answering: request)
        if request == .snapshot, case let .success(.scenes(scenes)) = answer { lastSnapshot = (lines, scenes) }
        return answer
    }

    static func parse(_ lines: [String], answering request: Request) -> Result<Answer, EngineFault> {
        func garbage(_ what: String) -> Result<Answer, EngineFault> {
            .failure(EngineFault(kind: .garbage, message: "the engine " + what, statement: request.text))
        }
        if lines.count == 1, AnswerAssembler.isError(lines[0]) {
            return .failure(EngineFault(kind: .error, message: AnswerFault.error(lines[0]).message, statement: request.text))
        }
        switch request {
        case .command:
            if lines.count == 1, AnswerAssembler.isUnsupported(lines[0]) {
                let reason = lines[0].dropFirst(11).drop { $0 == " " }
                return .success(.unsupported(reason.isEmpty ? "no reason given" : String(reason.prefix(200))))
            }
            var observations: [Observation] = []
            observations.reserveCapacity(lines.count)
            for line in lines {
                do {
                    observations.append(try ObservationParser.parse(line))
                } catch {
                    return garbage("wrote `\(line.prefix(200))`, which is not an observation: \(error.reason)")
                }
            }
            return .success(.observations(observations))
        case .snapshot:
            // Pairs: `order SCENE: …` then `keyWindow SCENE -> W` for the same scene.
            var scenes: [SceneSnapshot] = []
            for (index, line) in lines.enumerated() {
                switch (index % 2, try? ObservationParser.parse(line)) {
                case let (0, .order(scene, windows)?):
                    scenes.append(SceneSnapshot(scene: scene, order: windows, keyWindow: nil))
                case let (1, .keyWindow(scene, window)?) where scenes.last?.scene == scene:
                    scenes[scenes.count - 1].keyWindow = window
                default:
                    return garbage("wrote `\(line.prefix(200))` as line \(index + 1) of a snapshot, which is one "
                                   + "`order SCENE: …` line then one `keyWindow SCENE -> W` line per scene")
                }
            }
            guard lines.count % 2 == 0 else {
                return garbage("answered `snapshot` without a `keyWindow` line after its last `order` line")
            }
            guard scenes.first?.scene == mainSceneName else {
                return garbage("answered `snapshot` without scene main first"
                               + (lines.isEmpty ? " (no lines: an extra `ok` earlier shifts every later answer)" : ""))
            }
            return .success(.scenes(scenes))
        case .invariants:
            if let stray = lines.first(where: { !$0.hasPrefix("violation ") }) {
                return garbage("wrote `\(stray.prefix(200))` in answer to `invariants`, where only `violation TEXT` "
                               + "lines belong (an extra `ok` earlier shifts every later answer)")
            }
            return .success(.violations(lines.map { String($0.dropFirst(10)) }))
        }
    }
}
