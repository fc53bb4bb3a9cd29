import Foundation
import Lockstep
import ScenarioLanguage
import WindowModel

/// A scenario run on one or more engines: its expectations, checked against the
/// first engine's trace, and, with several engines, their first divergence.
///
/// Statements that need a feature some engine lacks (see ``EngineFeature``) are
/// skipped on every engine (a window's `root` is dropped without views). Their
/// `expect` lines are not checked, and neither is any `expect` after the first skip
/// or drop: from there on, the state the file describes is not the state the
/// engines are in. The engines are still compared.
public struct ScenarioCheck: Sendable {
    public var result: ScenarioRunResult
    public var divergence: Divergence?
    /// Statements not sent or sent reduced (a window without its root view), and
    /// `expect` lines not checked, because of missing features.
    public var skippedStatements = 0
    public var skippedExpectations = 0
    /// The features whose absence skipped statements.
    public var missingFeatures: Set<EngineFeature> = []
    /// The engine fault that ended the run early, when one did.
    public var fault: String?
    /// The commands sent (fitted to the engines), and the divergence indexed into them.
    public var commandsSent: [Command] = []
    public var divergenceInSent: Divergence?
    /// Every difference, when the check went on after the first (`allDifferences`),
    /// indexed by statement like ``divergence``.
    public var divergences: [Divergence] = []
    /// Every difference with its index among the commands sent (``commandsSent``).
    public var divergencesInSent: [Divergence] = []
    /// Whether the run ended at its deadline, unfinished.
    public var timedOut = false
    /// Statements an engine answered `unsupported` (a query is then not compared for
    /// it; any other statement ends the run there, and the `expect` lines after it are
    /// not checked).
    public var unsupported = UnsupportedStatements()
    /// What a declined statement cut off: the statements after it never sent (the
    /// ledger's count), and the `expect` lines after it never reached (none when no
    /// decline ended the run).
    public var statementsCutOff: Int { unsupported.ledger.total.cutOff }
    public var expectationsUnreached = 0
    /// The line of the statement whose decline ended the run, when one did.
    public var declinedLine: Int?

    /// Runs `scenario` on every engine in lockstep (or on the one engine given).
    /// - Parameter allDifferences: go on after the first difference and record each
    ///   (expectations are then checked to the end of the file).
    /// - Parameter deadline: end the run, unfinished, at this instant.
    public init(_ scenario: Scenario, engines: [EngineFactory], allDifferences: Bool = false,
                deadline: ContinuousClock.Instant? = nil) {
        precondition(!engines.isEmpty, "ScenarioCheck needs at least one engine")
        var filter = FeatureFilter(engines: engines)
        var sent: [Command] = []
        var statementOfSent: [Int] = []
        var skipped: Set<Int> = []
        var firstChange: Int?  // the first statement skipped or sent reduced
        var leftOut = ComparisonLedger()
        for (index, statement) in scenario.statements.enumerated() {
            guard let original = statement.command else { continue }
            let steeredBefore = filter.steered
            if let command = filter.admit(original) {
                sent.append(command)
                statementOfSent.append(index)
                if command != original { firstChange = firstChange ?? index }
            } else {
                skipped.insert(index)
                firstChange = firstChange ?? index
                leftOut.noteLeftOut(original, steered: filter.steered > steeredBefore)
            }
        }
        // Invariants are asked for after every statement, one engine alone included: a
        // finding that is an engine's broken invariants fails its replay on that engine.
        let run = DifferentialRunner.run(sent, engines: engines, cadence: .everyCommand,
                                         continuesAfterDivergence: allDifferences, deadline: deadline)
        timedOut = run.timedOut
        unsupported = run.unsupported
        unsupported.ledger.merge(leftOut)
        // Put each sent command's observations back at its statement.
        var trace = [[Observation]](repeating: [], count: scenario.statements.count)
        let ran = statementOfSent.prefix(run.trace.count)
        for (position, index) in ran.enumerated() { trace[index] = run.trace[position] }
        let reached = (allDifferences && run.divergence?.fault == nil ? nil : run.divergence)
            .map { statementOfSent[$0.commandIndex] + 1 }
            ?? (run.trace.count < sent.count ? statementOfSent[run.trace.count] : scenario.statements.count)
        // Expectations are checked on the first engine's trace: what it declared it does
        // otherwise (SEMANTICS.md, "Declared deviations") is not held against it.
        let deviations = engines[0].deviations
        result = ScenarioRunner.evaluate(scenario, trace: Array(trace.prefix(reached)), engine: engines[0].name,
                                         skipped: skipped, uncheckedAfter: firstChange,
                                         declined: Set(run.declinedByFirst.map { statementOfSent[$0] }),
                                         relaxed: { EngineDeviation.relaxes(expectation: $0, deviations) })
        if run.endedUnsupported {
            let stop = statementOfSent[run.trace.count - 1]
            declinedLine = scenario.statements[stop].line
            expectationsUnreached = scenario.statements[(stop + 1)...].filter { $0.expectation != nil }.count
        }
        skippedStatements = skipped.count + filter.reduced
        skippedExpectations = result.expectationsSkipped
        missingFeatures = filter.missing
        commandsSent = sent
        divergenceInSent = run.divergence
        divergencesInSent = run.divergences
        divergences = run.divergences.map { found in
            var divergence = found
            divergence.commandIndex = statementOfSent[found.commandIndex]
            return divergence
        }
        if var divergence = run.divergence {
            divergence.commandIndex = statementOfSent[divergence.commandIndex]
            if divergence.fault != nil { fault = divergence.summary }
            self.divergence = divergence
        }
    }

    /// True when every expectation held and no engine disagreed or failed.
    public var passed: Bool { result.failures.isEmpty && divergence == nil }

    /// The failed expectations, `file:line: ...` (a divergence is not among them).
    public var expectationProblems: [String] { result.failures.map(\.description) }

    /// One message per problem, `file:line: ...`, as `windowlab run` prints them.
    public func problems(in scenario: Scenario) -> [String] {
        var messages: [String] = []
        for divergence in divergences {
            let line = scenario.statements[divergence.commandIndex].line
            if divergence.fault != nil {
                messages.append("\(scenario.file):\(line): engine failed: \(divergence.summary)")
            } else if case .invariants = divergence.difference {
                messages.append("\(scenario.file):\(line): \(divergence.summary)")
            } else {
                var report = "\(scenario.file):\(line): engines differ: \(divergence.summary)"
                for (engine, lines) in divergence.observations {
                    report += "\n  \(engine): [\(lines.joined(separator: "; "))]"
                }
                messages.append(report)
            }
        }
        return messages + result.failures.map(\.description)
    }
}
