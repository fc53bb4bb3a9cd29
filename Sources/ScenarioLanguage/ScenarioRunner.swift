import WindowModel

/// An `expect` line that did not hold.
///
/// ``description`` is the line `windowlab run` prints:
/// `alert.wls:14: expectation failed: expected 'keyWindow main -> app', got: [keyWindow main -> alert]`.
public struct ExpectationFailure: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// The line of the `expect` statement.
    public var line: Int
    /// The line of the statement whose observations were checked.
    public var statementLine: Int
    /// The expected text, normalized; `nothing` for `expect nothing`.
    public var expected: String
    /// Every observation of the statement, as trace text.
    public var got: [String]
    /// Why it may have failed, when something suggests it: an earlier `expect` line
    /// already matched the same observation, or an observation is spelled nearly so.
    public var hint: String?

    public init(file: String, line: Int, statementLine: Int, expected: String, got: [String], hint: String? = nil) {
        self.file = file
        self.line = line
        self.statementLine = statementLine
        self.expected = expected
        self.got = got
        self.hint = hint
    }

    public var description: String {
        "\(file):\(line): expectation failed: expected '\(expected)', got: [\(got.joined(separator: "; "))]"
            + (hint.map { " (\($0))" } ?? "")
    }
}

/// What one non-`expect` statement produced.
public struct ScenarioStep: Sendable {
    public var statement: Scenario.Statement
    public var observations: [Observation]
    /// How many `expect` lines followed the statement.
    public var expectationCount: Int
}

/// The outcome of running a scenario on one engine.
public struct ScenarioRunResult: Sendable {
    public var file: String
    public var engine: String
    /// Every statement that ran, expectations excluded, with its observations.
    public var steps: [ScenarioStep]
    /// Expectations checked (`expect` lines whose statement ran).
    public var expectationsChecked: Int
    /// Expectations not checked because statements were skipped (see ``ScenarioRunner/evaluate(_:trace:engine:skipped:)``).
    public var expectationsSkipped = 0
    public var failures: [ExpectationFailure]

    /// True when every expectation checked held.
    public var passed: Bool { failures.isEmpty }

    /// The trace: every observation, one line each, in order.
    public var trace: [String] { steps.flatMap { $0.observations.map(\.description) } }
}

/// Why an `expect` may have failed: it repeats one that already matched, or it
/// is nearly the spelling of an observation.
private func hint(_ wanted: String, _ texts: [String], cursor: Int, matchedBy: [Int: Int]) -> String? {
    if let earlier = texts[..<cursor].firstIndex(where: { ExpectationText.normalize($0) == wanted }) {
        if let line = matchedBy[earlier] {
            return "line \(line) already matched that observation, and each expect line needs one of its own, in order"
        }
        let previous = matchedBy[cursor - 1].map { "line \($0)" } ?? "an earlier expect line"
        return "it came before the observation \(previous) matched: expect lines follow the order of the observations"
    }
    if let near = Spelling.closest(to: wanted, among: texts) { return "did you mean '\(near)'?" }
    return nil
}

/// Runs a parsed scenario on one engine and checks its expectations.
///
/// The `expect` lines after a statement must match an ordered subsequence of that
/// statement's observations, compared as text with blank runs collapsed
/// (``ExpectationText``); `expect nothing` requires that it produced none. This is
/// the code path of `windowlab run` and of the tests that run `Examples/`.
///
/// ```swift
/// let result = ScenarioRunner(engine: EngineFactory(name: "reference") { ReferenceWindowSystem() })
///     .run(try ScenarioParser().parseFile(atPath: "Examples/alert-over-app.wls"))
/// result.failures  // []
/// ```
public struct ScenarioRunner: Sendable {
    public let engine: EngineFactory

    public init(engine: EngineFactory) {
        self.engine = engine
    }

    /// Runs every statement on a fresh instance of the engine.
    public func run(_ scenario: Scenario) -> ScenarioRunResult {
        let system = engine.make()
        var trace: [[Observation]] = []
        trace.reserveCapacity(scenario.statements.count)
        for statement in scenario.statements {
            trace.append(statement.command.map(system.apply) ?? [])
        }
        return Self.evaluate(scenario, trace: trace, engine: engine.name)
    }

    /// Checks the expectations of `scenario` against observations already made:
    /// `trace[i]` belongs to statement `i`. When the trace is shorter (a run that
    /// stopped early), only the statements it covers are reported and checked.
    ///
    /// Statements in `skipped` (indices) were not sent to the engine (it lacks a
    /// feature they need): they make no step, and no `expect` line from the first
    /// of them on is checked, since the state the file describes is no longer the
    /// engine's. Those lines are counted in ``ScenarioRunResult/expectationsSkipped``.
    /// `uncheckedAfter` moves that point earlier (a statement sent in a reduced form).
    /// - Parameter relaxed: `expect` texts not to check (an engine's declared deviation
    ///   relaxes them); they count as unchecked.
    /// - Parameter declined: statements (indices) the engine answered `unsupported`:
    ///   their own `expect` lines count as unchecked.
    public static func evaluate(_ scenario: Scenario, trace: [[Observation]], engine: String,
                                skipped: Set<Int> = [], uncheckedAfter: Int? = nil, declined: Set<Int> = [],
                                relaxed: (String) -> Bool = { _ in false }) -> ScenarioRunResult {
        let firstSkip = min(skipped.min() ?? Int.max, uncheckedAfter ?? Int.max)
        var unchecked = 0
        var steps: [ScenarioStep] = []
        var failures: [ExpectationFailure] = []
        var checked = 0
        var cursor = 0  // next observation of the current step an `expect` may match
        var texts: [String] = []
        var matchedBy: [Int: Int] = [:]  // observation index -> line of the `expect` that matched it
        var stepDeclined = false
        for (index, statement) in scenario.statements.enumerated() where index < trace.count {
            if (index > firstSkip || stepDeclined) && statement.expectation != nil {
                unchecked += 1
                continue
            }
            if skipped.contains(index) { continue }
            switch statement.content {
            case let .expectation(.observation(expected)):
                guard let step = steps.last else { continue }
                if relaxed(ExpectationText.normalize(expected)) {
                    unchecked += 1
                    continue
                }
                checked += 1
                steps[steps.count - 1].expectationCount += 1
                let wanted = ExpectationText.normalize(expected)
                if let found = texts[cursor...].firstIndex(where: { ExpectationText.normalize($0) == wanted }) {
                    cursor = found + 1
                    matchedBy[found] = statement.line
                } else {
                    failures.append(ExpectationFailure(
                        file: scenario.file, line: statement.line, statementLine: step.statement.line,
                        expected: wanted, got: texts, hint: hint(wanted, texts, cursor: cursor, matchedBy: matchedBy)))
                }
            case .expectation(.nothing):
                guard let step = steps.last else { continue }
                checked += 1
                steps[steps.count - 1].expectationCount += 1
                if !texts.isEmpty {
                    failures.append(ExpectationFailure(
                        file: scenario.file, line: statement.line, statementLine: step.statement.line,
                        expected: "nothing", got: texts))
                }
            case .command:
                stepDeclined = declined.contains(index)
                steps.append(ScenarioStep(statement: statement, observations: trace[index], expectationCount: 0))
                texts = trace[index].map(\.description)
                cursor = 0
                matchedBy = [:]
            }
        }
        return ScenarioRunResult(
            file: scenario.file, engine: engine, steps: steps, expectationsChecked: checked,
            expectationsSkipped: unchecked, failures: failures)
    }
}
