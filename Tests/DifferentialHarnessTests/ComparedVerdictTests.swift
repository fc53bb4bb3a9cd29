import DifferentialHarness
import IndexedEngine
import Lockstep
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

/// A pass means compared (issue 43): engines that decline what they are sent, in each
/// way a red team found to pass before, fail the verdict; what a decline cut off
/// counts against the run (SEMANTICS.md, "Declared deviations"; docs/engine-protocol.md,
/// "unsupported").
@Suite("A pass means compared")
struct ComparedVerdictTests {
    /// The indexed engine, declining every statement after its first `keep` of each case
    /// (a fresh instance per case), or every statement of the kinds given.
    final class HostileEngine: WindowSystem, UnsupportedReporting {
        let base = IndexedWindowSystem()
        let keep: Int?
        let kinds: Set<String>
        private var applied = 0
        private var declined: String?

        init(keep: Int? = nil, kinds: Set<String> = []) {
            self.keep = keep
            self.kinds = kinds
        }

        var engineName: String { "hostile" }
        func apply(_ command: Command) -> [Observation] {
            applied += 1
            if kinds.contains(command.kindName) || (keep.map { applied > $0 } ?? false) {
                declined = "declined on purpose"
                return []
            }
            return base.apply(command)
        }
        func snapshot() -> [SceneSnapshot] { base.snapshot() }
        func invariantViolations() -> [String] { base.invariantViolations() }
        func takeUnsupported() -> String? {
            defer { declined = nil }
            return declined
        }
    }

    static func campaign(_ engine: @escaping @Sendable () -> HostileEngine) -> CheckResult {
        var campaign = DifferentialCampaign(seed: 5, seconds: 900, jobs: 1,
                                            engines: [TestEngines.reference, EngineFactory(name: "hostile") { engine() }],
                                            profile: .small)
        campaign.caseLimit = 40
        let totals = campaign.run(progress: { _ in }, found: { _ in nil }, forget: { _ in })
        var result = CheckResult()
        result.add(totals)
        return result
    }

    @Test("an engine that declines the rest of each case after its third statement fails: what it cut off counts")
    func restOfEachCase() {
        let result = Self.campaign { HostileEngine(keep: 3) }
        #expect(result.groups.isEmpty)
        #expect(result.unsupported.ledger.total.cutOff > result.unsupported.ledger.total.compared)
        #expect(result.comparedTooLittle.contains { $0.hasPrefix("only ") }, "\(result.comparedTooLittle)")
    }

    @Test("an engine that declines every query fails: no query was compared",
          arguments: [["hit", "order", "keyWindow", "convert", "press"], ["hit"], ["convert"]])
    func everyQuery(kinds: [String]) {
        let result = Self.campaign { HostileEngine(kinds: Set(kinds)) }
        #expect(result.groups.isEmpty)
        #expect(result.unsupported.casesEnded == 0)
        #expect(!result.comparedTooLittle.isEmpty, "declining \(kinds) passed")
    }

    @Test("an engine that declines every touch, or one touch phase, fails",
          arguments: ["touchBegan touchMoved touchEnded touchCancelled", "touchMoved", "touchEnded"])
    func touchPhases(kinds: String) {
        let result = Self.campaign { HostileEngine(kinds: Set(kinds.split(separator: " ").map(String.init))) }
        #expect(result.groups.isEmpty)
        #expect(!result.comparedTooLittle.isEmpty, "declining \(kinds) passed")
        let touches = result.unsupported.ledger.byFamily.first { $0.family == .touches }?.counts
        #expect((touches?.declined ?? 0) > 0)
    }

    @Test("a clean engine compares everything: the ledger counts every statement and nothing falls short")
    func cleanEngine() {
        var campaign = DifferentialCampaign(seed: 5, seconds: 900, jobs: 1,
                                            engines: [TestEngines.reference, TestEngines.indexed], profile: .small)
        campaign.caseLimit = 20
        let totals = campaign.run(progress: { _ in }, found: { _ in nil }, forget: { _ in })
        var result = CheckResult()
        result.add(totals)
        #expect(result.comparedTooLittle.isEmpty)
        #expect(result.unsupported.ledger.total.compared == result.commands)
        #expect(result.unsupported.ledger.total.uncompared == 0)
    }

    @Test("a scenario cut at its first declined touch counts the statements and expect lines it never reached")
    func scenarioCutOff() throws {
        let scenario = try ScenarioParser().parse("""
            window w frame 0 0 10 10 root
            show w
            touch 1 began 5 5
            expect touch 1 began w.root at 5 5
            touch 1 ended 5 5
            expect touch 1 ended w.root at 5 5
            hit 5 5
            expect hit w.root at 5 5
            """, file: "cut.wls")
        let engine = EngineFactory(name: "hostile") { HostileEngine(kinds: ["touchBegan"]) }
        let check = ScenarioCheck(scenario, engines: [engine], allDifferences: true)
        #expect(check.divergence == nil)
        #expect(check.statementsCutOff == 2)
        #expect(check.expectationsUnreached == 3)
        #expect(check.declinedLine == 3)
        var run = RunResult(engines: [engine])
        run.add(check, scenario: scenario)
        let shortfalls = run.judgeCompared()
        #expect(shortfalls.contains { $0.hasPrefix("no touch statement was compared") }, "\(shortfalls)")
        #expect(run.status == 1)
    }

    @Test("the ledger survives --json and merges")
    func ledgerRoundTrip() throws {
        var ledger = ComparisonLedger()
        ledger.noteCompared(.hit(at: Point(1, 1), scene: mainSceneName), masked: true)
        ledger.noteDeclined(.convert(point: Point(0, 0), from: .screen, to: .screen))
        ledger.noteCutOff([.show(window: "w")])
        ledger.noteLeftOut(.makeKey(window: "w"), steered: true)
        var unsupported = UnsupportedStatements()
        unsupported.ledger = ledger
        unsupported.merge(unsupported)
        var result = CheckResult()
        result.unsupported = unsupported
        let decoded = try CheckResult.fromJSON(result.jsonText())
        #expect(decoded.unsupported.ledger == unsupported.ledger)
        #expect(decoded.unsupported.ledger.byKind["hit"]?.masked == 2)
        #expect(decoded.unsupported.ledger.byKind["makeKey"]?.steered == 2)
        #expect(ledger.summary.contains("steered around by declared deviations (makeKey 1)"), "\(ledger.summary)")
    }
}
