import IndexedEngine
import Testing
import WindowModel

/// The index follows every change that moves, restacks, hides, shows or releases a
/// window; `invariantViolations()` compares each visible window's leaf with its
/// frame and stacking key after every command (the driver checks it).
@Suite("Index stays in sync")
struct IndexSyncTests {
    @Test("resize and move update the window's box: old area misses, new area hits")
    func resize() {
        let d = EngineDriver()
        d.run([window("a", 0, 0, 100, 100), .show(window: "a")])
        #expect(d.lines(hit(150, 150)) == ["hit -> none"])
        d.run([.setFrame(target: "a", frame: Rect(100, 100, 100, 100))])
        #expect(d.lines(hit(150, 150)) == ["hit -> a/a.root at 50 50"])
        #expect(d.lines(hit(50, 50)) == ["hit -> none"])
    }

    @Test("a level change restacks the leaf: the window is found first")
    func levelChange() {
        let d = EngineDriver()
        d.run([window("low", 0, 0, 100, 100), window("high", 0, 0, 100, 100, level: 10),
               .show(window: "high"), .show(window: "low")])
        #expect(d.lines(hit(5, 5)) == ["hit -> high/high.root at 5 5"])
        d.run([.setLevel(window: "low", level: 20)])
        #expect(d.lines(hit(5, 5)) == ["hit -> low/low.root at 5 5"])
        d.run([.setLevel(window: "low", level: -5)])
        #expect(d.lines(hit(5, 5)) == ["hit -> high/high.root at 5 5"])
    }

    @Test("hide takes the window out of the index, show puts it back in front")
    func hideShow() {
        let d = EngineDriver()
        d.run([window("a", 0, 0, 100, 100), window("b", 0, 0, 100, 100), .show(window: "a"), .show(window: "b")])
        #expect(d.lines(hit(1, 1)) == ["hit -> b/b.root at 1 1"])
        d.run([.hide(window: "b")])
        #expect(d.lines(hit(1, 1)) == ["hit -> a/a.root at 1 1"])
        d.run([.setFrame(target: "b", frame: Rect(50, 50, 10, 10)), .show(window: "b")])
        #expect(d.lines(hit(55, 55)) == ["hit -> b/b.root at 5 5"])
        #expect(d.lines(hit(1, 1)) == ["hit -> a/a.root at 1 1"])
    }

    @Test("release removes the leaf; the window behind takes the touches")
    func release() {
        let d = EngineDriver()
        d.run([window("a", 0, 0, 100, 100), window("b", 0, 0, 100, 100),
               .makeKeyAndVisible(window: "a"), .makeKeyAndVisible(window: "b")])
        d.run([.release(window: "b")])
        #expect(d.lines(hit(1, 1)) == ["hit -> a/a.root at 1 1"])
        #expect(d.system.snapshot().first?.order == ["a"])
    }

    @Test("a bounds-origin change keeps the box exact (its margin depends on the origin)")
    func boundsOrigin() {
        let d = EngineDriver()
        d.run([window("a", 10, 10, 100, 100), .show(window: "a"),
               .setBoundsOrigin(target: "a", origin: Point(1e10, -1e10))])
        #expect(d.lines(hit(10, 10)) == ["hit -> a/a at 10000000000 -10000000000"])
        // 1e200 + 100 rounds to 1e200: the window's bounds are empty (G2, G4).
        d.run([.setBoundsOrigin(target: "a", origin: Point(1e200, -1e200))])
        #expect(d.lines(hit(10, 10)) == ["hit -> none"])
    }

    @Test("windows in other scenes have trees of their own")
    func scenes() {
        let d = EngineDriver()
        d.run([.createScene(name: "ext", size: Size(500, 500)), window("e", 0, 0, 100, 100, scene: "ext"),
               window("m", 0, 0, 100, 100), .show(window: "e"), .show(window: "m")])
        #expect(d.lines(hit(1, 1, scene: "ext")) == ["hit -> e/e.root at 1 1"])
        #expect(d.lines(hit(1, 1)) == ["hit -> m/m.root at 1 1"])
        #expect(d.system.snapshot().map(\.order) == [["m"], ["e"]])
    }

    @Test("random command sequences: index routing equals a linear scan, bit for bit",
          arguments: SeededRandom.seeds(default: [1, 2, 3, 4, 5, 6]))
    func indexEqualsScan(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let d = EngineDriver()
        var windows: [String] = []
        let coordinates: [Double] = [0, 10, 50, 99.5, 100, 0.1, 1e16, -1e16, 1e300, -1e300, 1.7e308, -0.0]
        func number() -> Double {
            Bool.random(using: &rng) ? coordinates.randomElement(using: &rng)! : Double(Int.random(in: -50...250, using: &rng))
        }
        for step in 0..<300 {
            var commands: [Command] = []
            let choice = windows.isEmpty ? 0 : Int.random(in: 0..<8, using: &rng)
            switch choice {
            case 0 where windows.count < 40:
                let name = "w\(step)"
                windows.append(name)
                commands = [window(name, number(), number(), abs(number()), abs(number()),
                                   level: Double(Int.random(in: 0...2, using: &rng)))]
                if Bool.random(using: &rng) { commands.append(.show(window: name)) }
            case 2:
                commands = [.setFrame(target: windows.randomElement(using: &rng)!,
                                      frame: Rect(number(), number(), abs(number()), abs(number())))]
            case 3:
                commands = [.setBoundsOrigin(target: windows.randomElement(using: &rng)!, origin: Point(number(), number()))]
            case 4:
                commands = [.setLevel(window: windows.randomElement(using: &rng)!, level: Double(Int.random(in: 0...2, using: &rng)))]
            case 5:
                let w = windows.randomElement(using: &rng)!
                commands = [Bool.random(using: &rng) ? .hide(window: w) : .makeKeyAndVisible(window: w)]
            case 6:
                commands = [.setPassthrough(window: windows.randomElement(using: &rng)!, enabled: Bool.random(using: &rng))]
            default:
                commands = []
            }
            d.run(commands)
            for _ in 0..<5 {
                let (x, y) = (number(), number())
                let answer = d.system.routeBothWays(x: x, y: y)
                #expect(answer.indexed == answer.scanned, "seed \(seed) step \(step) at (\(x), \(y))")
            }
        }
    }
}
