@testable import DifferentialHarness
import IndexedEngineMutants
import Lockstep
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

/// An engine whose first bug lies on the way to the others (issue 42): it never routes to
/// a window that is not key, so a shrink that turns `makeKeyAndVisible` into `show`, or
/// drops it, makes any routing case a case of that bug. A scenario of each later bug,
/// shrunk alone, must stay a scenario of that bug.
@Suite("Chained bugs: shrinking keeps its cause")
struct ChainedBugsTests {
    /// `base` with two bugs of its own on top: a `hit` or a touch's `began` on a window
    /// that is not its scene's key window answers nothing (every window but the key is
    /// unroutable), and `makeKeyAndVisible` of a hidden window makes it key without
    /// showing it.
    final class ChainedEngine: WindowSystem {
        let base: any WindowSystem
        let keyOnlyRouting: Bool
        let makeKeyDoesNotUnhide: Bool

        init(_ base: any WindowSystem, keyOnlyRouting: Bool = true, makeKeyDoesNotUnhide: Bool = true) {
            self.base = base
            self.keyOnlyRouting = keyOnlyRouting
            self.makeKeyDoesNotUnhide = makeKeyDoesNotUnhide
        }

        var engineName: String { "chained" }
        func snapshot() -> [SceneSnapshot] { base.snapshot() }
        func invariantViolations() -> [String] { base.invariantViolations() }

        func apply(_ command: Command) -> [Observation] {
            if makeKeyDoesNotUnhide, case let .makeKeyAndVisible(window) = command,
               !base.snapshot().contains(where: { $0.order.contains(window) }) {
                return base.apply(.makeKey(window: window))
            }
            let observations = base.apply(command)
            guard keyOnlyRouting else { return observations }
            let keys = Set(base.snapshot().compactMap(\.keyWindow))
            return observations.map { observation in
                switch observation {
                case let .hit(target?) where !keys.contains(target.window): return .hit(nil)
                case let .touchBegan(id, target?) where !keys.contains(target.window): return .touchBegan(id, nil)
                default: return observation
                }
            }
        }
    }

    /// The chained engine over the indexed engine with `bugs`.
    static func chained(_ bugs: Set<IndexedEngineMutation>, keyOnlyRouting: Bool = true,
                        makeKeyDoesNotUnhide: Bool = true) -> EngineFactory {
        EngineFactory(name: "chained") {
            ChainedEngine(IndexedEngineMutation.engine(bugs), keyOnlyRouting: keyOnlyRouting,
                          makeKeyDoesNotUnhide: makeKeyDoesNotUnhide)
        }
    }

    static let allBugs: Set<IndexedEngineMutation> = [.transformAboutOrigin, .boundsOriginIgnoredInHitTest]

    /// A scenario of each later bug, and an engine with that bug alone.
    static let probes: [(name: String, scenario: String, alone: EngineFactory)] = [
        ("a rotated view hit about the wrong centre", """
            window a frame 0 0 400 400 root
            window b frame 0 0 400 400 root
            view a.button in a.root frame 100 100 200 40
            set a.button rotate 90
            show b
            show a
            makeKeyAndVisible a
            hit 200 70
            """, chained([.transformAboutOrigin], keyOnlyRouting: false, makeKeyDoesNotUnhide: false)),
        ("a bounds origin ignored when hit testing", """
            window a frame 0 0 400 400 root
            view a.list in a.root frame 100 100 50 50
            set a.root origin 50 50
            show a
            makeKeyAndVisible a
            hit 60 60
            """, chained([.boundsOriginIgnoredInHitTest], keyOnlyRouting: false, makeKeyDoesNotUnhide: false)),
        ("makeKeyAndVisible that does not unhide", """
            window a frame 0 0 400 400 root
            window b frame 100 100 400 400 root
            makeKeyAndVisible b
            hide a
            makeKeyAndVisible a
            hit 50 50
            """, chained([], keyOnlyRouting: false)),
    ]

    /// The first bug alone: what a slipped shrink would show.
    static let keyOnlyAlone = chained([], makeKeyDoesNotUnhide: false)

    /// Whether `commands`, on the reference and `engine`, differ at their last statement.
    static func differsAtEnd(_ commands: [Command], on engine: EngineFactory) -> Bool {
        DifferentialRunner.run(commands, engines: [TestEngines.reference, engine], cadence: .everyCommand, continuesAfterDivergence: true)
            .divergences.contains { $0.sourceIndex == commands.count - 1 }
    }

