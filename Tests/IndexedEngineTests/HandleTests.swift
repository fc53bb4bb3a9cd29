import IndexedEngine
import ReferenceModel
import Testing
import WindowModel

/// Updates by handle (`setFrame(_:to:)`) must leave the engine exactly as `apply` of the
/// same `set W frame` leaves it, since they skip only the name lookup.
@Suite("handles")
struct HandleTests {
    /// A scene of windows with root views and subviews, some hidden, some transformed.
    static func scene(_ rng: inout SeededRandom) -> [Command] {
        var commands: [Command] = []
        for i in 0..<120 {
            let name = "w\(i)", side = Double(Int.random(in: 8...300, using: &rng))
            commands.append(.createWindow(name: name, scene: mainSceneName,
                                          frame: Rect(Double(Int.random(in: 0...700, using: &rng)),
                                                      Double(Int.random(in: 0...700, using: &rng)), side, side / 2),
                                          level: rng.pick([0, 0, 1000]), withRootView: rng.chance(0.8)))
            commands.append(.createView(name: "v\(i)", parent: name, frame: Rect(2, 2, side / 3, side / 4)))
            if rng.chance(0.2) { commands.append(.setTransform(target: "v\(i)", transform: ViewTransform(0, 1, -1, 0, 3, 0))) }
            if rng.chance(0.85) { commands.append(.show(window: name)) }
        }
        return commands
    }

    @Test("W8, G4, T6: a frame set by handle leaves what apply(set W frame) leaves (snapshots, routing, invariants), and hitHandles answers what hitTarget does (seeded; WINDOWLAB_SEED replays)",
          arguments: SeededRandom.seeds(default: [0x4A1, 0x4A2]))
    func handleMovesAgreeWithApply(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let commands = Self.scene(&rng)
        let byName = IndexedWindowSystem(), byHandle = IndexedWindowSystem(), reference = ReferenceWindowSystem()
        for command in commands { for engine in [byName, byHandle, reference] as [any WindowSystem] { _ = engine.apply(command) } }
        for step in 0..<600 {
            let i = Int.random(in: 0..<120, using: &rng)
            let target = rng.chance(0.8) ? "w\(i)" : "v\(i)"
            let frame = Rect(Double(Int.random(in: -50...900, using: &rng)) + rng.pick([0, 0.5]),
                             Double(Int.random(in: -50...900, using: &rng)),
                             Double(Int.random(in: 0...400, using: &rng)), Double(Int.random(in: 0...400, using: &rng)))
            #expect(byName.apply(.setFrame(target: target, frame: frame)).isEmpty)
            _ = reference.apply(.setFrame(target: target, frame: frame))
            guard let handle = byHandle.handle(of: target) else {
                Issue.record("seed \(seed): no handle of \(target)")
                return
            }
            #expect(byHandle.name(of: handle) == target)
            byHandle.setFrame(handle, to: frame)
            if step % 50 == 0 {
                #expect(byHandle.snapshot() == byName.snapshot(), "seed \(seed), step \(step)")
                #expect(byHandle.invariantViolations().isEmpty, "seed \(seed), step \(step)")
            }
            let point = Point(Double.random(in: -20..<1300, using: &rng), Double.random(in: -20..<1300, using: &rng))
            let answers = [byName, byHandle].map { $0.hitTarget(at: point, scene: mainSceneName) }
            #expect(answers[0] == answers[1], "seed \(seed), step \(step): moved \(target)")
            // T6: the route by handle answers the same window, view and point.
            let hit = byHandle.hitHandles(at: point, scene: mainSceneName)
            #expect(hit.map { Observation.Target(window: byHandle.name(of: $0.window), view: byHandle.name(of: $0.view),
                                                 point: $0.point) } == answers[1], "seed \(seed), step \(step)")
            #expect(answers[1] == reference.hitTarget(at: point, scene: mainSceneName), "seed \(seed), step \(step)")
        }
        #expect(byHandle.snapshot() == byName.snapshot())
    }

    @Test("A handle is found by name while its object exists, and by no name after a release")
    func handleLifetime() {
        let system = IndexedWindowSystem()
        _ = system.apply(.createWindow(name: "app", scene: mainSceneName, frame: Rect(0, 0, 100, 100), level: 0,
                                       withRootView: true))
        _ = system.apply(.makeKeyAndVisible(window: "app"))
        #expect(system.handle(of: "nowhere") == nil)
        let root = system.handle(of: "app.root")
        #expect(root != nil && root != system.handle(of: "app"))
        #expect(root.map(system.name(of:)) == "app.root")
        let app = system.handle(of: "app")!
        system.setFrame(app, to: Rect(50, 60, 200, 100))
        // W8: the root view follows the window's size, as through `set app frame`.
        #expect(system.hitTarget(at: Point(240, 150), scene: mainSceneName)
            == Observation.Target(window: "app", view: "app.root", point: Point(190, 90)))
        _ = system.apply(.release(window: "app"))
        #expect(system.handle(of: "app") == nil && system.handle(of: "app.root") == nil)
        #expect(system.name(of: app) == "app")   // the name it was found by, still
    }
}
