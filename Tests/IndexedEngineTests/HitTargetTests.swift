import IndexedEngine
import ReferenceModel
import Testing
import WindowModel

/// `hitTarget(at:scene:)` is the allocation-free routing entry the benchmarks time;
/// it must answer exactly what `apply(.hit(...))` answers, on both engines.
@Suite("hitTarget")
struct HitTargetTests {
    @Test("T6: hitTarget equals apply(.hit) bit for bit on both engines (seeded; WINDOWLAB_SEED replays)",
          arguments: SeededRandom.seeds(default: [0x417, 0x418]))
    func agreesWithHitCommand(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var commands: [Command] = []
        for i in 0..<300 {
            let name = "w\(i)"
            let size = Double(Int.random(in: 16...400, using: &rng))
            commands.append(.createWindow(name: name, scene: mainSceneName,
                                          frame: Rect(Double(Int.random(in: 0...900, using: &rng)) + 0.25,
                                                      Double(Int.random(in: 0...900, using: &rng)), size, size / 2),
                                          level: rng.pick([0, 0, 1000, 2001]), withRootView: true))
            commands.append(.createView(name: "v\(i)", parent: name + ".root", frame: Rect(4, 4, size / 3, size / 5)))
            if rng.chance(0.3) { commands.append(.setBoundsOrigin(target: name, origin: Point(1.5, -2))) }
            if rng.chance(0.1) { commands.append(.setPassthrough(window: name, enabled: true)) }
            if rng.chance(0.9) { commands.append(.show(window: name)) }
        }
        let engines: [any WindowSystem] = [ReferenceWindowSystem(), IndexedWindowSystem()]
        for engine in engines { for command in commands { _ = engine.apply(command) } }
        for _ in 0..<400 {
            let point = Point(Double.random(in: -10..<1400, using: &rng), Double.random(in: -10..<1200, using: &rng))
            let viaCommand = engines.map { $0.apply(.hit(at: point, scene: mainSceneName)).map(\.description) }
            let direct = [
                (engines[0] as! ReferenceWindowSystem).hitTarget(at: point, scene: mainSceneName),
                (engines[1] as! IndexedWindowSystem).hitTarget(at: point, scene: mainSceneName),
            ].map { [Observation.hit($0).description] }
            #expect(direct == viaCommand, "seed \(seed), point \(point.x) \(point.y)")
            #expect(direct[0] == direct[1], "seed \(seed): engines differ at \(point.x) \(point.y)")
        }
    }
}
