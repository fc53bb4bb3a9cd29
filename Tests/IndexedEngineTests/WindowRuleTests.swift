import IndexedEngine
import Testing
import WindowModel

/// The engine's reading of SEMANTICS.md, rule by rule.
@Suite("Window rules")
struct WindowRuleTests {
    @Test("W3: a higher level is in front of every lower level; W4: newly shown goes to the front of its level")
    func levels() {
        let d = EngineDriver()
        d.run([window("a", 0, 0, 10, 10), window("s", 0, 0, 10, 10, level: 1000), window("b", 0, 0, 10, 10),
               .show(window: "s"), .show(window: "a"), .show(window: "b")])
        #expect(d.lines(order) == ["order main: s b a"])
        d.run([.makeKey(window: "a"), .setFrame(target: "a", frame: Rect(1, 1, 5, 5)), .show(window: "a")])
        #expect(d.lines(order) == ["order main: s b a"])
        d.run([.makeKeyAndVisible(window: "a")])
        #expect(d.lines(order) == ["order main: s a b"])
    }

    @Test("W5: a hidden window's level change applies when shown, at the front of the new level; W6: same level changes nothing")
    func hiddenLevel() {
        let d = EngineDriver()
        d.run([window("a", 0, 0, 10, 10), window("b", 0, 0, 10, 10, level: 5), window("c", 0, 0, 10, 10, level: 5),
               .show(window: "b"), .show(window: "c"), .setLevel(window: "a", level: 5)])
        #expect(d.lines(order) == ["order main: c b"])
        d.run([.show(window: "a"), .setLevel(window: "b", level: 5)])
        #expect(d.lines(order) == ["order main: a c b"])
        d.run([.setLevel(window: "b", level: 4), .setLevel(window: "b", level: 5)])
        #expect(d.lines(order) == ["order main: b a c"])
    }

