import DifferentialHarness
import Foundation
import IndexedEngine
import IndexedEngineMutants
import ReferenceModel
import ScenarioLanguage
import Synchronization
import Testing
import WindowLabTestSupport
import WindowModel

/// An engine's declared limits (`range`, `sizes`, `points screen`) bound every value
/// it is sent, from generation, probes, shrinking and replays alike; an integer
/// engine never gets `-0` (docs/engine-protocol.md, "Declaring what the engine can take").
@Suite("Engine limits")
struct EngineLimitsTests {
    /// The X server's limits: 16-bit positions, sizes of 1 to 65535.
    static let x11 = EngineLimits(coordinates: -32768...32767, sizes: 1...65535)

    /// Every command an engine was sent, across every instance a run made.
    final class Sent: Sendable {
        let commands = Mutex<[Command]>([])

        /// `base` declared `integer` with the X server's limits, recording what it is sent.
        func engine(_ base: @escaping @Sendable () -> any WindowSystem) -> EngineFactory {
            EngineFactory(name: "x11-like", numbers: .integer, limits: EngineLimitsTests.x11) {
                RewritingEngine.storing(base()) { command in
                    self.commands.withLock { $0.append(command) }
                    return command
                }
            }
        }

        /// The values outside the limits, or that are `-0`, with the command that carried them.
        var outside: [String] {
            commands.withLock { $0 }.compactMap { command in
                let bad = EngineLimitsTests.problems(command)
                return bad.isEmpty ? nil : "\(command): \(bad.joined(separator: ", "))"
            }
        }
    }

    /// What in `command` an engine with ``x11`` limits and integer numbers could not take.
    static func problems(_ command: Command) -> [String] {
        var problems: [String] = []
        for value in command.numbers where !command.kindName.hasPrefix("setAlpha") && !command.kindName.hasPrefix("setTransform") {
            if value == 0 && value.sign == .minus { problems.append("-0") }
            if value.rounded() != value { problems.append("\(value) is no integer") }
        }
        let frame: Rect?
        switch command {
        case let .createWindow(_, _, f, _, _), let .createView(_, _, f), let .setFrame(_, f): frame = f
        default: frame = nil
        }
        if let frame {
            for v in [frame.x, frame.y] where !x11.coordinates!.contains(v) { problems.append("position \(v)") }
            for v in [frame.width, frame.height] where !x11.sizes!.contains(v) { problems.append("size \(v)") }
        }
        switch command {
        case let .hit(p, _), let .touchBegan(_, p, _), let .touchMoved(_, p), let .touchEnded(_, p),
             let .convert(p, _, _), let .setBoundsOrigin(_, p):
            for v in [p.x, p.y] where !x11.coordinates!.contains(v) { problems.append("point \(v)") }
        default: break
        }
        return problems
    }

    @Test("generation, probes and shrinking send nothing outside 16-bit positions and sizes of at least 1, and no -0")
    func campaignStaysInside() {
        let sent = Sent()
        // A planted bug, so that cases diverge and are shrunk.
        let engine = sent.engine { IndexedEngineMutation.maxEdgeInclusive.engine() }
        var campaign = DifferentialCampaign(seed: 7, seconds: 900, jobs: 1, engines: [TestEngines.reference, engine])
        campaign.caseLimit = 40
        let totals = campaign.run(progress: { _ in }, found: { _ in nil }, forget: { _ in })
        #expect(totals.cases == 40)
        #expect(totals.divergences > 0, "no case diverged: nothing was shrunk")
        #expect(sent.commands.withLock { $0.count } > 1000)
        let outside = sent.outside
        #expect(outside.isEmpty, "\(outside.count) commands outside the limits, first: \(outside.prefix(3))")
    }

    @Test("the bundled scenario files are sent inside the limits, and what cannot be is skipped and counted")
    func replaysStayInside() throws {
        let sent = Sent()
        let engine = sent.engine { IndexedWindowSystem() }
        var skipped = 0
        for path in Repository.exampleScenarios {
            let scenario = try ScenarioParser().parseFile(atPath: path)
            let check = ScenarioCheck(scenario, engines: [TestEngines.reference, engine])
            #expect(check.divergence == nil, "\(path): \(check.divergence.map(\.summary) ?? "")")
            skipped += check.skippedStatements
        }
        #expect(sent.commands.withLock { $0.count } > 100)
        #expect(sent.outside.isEmpty, "\(sent.outside.prefix(3))")
        // Fractions and -0 in the files are moved onto integers: counted as statements changed.
        #expect(skipped > 0)
    }

