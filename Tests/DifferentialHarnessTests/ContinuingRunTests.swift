import DifferentialHarness
import IndexedEngineMutants
import Lockstep
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

/// A lockstep run that goes on past a difference (`continuesAfterDivergence`): each
/// difference recorded at its own step, what a state difference leaves uncompared
/// until the snapshots agree again, and the cut of a list for an engine that lacks
/// features (issue 33: many bugs at once).
@Suite("Runs that go on past a difference")
struct ContinuingRunTests {
    static func commands(_ text: String) throws -> [Command] {
        try ScenarioParser().parse(text, file: "case.wls").commands
    }

    static func run(_ text: String, against mutant: IndexedEngineMutation, continuing: Bool = true) throws
        -> DifferentialResult
    {
        try run(text, against: TestEngines.mutant(mutant), continuing: continuing)
    }

    static func run(_ text: String, against engine: EngineFactory, continuing: Bool = true) throws
        -> DifferentialResult
    {
        DifferentialRunner.run(try commands(text), engines: [TestEngines.reference, engine],
                               cadence: .everyCommand, continuesAfterDivergence: continuing)
    }

    /// Three windows of one level, shown in turn.
    static let threeShown = "window a frame 0 0 10 10\nwindow b frame 0 0 10 10\nwindow c frame 0 0 10 10\n"
        + "show a\nshow b\nshow c\n"

    @Test("an observation that differs while the state agrees is recorded and the run goes on to the next one")
    func observationDifferences() throws {
        let text = "window a frame 0 0 10 10\nshow a\nhit 10 5\nhit 5 5\nhit 5 10\n"
        let stopped = try Self.run(text, against: .maxEdgeInclusive, continuing: false)
        #expect(stopped.divergences.map(\.commandIndex) == [2])
        #expect(stopped.commandsRun == 3)
        let going = try Self.run(text, against: .maxEdgeInclusive)
        #expect(going.divergences.map(\.commandIndex) == [2, 4])
        #expect(going.commandsRun == 5)
        #expect(going.divergences.allSatisfy { $0.signature.text == "hit observations hit/target [g2MaximumEdgeOutside]" })
    }

    @Test("K: a key window that differs is unpinned (presses not compared) until the snapshots agree on it again")
    func keyUnpinnedUntilAgreement() throws {
        // forgetKeySuccessor: hiding the key window leaves no key window (the reference hands key to `a`).
        let text = """
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            makeKeyAndVisible a
            makeKeyAndVisible b
            hide b
            press k1
            keyWindow
            makeKey a
            press k1
            makeKeyAndVisible b
            hide b
            """
        let result = try Self.run(text, against: .forgetKeySuccessor)
        // The first hide differs (its key notifications, and the key window); the press and keyWindow
        // after it are not compared; makeKey pins the key again, so the second hide's difference is
        // recorded too.
        #expect(result.divergences.map(\.commandIndex) == [4, 10])
        #expect(result.commandsRun == 11)
        let stopped = try Self.run(text, against: .forgetKeySuccessor, continuing: false)
        #expect(stopped.divergences.map(\.commandIndex) == [4])
    }

    @Test("T: a touch whose line differed stays unpinned: its later phases are not compared")
    func touchUnpinned() throws {
        // noCancelOnHide: hiding a window does not cancel the touch bound into it.
        let text = """
            window a frame 0 0 10 10
            show a
            touch 1 began 5 5
            hide a
            touch 1 ended 5 5
            show a
            touch 2 began 5 5
            hide a
            """
        let result = try Self.run(text, against: .noCancelOnHide)
        // Both hides differ (touch 1's cancellation, then touch 2's); touch 1's `ended`, which the
        // reference ignores and the mutant delivers, is the consequence and is not compared.
        #expect(result.divergences.map(\.commandIndex) == [3, 7])
    }

    @Test("W4, K3: an order that differs is continued from the engine's own, so a later change of it is compared")
    func orderContinuedFromTheEngines() throws {
        // sameLevelNewGoesBehind shows windows at the back of their level: the order differs from the
        // second `show` on and stays unpinned. makeKeyAndVisibleNoRaise leaves `b` where it is; from the
        // engine's own order the reference would bring it to the front: a difference of its own.
        let text = Self.threeShown + "makeKeyAndVisible b\n"
        let bugs = TestEngines.mutants([.sameLevelNewGoesBehind, .makeKeyAndVisibleNoRaise])
        let both = try Self.run(text, against: bugs)
        // The second and third shows (each puts its window behind, where the reference from the same
        // order would put it in front), then the makeKeyAndVisible.
        #expect(both.divergences.map(\.commandIndex) == [4, 5, 6])
        let last = try #require(both.divergences.last)
        // The engine left `b` between the other two windows of its level: a case of this difference
        // cannot shrink to two windows, where leaving `b` alone and sending it to the back look alike.
        #expect(last.difference == .orderChange(.between))
        #expect(last.summary.contains("continued from the order"), "\(last.summary)")
        #expect(last.signature.text.hasPrefix("makeKeyAndVisible state order/between"), "\(last.signature.text)")
        #expect(FindingSignature(text: last.signature.text) == last.signature)
        // The same makeKeyAndVisible on the engine with the raise bug alone differs at the same step.
        let alone = try Self.run(text, against: .makeKeyAndVisibleNoRaise)
        #expect(alone.divergences.map(\.commandIndex) == [6])
        // With the show bug alone, the makeKeyAndVisible puts `b` where the reference would from that
        // order (behind nothing): only the shows differ.
        let shows = try Self.run(text, against: .sameLevelNewGoesBehind)
        #expect(shows.divergences.map(\.commandIndex).prefix(2) == [4, 5])
        // A run that stops at its first difference sees only the show.
        let stopped = try Self.run(text, against: bugs, continuing: false)
        #expect(stopped.divergences.map(\.commandIndex) == [4])
    }

