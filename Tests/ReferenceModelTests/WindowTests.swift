import ReferenceModel
import Testing
import WindowModel

@Suite("Windows and levels")
struct WindowTests {
    @Test("W1: a new window is hidden, alpha 1, interaction on, not pass-through, origin 0 0, level normal")
    func newWindowDefaults() throws {
        let d = Driver("window w frame 1 2 3 4")
        let w = try #require(d.layout(of: "w"))
        #expect(w.isHidden && w.alpha == 1 && w.isInteractionEnabled && !w.isPassthrough && !w.isKey)
        #expect(w.boundsOrigin == Point(0, 0) && w.level == 0 && w.frame == Rect(1, 2, 3, 4))
        #expect(w.subviews.isEmpty)
        #expect(d.run("order") == ["order main:"])
        #expect(d.run("hit 2 3") == ["hit -> none"])
        #expect(d.run("show w") == ["notify w didBecomeVisible"])
        #expect(d.run("hit 2 3") == ["hit -> w/w at 1 1"])
    }

    @Test("W1: a level given at creation is the window's level")
    func levelAtCreation() {
        let d = Driver("""
            window high frame 0 0 10 10 level 5
            window low frame 0 0 10 10
            show high
            show low
            """)
        #expect(d.layout(of: "high")?.level == 5)
        #expect(d.run("order") == ["order main: high low"])
    }

    @Test("W2: named levels and offsets: normal 0, statusBar 1000, alert 2000, alert+1 2001", arguments: [
        ("normal", 0.0), ("statusBar", 1000), ("alert", 2000), ("alert+1", 2001), ("statusBar-5", 995),
        ("-3.5", -3.5), ("1e300", 1e300), ("normal-0.25", -0.25),
    ])
    func namedLevels(text: String, value: Double) {
        let d = Driver("window w frame 0 0 10 10 level \(text)")
        #expect(d.layout(of: "w")?.level == value)
    }

    @Test("W2: any finite number is a level and orders accordingly")
    func anyFiniteLevel() {
        let d = Driver("""
            window a frame 0 0 10 10 level alert+1
            window b frame 0 0 10 10 level alert
            window c frame 0 0 10 10 level -1e300
            window n frame 0 0 10 10 level -0.5
            show c
            show b
            show n
            show a
            """)
        #expect(d.run("order") == ["order main: a b n c"])
    }

    @Test("W3: the bottom window of a higher level is in front of the top window of every lower level")
    func levelWins() {
        let d = Driver("""
            window alert1 frame 0 0 10 10 level alert
            window alert2 frame 0 0 10 10 level alert
            window status frame 0 0 10 10 level statusBar
            window app1 frame 0 0 10 10
            window app2 frame 0 0 10 10
            show alert1
            show alert2
            show status
            show app1
            makeKeyAndVisible app2
            """)
        #expect(d.run("order") == ["order main: alert2 alert1 status app2 app1"])
        #expect(d.run("hit 1 1") == ["hit -> alert2/alert2 at 1 1"])
    }

