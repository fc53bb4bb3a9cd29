import DifferentialHarness
import IndexedEngine
import IndexedEngineMutants
import ReferenceModel
import Testing
import WindowLabTestSupport
import WindowModel

/// An engine that differs from the model in one declared respect gets no finding
/// from it, and a bug elsewhere is still found (SEMANTICS.md, "Declared deviations").
@Suite("Deviations")
struct DeviationTests {
    /// One deviation and an engine that really has it.
    struct Case: CustomTestStringConvertible, Sendable {
        var deviation: EngineDeviation
        var make: @Sendable () -> any WindowSystem
        var testDescription: String { deviation.rawValue }
    }

    static let cases: [Case] = [
        Case(deviation: .n1) { RewritingEngine(IndexedWindowSystem()) { $0.filter { !$0.isNotification } } },
        Case(deviation: .n2) { IndexedEngineMutation.swappedNotificationOrder.engine() },
        Case(deviation: .w4) { IndexedEngineMutation.sameLevelNewGoesBehind.engine() },
        Case(deviation: .k4) { IndexedEngineMutation.forgetKeySuccessor.engine() },
        Case(deviation: .t5) { IndexedEngineMutation.noCancelOnHide.engine() },
        Case(deviation: .h2) { IndexedEngineMutation.alphaThresholdInclusive.engine() },
        Case(deviation: .t7) { IndexedEngineMutation.singleTouchIgnored.engine() },
        Case(deviation: .t8) { IndexedEngineMutation.exclusiveDoesNotBlock.engine() },
        Case(deviation: .q3) { RewritingEngine(IndexedWindowSystem()) { $0.map(\.convertedSlightlyOff) } },
        // The dialects of real systems (an X server's, a browser's).
        Case(deviation: .g2) { IndexedEngineMutation.maxEdgeInclusive.engine() },
        Case(deviation: .w8) { IndexedEngineMutation.rootViewDoesNotFollowResize.engine() },
        Case(deviation: .k1) { DialectEngine(.pressUnderPointer) },
        Case(deviation: .k2) { DialectEngine(.hiddenCannotBeKey) },
        Case(deviation: .t1) { DialectEngine(.onePointer) },
        Case(deviation: .t3) { DialectEngine(.silentSameMove) },
        Case(deviation: .t4) { DialectEngine(.heldOnNothing) },
    ]

    func suite(_ engine: EngineFactory, cases: Int = 600) -> PropertySuite {
        PropertySuite(reference: TestEngines.reference, candidates: [engine], cases: cases, deterministic: true,
                      profile: .small, failures: nil)
    }

    @Test("every declarable deviation has a case here", arguments: EngineDeviation.allCases)
    func covered(deviation: EngineDeviation) {
        #expect(Self.cases.contains { $0.deviation == deviation })
    }

    @Test("an engine with the deviation, undeclared, is caught", arguments: cases)
    func undeclaredIsCaught(_ c: Case) {
        let result = suite(EngineFactory(name: "deviant", make: c.make)).run()
        #expect(result.finding != nil, "\(c.deviation.rawValue) survived \(result.casesRun) cases undeclared")
    }

    @Test("declared, the deviation is no finding (on the cases that catch it undeclared, and as many again)",
          arguments: cases)
    func declaredIsClean(_ c: Case) {
        // The same seeds as undeclared: the cases up to the one that caught it, twice over
        // (at least 150), are clean once it is declared.
        let caught = suite(EngineFactory(name: "deviant", make: c.make)).run().casesRun
        let result = suite(EngineFactory(name: "deviant", deviations: [c.deviation], make: c.make),
                           cases: min(600, max(150, 2 * caught))).run()
        #expect(result.finding == nil, "\(result.report ?? "")")
    }

    @Test("declared, a bug elsewhere is still found and named by what differed", arguments: cases)
    func bugElsewhereIsFound(_ c: Case) throws {
        let make = c.make
        let engine = EngineFactory(name: "deviant-buggy", deviations: [c.deviation]) {
            RewritingEngine(make()) { $0.map(\.hitPointOff) }
        }
        let result = suite(engine, cases: 300).run()
        let finding = try #require(result.finding, "the hit bug survived \(result.casesRun) cases")
        #expect(finding.signature.command == "hit")
        #expect(finding.signature.difference == .observation(.hit, .point), "\(finding.signature)")
    }

