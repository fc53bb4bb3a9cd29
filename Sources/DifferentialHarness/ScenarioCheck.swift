import ScenarioLanguage
import WindowModel

/// A scenario run on one or more engines: its expectations, checked against the
/// first engine's trace, and, with several engines, their first divergence.
public struct ScenarioCheck: Sendable {
    public var result: ScenarioRunResult
    public var divergence: Divergence?

    /// Runs `scenario` on every engine in lockstep (or on the one engine given).
    public init(_ scenario: Scenario, engines: [EngineFactory]) {
        precondition(!engines.isEmpty, "ScenarioCheck needs at least one engine")
        if engines.count == 1 {
            result = ScenarioRunner(engine: engines[0]).run(scenario)
            divergence = nil
        } else {
            let run = DifferentialRunner.run(scenario.commands, engines: engines)
            result = ScenarioRunner.evaluate(scenario, trace: run.trace, engine: engines[0].name)
            divergence = run.divergence
        }
    }

    /// True when every expectation held and no engine disagreed.
    public var passed: Bool { result.failures.isEmpty && divergence == nil }

    /// One message per problem, `file:line: ...`, as `windowlab run` prints them.
    public func problems(in scenario: Scenario) -> [String] {
        var messages: [String] = []
        if let divergence {
            let line = scenario.statements[divergence.commandIndex].line
            var report = "\(scenario.file):\(line): engines differ: \(divergence.summary)"
            for (engine, lines) in divergence.observations {
                report += "\n  \(engine): [\(lines.joined(separator: "; "))]"
            }
            messages.append(report)
        }
        return messages + result.failures.map(\.description)
    }
}
