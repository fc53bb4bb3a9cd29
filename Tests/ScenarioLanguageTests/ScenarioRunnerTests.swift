import Testing
import WindowModel
@testable import ScenarioLanguage

/// An engine whose `press KEY` answers with observations chosen by KEY, so that
/// expectation matching can be tested without window semantics.
final class ScriptedSystem: WindowSystem {
    static let script: [String: [Observation]] = [
        "three": [
            .notify(window: "a", .didBecomeVisible),
            .order(scene: "main", windows: ["a", "b"]),
            .keyWindow(scene: "main", window: "a"),
        ],
        "one": [.press(window: "a")],
        "none": [],
    ]
    var engineName: String { "scripted" }
    func apply(_ command: Command) -> [Observation] {
        if case let .press(key, _) = command { return Self.script[key] ?? [] }
        return []
    }
    func snapshot() -> [SceneSnapshot] { [] }
    func invariantViolations() -> [String] { [] }
}

func runScripted(_ text: String) throws -> ScenarioRunResult {
    let scenario = try ScenarioParser().parse(text, file: "s.wls")
    return ScenarioRunner(engine: EngineFactory(name: "scripted") { ScriptedSystem() }).run(scenario)
}

@Suite("ScenarioRunner: expectations")
struct ScenarioRunnerTests {
    @Test("an ordered subsequence of the statement's observations matches")
    func subsequence() throws {
        let result = try runScripted("""
            press three
            expect notify a didBecomeVisible
            expect keyWindow main -> a
            press three
            expect order main: a b
            """)
        #expect(result.passed)
        #expect(result.expectationsChecked == 3)
        #expect(result.steps.map(\.expectationCount) == [2, 1])
        #expect(result.trace.count == 6)
    }

    @Test("out of order, repeated or foreign expectations fail, with file, line, expected and got")
    func failures() throws {
        let result = try runScripted("""
            press three
            expect keyWindow main -> a
            expect notify a didBecomeVisible
            press one
            expect press -> a
            expect press -> a
            press one
            expect notify a didBecomeVisible
            """)
        #expect(result.expectationsChecked == 5)
        #expect(result.failures.map(\.line) == [3, 6, 8])
        let first = try #require(result.failures.first)
        #expect(first.file == "s.wls")
        #expect(first.statementLine == 1)
        #expect(first.expected == "notify a didBecomeVisible")
        #expect(first.got == ["notify a didBecomeVisible", "order main: a b", "keyWindow main -> a"])
        #expect(first.description == "s.wls:3: expectation failed: expected 'notify a didBecomeVisible', "
            + "got: [notify a didBecomeVisible; order main: a b; keyWindow main -> a] (it came before the "
            + "observation line 2 matched: expect lines follow the order of the observations)")
        // An expectation is matched against its own statement only, not an earlier one.
        #expect(result.failures[2].got == ["press -> a"])
    }

    @Test("blank runs and tabs collapse on both sides")
    func blanks() throws {
        let result = try runScripted("press three\nexpect  order\tmain:   a  b  \n")
        #expect(result.passed)
        #expect(ExpectationText.normalize("  order main:\t a   b ") == "order main: a b")
        #expect(ExpectationText.matches(expected: "order  main:", observed: "order main:"))
        #expect(!ExpectationText.matches(expected: "order main: a", observed: "order main: ab"))
    }

    @Test("expect nothing holds only for a statement without observations")
    func nothing() throws {
        #expect(try runScripted("press none\nexpect nothing").passed)
        let failed = try runScripted("press one\nexpect nothing")
        #expect(failed.failures.count == 1)
        #expect(failed.failures.first?.expected == "nothing")
        #expect(failed.failures.first?.got == ["press -> a"])
        #expect(failed.failures.first?.description == "s.wls:2: expectation failed: expected 'nothing', got: [press -> a]")
    }

    @Test("evaluate on a shorter trace checks only the statements it covers")
    func partialTrace() throws {
        let scenario = try ScenarioParser().parse("press one\nexpect press -> a\npress one\nexpect press -> b")
        let result = ScenarioRunner.evaluate(scenario, trace: [[.press(window: "a")], []], engine: "x")
        #expect(result.passed)
        #expect(result.steps.count == 1)
        #expect(result.expectationsChecked == 1)
    }
}
