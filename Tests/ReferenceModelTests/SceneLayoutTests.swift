import ReferenceModel
import Testing
import WindowModel

@Suite("Scene layout")
struct SceneLayoutTests {
    @Test("the layout lists every live window of the scene back to front, hidden ones included")
    func listsAllWindows() throws {
        let d = Driver("""
            scene tv
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            window c frame 0 0 10 10
            window hi frame 0 0 10 10 level 1
            window t in tv frame 0 0 10 10
            show a
            show hi
            show b
            show c
            hide b
            """)
        let layout = try #require(d.system.sceneLayout("main"))
        // b keeps its place from when it was last brought to the front.
        #expect(layout.windows.map(\.name) == ["a", "b", "c", "hi"])
        #expect(layout.windows.map(\.isHidden) == [false, true, false, false])
        d.run("show b")
        #expect(d.system.sceneLayout("main")?.windows.map(\.name) == ["a", "c", "b", "hi"])
        #expect(d.system.sceneLayout("tv")?.windows.map(\.name) == ["t"])
    }

    @Test("a hidden window is placed by its current level, then by when it last went to the front")
    func hiddenPlacement() throws {
        let d = Driver("""
            window never1 frame 0 0 10 10
            window a frame 0 0 10 10
            window never2 frame 0 0 10 10
            window up frame 0 0 10 10
            show a
            show up
            hide up
            set up level 5
            window top frame 0 0 10 10 level 3
            show top
            """)
        // Never-shown windows keep their creation place; `up` moved to level 5 while hidden.
        #expect(d.system.sceneLayout("main")?.windows.map(\.name) == ["never1", "never2", "a", "top", "up"])
        d.run("show up")
        d.run("set up level 0")
        #expect(d.system.sceneLayout("main")?.windows.map(\.name) == ["never1", "never2", "a", "up", "top"])
    }

    @Test("the layout reports each window's and view's properties and tree")
    func reportsProperties() throws {
        let d = Driver("""
            window w frame 1 2 30 40 level alert root
            view v in w.root frame 3 4 5 6
            view x in w frame 0 0 1 1
            set w origin 7 8
            set w alpha 3
            set w passthrough on
            set v alpha 0.25
            set v interaction off
            set v hidden on
            set v origin -1 -2
            makeKey w
            """)
        let w = try #require(d.layout(of: "w"))
        #expect(w.frame == Rect(1, 2, 30, 40) && w.boundsOrigin == Point(7, 8) && w.level == 2000)
        #expect(w.isHidden && w.alpha == 1 && w.isPassthrough && w.isKey && w.isInteractionEnabled)
        #expect(w.subviews.map(\.name) == ["w.root", "x"])
        let v = try #require(w.subviews.first?.subviews.first)
        #expect(v == SceneLayout.View(name: "v", frame: Rect(3, 4, 5, 6), boundsOrigin: Point(-1, -2), isHidden: true,
                                      alpha: 0.25, isInteractionEnabled: false, subviews: []))
    }
}
