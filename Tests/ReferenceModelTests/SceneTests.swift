import ReferenceModel
import Testing
import WindowModel

@Suite("Scenes")
struct SceneTests {
    @Test("S1: a system starts with one scene, main, 1000 x 1000, and nothing in it")
    func startsWithMain() {
        let system = ReferenceWindowSystem()
        #expect(system.engineName == "reference")
        #expect(system.snapshot() == [SceneSnapshot(scene: "main", order: [], keyWindow: nil, screen: "main")])
        #expect(system.sceneLayout("main") == SceneLayout(scene: "main", size: Size(1000, 1000), windows: []))
        #expect(system.sceneLayout("other") == nil)
        #expect(system.invariantViolations().isEmpty)
    }

    @Test("S1: scene adds another scene, 1000 x 1000 by default, listed in creation order")
    func addsScenes() {
        let d = Driver("""
            scene b
            scene a size 300 200
            """)
        #expect(d.system.snapshot().map(\.scene) == ["main", "b", "a"])
        #expect(d.system.sceneLayout("b")?.size == Size(1000, 1000))
        #expect(d.system.sceneLayout("a")?.size == Size(300, 200))
    }

    @Test("S1: each scene has its own order, key window, key history and presses")
    func scenesAreIndependent() {
        let d = Driver("""
            scene tv
            window a frame 0 0 100 100
            window b frame 0 0 100 100
            window t in tv frame 0 0 100 100
            window u in tv frame 0 0 100 100
            makeKeyAndVisible a
            makeKeyAndVisible b
            """)
        #expect(d.run("makeKeyAndVisible t") == ["notify t didBecomeVisible", "notify t didBecomeKey"])
        #expect(d.run("press x") == ["press -> b"])
        #expect(d.run("press x in tv") == ["press -> t"])
        #expect(d.run("order main") == ["order main: b a"])
        #expect(d.run("order tv") == ["order tv: t"])
        // Hiding main's key window hands over within main only; tv's history is its own.
        #expect(d.run("hide b") == ["notify b didResignKey", "notify b didBecomeHidden", "notify a didBecomeKey"])
        #expect(d.run("keyWindow tv") == ["keyWindow tv -> t"])
        #expect(d.run("show u") == ["notify u didBecomeVisible"])
        #expect(d.run("hide t") == ["notify t didResignKey", "notify t didBecomeHidden"])
        #expect(d.run("keyWindow tv") == ["keyWindow tv -> none"])
        #expect(d.run("press y in tv") == ["press -> none"])
        #expect(d.run("press y") == ["press -> a"])
        // Touches route within their scene only.
        #expect(d.run("hit 5 5 in tv") == ["hit -> u/u at 5 5"])
        #expect(d.run("hit 5 5") == ["hit -> a/a at 5 5"])
    }

    @Test("S2: a scene's size does not clip routing: a touch outside it is routed like any other")
    func sceneSizeDoesNotClip() {
        let d = Driver("""
            scene small size 100 100
            window far in small frame 500 500 100 100 root
            show far
            """)
        #expect(d.run("hit 550 550 in small") == ["hit -> far/far.root at 50 50"])
        #expect(d.run("touch 1 began 599 599 in small") == ["touch 1 began -> far/far.root at 99 99"])
        #expect(d.run("touch 1 moved -20 5000") == ["touch 1 moved -> far/far.root at -520 4500"])
    }

    @Test("S2: every scene's coordinates are screen coordinates")
    func sceneOriginIsScreenOrigin() {
        let d = Driver("""
            scene other size 50 50
            window a frame 10 20 100 100
            window b in other frame 10 20 100 100
            show a
            show b
            """)
        #expect(d.run("convert 0 0 from b to screen") == ["convert -> 10 20"])
        #expect(d.run("convert 3 4 from a to b") == ["convert -> 3 4"])
        #expect(d.run("hit 10 20 in other") == ["hit -> b/b at 0 0"])
    }
}
