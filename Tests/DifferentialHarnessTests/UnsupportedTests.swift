import DifferentialHarness
import IndexedEngine
import IndexedEngineMutants
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

/// An engine may answer a statement `unsupported REASON`: no fault and no finding,
/// counted; a query it declines is not compared, any other statement ends the case
/// (docs/engine-protocol.md, "unsupported").
@Suite("Unsupported statements")
struct UnsupportedTests {
    /// `base`, declining every statement of the kinds given: it answers nothing and
    /// leaves its state as it was, as an engine that cannot do them would.
    final class DecliningEngine: WindowSystem, UnsupportedReporting {
        let base: any WindowSystem
        let kinds: Set<String>
        /// Declines only every `every`-th statement of those kinds (1: all of them).
        let every: Int
        private var seen = 0
        private var declined: String?

        init(_ base: any WindowSystem, declining kinds: Set<String>, every: Int = 1) {
            self.base = base
            self.kinds = kinds
            self.every = every
        }

        var engineName: String { "declining" }
        func apply(_ command: Command) -> [Observation] {
            guard kinds.contains(command.kindName) else { return base.apply(command) }
            seen += 1
            guard seen % every == 0 else { return base.apply(command) }
            declined = "no \(command.kindName) here"
            return []
        }
        func snapshot() -> [SceneSnapshot] { base.snapshot() }
        func invariantViolations() -> [String] { base.invariantViolations() }
        func takeUnsupported() -> String? {
            defer { declined = nil }
            return declined
        }
    }

    static func declining(_ kinds: Set<String>, every: Int = 1, mutation: IndexedEngineMutation? = nil) -> EngineFactory {
        EngineFactory(name: "declining") {
            DecliningEngine(mutation?.engine() ?? IndexedWindowSystem(), declining: kinds, every: every)
        }
    }

    static let window: [Command] = [
        .createWindow(name: "w", scene: mainSceneName, frame: Rect(0, 0, 10, 10), level: 0, withRootView: true),
        .show(window: "w"),
    ]

    @Test("a declined query is not compared and the case goes on; the statement is counted")
    func declinedQuery() {
        let commands = Self.window + [.convert(point: Point(1, 1), from: .named("w"), to: .screen),
                                      .hit(at: Point(1, 1), scene: mainSceneName)]
        let result = DifferentialRunner.run(commands, engines: [TestEngines.reference, Self.declining(["convert"])])
        #expect(result.divergence == nil)
        #expect(result.commandsRun == commands.count)
        #expect(result.unsupported.statements == 1)
        #expect(result.unsupported.byKind == ["convert": 1])
        #expect(result.unsupported.reasons["convert"] == "declining: no convert here")
        #expect(!result.endedUnsupported)
    }

    @Test("a declined statement that changes state ends the case there, without a finding")
    func declinedStateChange() {
        let commands = Self.window + [.setAlpha(target: "w", alpha: 0), .hit(at: Point(1, 1), scene: mainSceneName)]
        let result = DifferentialRunner.run(commands, engines: [TestEngines.reference, Self.declining(["setAlpha"])])
        #expect(result.divergence == nil)
        #expect(result.endedUnsupported)
        #expect(result.commandsRun == 3)
        #expect(result.unsupported.casesEnded == 1)
    }

    @Test("a bug is still found in what the engine does answer")
    func bugBesideDeclined() {
        var campaign = DifferentialCampaign(seed: 4, seconds: 900, jobs: 1,
                                            engines: [TestEngines.reference,
                                                      Self.declining(["convert"], mutation: .maxEdgeInclusive)], profile: .small)
        campaign.caseLimit = 60
        let totals = campaign.run(progress: { _ in }, found: { _ in nil }, forget: { _ in })
        #expect(totals.unsupported.statements > 0)
        #expect(totals.unsupported.casesEnded == 0)
        #expect(!totals.groups.isEmpty, "the edge bug survived \(totals.cases) cases")
    }

    @Test("a campaign on an engine that declines some conversions and transforms (as a value-bound engine would) finds nothing, counts them and passes on the rest")
    func campaignCounts() {
        // Every third of them declined in each case: the rest are compared.
        var campaign = DifferentialCampaign(seed: 4, seconds: 900, jobs: 1,
                                            engines: [TestEngines.reference, Self.declining(["convert", "setTransform"], every: 3)],
                                            profile: .small)
        campaign.caseLimit = 60
        let totals = campaign.run(progress: { _ in }, found: { _ in nil }, forget: { _ in })
        #expect(totals.groups.isEmpty, "\(totals.groups.map(\.signature))")
        #expect(totals.unsupported.byKind["convert", default: 0] > 0)
        #expect(totals.unsupported.casesEnded > 0)
        var result = CheckResult()
        result.add(totals)
        #expect(result.comparedTooLittle.isEmpty, "\(result.comparedTooLittle)")
        #expect(result.unsupported.ledger.total.cutOff > 0)
        #expect(result.unsupported == totals.unsupported)
    }

    @Test("an engine that declines everything cannot pass: most statements unsupported")
    func decliningEverything() {
        var campaign = DifferentialCampaign(seed: 4, seconds: 900, jobs: 1,
                                            engines: [TestEngines.reference, Self.declining(["createWindow"])], profile: .small)
        campaign.caseLimit = 20
        let totals = campaign.run(progress: { _ in }, found: { _ in nil }, forget: { _ in })
        var result = CheckResult()
        result.add(totals)
        #expect(!result.comparedTooLittle.isEmpty)
        #expect(result.unsupported.casesEnded == 20)
        let decoded = try? CheckResult.fromJSON(result.jsonText())
        #expect(decoded?.unsupported == result.unsupported)
    }

    @Test("a PropertySuite on an engine that declines everything does not pass")
    func propertySuiteFails() {
        let result = PropertySuite(reference: TestEngines.reference, candidates: [Self.declining(["createWindow"])],
                                   cases: 10, deterministic: true, profile: .small, failures: nil).run()
        #expect(result.finding == nil)
        #expect(!result.passed)
        #expect(result.description.contains("compared too little"), "\(result.description)")
    }

    @Test("a scenario's expect lines on a declined query are not checked")
    func expectationsOfDeclined() throws {
        let scenario = try ScenarioParser().parse("""
            window w frame 0 0 10 10 root
            show w
            hit 1 1
            expect hit -> w/w.root at 1 1
            hit 2 2
            expect hit -> w/w.root at 2 2
            """, file: "declined.wls")
        let check = ScenarioCheck(scenario, engines: [Self.declining(["hit"])])
        #expect(check.expectationProblems.isEmpty, "\(check.expectationProblems)")
        #expect(check.skippedExpectations == 2)
        #expect(check.unsupported.statements == 2)
    }
}