    @Test("N2: makeKeyAndVisible on a hidden window with another key window")
    func makeKeyAndVisibleOrder() {
        let d = EngineDriver()
        d.run([window("k", 0, 0, 10, 10), window("w", 0, 0, 10, 10), .makeKeyAndVisible(window: "k")])
        #expect(d.lines(.makeKeyAndVisible(window: "w")) ==
                ["notify w didBecomeVisible", "notify k didResignKey", "notify w didBecomeKey"])
        #expect(d.lines(.makeKeyAndVisible(window: "w")).isEmpty)
    }

    @Test("K4: hiding the key window hands key status to the most recent visible window in the history")
    func successor() {
        let d = EngineDriver()
        d.run([window("a", 0, 0, 10, 10), window("b", 0, 0, 10, 10), window("c", 0, 0, 10, 10),
               .makeKeyAndVisible(window: "a"), .makeKeyAndVisible(window: "b"), .makeKeyAndVisible(window: "c"),
               .hide(window: "b")])
        #expect(d.lines(.hide(window: "c")) == ["notify c didResignKey", "notify c didBecomeHidden", "notify a didBecomeKey"])
        #expect(d.lines(.hide(window: "a")) == ["notify a didResignKey", "notify a didBecomeHidden"])
        #expect(d.lines(keyWindow) == ["keyWindow main -> none"])
        #expect(d.lines(.hide(window: "b")).isEmpty)   // N1: hiding a hidden window posts nothing
    }

    @Test("K1: a hidden key window still receives presses; K2: making the key window key again posts nothing")
    func hiddenKey() {
        let d = EngineDriver()
        d.run([window("a", 0, 0, 10, 10)])
        #expect(d.lines(.press(key: "x", scene: mainSceneName)) == ["press -> none"])
        #expect(d.lines(.makeKey(window: "a")) == ["notify a didBecomeKey"])
        #expect(d.lines(.makeKey(window: "a")).isEmpty)
        #expect(d.lines(.press(key: "x", scene: mainSceneName)) == ["press -> a"])
        #expect(d.lines(order) == ["order main:"])
    }

    @Test("W7: releasing a hidden key window posts didResignKey and hands key status on")
    func releaseHiddenKey() {
        let d = EngineDriver()
        d.run([window("a", 0, 0, 10, 10), window("b", 0, 0, 10, 10), .makeKeyAndVisible(window: "a"), .makeKey(window: "b")])
        #expect(d.lines(.release(window: "b")) == ["notify b didResignKey", "notify a didBecomeKey"])
        #expect(d.lines(.release(window: "a")) == ["notify a didResignKey", "notify a didBecomeHidden"])
        #expect(d.system.snapshot() == [SceneSnapshot(scene: "main", order: [], keyWindow: nil, screen: "main")])
    }

    @Test("T5: touches cancelled by one command come in ascending id order, digits as numbers first (010 before 10: equal numbers, then text)")
    func cancellationOrder() {
        let d = EngineDriver()
        d.run([window("a", 0, 0, 100, 100), .show(window: "a")])
        d.run(["b", "10", "9", "a", "010"].map { began($0, 5, 5) })
        #expect(d.lines(.hide(window: "a")) == [
            "touch 9 cancelled -> a/a.root", "touch 010 cancelled -> a/a.root", "touch 10 cancelled -> a/a.root",
            "touch a cancelled -> a/a.root", "touch b cancelled -> a/a.root", "notify a didBecomeHidden",
        ])
    }

    @Test("T3: moved and ended follow the bound view through every ancestor; T4: unknown ids are ignored")
    func touchFollowsView() {
        let d = EngineDriver()
        d.run([window("a", 10, 10, 100, 100), view("v", in: "a.root", 20, 20, 30, 30), .show(window: "a"),
               .setBoundsOrigin(target: "a.root", origin: Point(5, 5))])
        #expect(d.lines(began("1", 40, 40)) == ["touch 1 began -> a/v at 15 15"])
        #expect(d.lines(began("1", 40, 40)) == ["touch 1 began -> ignored"])
        #expect(d.lines(moved("1", 500, 0)) == ["touch 1 moved -> a/v at 475 -25"])
        #expect(d.lines(.touchEnded(id: TouchID("1"), at: Point(0, 0))) == ["touch 1 ended -> a/v at -25 -25"])
        #expect(d.lines(moved("1", 0, 0)) == ["touch 1 moved -> ignored"])
        #expect(d.lines(.touchCancelled(id: TouchID("1"))) == ["touch 1 cancelled -> ignored"])
        #expect(d.lines(began("2", 0, 0)) == ["touch 2 began -> none"])
    }

    @Test("V3: removing a view cancels touches bound to its subtree only; T5: hiding a view cancels nothing")
    func removeCancels() {
        let d = EngineDriver()
        d.run([window("a", 0, 0, 100, 100), view("p", in: "a.root", 0, 0, 50, 50), view("c", in: "p", 0, 0, 10, 10),
               .show(window: "a"), began("1", 5, 5), began("2", 20, 20), began("3", 80, 80),
               .setHidden(target: "c", hidden: true)])
        #expect(d.lines(.remove(view: "p")) == ["touch 1 cancelled -> a/c", "touch 2 cancelled -> a/p"])
        #expect(d.lines(moved("3", 1, 1)) == ["touch 3 moved -> a/a.root at 1 1"])
    }

    @Test("W8: the root view's size follows the window's frame, its origin stays; once removed nothing follows")
    func rootFollows() {
        let d = EngineDriver()
        d.run([window("a", 0, 0, 100, 100), .show(window: "a"), .setFrame(target: "a.root", frame: Rect(10, 10, 5, 5)),
               .setFrame(target: "a", frame: Rect(0, 0, 300, 300))])
        #expect(d.lines(hit(305, 305)) == ["hit -> none"])
        #expect(d.lines(hit(299, 299)) == ["hit -> a/a.root at 289 289"])
        #expect(d.lines(hit(5, 5)) == ["hit -> a/a at 5 5"])
    }

    @Test("H3: subviews front-most first; V2: front and back reorder siblings; H4: a hidden ancestor hides its subtree")
    func subviewOrder() {
        let d = EngineDriver()
        d.run([window("a", 0, 0, 100, 100), view("x", in: "a.root", 0, 0, 50, 50), view("y", in: "a.root", 0, 0, 50, 50),
               .show(window: "a")])
        #expect(d.lines(hit(1, 1)) == ["hit -> a/y at 1 1"])
        d.run([.bringToFront(view: "x")])
        #expect(d.lines(hit(1, 1)) == ["hit -> a/x at 1 1"])
        d.run([.sendToBack(view: "x")])
        #expect(d.lines(hit(1, 1)) == ["hit -> a/y at 1 1"])
        d.run([.setHidden(target: "a.root", hidden: true)])
        #expect(d.lines(hit(1, 1)) == ["hit -> a/a at 1 1"])
    }

    @Test("G5: alpha is clamped when set: 2 stores 1, -1 stores 0")
    func alphaClamp() {
        let d = EngineDriver()
        d.run([window("a", 0, 0, 100, 100), .show(window: "a"), .setAlpha(target: "a.root", alpha: -1)])
        #expect(d.lines(hit(1, 1)) == ["hit -> a/a at 1 1"])
        d.run([.setAlpha(target: "a.root", alpha: 2)])
        #expect(d.lines(hit(1, 1)) == ["hit -> a/a.root at 1 1"])
    }

    @Test("Q3: convert goes out to the screen and back in, through every ancestor")
    func convert() {
        let d = EngineDriver()
        d.run([window("a", 10, 20, 100, 100), window("b", 300, 300, 50, 50), view("v", in: "a.root", 5, 5, 10, 10),
               .setBoundsOrigin(target: "a.root", origin: Point(1, 2))])
        #expect(d.lines(.convert(point: Point(0, 0), from: .named("v"), to: .screen)) == ["convert -> 14 23"])
        #expect(d.lines(.convert(point: Point(14, 23), from: .screen, to: .named("v"))) == ["convert -> 0 0"])
        #expect(d.lines(.convert(point: Point(0, 0), from: .named("v"), to: .named("b"))) == ["convert -> -286 -277"])
    }

    @Test("S1: each scene has its own key window and order; T6: hit binds nothing")
    func scenes() {
        let d = EngineDriver()
        d.run([.createScene(name: "tv", size: Size(100, 100)), window("t", 0, 0, 10, 10, scene: "tv"),
               window("m", 0, 0, 10, 10), .makeKeyAndVisible(window: "t"), .makeKeyAndVisible(window: "m")])
        #expect(d.lines(.keyWindow(scene: "tv")) == ["keyWindow tv -> t"])
        #expect(d.lines(keyWindow) == ["keyWindow main -> m"])
        #expect(d.lines(hit(1, 1, scene: "tv")) == ["hit -> t/t.root at 1 1"])
        #expect(d.lines(moved("1", 1, 1)) == ["touch 1 moved -> ignored"])
    }
}
