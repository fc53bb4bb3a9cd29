import ReferenceModel
import Testing
import WindowModel

@Suite("Exclusive and single-touch views")
struct TouchOptionTests {
    static let twoButtons = """
        window w frame 0 0 100 100
        window other frame 200 0 100 100
        view a in w frame 0 0 50 50
        view b in w frame 50 0 50 50
        show w
        show other
        """

    @Test("T7: multiple touch is on by default: a view takes a second touch, as every older trace assumed")
    func multipleTouchOnByDefault() {
        let d = Driver(Self.twoButtons)
        #expect(d.run("touch 1 began 5 5") == ["touch 1 began -> w/a at 5 5"])
        #expect(d.run("touch 2 began 6 6") == ["touch 2 began -> w/a at 6 6"])
    }

    @Test("T7: with multiple touch off, a second touch on the view is withheld and starts no touch")
    func singleTouchViewWithholdsSecond() {
        let d = Driver(Self.twoButtons)
        d.run("set a multipleTouch off")
        #expect(d.run("touch 1 began 5 5") == ["touch 1 began -> w/a at 5 5"])
        #expect(d.run("touch 2 began 6 6") == ["touch 2 began -> ignored"])
        // Withheld, not passed on: and no touch 2 exists afterwards.
        #expect(d.run("touch 2 moved 6 6") == ["touch 2 moved -> ignored"])
        // Another view of the window is not affected; once touch 1 ends, a takes one again.
        #expect(d.run("touch 3 began 60 5") == ["touch 3 began -> w/b at 10 5"])
        d.run("touch 1 ended 5 5")
        #expect(d.run("touch 4 began 7 7") == ["touch 4 began -> w/a at 7 7"])
    }

    @Test("T7: only the hit view's own setting counts, not an ancestor's")
    func onlyTheHitViewsSettingCounts() {
        let d = Driver(Self.twoButtons + "\nview inner in a frame 0 0 10 10")
        d.run("set a multipleTouch off")
        #expect(d.run("touch 1 began 5 5") == ["touch 1 began -> w/inner at 5 5"])
        #expect(d.run("touch 2 began 6 6") == ["touch 2 began -> w/inner at 6 6"])
        #expect(d.run("touch 3 began 20 20") == ["touch 3 began -> w/a at 20 20"])
    }

    @Test("T8: while an exclusive-touch view tracks, a touch on another view of its window is withheld")
    func exclusiveViewBlocksOthers() {
        let d = Driver(Self.twoButtons)
        d.run("set b exclusiveTouch on")
        #expect(d.run("touch 1 began 60 5") == ["touch 1 began -> w/b at 10 5"])
        #expect(d.run("touch 2 began 5 5") == ["touch 2 began -> ignored"])
        // The exclusive view itself takes more (multiple touch is on), and other windows are free.
        #expect(d.run("touch 3 began 61 5") == ["touch 3 began -> w/b at 11 5"])
        #expect(d.run("touch 4 began 205 5") == ["touch 4 began -> other/other at 5 5"])
    }

    @Test("T8: an exclusive-touch view is withheld while another view of its window tracks, the window itself included")
    func exclusiveViewWaitsForOthers() {
        let d = Driver(Self.twoButtons)
        d.run("set b exclusiveTouch on")
        #expect(d.run("touch 1 began 5 5") == ["touch 1 began -> w/a at 5 5"])
        #expect(d.run("touch 2 began 60 5") == ["touch 2 began -> ignored"])
        d.run("touch 1 ended 5 5")
        #expect(d.run("touch 3 began 60 5") == ["touch 3 began -> w/b at 10 5"])
        d.run("touch 3 ended 5 5")
        #expect(d.run("touch 4 began 60 60") == ["touch 4 began -> w/w at 60 60"])
        #expect(d.run("touch 5 began 60 5") == ["touch 5 began -> ignored"])
    }

    @Test("T8: touches in another window do not count, and setting the option changes no active touch")
    func otherWindowsDoNotCount() {
        let d = Driver(Self.twoButtons)
        #expect(d.run("touch 1 began 205 5") == ["touch 1 began -> other/other at 5 5"])
        d.run("set other exclusiveTouch on")
        d.run("set b exclusiveTouch on")
        #expect(d.run("touch 2 began 60 5") == ["touch 2 began -> w/b at 10 5"])
        #expect(d.run("touch 1 moved 210 5") == ["touch 1 moved -> other/other at 10 5"])
    }

    @Test("T6: hit ignores T7 and T8: it reports what the hit test answers")
    func hitIgnoresTouchOptions() {
        let d = Driver(Self.twoButtons)
        d.run("set b exclusiveTouch on")
        d.run("touch 1 began 60 5")
        #expect(d.run("hit 5 5") == ["hit -> w/a at 5 5"])
    }
}
