import IndexedEngine
import Testing
import WindowModel

/// The engine's reading of the issue-15 rules: transforms through the index,
/// windows moving between scene grids, exclusive and single-touch views.
@Suite("Transforms, scene moves and touch options")
struct DeeperRuleTests {
    @Test("A2: a transformed window's index box holds its turned corners; the index never changes an answer")
    func transformedWindowThroughTheIndex() {
        let d = EngineDriver()
        // 200 x 20 at 0 0, turned a quarter about its centre (100, 10): x in (90, 110], y in [-90, 110).
        d.run([window("bar", 0, 0, 200, 20, root: false), .show(window: "bar"),
               .setTransform(target: "bar", transform: ViewTransform(0, 1, -1, 0, 0, 0))])
        #expect(d.lines(.hit(at: Point(100, 100), scene: mainSceneName)) == ["hit -> bar/bar at 190 10"])
        #expect(d.lines(.hit(at: Point(150, 10), scene: mainSceneName)) == ["hit -> none"])
        for x in stride(from: 85.0, through: 115, by: 0.5) {
            for y in stride(from: -95.0, through: 115, by: 5) {
                let answer = d.system.routeBothWays(x: x, y: y)
                #expect(answer.indexed == answer.scanned, "at \(x) \(y)")
            }
        }
    }

    @Test("A5: an ill-conditioned or singular transform gets the whole plane as its box and still answers exactly")
    func illConditionedTransforms() {
        let d = EngineDriver()
        d.run([window("w", 0, 0, 100, 100, root: false), .show(window: "w"),
               .setTransform(target: "w", transform: ViewTransform(1, 0, 0, 1e-9, 0, 0))])
        #expect(d.lines(.hit(at: Point(50, 50), scene: mainSceneName)) == ["hit -> w/w at 50 50"])
        #expect(d.lines(.hit(at: Point(50, 50.001), scene: mainSceneName)) == ["hit -> none"])
        d.run([.setTransform(target: "w", transform: ViewTransform(0, 0, 0, 0, 0, 0))])
        #expect(d.lines(.hit(at: Point(50, 50), scene: mainSceneName)) == ["hit -> none"])
        d.run([.setTransform(target: "w", transform: .identity)])
        #expect(d.lines(.hit(at: Point(50, 50), scene: mainSceneName)) == ["hit -> w/w at 50 50"])
    }

    @Test("M1: a moved window leaves one scene's index and enters the other's at the front of its level")
    func moveBetweenGrids() {
        let d = EngineDriver()
        d.run([.createScene(name: "s", size: Size(500, 500)), window("a", 0, 0, 50, 50),
               window("x", 0, 0, 50, 50, scene: "s"), .show(window: "a"), .show(window: "x")])
        #expect(d.lines(.moveWindow(window: "a", scene: "s")).isEmpty)
        #expect(d.lines(.hit(at: Point(5, 5), scene: mainSceneName)) == ["hit -> none"])
        #expect(d.lines(.hit(at: Point(5, 5), scene: "s")) == ["hit -> a/a.root at 5 5"])
        #expect(d.lines(.order(scene: "s")) == ["order s: a x"])
        #expect(d.lines(.moveWindow(window: "a", scene: mainSceneName)).isEmpty)
        #expect(d.lines(.order(scene: "s")) == ["order s: x"])
        #expect(d.lines(.order(scene: mainSceneName)) == ["order main: a"])
    }

    @Test("M2, M3: the moved key window's touches are cancelled, then it resigns and its old scene's successor is key")
    func moveKeyWindowWithTouches() {
        let d = EngineDriver()
        d.run([.createScene(name: "s", size: Size(500, 500)), window("a", 0, 0, 50, 50), window("b", 0, 0, 50, 50),
               .makeKeyAndVisible(window: "a"), .makeKeyAndVisible(window: "b"),
               .touchBegan(id: TouchID(3), at: Point(5, 5), scene: mainSceneName)])
        #expect(d.lines(.moveWindow(window: "b", scene: "s")) ==
                ["touch 3 cancelled -> b/b.root", "notify b didResignKey", "notify a didBecomeKey"])
        // b left main's history: hiding a leaves main with no key window.
        #expect(d.lines(.hide(window: "a")) == ["notify a didResignKey", "notify a didBecomeHidden"])
        #expect(d.lines(.keyWindow(scene: "s")) == ["keyWindow s -> none"])
    }

    @Test("T7, T8: single-touch and exclusive-touch views withhold touches in their window only")
    func touchOptions() {
        let d = EngineDriver()
        d.run([window("w", 0, 0, 100, 100, root: false), window("o", 200, 0, 100, 100, root: false),
               view("a", in: "w", 0, 0, 50, 50), view("b", in: "w", 50, 0, 50, 50),
               .show(window: "w"), .show(window: "o"), .setMultipleTouch(target: "a", enabled: false)])
        func began(_ id: Int, _ x: Double) -> [String] {
            d.lines(.touchBegan(id: TouchID(id), at: Point(x, 5), scene: mainSceneName))
        }
        #expect(began(1, 5) == ["touch 1 began -> w/a at 5 5"])
        #expect(began(2, 6) == ["touch 2 began -> ignored"])
        d.run([.setExclusiveTouch(target: "b", enabled: true)])
        #expect(began(3, 60) == ["touch 3 began -> ignored"])
        #expect(began(4, 205) == ["touch 4 began -> o/o at 5 5"])
        d.run([.touchEnded(id: TouchID(1), at: Point(5, 5))])
        #expect(began(5, 60) == ["touch 5 began -> w/b at 10 5"])
        #expect(began(6, 5) == ["touch 6 began -> ignored"])
    }

    @Test("A1: transforms set back to the identity, or of released views, give their table entries to the next one")
    func transformTableIsReused() {
        let d = EngineDriver()
        d.run([window("w", 0, 0, 100, 100), view("v", in: "w", 0, 0, 10, 10), .show(window: "w")])
        for turn in 0..<500 {
            let target = turn.isMultiple(of: 2) ? "w" : "v"
            d.run([.setTransform(target: target, transform: ViewTransform(2, 0, 0, 2, 0, 0)),
                   .setTransform(target: target, transform: .identity)])
        }
        #expect(d.system.transformTableCount == 1)
        d.run([.setTransform(target: "v", transform: ViewTransform(0, 1, -1, 0, 0, 0)),
               .setTransform(target: "w", transform: ViewTransform(1, 0, 0, 1, 5, 5)), .release(window: "w"),
               window("x", 0, 0, 100, 100), .setTransform(target: "x", transform: ViewTransform(3, 0, 0, 3, 0, 0)),
               view("y", in: "x", 0, 0, 10, 10), .setTransform(target: "y", transform: ViewTransform(3, 0, 0, 3, 0, 0))])
        #expect(d.system.transformTableCount == 2)
        #expect(d.lines(.convert(point: Point(0, 0), from: .named("x"), to: .screen)) == ["convert -> -100 -100"])
    }
}
