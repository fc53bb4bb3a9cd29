import DifferentialHarness
import IndexedEngine
import Lockstep
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

/// A finding whose only difference is an engine's broken invariant is checked the
/// way it was found (issue 43): a long input that shows it is not called
/// nondeterministic, it shrinks, and its file fails on the engine under the
/// documented replay (`windowlab run --engine exec:ENGINE FILE`: that engine alone).
@Suite("An invariant-only finding")
struct InvariantFindingTests {
    /// The indexed engine whose invariants break for one step after `setAlpha … 0.25`
    /// (repaired by the next statement): a sparse check misses it.
    final class TransientlyBroken: WindowSystem {
        let base = IndexedWindowSystem()
        private var broken = false

        var engineName: String { "transient" }
        func apply(_ command: Command) -> [Observation] {
            if case let .setAlpha(_, alpha) = command { broken = alpha == 0.25 } else { broken = false }
            return base.apply(command)
        }
        func snapshot() -> [SceneSnapshot] { base.snapshot() }
        func invariantViolations() -> [String] {
            broken ? ["an alpha of 0.25 left the index unsorted"] : base.invariantViolations()
        }
    }

    static let engine = EngineFactory(name: "transient") { TransientlyBroken() }

    /// 503 statements: the broken step at the 253rd, not a multiple of the sparse cadence's 32.
    static let long: [Command] = {
        let hits = [Command](repeating: .hit(at: Point(5, 5), scene: mainSceneName), count: 250)
        return [.createWindow(name: "w", scene: mainSceneName, frame: Rect(0, 0, 10, 10), level: 0, withRootView: true),
                .show(window: "w")] + hits + [.setAlpha(target: "w", alpha: 0.25)] + hits
    }()

    @Test("a long input's invariant-only difference shrinks and its file fails on the engine alone")
    func shrinksAndReplays() throws {
        let engines = [TestEngines.reference, Self.engine]
        let run = DifferentialRunner.run(Self.long, engines: engines)
        let divergence = try #require(run.divergence)
        guard case .invariants = divergence.difference else { Issue.record("\(divergence)"); return }
        let finding = Finding.shrinking(Self.long, divergence: divergence, seed: 0, profile: .small, engines: engines,
                                        seconds: 3600)
        #expect(finding.reproduced, "called nondeterministic")
        #expect(finding.commands.count <= 3, "\(finding.commands)")
        let file = FindingFile(finding, engines: engines)
        let scenario = try ScenarioParser().parse(file.scenarioText, file: "finding.wls")
        #expect(ScenarioCheck(scenario, engines: [TestEngines.reference]).passed)
        let replay = ScenarioCheck(scenario, engines: [Self.engine])
        #expect(!replay.passed, "the documented replay passes on the buggy engine")
        #expect(replay.problems(in: scenario).contains { $0.contains("broke an invariant") })
    }
}
