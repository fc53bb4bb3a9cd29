import ReferenceModel
import Testing
import WindowModel

@Suite("The view tree")
struct ViewTreeTests {
    @Test("V1: a new view is the front-most subview, visible, alpha 1, interaction on, origin 0 0")
    func newViewIsFrontMost() throws {
        let d = Driver("""
            window w frame 0 0 100 100
            view first in w frame 0 0 50 50
            view second in w frame 10 10 50 50
            view inner in first frame 0 0 5 5
            show w
            """)
        let w = try #require(d.layout(of: "w"))
        #expect(w.subviews.map(\.name) == ["first", "second"])
        let second = try #require(w.subviews.last)
        #expect(!second.isHidden && second.alpha == 1 && second.isInteractionEnabled && second.boundsOrigin == Point(0, 0))
        #expect(second.frame == Rect(10, 10, 50, 50))
        #expect(w.subviews.first?.subviews.map(\.name) == ["inner"])
        #expect(d.run("hit 20 20") == ["hit -> w/second at 10 10"])
        #expect(d.run("hit 5 5") == ["hit -> w/first at 5 5"])
    }

    @Test("V2: front moves a view to the end of its parent's subviews, back to the start")
    func frontAndBack() throws {
        let d = Driver("""
            window w frame 0 0 100 100
            view a in w frame 0 0 50 50
            view b in w frame 0 0 50 50
            view c in w frame 0 0 50 50
            show w
            """)
        #expect(d.run("hit 1 1") == ["hit -> w/c at 1 1"])
        d.run("front a")
        #expect(d.layout(of: "w")?.subviews.map(\.name) == ["b", "c", "a"])
        #expect(d.run("hit 1 1") == ["hit -> w/a at 1 1"])
        d.run("back a")
        #expect(d.layout(of: "w")?.subviews.map(\.name) == ["a", "b", "c"])
        #expect(d.run("hit 1 1") == ["hit -> w/c at 1 1"])
        d.run("front c")
        #expect(d.layout(of: "w")?.subviews.map(\.name) == ["a", "b", "c"])
    }

    @Test("V3: remove takes the whole subtree; its names are gone")
    func removeSubtree() throws {
        let d = Driver("""
            window w frame 0 0 100 100
            view a in w frame 0 0 50 50
            view b in a frame 0 0 50 50
            view c in b frame 0 0 50 50
            view keep in w frame 60 60 10 10
            show w
            """)
        #expect(d.run("hit 1 1") == ["hit -> w/c at 1 1"])
        #expect(d.run("remove a") == [])
        #expect(d.layout(of: "w")?.subviews.map(\.name) == ["keep"])
        #expect(d.run("hit 1 1") == ["hit -> w/w at 1 1"])
        for name in ["a", "b", "c"] {
            #expect(d.rejects("set \(name) alpha 1"))
            #expect(d.rejects("view \(name) in w frame 0 0 1 1"))
        }
        #expect(!d.rejects("set keep alpha 1"))
    }

    @Test("V3: touches bound to the removed view or anything below it are cancelled, in id order")
    func removeCancelsTouches() {
        let d = Driver("""
            window w frame 0 0 100 100
            view a in w frame 0 0 50 50
            view b in a frame 0 0 20 20
            view other in w frame 60 60 40 40
            show w
            touch a began 30 30
            touch 10 began 5 5
            touch 2 began 40 40
            touch 3 began 70 70
            touch 4 began 55 55
            """)
        #expect(d.run("remove a") == ["touch 2 cancelled -> w/a", "touch 10 cancelled -> w/b", "touch a cancelled -> w/a"])
        #expect(d.run("touch 3 moved 0 0") == ["touch 3 moved -> w/other at -60 -60"])
        #expect(d.run("touch 4 ended 0 0") == ["touch 4 ended -> w/w at 0 0"])
        #expect(d.run("touch 2 moved 0 0") == ["touch 2 moved -> ignored"])
    }

    @Test("V4: frame, origin, alpha, hidden and interaction work on views as on windows", arguments: [
        ("set v frame 50 50 10 10", "hit -> w/w at 5 5"),
        ("set v origin 100 100", "hit -> w/v at 105 105"),
        ("set v alpha 0", "hit -> w/w at 5 5"),
        ("set v hidden on", "hit -> w/w at 5 5"),
        ("set v interaction off", "hit -> w/w at 5 5"),
        ("set v alpha 0.5", "hit -> w/v at 5 5"),
    ])
    func setWorksOnViews(command: String, answer: String) {
        let d = Driver("""
            window w frame 0 0 100 100
            view v in w frame 0 0 20 20
            show w
            """)
        d.run(command)
        #expect(d.run("hit 5 5") == [answer])
    }

    @Test("V4: set on a window changes the window the same way")
    func setWorksOnWindows() {
        let d = Driver("""
            window below frame 0 0 100 100
            window w frame 0 0 20 20
            show below
            show w
            """)
        #expect(d.run("hit 5 5") == ["hit -> w/w at 5 5"])
        for (command, answer) in [
            ("set w origin 100 100", "hit -> w/w at 105 105"),
            ("set w alpha 0", "hit -> below/below at 5 5"),
            ("set w alpha 1", "hit -> w/w at 105 105"),
            ("set w interaction off", "hit -> below/below at 5 5"),
            ("set w interaction on", "hit -> w/w at 105 105"),
            ("set w frame 10 10 20 20", "hit -> below/below at 5 5"),
        ] {
            d.run(command)
            #expect(d.run("hit 5 5") == [answer], "after \(command)")
        }
    }
}