    @Test("K4: after a key succession the key window is not compared until makeKey pins it again")
    func keyUnpinnedUntilMakeKey() {
        let commands: [Command] = [
            .createWindow(name: "a", scene: mainSceneName, frame: Rect(0, 0, 10, 10), level: 0, withRootView: false),
            .createWindow(name: "b", scene: mainSceneName, frame: Rect(0, 0, 10, 10), level: 0, withRootView: false),
            .makeKeyAndVisible(window: "a"), .makeKeyAndVisible(window: "b"), .hide(window: "b"),
            .press(key: "x", scene: mainSceneName), .keyWindow(scene: mainSceneName),
        ]
        let forgetful = EngineFactory(name: "forgetful", deviations: [.k4]) {
            IndexedEngineMutation.forgetKeySuccessor.engine()
        }
        #expect(DifferentialRunner.run(commands, engines: [TestEngines.reference, forgetful]).divergence == nil)
        // Pinned again: a wrong key window after makeKey is a finding.
        let pinned = commands + [.makeKey(window: "a"), .keyWindow(scene: mainSceneName)]
        let wrong = EngineFactory(name: "wrong", deviations: [.k4]) {
            RewritingEngine(IndexedEngineMutation.forgetKeySuccessor.engine()) { lines in
                lines.map { if case .keyWindow(let scene, "a") = $0 { return .keyWindow(scene: scene, window: nil) }; return $0 }
            }
        }
        let divergence = DifferentialRunner.run(pinned, engines: [TestEngines.reference, wrong]).divergence
        #expect(divergence?.commandIndex == pinned.count - 1)
        #expect(divergence?.difference == .observation(.keyWindow, .presence))
    }

    @Test("outcomes decided at a step a deviation relaxed are counted as not compared on every engine")
    func uncomparedOutcomes() {
        let commands: [Command] = [
            .createWindow(name: "a", scene: mainSceneName, frame: Rect(0, 0, 10, 10), level: 0, withRootView: false),
            .show(window: "a"), .hit(at: Point(1, 1), scene: mainSceneName),
        ]
        let silent = EngineFactory(name: "silent", deviations: [.n1]) {
            RewritingEngine(IndexedWindowSystem()) { $0.filter { !$0.isNotification } }
        }
        let result = DifferentialRunner.run(commands, engines: [TestEngines.reference, silent], cadence: .everyCommand,
                                            recordRules: true)
        #expect(result.divergence == nil)
        var coverage = RuleCoverage(counts: result.ruleCounts ?? [])
        coverage.addUncompared(result.uncomparedRuleCounts)
        // `show` posted a notification the engine is not held to; `hit` was compared in full.
        #expect(coverage.uncompared[RuleOutcome.w4ShownFrontOfLevel.rawValue] == 1)
        #expect(!coverage.compared.contains(.w4ShownFrontOfLevel))
        #expect(coverage.compared.contains(.t6HitAnswered))
        #expect(coverage.summary.contains("compared on every engine: \(coverage.compared.count)"))
    }

    @Test("T3: a moved to any point its touch may hold is not sent, a second began's included (found by the browser adapter)")
    func sameMoveAfterSecondBegan() {
        var filter = FeatureFilter(features: EngineFeature.all, deviations: [.t3])
        // The first began may hit nothing (T4), so the second may start the touch where it is;
        // or the first started it, and the second is ignored: the touch is at either point.
        for command in [Command.touchBegan(id: TouchID(0), at: Point(0, 0), scene: mainSceneName),
                        .touchBegan(id: TouchID(0), at: Point(999, 999), scene: mainSceneName)] {
            #expect(filter.admit(command) != nil)
        }
        #expect(filter.admit(.touchMoved(id: TouchID(0), to: Point(999, 999))) == nil)
        #expect(filter.admit(.touchMoved(id: TouchID(0), to: Point(0, 0))) == nil)
        #expect(filter.admit(.touchMoved(id: TouchID(0), to: Point(5, 5))) != nil)
        // After a move sent, the touch (if down) is where the move put it.
        #expect(filter.admit(.touchMoved(id: TouchID(0), to: Point(999, 999))) != nil)
        #expect(filter.admit(.touchMoved(id: TouchID(0), to: Point(999, 999))) == nil)
        #expect(filter.steered == 3)
    }

    @Test("T5: an expect line of a touch is not checked against an engine that declares it (the touch may be one the engine never cancelled)")
    func touchExpectationsUnderT5() {
        #expect(EngineDeviation.relaxes(expectation: "touch 2 ended -> ignored", [.t5]))
        #expect(EngineDeviation.relaxes(expectation: "touch 2 cancelled -> w/w.root", [.t5]))
        #expect(!EngineDeviation.relaxes(expectation: "touch 2 ended -> ignored", [.n1]))
        #expect(!EngineDeviation.relaxes(expectation: "hit -> none", [.t5]))
    }

    @Test("H2, T7, T8: the statements that trigger a steered deviation are not sent")
    func steeredStatementsAreSkipped() {
        var filter = FeatureFilter(features: EngineFeature.all, deviations: [.h2, .t7, .t8])
        #expect(filter.admit(.setAlpha(target: "w", alpha: 0.01)) == nil)
        #expect(filter.admit(.setAlpha(target: "w", alpha: -3)) == nil)
        #expect(filter.admit(.setMultipleTouch(target: "w", enabled: false)) == nil)
        #expect(filter.admit(.setExclusiveTouch(target: "w", enabled: true)) == nil)
        #expect(filter.steered == 4)
    }
}

