import ReferenceModel
import Testing
import WindowModel

@Suite("Windows moving between scenes")
struct SceneMoveTests {
    @Test("M1: a visible window leaves the old order and goes to the front of its level in the new scene, silently")
    func visibleWindowMovesToFrontOfLevel() {
        let d = Driver("""
            scene s
            window a frame 0 0 10 10
            window x in s frame 0 0 10 10
            window y in s frame 0 0 10 10
            window top in s frame 0 0 10 10 level 1
            show a
            show x
            show y
            show top
            """)
        #expect(d.run("move a to s") == [])
        #expect(d.order() == [])
        #expect(d.order("s") == ["top", "a", "y", "x"])
        #expect(d.run("hit 5 5") == ["hit -> none"])
        #expect(d.run("set top hidden on\nhit 5 5 in s") == ["notify top didBecomeHidden", "hit -> a/a at 5 5"])
    }

    @Test("M1: moving a window to its own scene changes nothing")
    func moveToOwnSceneIsNothing() {
        let d = Driver("""
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            makeKeyAndVisible a
            show b
            touch 1 began 5 5
            """)
        #expect(d.run("move a to main") == [])
        #expect(d.order() == ["b", "a"])
        #expect(d.key() == "a")
        #expect(d.run("touch 1 moved 6 6") == ["touch 1 moved -> b/b at 6 6"])
    }

    @Test("M1: a hidden window stays hidden and goes to the front of its level there when shown")
    func hiddenWindowStaysHidden() {
        let d = Driver("""
            scene s
            window a frame 0 0 10 10
            window x in s frame 0 0 10 10
            show x
            """)
        #expect(d.run("move a to s") == [])
        #expect(d.order("s") == ["x"])
        #expect(d.run("show a") == ["notify a didBecomeVisible"])
        #expect(d.order("s") == ["a", "x"])
    }

    @Test("M2: the key window resigns, the old scene's successor becomes key, the new scene's key is unchanged")
    func keyWindowResignsAndSucceeds() {
        let d = Driver("""
            scene s
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            window k in s frame 0 0 10 10
            makeKeyAndVisible k
            makeKeyAndVisible a
            makeKeyAndVisible b
            """)
        #expect(d.run("move b to s") == ["notify b didResignKey", "notify a didBecomeKey"])
        #expect(d.key() == "a")
        #expect(d.key("s") == "k")
        #expect(d.run("move a to s") == ["notify a didResignKey"])
        #expect(d.key() == nil)
    }

    @Test("M2: a moved window leaves the old key history: it never comes back there by succession")
    func movedWindowLeavesHistory() {
        let d = Driver("""
            scene s
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            window c frame 0 0 10 10
            makeKeyAndVisible a
            makeKeyAndVisible b
            makeKeyAndVisible c
            """)
        #expect(d.run("move b to s") == [])
        d.run("move b to main")
        d.run("hide c")
        #expect(d.key() == "a")
    }

    @Test("M2: moving a window that is not key changes no key status; a hidden key window resigns too")
    func nonKeyAndHiddenKey() {
        let d = Driver("""
            scene s
            window a frame 0 0 10 10
            window h frame 0 0 10 10
            makeKeyAndVisible a
            """)
        #expect(d.run("move h to s") == [])
        #expect(d.key() == "a")
        d.run("move h to main")
        d.run("makeKey h")
        #expect(d.run("move h to s") == ["notify h didResignKey", "notify a didBecomeKey"])
    }

    @Test("M3: touches bound to the window or its views are cancelled in id order, before the key posts")
    func touchesCancelledFirst() {
        let d = Driver("""
            scene s
            window a frame 0 0 100 100
            window b frame 0 0 100 100
            view v in b frame 0 0 50 50
            makeKeyAndVisible a
            makeKeyAndVisible b
            touch 10 began 5 5
            touch 2 began 60 60
            """)
        #expect(d.run("move b to s") == ["touch 2 cancelled -> b/b", "touch 10 cancelled -> b/v",
                                          "notify b didResignKey", "notify a didBecomeKey"])
        #expect(d.run("touch 2 moved 1 1") == ["touch 2 moved -> ignored"])
    }
}
