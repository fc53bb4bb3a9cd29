import ReferenceModel
import Testing
import WindowModel

@Suite("Geometry and numbers")
struct GeometryTests {
    @Test("G1: coordinates are Doubles, carried without rounding to anything coarser")
    func doublesAreCarriedExactly() {
        let d = Driver("""
            window w frame 0.1 0.2 10 10
            show w
            """)
        // (0.3 - 0.1) + 0 and (0.3 - 0.2) + 0 in Double, not 0.2 and 0.1.
        #expect(d.run("hit 0.3 0.3") == ["hit -> w/w at 0.19999999999999998 0.09999999999999998"])
    }

    @Test("G1: a NaN or infinite number is an input error, never a value",
          arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbersAreRejected(value: Double) {
        let d = Driver("window w frame 0 0 10 10 root")
        #expect(d.rejects(.createWindow(name: "x", scene: "main", frame: Rect(value, 0, 1, 1), level: 0, withRootView: false)))
        #expect(d.rejects(.setAlpha(target: "w", alpha: value)))
        #expect(d.rejects(.setLevel(window: "w", level: value)))
        #expect(d.rejects(.hit(at: Point(0, value), scene: "main")))
        #expect(d.rejects(.setBoundsOrigin(target: "w.root", origin: Point(value, 0))))
        #expect(!d.rejects(.setAlpha(target: "w", alpha: 1e300)))
    }

    @Test("G2: containment is half-open: minimum edges in, maximum edges out",
          arguments: [
            (10.0, 10.0, true), (109.99999999999999, 59.99999999999999, true), (110, 20, false),
            (20, 60, false), (10.0.nextDown, 20, false), (20, 10.0.nextDown, false), (110.0.nextDown, 20, true),
          ])
    func halfOpenContainment(x: Double, y: Double, inside: Bool) {
        let d = Driver("""
            window w frame 10 10 100 50
            show w
            """)
        let answer = d.apply(.hit(at: Point(x, y), scene: "main"))
        #expect(answer.first?.hasPrefix("hit -> w/w at") == inside, "\(answer)")
        #expect(answer.first == "hit -> none" || inside)
    }

    @Test("G2: a rectangle of zero width or height contains nothing, not even its origin")
    func zeroSizeContainsNothing() {
        let d = Driver("""
            window flat frame 10 10 100 0
            window thin frame 10 10 0 100
            window under frame 0 0 200 200 root
            view dot in under.root frame 20 20 0 0
            show under
            show flat
            show thin
            """)
        #expect(d.run("hit 10 10") == ["hit -> under/under.root at 10 10"])
        #expect(d.run("hit 20 20") == ["hit -> under/under.root at 20 20"])
    }

    @Test("G2: the maximum edge is minX + width computed in Double")
    func maximumEdgeIsComputedInDouble() {
        // Bounds x from 0.1 to 0.1 + 0.2 = 0.30000000000000004 in the window's space.
        let d = Driver("""
            window w frame 0 0 0.2 10
            set w origin 0.1 0
            show w
            """)
        // 0.19999999999999998 + 0.1 = 0.3, inside; 0.2 + 0.1 = 0.30000000000000004, the maximum edge.
        #expect(d.run("hit 0.19999999999999998 0") == ["hit -> w/w at 0.3 0"])
        #expect(d.run("hit 0.2 0") == ["hit -> none"])
    }

    @Test("G3: a negative width or height is an input error; zero is allowed")
    func negativeSizesAreRejected() {
        let d = Driver("window w frame 0 0 10 10 root")
        #expect(d.rejects("window x frame 0 0 -1 10"))
        #expect(d.rejects("window x frame 0 0 10 -0.5"))
        #expect(d.rejects("set w.root frame 0 0 -1 1"))
        #expect(d.rejects("view v in w frame 0 0 1 -1e-300"))
        #expect(d.rejects("scene s size -1 10"))
        #expect(!d.rejects("window x frame -5 -5 0 0"))
        #expect(!d.rejects("set w frame 0 0 0 0"))
    }

    @Test("G4: parent to child is (p - frame) + bounds, evaluated in exactly that order")
    func conversionOrderIsExact() {
        // (0.2 - 0.1) + 1.1 = 1.2000000000000002, while 0.2 - (0.1 - 1.1) and
        // (0.2 + 1.1) - 0.1 both give 1.2.
        let d = Driver("""
            window w frame 0.1 0.1 10 10
            set w origin 1.1 1.1
            show w
            """)
        #expect(d.run("hit 0.2 0.2") == ["hit -> w/w at 1.2000000000000002 1.2000000000000002"])
        // Back out: (1.2000000000000002 - 1.1) + 0.1.
        let back = ((1.2000000000000002 - 1.1) + 0.1)
        #expect(d.run("convert 1.2000000000000002 1.2000000000000002 from w to screen")
                == ["convert -> \(NumberText.format(back)) \(NumberText.format(back))"])
    }

    @Test("G4: containment is tested in the window's own space, from bounds.x to bounds.x + width")
    func containmentInOwnSpaceWithBoundsOrigin() {
        let d = Driver("""
            window w frame 100 100 200 200
            view v in w frame 60 60 10 10
            set w origin 50 50
            show w
            """)
        #expect(d.run("hit 100 100") == ["hit -> w/w at 50 50"])
        #expect(d.run("hit 299 299") == ["hit -> w/w at 249 249"])
        #expect(d.run("hit 300 150") == ["hit -> none"])
        #expect(d.run("hit 99 150") == ["hit -> none"])
        // The subview is at 60 60 in the window's bounds, so at 110 110 on screen.
        #expect(d.run("hit 110 110") == ["hit -> w/v at 0 0"])
        #expect(d.run("hit 109 110") == ["hit -> w/w at 59 60"])
        #expect(d.run("hit 120 115") == ["hit -> w/w at 70 65"])
    }

    @Test("G4: a view's bounds origin shifts its containment box and its subviews")
    func viewBoundsOrigin() {
        let d = Driver("""
            window w frame 0 0 500 500
            view scroll in w frame 100 100 100 100
            view item in scroll frame 0 300 50 50
            set scroll origin 0 280
            show w
            """)
        // Screen 110 125 -> scroll (10, 25 + 280 = 305) -> item (10, 5).
        #expect(d.run("hit 110 125") == ["hit -> w/item at 10 5"])
        // Screen 110 110 -> scroll (10, 290): above the item, inside the scroll view.
        #expect(d.run("hit 110 110") == ["hit -> w/scroll at 10 290"])
        // Screen y 199 -> scroll y 379: still inside the scroll view, below the item.
        #expect(d.run("hit 110 199") == ["hit -> w/scroll at 10 379"])
        #expect(d.run("hit 110 200") == ["hit -> w/w at 110 200"])
    }

    @Test("G5: alpha is clamped to [0, 1] when set", arguments: [
        (2.0, 1.0), (-1.0, 0.0), (0.5, 0.5), (1.0.nextUp, 1.0), (0.0.nextDown, 0.0), (1e300, 1.0), (-1e-300, 0.0),
    ])
    func alphaIsClamped(written: Double, stored: Double) {
        let d = Driver("""
            window w frame 0 0 10 10 root
            """)
        d.apply(.setAlpha(target: "w", alpha: written))
        d.apply(.setAlpha(target: "w.root", alpha: written))
        #expect(d.layout(of: "w")?.alpha == stored)
        #expect(d.layout(of: "w")?.subviews.first?.alpha == stored)
    }
}