@Suite("Numeric domains")
struct NumericDomainTests {
    @Test("float32: an engine whose answers are rounded to Float agrees on every generated case")
    func floatEngineIsClean() {
        let float = EngineFactory(name: "float", numbers: .float32) {
            RewritingEngine(IndexedWindowSystem()) { $0.map(\.roundedToFloat) }
        }
        let suite = PropertySuite(reference: TestEngines.reference, candidates: [float], cases: 600, deterministic: true,
                                  profile: .small, failures: nil)
        let result = suite.run()
        #expect(result.finding == nil, "\(result.report ?? "")")
    }

    @Test("float32: a bug is still found past the domain")
    func floatEngineBugIsFound() throws {
        let float = EngineFactory(name: "float", numbers: .float32) {
            RewritingEngine(IndexedEngineMutation.maxEdgeInclusive.engine()) { $0.map(\.roundedToFloat) }
        }
        let suite = PropertySuite(reference: TestEngines.reference, candidates: [float], cases: 1000, deterministic: true,
                                  profile: .small, failures: nil)
        #expect(suite.run().finding != nil)
    }

    @Test("double: the same rounding is caught")
    func roundingIsCaughtForDoubleEngines() {
        let float = EngineFactory(name: "float") { RewritingEngine(IndexedWindowSystem()) { $0.map(\.roundedToFloat) } }
        let suite = PropertySuite(reference: TestEngines.reference, candidates: [float], cases: 600, deterministic: true,
                                  profile: .small, failures: nil)
        #expect(suite.run().finding != nil)
    }

    @Test("double: an engine that stores levels or transforms as Float is caught",
          arguments: ["level", "transform"])
    func floatStorageIsCaught(part: String) {
        @Sendable func float(_ v: Double) -> Double { v.isFinite && abs(v) < 3e38 ? Double(Float(v)) : v }
        let engine = EngineFactory(name: "float-\(part)") {
            RewritingEngine.storing(IndexedWindowSystem()) { command in
                switch command {
                case let .setLevel(window, level) where part == "level":
                    return .setLevel(window: window, level: float(level))
                case let .createWindow(name, scene, frame, level, root) where part == "level":
                    return .createWindow(name: name, scene: scene, frame: frame, level: float(level), withRootView: root)
                case let .setTransform(target, t) where part == "transform":
                    return .setTransform(target: target, transform: ViewTransform(
                        float(t.a), float(t.b), float(t.c), float(t.d), float(t.tx), float(t.ty)))
                default: return command
                }
            }
        }
        let suite = PropertySuite(reference: TestEngines.reference, candidates: [engine], cases: 2000, deterministic: true,
                                  profile: .small, failures: nil)
        let result = suite.run()
        #expect(result.finding != nil, "storing \(part) as Float survived \(result.casesRun) cases")
    }

    @Test("projected commands lie in the domain, and projecting again changes nothing",
          arguments: [NumericDomain.float32, .integer])
    func projectionIsIdempotent(domain: NumericDomain) {
        var generator = CommandGenerator(seed: 11)
        let generated = generator.generate()
        for command in generated {
            let projected = domain.project(command)
            #expect(domain.project(projected) == projected)
            #expect(projected.numbers.allSatisfy { Double(Float($0)) == $0 })
            if domain == .integer, !projected.kindName.hasPrefix("setAlpha") {
                #expect(projected.numbers.allSatisfy { $0.rounded() == $0 })
            }
        }
    }
}

extension Observation {
    var isNotification: Bool { if case .notify = self { return true } else { return false } }

    /// A `hit` answer whose x is one step too large: a bug in hit testing.
    var hitPointOff: Observation {
        guard case let .hit(target?) = self else { return self }
        return .hit(.init(window: target.window, view: target.view, point: Point(target.point.x.nextUp, target.point.y)))
    }

    /// A conversion off by a relative 2^-40: another route through the tree.
    var convertedSlightlyOff: Observation {
        guard case let .convert(p) = self, p.x.isFinite, p.x != 0 else { return self }
        return .convert(Point(p.x * (1 + 0x1p-40), p.y))
    }

    /// Every number as a Float would hold it.
    var roundedToFloat: Observation {
        func r(_ p: Point) -> Point { Point(Double(Float(p.x)), Double(Float(p.y))) }
        func r(_ t: Target) -> Target { Target(window: t.window, view: t.view, point: r(t.point)) }
        switch self {
        case let .touchBegan(id, target): return .touchBegan(id, target.map(r))
        case let .touchMoved(id, target): return .touchMoved(id, r(target))
        case let .touchEnded(id, target): return .touchEnded(id, r(target))
        case let .hit(target): return .hit(target.map(r))
        case let .convert(point): return .convert(r(point))
        default: return self
        }
    }
}