    @Test("W4: within a level, becoming visible brings a window to the front", arguments: [
        "show a", "set a hidden off", "makeKeyAndVisible a",
    ])
    func becomingVisibleReorders(command: String) {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            window c frame 0 0 10 10 level 1
            show a
            show b
            show c
            hide a
            """)
        #expect(d.run("order") == ["order main: c b"])
        d.run(command)
        #expect(d.run("order") == ["order main: c a b"])
    }

    @Test("W4: makeKeyAndVisible on a visible window brings it to the front, even when already key")
    func makeKeyAndVisibleReorders() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            makeKeyAndVisible a
            show b
            """)
        #expect(d.run("order") == ["order main: b a"])
        #expect(d.run("makeKeyAndVisible a") == [])
        #expect(d.run("order") == ["order main: a b"])
    }

    @Test("W4: a level change while visible puts the window in front of its new level")
    func levelChangeReorders() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10 level 1
            window c frame 0 0 10 10 level 1
            show a
            show b
            show c
            """)
        #expect(d.run("order") == ["order main: c b a"])
        d.run("set a level 1")
        #expect(d.run("order") == ["order main: a c b"])
        d.run("set c level 0")
        d.run("set c level 1")
        #expect(d.run("order") == ["order main: c a b"])
    }

    @Test("W4: nothing else reorders windows", arguments: [
        "makeKey a", "set a frame 5 5 20 20", "set a origin 3 3", "set a alpha 0.5", "set a interaction off",
        "set a passthrough on", "show a", "set a hidden off", "set a.root frame 1 1 1 1", "press k",
        "hit 1 1", "touch 1 began 1 1", "makeKey b", "set b level 0", "view v in a frame 0 0 1 1",
        "front a.root", "remove a.root", "order", "keyWindow", "convert 1 1 from a to b",
        "hide c", "show c",
    ])
    func nothingElseReorders(command: String) {
        let d = Driver("""
            window a frame 0 0 10 10 root
            window b frame 0 0 10 10
            window c frame 0 0 10 10 level 7
            show a
            makeKeyAndVisible b
            """)
        d.run(command)
        #expect(d.order().filter { $0 != "c" } == ["b", "a"])
    }

    @Test("W5: hidden windows are not in the visible order")
    func hiddenNotInOrder() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            show a
            show b
            """)
        d.run("hide b")
        #expect(d.run("order") == ["order main: a"])
        #expect(d.run("hit 1 1") == ["hit -> a/a at 1 1"])
    }

    @Test("W5: a hidden window whose level changes keeps it and goes to the front of it when shown")
    func hiddenLevelChange() {
        let d = Driver("""
            window a frame 0 0 10 10
            window x frame 0 0 10 10 level 3
            window y frame 0 0 10 10 level 3
            show x
            show y
            show a
            hide a
            set a level 3
            """)
        #expect(d.layout(of: "a")?.level == 3)
        #expect(d.run("order") == ["order main: y x"])
        d.run("show a")
        #expect(d.run("order") == ["order main: a y x"])
    }

    @Test("W6: setting a window's level to the value it already has changes nothing")
    func sameLevelIsNoOp() {
        let d = Driver("""
            window a frame 0 0 10 10 level 2
            window b frame 0 0 10 10 level 2
            show a
            show b
            """)
        #expect(d.run("set a level 2") == [])
        #expect(d.run("order") == ["order main: b a"])
        d.apply(.setLevel(window: "a", level: -0.0 + 2))
        #expect(d.order() == ["b", "a"])
        // A different value does reorder.
        d.run("set a level 2.5")
        d.run("set a level 2")
        #expect(d.order() == ["a", "b"])
    }

    @Test("W6: zero and minus zero are the same level")
    func minusZeroIsSameLevel() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            show a
            show b
            """)
        d.apply(.setLevel(window: "a", level: -0.0))
        #expect(d.order() == ["b", "a"])
    }

    @Test("W7: releasing a visible key window hides it, hands key over, then it is gone")
    func releaseVisibleKeyWindow() {
        let d = Driver("""
            window s frame 0 0 100 100
            window k frame 0 0 100 100 root
            view v in k.root frame 0 0 50 50
            makeKeyAndVisible s
            makeKeyAndVisible k
            touch 10 began 5 5
            touch 2 began 60 60
            """)
        #expect(d.run("release k") == [
            "touch 2 cancelled -> k/k.root", "touch 10 cancelled -> k/v",
            "notify k didResignKey", "notify k didBecomeHidden", "notify s didBecomeKey",
        ])
        #expect(d.order() == ["s"])
        #expect(d.system.sceneLayout("main")?.windows.map(\.name) == ["s"])
        for line in ["show k", "set v alpha 1", "remove k.root", "convert 0 0 from v to screen", "view z in k frame 0 0 1 1"] {
            #expect(d.rejects(line), "\(line)")
        }
        #expect(d.rejects("window k frame 0 0 1 1"))
        #expect(d.run("touch 10 moved 1 1") == ["touch 10 moved -> ignored"])
    }

    @Test("W7: releasing a hidden key window posts didResignKey, no didBecomeHidden, then hands key over")
    func releaseHiddenKeyWindow() {
        let d = Driver("""
            window a frame 0 0 10 10
            window k frame 0 0 10 10
            makeKeyAndVisible a
            makeKey k
            """)
        #expect(d.run("release k") == ["notify k didResignKey", "notify a didBecomeKey"])
        #expect(d.key() == "a")
    }

    @Test("W7: releasing a window that is not key posts only what hiding it posts")
    func releaseNonKeyWindow() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            window h frame 0 0 10 10
            makeKeyAndVisible a
            show b
            """)
        #expect(d.run("release b") == ["notify b didBecomeHidden"])
        #expect(d.run("release h") == [])
        #expect(d.key() == "a" && d.order() == ["a"])
    }

    @Test("W7: a released window never comes back as key through the history")
    func releasedWindowLeavesHistory() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            window c frame 0 0 10 10
            makeKeyAndVisible a
            makeKeyAndVisible b
            makeKeyAndVisible c
            release b
            """)
        #expect(d.run("hide c") == ["notify c didResignKey", "notify c didBecomeHidden", "notify a didBecomeKey"])
    }

    @Test("W8: root installs NAME.root with frame 0 0 W H as the back-most subview")
    func rootViewInstalled() throws {
        let d = Driver("""
            window w frame 30 40 200 100 root
            view front in w frame 0 0 10 10
            show w
            """)
        let w = try #require(d.layout(of: "w"))
        #expect(w.subviews.map(\.name) == ["w.root", "front"])
        #expect(w.subviews.first?.frame == Rect(0, 0, 200, 100))
        #expect(d.run("hit 35 45") == ["hit -> w/front at 5 5"])
        #expect(d.run("hit 229 139") == ["hit -> w/w.root at 199 99"])
    }

    @Test("W8: the root view's size follows the window's frame, its origin stays")
    func rootViewFollowsWindowSize() throws {
        let d = Driver("""
            window w frame 0 0 100 100 root
            show w
            set w.root frame 5 6 10 10
            set w frame 50 50 300 200
            """)
        #expect(d.layout(of: "w")?.subviews.first?.frame == Rect(5, 6, 300, 200))
        #expect(d.run("hit 349 249") == ["hit -> w/w.root at 294 193"])
        // Bounds origin and alpha do not touch the root view's frame.
        d.run("set w origin 7 7")
        #expect(d.layout(of: "w")?.subviews.first?.frame == Rect(5, 6, 300, 200))
        d.run("set w frame 0 0 0 0")
        #expect(d.layout(of: "w")?.subviews.first?.frame == Rect(5, 6, 0, 0))
    }

    @Test("W8: once removed, the root view is an ordinary gone view and nothing follows")
    func removedRootDoesNotFollow() throws {
        let d = Driver("""
            window w frame 0 0 100 100 root
            view other in w frame 0 0 100 100
            show w
            remove w.root
            set w frame 0 0 400 400
            """)
        let w = try #require(d.layout(of: "w"))
        #expect(w.subviews.map(\.name) == ["other"])
        #expect(w.subviews.first?.frame == Rect(0, 0, 100, 100))
        #expect(d.rejects("set w.root alpha 1"))
    }

    @Test("W9: set hidden on is hide, set hidden off is show")
    func setHiddenIsHideAndShow() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            makeKeyAndVisible a
            makeKeyAndVisible b
            """)
        #expect(d.run("set b hidden on") == ["notify b didResignKey", "notify b didBecomeHidden", "notify a didBecomeKey"])
        #expect(d.run("set b hidden on") == [])
        #expect(d.run("set b hidden off") == ["notify b didBecomeVisible"])
        #expect(d.run("set b hidden off") == [])
        #expect(d.order() == ["b", "a"] && d.key() == "a")
        #expect(d.layout(of: "b")?.isHidden == false)
    }
}
