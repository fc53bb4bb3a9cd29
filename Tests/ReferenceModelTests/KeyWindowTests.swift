import ReferenceModel
import Testing
import WindowModel

@Suite("The key window")
struct KeyWindowTests {
    @Test("K1: presses go to the scene's key window, or nowhere")
    func pressesGoToKeyWindow() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            """)
        #expect(d.run("press x") == ["press -> none"])
        d.run("makeKeyAndVisible a")
        #expect(d.run("press x") == ["press -> a"])
        d.run("makeKeyAndVisible b")
        #expect(d.run("press enter") == ["press -> b"])
    }

    @Test("K1: a scene has at most one key window: a new key window replaces the old")
    func atMostOneKeyWindow() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            makeKeyAndVisible a
            """)
        #expect(d.run("makeKey b") == ["notify a didResignKey", "notify b didBecomeKey"])
        #expect(d.system.sceneLayout("main")?.windows.filter(\.isKey).map(\.name) == ["b"])
    }

    @Test("K1: a hidden key window still receives presses")
    func hiddenKeyWindowReceivesPresses() {
        let d = Driver("""
            window a frame 0 0 10 10
            makeKey a
            """)
        #expect(d.run("press x") == ["press -> a"])
        #expect(d.run("keyWindow") == ["keyWindow main -> a"])
        #expect(d.order() == [])
    }

    @Test("K2: makeKey changes neither visibility nor order")
    func makeKeyKeepsVisibilityAndOrder() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            window h frame 0 0 10 10
            show a
            show b
            """)
        #expect(d.run("makeKey a") == ["notify a didBecomeKey"])
        #expect(d.order() == ["b", "a"])
        #expect(d.run("makeKey h") == ["notify a didResignKey", "notify h didBecomeKey"])
        #expect(d.order() == ["b", "a"])
        #expect(d.layout(of: "h")?.isHidden == true)
    }

    @Test("K2: making the key window key again changes nothing")
    func makeKeyTwice() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            show a
            show b
            makeKey a
            """)
        #expect(d.run("makeKey a") == [])
        #expect(d.order() == ["b", "a"] && d.key() == "a")
    }

    @Test("K3: makeKeyAndVisible shows, brings to the front of its level and makes key")
    func makeKeyAndVisible() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            window top frame 0 0 10 10 level 1
            show top
            makeKeyAndVisible a
            show b
            """)
        #expect(d.order() == ["top", "b", "a"])
        // Visible and not key: reorder and key, nothing about visibility.
        #expect(d.run("makeKeyAndVisible a") == [])
        #expect(d.order() == ["top", "a", "b"] && d.key() == "a")
        #expect(d.run("makeKeyAndVisible b") == ["notify a didResignKey", "notify b didBecomeKey"])
        #expect(d.order() == ["top", "b", "a"])
    }

    @Test("K4: hiding the key window makes the most recent other visible key window key")
    func successorIsMostRecent() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            window c frame 0 0 10 10
            makeKeyAndVisible a
            makeKeyAndVisible b
            makeKeyAndVisible c
            """)
        #expect(d.run("hide c") == ["notify c didResignKey", "notify c didBecomeHidden", "notify b didBecomeKey"])
        #expect(d.run("hide b") == ["notify b didResignKey", "notify b didBecomeHidden", "notify a didBecomeKey"])
        #expect(d.run("hide a") == ["notify a didResignKey", "notify a didBecomeHidden"])
        #expect(d.key() == nil)
    }

    @Test("K4: the successor skips hidden and released windows")
    func successorSkipsHiddenAndReleased() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            window c frame 0 0 10 10
            window d frame 0 0 10 10
            makeKeyAndVisible a
            makeKeyAndVisible b
            makeKeyAndVisible c
            makeKeyAndVisible d
            hide c
            release b
            """)
        #expect(d.run("hide d") == ["notify d didResignKey", "notify d didBecomeHidden", "notify a didBecomeKey"])
    }

    @Test("K4: a visible window that was never key does not become key; with none left the scene has no key")
    func neverKeyWindowIsNoSuccessor() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            show a
            makeKeyAndVisible b
            """)
        #expect(d.run("hide b") == ["notify b didResignKey", "notify b didBecomeHidden"])
        #expect(d.run("keyWindow") == ["keyWindow main -> none"])
        #expect(d.run("press p") == ["press -> none"])
    }

    @Test("K4: hiding or releasing a window that is not key changes no key status")
    func hidingNonKeyKeepsKey() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            window c frame 0 0 10 10
            makeKeyAndVisible a
            makeKeyAndVisible b
            makeKey a
            """)
        #expect(d.run("hide b") == ["notify b didBecomeHidden"])
        #expect(d.run("release b") == [])
        #expect(d.key() == "a")
    }

    @Test("K4: succession counts as becoming key in the history")
    func successionIsRecorded() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            window c frame 0 0 10 10
            makeKeyAndVisible a
            makeKeyAndVisible b
            makeKeyAndVisible c
            hide c
            show c
            makeKey a
            """)
        // History by becoming key: a, b, c, b (succession), a. So b is more recent than c.
        #expect(d.run("hide a") == ["notify a didResignKey", "notify a didBecomeHidden", "notify b didBecomeKey"])
    }

    @Test("K4: hiding a hidden key window changes nothing; it stays key")
    func hidingHiddenKeyWindow() {
        let d = Driver("""
            window a frame 0 0 10 10
            window k frame 0 0 10 10
            makeKeyAndVisible a
            makeKey k
            """)
        #expect(d.run("hide k") == [])
        #expect(d.key() == "k")
    }
}
