import DifferentialHarness
import ReferenceModel
import ScenarioLanguage
import Testing
import WindowLabTestSupport
import WindowModel

/// Partial engines: what needs which feature, and that nothing else is sent.
@Suite("Engine features")
struct FeatureTests {
    @Test("every command kind needs at least one feature")
    func everyCommandNeedsAFeature() {
        var generator = CommandGenerator(seed: 3, configuration: .init(length: 400))
        for command in generator.generate() {
            #expect(!EngineFeature.required(by: command).isEmpty)
        }
    }

    @Test("every feature names rules that SEMANTICS.md numbers, and some statements")
    func featuresNameRules() {
        let known = Set(RuleOutcome.allCases.map(\.rule))
        for feature in EngineFeature.allCases {
            #expect(!feature.commands.isEmpty)
            #expect(!feature.rules.isEmpty)
            for rule in feature.rules { #expect(known.contains(rule), "\(feature.rawValue) names \(rule)") }
        }
    }

    @Test("the filter drops the root view without views, and skips what depends on a skip")
    func filterLowersAndSkips() {
        var filter = FeatureFilter(features: [.windows, .hit])
        let window = Command.createWindow(name: "a", scene: "main", frame: Rect(0, 0, 9, 9), level: 0, withRootView: true)
        #expect(filter.admit(window) == .createWindow(name: "a", scene: "main", frame: Rect(0, 0, 9, 9), level: 0,
                                                      withRootView: false))
        #expect(filter.admit(.setAlpha(target: "a", alpha: 0)) == nil)
        #expect(filter.admit(.createScene(name: "s", size: defaultSceneSize)) == nil)
        #expect(filter.admit(.createWindow(name: "b", scene: "s", frame: Rect(0, 0, 1, 1), level: 0,
                                           withRootView: false)) == nil)
        #expect(filter.admit(.hit(at: Point(1, 1), scene: "main")) == .hit(at: Point(1, 1), scene: "main"))
        #expect(filter.skipped == 3)
        #expect(filter.missing == [.alpha, .scenes, .views])
        #expect(filter.reduced == 1)
    }

    @Test("a generator told the features makes nothing else", arguments: 0..<10)
    func generatorHonoursFeatures(seed: UInt64) {
        let features: Set<EngineFeature> = [.windows, .levels, .key, .hit]
        var configuration = CommandGenerator.Configuration(length: 200, swarm: seed % 2 == 0)
        configuration.features = features
        var generator = CommandGenerator(seed: seed, configuration: configuration)
        let commands = generator.generate()
        #expect(commands.count > 100)
        for command in commands {
            #expect(EngineFeature.required(by: command).isSubset(of: features), "\(command)")
        }
        if !configuration.swarm {  // a swarm draw may leave `hit` out
            #expect(commands.contains { if case .hit = $0 { return true } else { return false } })
        }
    }

    @Test("a window sent without its root view counts as a change: later expectations are not held against the engine")
    func reducedWindow() throws {
        let scenario = try ScenarioParser().parse("""
            window a frame 0 0 100 100 root
            makeKeyAndVisible a
            hit 5 5
            expect hit -> a/a.root at 5 5
            """)
        let partial = EngineFactory(name: "partial", features: [.windows, .key, .hit]) { ReferenceWindowSystem() }
        let check = ScenarioCheck(scenario, engines: [partial])
        #expect(check.passed)
        #expect(check.skippedStatements == 1)
        #expect(check.skippedExpectations == 1)
        #expect(check.missingFeatures == [.views])
        #expect(check.result.trace.last == "hit -> a/a at 5 5")
    }

    @Test("a scenario on a partial engine: statements skipped, later expectations unchecked, never a divergence")
    func scenarioSkips() throws {
        let scenario = try ScenarioParser().parse("""
            window a frame 0 0 100 100 root
            view a.b in a.root frame 0 0 10 10
            makeKeyAndVisible a
            expect notify a didBecomeKey
            set a alpha 0
            expect nothing
            hit 5 5
            expect hit -> a/a.b at 5 5
            """)
        let partial = EngineFactory(name: "partial", features: [.windows, .key, .hit]) { ReferenceWindowSystem() }
        let full = TestEngines.reference
        let check = ScenarioCheck(scenario, engines: [full, partial])
        #expect(check.divergence == nil)
        #expect(check.passed)
        #expect(check.skippedStatements == 3)  // the view, the alpha, and the window sent without its root
        #expect(check.skippedExpectations == 3)
        #expect(check.missingFeatures == [.views, .alpha])
        #expect(check.result.trace.last == "hit -> a/a at 5 5")
    }
}