    @Test("a scenario of each later bug, shrunk on the engine with every bug, still shows that bug alone",
          arguments: probes.indices)
    func shrinkKeepsCause(_ index: Int) throws {
        let probe = Self.probes[index]
        let engines = [TestEngines.reference, Self.chained(Self.allBugs)]
        let commands = try ScenarioParser().parse(probe.scenario, file: "probe.wls").commands
        let divergence = try #require(DifferentialRunner.run(commands, engines: engines).divergence,
                                      "the probe shows no difference: \(probe.name)")
        // Bounded by attempts, not time: the same shrink however loaded the machine.
        let finding = Finding.shrinking(commands, divergence: divergence, seed: 1, profile: .small, engines: engines,
                                        seconds: 600)
        let shrunk = ScenarioPrinter.print(finding.commands)
        #expect(finding.reproduced)
        #expect(finding.shrink?.slipped == false, "\(probe.name) slipped:\n\(shrunk)")
        #expect(Self.differsAtEnd(finding.commands, on: probe.alone),
                "\(probe.name): the shrunk scenario does not show its bug alone:\n\(shrunk)")
        #expect(!Self.differsAtEnd(finding.commands, on: Self.keyOnlyAlone),
                "\(probe.name) shrank to a scenario of the key-only bug:\n\(shrunk)")
        #expect(finding.commands.count < commands.count || commands.count <= 3)
    }

    @Test("the first bug's own scenario still shrinks to its three lines")
    func firstBugShrinks() throws {
        let engines = [TestEngines.reference, Self.chained(Self.allBugs)]
        let commands = try ScenarioParser().parse("""
            window a frame 0 0 400 400 root
            window b frame 0 0 400 400 root
            view b.v in b.root frame 10 10 50 50
            show a
            makeKey a
            show b
            hit 20 20
            """, file: "first.wls").commands
        let divergence = try #require(DifferentialRunner.run(commands, engines: engines).divergence)
        let finding = Finding.shrinking(commands, divergence: divergence, seed: 1, profile: .small, engines: engines,
                                        seconds: 600)
        #expect(finding.shrink?.slipped == false)
        #expect(Self.differsAtEnd(finding.commands, on: Self.keyOnlyAlone))
        #expect(finding.commands.count <= 4, "\(ScenarioPrinter.print(finding.commands))")
    }

    @Test("CauseKey: an answer against none, another target and another point are different differences")
    func causeKeyKinds() throws {
        let engines = [TestEngines.reference, Self.chained(Self.allBugs)]
        let none = try #require(DifferentialRunner.run(try ScenarioParser().parse(
            "window a frame 0 0 100 100 root\nshow a\nhit 10 10\n", file: "n").commands, engines: engines).divergence)
        let target = try #require(DifferentialRunner.run(try ScenarioParser().parse(Self.probes[1].scenario, file: "t")
            .commands, engines: engines).divergence)
        #expect(CauseKey(none).kind == "hit none")
        #expect(CauseKey(target).kind == "hit target")
        #expect(!CauseKey(target).admits(none) && !CauseKey(none).admits(target))
        #expect(CauseKey(none).admits(none) && CauseKey(target).admits(target))
        // The signatures fold both into one target: what the old shrink accepted.
        #expect(none.signature.shrinkClass == target.signature.shrinkClass)
    }

    /// A `hit` divergence with these outcomes and relation (another view of the window).
    static func hitDivergence(_ outcomes: [RuleOutcome], _ relation: AnswerRelation) -> Divergence {
        var divergence = Divergence(commandIndex: 0, command: .hit(at: Point(1, 1), scene: "main"), summary: "",
                                    observations: [], difference: .observation(.hit, .view), outcomes: outcomes)
        divergence.relation = relation
        return divergence
    }

    @Test("CauseKey: a candidate whose answer stands to the reference's otherwise keeps every outcome; one that stands as it did may lose some")
    func causeKeyRelationChange() {
        // A view hit though its alpha times its parent's is below 0.01; the engine answered the parent.
        let key = CauseKey(Self.hitDivergence([.h2TranslucentHittable, .h4AlphaNotMultiplied], .ancestor))
        // Un-nested, the view translucent behind a sibling the engine hit: another cause.
        #expect(!key.admits(Self.hitDivergence([.h2TranslucentHittable], .backSibling)))
        #expect(!key.admits(Self.hitDivergence([], .backSibling)))
        #expect(key.admits(Self.hitDivergence([.h2TranslucentHittable, .h4AlphaNotMultiplied], .backSibling)))
        // The same relation: an outcome in common, or none at all.
        #expect(key.admits(Self.hitDivergence([.h4AlphaNotMultiplied], .ancestor)))
        #expect(key.admits(Self.hitDivergence([], .ancestor)))
    }

    @Test("a shrunk finding is shrunk again from its own case: a list no shrink has made minimal loses what it does not need")
    func shrunkAgain() throws {
        let probe = Self.probes[1]
        let commands = try ScenarioParser().parse(probe.scenario + "\norder\nshow a\nhit 60 60\n", file: "p").commands
        let engines = [TestEngines.reference, probe.alone]
        let divergence = try #require(DifferentialRunner.run(commands, engines: engines).divergence)
        let unshrunk = Finding(caseSeed: 0, originalLength: commands.count, commands: commands, divergence: divergence)
        let again = unshrunk.shrunkAgain(engines: engines, seconds: 120)
        #expect(again.commands.count < commands.count, "\(ScenarioPrinter.print(again.commands))")
        #expect(again.signature.showsCause(of: divergence.signature) || again.signature == divergence.signature)
        #expect(Self.differsAtEnd(again.commands, on: probe.alone))
        #expect(again.originalLength == commands.count)
    }
}
