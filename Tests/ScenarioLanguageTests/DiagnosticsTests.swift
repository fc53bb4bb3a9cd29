import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

/// Messages a person writing scenarios by hand meets: every error of a file at
/// once, "did you mean", and why an `expect` line failed.
@Suite("Scenario diagnostics")
struct DiagnosticsTests {
    static let reference = TestEngines.reference

    @Test("every error of a file is reported, in order, not just the first")
    func everyError() {
        let text = "window a frame 0 0 10 10\nshwo a\nset a alpah 1\ntouch 1 begn 1 1\nmakekey a\nshow a\n"
        let problems = ScenarioParser().diagnose(bytes: Array(text.utf8), file: "t.wls")
        #expect(problems.map(\.line) == [2, 3, 4, 5])
        #expect(ScenarioParser().diagnose(bytes: Array("window a frame 0 0 1 1\n".utf8)).isEmpty)
        let many = String(repeating: "oops\n", count: 50)
        #expect(ScenarioParser().diagnose(bytes: Array(many.utf8), limit: 20).count == 20)
    }

    @Test("a misspelled statement, property or touch phase gets a suggestion", arguments: [
        ("shwo a", "did you mean 'show'?"), ("makekey a", "did you mean 'makeKey'?"),
        ("set a alpah 1", "did you mean 'alpha'?"), ("set a passtrough on", "did you mean 'passthrough'?"),
        ("touch 1 begn 1 1", "did you mean 'began'?"), ("convrt 1 1 from a to screen", "did you mean 'convert'?"),
    ])
    func didYouMean(line: String, suggestion: String) {
        let problems = ScenarioParser().diagnose(bytes: Array("window a frame 0 0 10 10\n\(line)\n".utf8))
        #expect(problems.count == 1)
        #expect(problems.first?.reason.contains(suggestion) == true, "\(problems)")
    }

    @Test("an unrelated word gets no suggestion")
    func noWildGuess() {
        let problems = ScenarioParser().diagnose(bytes: Array("teleport a\n".utf8))
        #expect(problems.first?.reason == "unknown statement 'teleport'")
    }

    @Test("an expect line repeating one that matched says so, instead of contradicting itself")
    func repeatedExpectation() throws {
        let scenario = try ScenarioParser().parse("""
            window app frame 0 0 10 10
            show app
            expect notify app didBecomeVisible
            expect notify app didBecomeVisible
            """)
        let failure = try #require(ScenarioRunner(engine: Self.reference).run(scenario).failures.first)
        #expect(failure.line == 4)
        #expect(failure.hint?.contains("line 3 already matched that observation") == true)
        #expect(failure.description.contains("each expect line needs one of its own"))
    }

    @Test("an expect line one slip away from an observation suggests it")
    func nearObservation() throws {
        let scenario = try ScenarioParser().parse("""
            window app frame 0 0 10 10
            show app
            expect notify app didBecomeVisble
            hit 1 1
            expect hit -> app/app at 1 2
            expect hit -> nothing
            """)
        let failures = ScenarioRunner(engine: Self.reference).run(scenario).failures
        #expect(failures.map(\.line) == [3, 5, 6])
        #expect(failures[0].hint == "did you mean 'notify app didBecomeVisible'?")
        #expect(failures[1].hint == "did you mean 'hit -> app/app at 1 1'?")
        #expect(failures[2].hint == nil)
    }
}
