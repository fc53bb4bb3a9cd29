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
public final class ProcessEngine: PipeliningWindowSystem, EngineFaultReporting {
    public let engineName: String
    let pool: ProcessEnginePool
    private var connection: EngineProcess?
    private var needsReset: Bool
    /// Answers read ahead by ``pipeline(_:snapshots:)``, oldest first.
    private var queue: [(request: String, lines: [String])] = []
    private var queueStart = 0
    private var queuedFault: EngineFault?
    public private(set) var fault: EngineFault?

    init(name: String, pool: ProcessEnginePool, connection: EngineProcess?, fault: EngineFault?, needsReset: Bool) {
        engineName = name
        self.pool = pool
        self.connection = connection
        self.fault = fault
        self.needsReset = needsReset
    }

    deinit {
        if let connection, fault == nil, queuedFault == nil, connection.fault == nil {
            pool.giveBack(connection)
        }
    }

    public func apply(_ command: Command) -> [Observation] {
        guard !command.isExpectation, let lines = answer(ScenarioPrinter.wireLine(command)) else { return [] }
        var observations: [Observation] = []
        observations.reserveCapacity(lines.count)
        for line in lines {
            do {
                observations.append(try ObservationParser.parse(line))
            } catch {
                garbage("wrote `\(line.prefix(200))`, which is not an observation: \(error.reason)",
                        ScenarioPrinter.wireLine(command))
                return []
            }
        }
        return observations
    }

    public func snapshot() -> [SceneSnapshot] {
        guard let lines = answer("snapshot") else { return [] }
        var scenes: [SceneSnapshot] = []
        for line in lines {
            switch try? ObservationParser.parse(line) {
            case let .order(scene, windows)?:
                scenes.append(SceneSnapshot(scene: scene, order: windows, keyWindow: nil))
            case let .keyWindow(scene, window)? where scenes.last?.scene == scene:
                scenes[scenes.count - 1].keyWindow = window
            default:
                garbage("wrote `\(line.prefix(200))` in a snapshot, where only `order SCENE: …` and "
                        + "`keyWindow SCENE -> W` lines, in pairs, belong", "snapshot")
                return []
            }
        }
        return scenes
    }

    public func invariantViolations() -> [String] {
        if let fault { return ["engine fault: \(fault)"] }
        guard pool.hello.answersInvariants, let lines = answer("invariants", queued: false) else { return [] }
        return lines.map { $0.hasPrefix("violation ") ? String($0.dropFirst(10)) : $0 }
    }

    /// Sends every command (each followed by `snapshot` when `snapshots`) in one
    /// write and reads every answer in one go; the calls to ``apply(_:)`` and
    /// ``snapshot()`` that follow, in the same order, take their answers from
    /// what was read. A fault part-way surfaces at the statement that caused it.
    public func pipeline(_ commands: [Command], snapshots: Bool) {
        guard fault == nil, queuedFault == nil, let connection else { return }
        var requests: [String] = []
        requests.reserveCapacity(commands.count * (snapshots ? 2 : 1) + 1)
        for command in commands where !command.isExpectation {
            requests.append(ScenarioPrinter.wireLine(command))
            if snapshots { requests.append("snapshot") }
        }
        let answers = send(requests, on: connection)
        queue.removeFirst(queueStart)
        queueStart = 0
        queue += zip(requests, answers).map { ($0, $1) }
        queuedFault = connection.fault
    }

    // MARK: Talking

    /// The answer to one request, from the read-ahead queue or a round trip; nil
    /// (and ``fault`` set) when there is none.
    private func answer(_ request: String, queued: Bool = true) -> [String]? {
        guard fault == nil else { return nil }
        if queued && queueStart < queue.count {
            let (queued, lines) = queue[queueStart]
            queueStart += 1
            guard queued == request else {
                fault = EngineFault(kind: .error, message: "the harness asked out of step with its read-ahead "
                                    + "(`\(request)` after queuing `\(queued)`); a harness bug", statement: request)
                return nil
            }
            return lines
        }
        if let queuedFault {
            // Not queued (invariants): the engine is waiting to fail at a later
            // statement; say nothing now, so the fault is reported where it happened.
            if !queued { return [] }
            fault = queuedFault
            return nil
        }
        guard let connection else { return nil }
        let answers = send([request], on: connection)
        guard let lines = answers.first else {
            fault = connection.fault
            return nil
        }
        return lines
    }

    /// Sends requests, with a `reset` first when this process served an earlier instance.
    private func send(_ requests: [String], on connection: EngineProcess) -> [[String]] {
        var batch = requests
        if needsReset { batch.insert("reset", at: 0) }
        var answers = connection.exchange(batch, timeout: pool.timeout)
        if needsReset {
            guard let reset = answers.first else { return [] }
            needsReset = false
            answers.removeFirst()
            if !reset.isEmpty {
                connection.fail(.garbage, "answered `reset` with `\(reset[0].prefix(200))` before `ok`", "reset")
                return []
            }
        }
        return answers
    }

    private func garbage(_ what: String, _ statement: String) {
        fault = EngineFault(kind: .garbage, message: "the engine " + what, statement: statement,
                            standardErrorTail: connection?.standardErrorTail ?? "")
        connection?.terminate()
    }
}