    @Test("W6: a same-level setLevel that moves a window is a difference even where the order already differed")
    func sameLevelReorderBehindAnOrderDifference() throws {
        let text = Self.threeShown + "set c level 0\norder\n"
        let run = try Self.run(text, against: TestEngines.mutants([.sameLevelNewGoesBehind, .sameLevelSetReorders]))
        #expect(run.divergences.map(\.commandIndex).contains(6), "\(run.divergences.map(\.summary))")
        // The `order` query of an unpinned order is not compared.
        #expect(!run.divergences.map(\.commandIndex).contains(7))
    }

    @Test("a difference in an engine's invariants ends the run even when it goes on past differences")
    func invariantsEndTheRun() throws {
        let engine = EngineFactory(name: "breaks") {
            BreaksAfter(RewritingEngine(TestEngines.indexed.make()) { $0 }, commands: 2)
        }
        let result = DifferentialRunner.run(try Self.commands("window a frame 0 0 9 9\nshow a\nhit 1 1\nhit 2 2\n"),
                                            engines: [TestEngines.reference, engine], cadence: .everyCommand,
                                            continuesAfterDivergence: true)
        #expect(result.divergences.count == 1)
        #expect(result.divergence?.difference == .invariants(engine: "breaks"))
        #expect(result.commandsRun == 2)
    }

    @Test("a run stops at the first difference a shrinker asks for, and at its deadline")
    func stopsAtAndDeadline() throws {
        let text = "window a frame 0 0 10 10\nshow a\nhit 10 5\nhit 5 10\nhit 5 5\nhit 0 10\n"
        let commands = try Self.commands(text)
        let engines = [TestEngines.reference, TestEngines.mutant(.maxEdgeInclusive)]
        let second = DifferentialRunner.run(commands, engines: engines, cadence: .everyCommand,
                                            continuesAfterDivergence: true, stopsAt: { $0.commandIndex == 3 })
        #expect(second.divergences.map(\.commandIndex) == [2, 3])
        #expect(second.commandsRun == 4)
        // A deadline already past ends a run within its first few commands, as not failing.
        let long = Array(commands.prefix(2)) + Array(repeating: Command.hit(at: Point(1, 1), scene: mainSceneName), count: 40)
        let late = DifferentialRunner.run(long, engines: engines, cadence: .everyCommand, deadline: .now - .seconds(1))
        #expect(late.timedOut)
        #expect(late.commandsRun < 10)
        #expect(late.divergence == nil)
    }

    @Test("a list for an engine that lacks views is cut after its diverging statement, not before it")
    func cutForAPartialEngine() throws {
        // The views are not sent to the partial engine, so the diverging hit is the 3rd command sent
        // but the 5th of the list: shrinking must cut the list after the 5th.
        let partial = EngineFactory(name: "no-views", features: EngineFeature.all.subtracting([.views])) {
            IndexedEngineMutation.maxEdgeInclusive.engine()
        }
        let engines = [TestEngines.reference, partial]
        let commands = try Self.commands("""
            window a frame 0 0 10 10
            view v in a frame 0 0 5 5
            view u in a frame 5 5 5 5
            show a
            hit 10 5
            hit 1 1
            """)
        let run = DifferentialRunner.run(commands, engines: engines)
        let divergence = try #require(run.divergence)
        #expect(divergence.commandIndex == 2)
        #expect(divergence.sourceIndex == 4)
        let finding = Finding.shrinking(commands, divergence: divergence, seed: 1, profile: .small, engines: engines)
        #expect(finding.commands.last?.kindName == "hit")
        #expect(FindingVerification.check(finding, engines: engines) == .reproduces)
    }
}

/// An engine that reports a broken invariant from its `commands`-th command on.
private final class BreaksAfter: WindowSystem {
    let base: any WindowSystem
    let limit: Int
    var applied = 0

    init(_ base: any WindowSystem, commands: Int) { (self.base, limit) = (base, commands) }

    var engineName: String { "breaks" }
    func apply(_ command: Command) -> [Observation] {
        applied += 1
        return base.apply(command)
    }
    func snapshot() -> [SceneSnapshot] { base.snapshot() }
    func invariantViolations() -> [String] { applied >= limit ? ["broken on purpose"] : [] }
}