    @Test("the projection: clamped onto the grid inside the range, sizes up to their minimum, points onto the screen")
    func projection() {
        let limits = EngineLimits(coordinates: -32768...32767, sizes: 1...65535, pointsOnScreen: true)
        let frame = limits.project(.setFrame(target: "w", frame: Rect(-1e6, 40000, 0, 1e9)), numbers: .integer, screen: nil)
        #expect(frame == .setFrame(target: "w", frame: Rect(-32768, 32767, 2, 65534)))
        let hit = limits.project(.hit(at: Point(-5, 900), scene: "main"), numbers: .integer, screen: Size(320, 480))
        #expect(hit == .hit(at: Point(0, 479), scene: "main"))
        // A value inside is left as it is.
        #expect(limits.project(.hit(at: Point(3, 4), scene: "main"), numbers: .integer, screen: Size(9, 9))
                == .hit(at: Point(3, 4), scene: "main"))
    }

    @Test("positions screen: a view's origin is moved so that it and its subtree stay inside the range on the screen")
    func positionsOnScreenFilter() {
        let limits = EngineLimits(coordinates: -32768...32767, sizes: 1...65535, positionsOnScreen: true)
        var filter = FeatureFilter(features: EngineFeature.all, numbers: .integer, limits: limits)
        #expect(filter.admit(.createWindow(name: "w", scene: "main", frame: Rect(30000, -30000, 10, 10), level: 0,
                                           withRootView: false))
                == .createWindow(name: "w", scene: "main", frame: Rect(30000, -30000, 10, 10), level: 0, withRootView: false))
        // 30000 + 5000 leaves 16 bits: the view goes to 32767 - 30000; -30000 - 5000 to -32768 + 30000.
        #expect(filter.admit(.createView(name: "v", parent: "w", frame: Rect(5000, -5000, 4, 4)))
                == .createView(name: "v", parent: "w", frame: Rect(2767, -2768, 4, 4)))
        #expect(filter.admit(.createView(name: "u", parent: "v", frame: Rect(1, 1, 2, 2)))
                == .createView(name: "u", parent: "v", frame: Rect(0, 1, 2, 2)))
        // Moving the window moves its subtree: it stops where the deepest view reaches the end.
        #expect(filter.admit(.setFrame(target: "w", frame: Rect(32000, 0, 10, 10)))
                == .setFrame(target: "w", frame: Rect(30000, 0, 10, 10)))
        // With views on both sides, the window moves only as far as both allow.
        #expect(filter.admit(.createView(name: "far", parent: "w", frame: Rect(-32768, 0, 2, 2)))
                == .createView(name: "far", parent: "w", frame: Rect(-32768, 0, 2, 2)))
        #expect(filter.admit(.setFrame(target: "w", frame: Rect(-1000, 0, 10, 10)))
                == .setFrame(target: "w", frame: Rect(0, 0, 10, 10)))
        // A removed view no longer holds its window back.
        #expect(filter.admit(.remove(view: "far")) == .remove(view: "far"))
        #expect(filter.admit(.setFrame(target: "w", frame: Rect(-1000, 0, 10, 10)))
                == .setFrame(target: "w", frame: Rect(-1000, 0, 10, 10)))
        #expect(filter.steered == 0)
        // Without the word, positions on the screen are not looked at.
        var plain = FeatureFilter(features: EngineFeature.all, numbers: .integer,
                                  limits: EngineLimits(coordinates: -32768...32767))
        _ = plain.admit(.createWindow(name: "w", scene: "main", frame: Rect(30000, 0, 10, 10), level: 0, withRootView: false))
        #expect(plain.admit(.createView(name: "v", parent: "w", frame: Rect(5000, 0, 4, 4)))
                == .createView(name: "v", parent: "w", frame: Rect(5000, 0, 4, 4)))
    }

    @Test("positions screen: a campaign sends no window or view to a position on the screen outside the range")
    func positionsOnScreenCampaign() {
        let limits = EngineLimits(coordinates: -32768...32767, sizes: 1...65535, positionsOnScreen: true)
        let outside = Mutex<[String]>([]), views = Mutex(0)
        let engine = EngineFactory(name: "x11-like", numbers: .integer, limits: limits) {
            var origins: [String: Point] = [:], parents: [String: String] = [:]
            func onScreen(_ name: String) -> Point {
                var (x, y, each) = (0.0, 0.0, Optional(name))
                while let current = each, let o = origins[current] { (x, y, each) = (x + o.x, y + o.y, parents[current]) }
                return Point(x, y)
            }
            return RewritingEngine.storing(IndexedEngineMutation.maxEdgeInclusive.engine()) { command in
                switch command {
                case let .createWindow(name, _, f, _, root):
                    origins[name] = Point(f.x, f.y)
                    if root { (origins[name + ".root"], parents[name + ".root"]) = (Point(0, 0), name) }
                case let .createView(name, parent, f):
                    (origins[name], parents[name]) = (Point(f.x, f.y), parent)
                    views.withLock { $0 += 1 }
                case let .setFrame(target, f): origins[target] = Point(f.x, f.y)
                case let .remove(gone), let .release(gone):
                    var subtree = [gone], index = 0
                    while index < subtree.count {
                        subtree += parents.filter { $0.value == subtree[index] }.map(\.key)
                        index += 1
                    }
                    for name in subtree { (origins[name], parents[name]) = (nil, nil) }
                default: break
                }
                for name in origins.keys {
                    let at = onScreen(name)
                    if !(-32768...32767).contains(at.x) || !(-32768...32767).contains(at.y) {
                        outside.withLock { $0.append("\(name) at \(at.x) \(at.y) after \(command)") }
                    }
                }
                return command
            }
        }
        var campaign = DifferentialCampaign(seed: 7, seconds: 900, jobs: 1, engines: [TestEngines.reference, engine])
        campaign.caseLimit = 40
        let totals = campaign.run(progress: { _ in }, found: { _ in nil }, forget: { _ in })
        #expect(totals.cases == 40)
        #expect(views.withLock { $0 } > 100, "too few views to tell")
        let found = outside.withLock { $0 }
        #expect(found.isEmpty, "\(found.count) positions outside, first: \(found.prefix(3))")
    }

    @Test("an integer engine is never sent -0; float32 and double engines still are")
    func negativeZero() {
        let command = Command.convert(point: Point(0.5, -0.25), from: .screen, to: .screen)
        var integer = FeatureFilter(features: EngineFeature.all, numbers: .integer)
        #expect(integer.admit(command).map(ScenarioPrinter.wireLine) == "convert 1 0 from screen to screen")
        var float = FeatureFilter(features: EngineFeature.all, numbers: .float32)
        #expect(float.admit(command).map(ScenarioPrinter.wireLine) == "convert 0.5 -0.25 from screen to screen")
        var zero = FeatureFilter(features: EngineFeature.all, numbers: .float32)
        #expect(zero.admit(.convert(point: Point(-0.0, 1), from: .screen, to: .screen)).map(ScenarioPrinter.wireLine)
                == "convert -0 1 from screen to screen")
    }

    @Test("an integer engine's -0 agrees with the reference's 0 (integers have no sign of zero); a double engine's does not")
    func signOfZeroAgreesForIntegers() throws {
        let commands: [Command] = [
            .createWindow(name: "w", scene: mainSceneName, frame: Rect(0, 0, 10, 10), level: 0, withRootView: false),
            .convert(point: Point(0, 0), from: .named("w"), to: .screen),
        ]
        // `convert -> -0 -0` where the reference answers `convert -> 0 0`.
        @Sendable func signed(_ lines: [Observation]) -> [Observation] {
            lines.map { if case let .convert(p) = $0 { return .convert(Point(-p.x, -p.y)) }; return $0 }
        }
        let integer = EngineFactory(name: "int", numbers: .integer) { RewritingEngine(IndexedWindowSystem(), signed) }
        #expect(DifferentialRunner.run(commands, engines: [TestEngines.reference, integer]).divergence == nil)
        let double = EngineFactory(name: "double") { RewritingEngine(IndexedWindowSystem(), signed) }
        let divergence = try #require(DifferentialRunner.run(commands, engines: [TestEngines.reference, double]).divergence)
        #expect(divergence.commandIndex == 1)
    }
}
