import Foundation
import Lockstep
import ScenarioLanguage
import WindowModel

/// Whether a finding's saved scenario shows what the finding says, run the way
/// `windowlab run` runs it: its text parsed back and run on the engines through
/// ``ScenarioCheck`` (every difference, features fitted), every `expect` line holding
/// on the first engine and the engines differing at the diverging statement as the
/// finding's signature says. A campaign checks each finding so before it saves it: one
/// that does not reproduce is a fault of the harness, never a finding.
public enum FindingVerification {
    public enum Outcome: Sendable, Equatable {
        case reproduces
        /// The run could not finish before the deadline: nothing is known.
        case outOfTime
        /// What the scenario shows instead.
        case problem(String)
    }

    /// Checks `finding` as its scenario file would be saved (``FindingFile``).
    public static func check(_ finding: Finding, engines: [EngineFactory], deadline: ContinuousClock.Instant? = nil)
        -> Outcome
    {
        check(FindingFile(finding, engines: engines), signature: finding.signature, engines: engines, deadline: deadline)
    }

    /// Checks a finding file against the signature it should show at its diverging
    /// statement (the last command before the final queries).
    public static func check(_ file: FindingFile, signature: FindingSignature, engines: [EngineFactory],
                             deadline: ContinuousClock.Instant? = nil) -> Outcome {
        let scenario: Scenario
        do {
            scenario = try ScenarioParser().parse(file.scenarioText, file: file.stem + ".wls")
        } catch {
            return .problem("its text does not parse back: \(error)")
        }
        let check = ScenarioCheck(scenario, engines: engines, allDifferences: true, deadline: deadline)
        if check.timedOut { return .outOfTime }
        if let failure = check.result.failures.first {
            return .problem("an expect line fails on \(engines.first?.name ?? "the first engine"): \(failure)")
        }
        let statement = file.commands.count - 1
        let line = scenario.statements.indices.contains(statement) ? scenario.statements[statement].line : 0
        guard let found = check.divergences.first(where: { $0.commandIndex == statement }) else {
            let elsewhere = check.divergences.first.map {
                "; they differ at line \(scenario.statements[$0.commandIndex].line) instead (\($0.signature))"
            } ?? "; they agree throughout"
            return .problem("the engines do not differ at its diverging statement (line \(line))" + elsewhere)
        }
        let shown = found.signature
        guard shown == signature else {
            return .problem("at line \(line) the engines differ as `\(shown)`, not as `\(signature)`")
        }
        return .reproduces
    }
}
