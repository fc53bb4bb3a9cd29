import ReferenceModel
import Testing
import WindowModel

@Suite("Queries")
struct QueryTests {
    @Test("Q1: order reports the visible windows front to back, and nothing after the colon when none")
    func orderQuery() {
        let d = Driver("""
            scene tv
            window a frame 0 0 10 10
            window b frame 0 0 10 10
            """)
        #expect(d.run("order") == ["order main:"])
        #expect(d.run("order tv") == ["order tv:"])
        d.run("show a")
        d.run("show b")
        #expect(d.run("order main") == ["order main: b a"])
        #expect(d.system.snapshot().first?.order == ["b", "a"])
    }

    @Test("Q2: keyWindow reports the key window of the scene or none")
    func keyWindowQuery() {
        let d = Driver("""
            scene tv
            window a frame 0 0 10 10
            window t in tv frame 0 0 10 10
            """)
        #expect(d.run("keyWindow") == ["keyWindow main -> none"])
        d.run("makeKey t")
        #expect(d.run("keyWindow") == ["keyWindow main -> none"])
        #expect(d.run("keyWindow tv") == ["keyWindow tv -> t"])
        d.run("makeKeyAndVisible a")
        #expect(d.run("keyWindow main") == ["keyWindow main -> a"])
        #expect(d.system.snapshot().map(\.keyWindow) == ["a", "t"])
    }

    static let twoWindows = """
        window w1 frame 100 100 400 400
        view a in w1 frame 10 20 200 200
        view b in a frame 5 5 50 50
        window w2 frame 300 50 200 200
        view c in w2 frame 1 2 30 30
        set w1 origin 3 4
        set a origin 0.5 0.25
        set c origin -7 9
        """

    @Test("Q3: convert goes out through every ancestor to the screen, then in to the target")
    func convertThroughScreen() {
        let d = Driver(Self.twoWindows)
        // b (0,0) -> a (5,5) -> w1 (14.5,24.75) -> screen (111.5,120.75)
        #expect(d.run("convert 0 0 from b to screen") == ["convert -> 111.5 120.75"])
        // screen -> w2 (-188.5,70.75) -> c (-196.5,77.75)
        #expect(d.run("convert 0 0 from b to c") == ["convert -> -196.5 77.75"])
        #expect(d.run("convert 111.5 120.75 from screen to b") == ["convert -> 0 0"])
        #expect(d.run("convert 1 2 from screen to screen") == ["convert -> 1 2"])
        #expect(d.run("convert 1 2 from w1 to w1") == ["convert -> 1 2"])
    }

    @Test("Q3: hidden windows and views convert like any other")
    func hiddenConvert() {
        let d = Driver(Self.twoWindows + "\nset a hidden on")
        #expect(d.run("convert 0 0 from b to screen") == ["convert -> 111.5 120.75"])
        d.run("show w1")
        d.run("hide w1")
        #expect(d.run("convert 0 0 from w1 to screen") == ["convert -> 97 96"])
    }

    @Test("Q3: converting through the screen is bit-exact G4 in both directions, even within one window")
    func convertWithinOneWindowGoesThroughScreen() {
        // Via the screen: a -> w (0.1 + 0.2 = 0.30000000000000004) -> screen (+ 0.7)
        // and back down into b. A direct a -> b shortcut would round differently.
        let d = Driver("""
            window w frame 0.7 0 100 100
            view a in w frame 0.2 0 10 10
            view b in w frame 0.3 0 10 10
            """)
        let screen = (((0.1 - 0) + 0.2) - 0) + 0.7
        let inB = (((screen - 0.7) + 0) - 0.3) + 0
        #expect(d.run("convert 0.1 0 from a to b") == ["convert -> \(NumberText.format(inB)) 0"])
        #expect(d.run("convert 0.1 0 from a to screen") == ["convert -> \(NumberText.format(screen)) 0"])
    }

    @Test("Q3: a round trip returns the original point up to rounding", arguments: [
        (0.0, 0.0), (1.5, -2.25), (0.1, 0.7), (12345.678, -0.001), (1e-9, 3.3),
    ])
    func roundTrip(x: Double, y: Double) throws {
        let d = Driver(Self.twoWindows)
        for (from, to) in [("b", "c"), ("screen", "b"), ("a", "w2"), ("w1", "screen"), ("c", "a")] {
            let there = d.apply(.convert(point: Point(x, y), from: space(from), to: space(to)))
            let p = try #require(parse(there.first))
            let back = d.apply(.convert(point: p, from: space(to), to: space(from)))
            let q = try #require(parse(back.first))
            #expect(abs(q.x - x) <= 1e-9 && abs(q.y - y) <= 1e-9, "\(from) -> \(to) -> \(from): \(q)")
        }
    }

    private func space(_ name: String) -> CoordinateSpace {
        name == "screen" ? .screen : .named(name)
    }

    private func parse(_ line: String?) -> Point? {
        guard let words = line?.split(separator: " "), words.count == 4, words[0] == "convert",
              let x = NumberText.parse(words[2]), let y = NumberText.parse(words[3]) else { return nil }
        return Point(x, y)
    }
}
