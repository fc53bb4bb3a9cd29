import ScenarioRender
import Testing

/// Windows that cover the scene, each other or nothing at all: the scene edge is
/// not mistaken for a hidden window, identical frames become an exploded stack, a
/// covered window keeps its outline, and zero-size objects get named markers.
@Suite("Render overlaps")
struct RenderOverlapTests {
    /// True when the point lies inside or on the edge of the box.
    static func touches(_ box: (x: Double, y: Double, width: Double, height: Double), _ x: Double, _ y: Double) -> Bool {
        x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height
    }

    @Test("a visible window covering the whole scene is not dashed; the scene edge is marked outside it, and keyed")
    func sceneEdgeIsNotHidden() throws {
        let svg = try SVG.render("window app frame 0 0 1000 1000 root\nshow app\n")
        // Nothing is hidden here, so nothing may be dashed.
        #expect(!svg.contains("stroke-dasharray"))
        let app = try #require(SVG.windowBox(svg, "app"))
        let marks = SVG.elements(svg, "line", containing: ["class=\"scene-edge\""])
        #expect(marks.count == 8)
        for mark in marks {
            let ends = [("x1", "y1"), ("x2", "y2")].map { (SVG.number(mark, $0.0)!, SVG.number(mark, $0.1)!) }
            for (x, y) in ends { #expect(!Self.touches(app, x, y), "scene-edge mark on the window: \(mark)") }
            #expect(SVG.attribute(mark, "stroke-dasharray") == nil)
        }
        #expect(SVG.texts(svg, kind: "symbols").contains { $0.contains("scene edge") })
        // A hidden window is still the only dashed thing.
        let hidden = try SVG.render("window app frame 0 0 1000 1000 root\n")
        #expect(try #require(SVG.windowRect(hidden, "app")).contains("stroke-dasharray"))
    }

    @Test("a hit in a small part of a big scene is drawn zoomed, with the whole scene as an inset")
    func zoomToTheStep() throws {
        let text = "window app frame 0 0 1000 1000 root\nwindow btn frame 600 700 80 40 level 1 root\n"
            + "makeKeyAndVisible app\nshow btn\nhit 610 710\n"
        let zoomed = try SVG.render(text)
        let whole = try SVG.render(text, wholeScene: true)
        let big = try #require(SVG.windowBox(zoomed, "btn")), small = try #require(SVG.windowBox(whole, "btn"))
        #expect(big.width > 3 * small.width)
        #expect(SVG.elements(zoomed, "rect", containing: ["class=\"inset-focus\""]).count == 1)
        #expect(SVG.elements(zoomed, "rect", containing: ["class=\"inset-window\""]).count == 2)
        #expect(SVG.elements(whole, "rect", containing: ["class=\"inset"]).isEmpty)
        #expect(SVG.elements(zoomed, "polygon", containing: ["class=\"off-scale\""]).isEmpty)
        // A hit on a window that fills the scene leaves nothing small to zoom to.
        let full = try SVG.render("window app frame 0 0 1000 1000 root\nshow app\nhit 500 500\n")
        #expect(SVG.elements(full, "rect", containing: ["class=\"inset"]).isEmpty)
        // A touch that hits nothing is zoomed around its point.
        let nothing = try SVG.render("window app frame 0 0 100 100\nshow app\ntouch 1 began 800 800\n")
        #expect(SVG.elements(nothing, "rect", containing: ["class=\"inset-focus\""]).count == 1)
    }

    @Test("--exploded shifts every window by its place from the front, not only identical frames")
    func explodedOnRequest() throws {
        let text = "window a frame 100 100 300 300\nwindow b frame 150 150 300 300\nwindow c frame 900 900 50 50\n"
            + "show a\nshow b\nshow c\n"
        let flat = try SVG.render(text)
        let exploded = try SVG.render(text, exploded: true)
        let a = try #require(SVG.windowBox(exploded, "a")), b = try #require(SVG.windowBox(exploded, "b"))
        let c = try #require(SVG.windowBox(exploded, "c"))
        // Pixels per scene unit, from a's width; then how far each is shifted beyond its scene position:
        // c (front) not at all, b one layer, a two layers.
        let k = a.width / 300
        let stepBA = 50 * k - (b.x - a.x)   // a is one layer further back than b
        let stepCB = 750 * k - (c.x - b.x)  // b is one layer further back than c
        #expect(stepBA > 1 && abs(stepBA - stepCB) < 0.05, "steps \(stepBA) \(stepCB)")
        #expect(abs((50 * k - (b.y - a.y)) - stepBA) < 0.05)
        let flatA = try #require(SVG.windowBox(flat, "a")), flatB = try #require(SVG.windowBox(flat, "b"))
        #expect(abs((flatB.x - flatA.x) - 50 * flatA.width / 300) < 0.05)  // not shifted without --exploded
        #expect(SVG.texts(exploded, kind: "symbols").contains { $0.contains("exploded: every window") })
        #expect(!SVG.texts(flat, kind: "symbols").contains { $0.contains("exploded") })
    }

    @Test("windows with identical frames are an exploded stack: each layer shifted down-right, each labelled")
    func identicalFramesStack() throws {
        let text = """
            window a frame 100 100 400 300 root
            window b frame 100 100 400 300 root
            window c frame 100 100 400 300 root
            window d frame 600 600 200 200 root
            show a
            show b
            show c
            show d
            """
        let svg = try SVG.render(text)
        let boxes = try ["c", "b", "a"].map { try #require(SVG.windowBox(svg, $0)) }
        let step = boxes[1].x - boxes[0].x
        #expect(step >= 3 && step <= 12)
        for (layer, box) in boxes.enumerated() {
            #expect(abs(box.x - boxes[0].x - Double(layer) * step) < 0.02)
            #expect(abs(box.y - boxes[0].y - Double(layer) * step) < 0.02)
            #expect(abs(box.width - boxes[0].width) < 0.02 && abs(box.height - boxes[0].height) < 0.02)
        }
        for (layer, name) in ["c", "b", "a"].enumerated() {
            let rect = try #require(SVG.windowRect(svg, name))
            #expect(SVG.classes(rect).contains("stacked"))
            #expect(SVG.attribute(rect, "data-stack-layer") == "\(layer)")
            #expect(SVG.attribute(rect, "data-stack-size") == "3")
        }
        let lone = SVG.windowRect(svg, "d") ?? ""
        #expect(!SVG.classes(lone).contains("stacked") && SVG.attribute(lone, "data-stack-layer") == nil)
        // Every layer is named on the drawing; the back layers' labels are not on the front layer.
        let labels = SVG.texts(svg, kind: "window-label")
        for prefix in ["#2 c", "#3 b", "#4 a", "#1 d"] {
            #expect(labels.contains { $0.hasPrefix(prefix) }, "no label \(prefix): \(labels)")
        }
        for name in ["b", "a"] {
            let back = try #require(SVG.elements(svg, "rect", containing: ["class=\"label-back\"", "data-for=\"\(name)\""]).first)
            let box = try #require(SVG.box(back))
            let front = boxes[0]
            let inside = box.x >= front.x && box.y >= front.y && box.x + box.width <= front.x + front.width
                && box.y + box.height <= front.y + front.height
            #expect(!inside, "the label of \(name) sits on the front window")
        }
        #expect(SVG.texts(svg, kind: "symbols").contains { $0.contains("same frame") })
    }

    @Test("a window under a full-screen one keeps its outline on top, and its label")
    func coveredWindowOutlined() throws {
        let text = """
            window small frame 200 500 300 200 root
            window full frame 0 0 1000 1000 level statusBar root
            show small
            show full
            """
        let svg = try SVG.render(text)
        let small = try #require(SVG.windowRect(svg, "small"))
        let outline = try #require(SVG.elements(svg, "rect", containing: ["class=\"covered-outline\"", "data-window=\"small\""]).first)
        let (a, b) = (SVG.box(small)!, SVG.box(outline)!)
        #expect(a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height)
        #expect(SVG.attribute(outline, "fill") == "none")
        // Drawn after (over) the window that covers it.
        let fullLine = try #require(SVG.lineIndex(svg, containing: ["class=\"window", "data-window=\"full\""]))
        let outlineLine = try #require(SVG.lineIndex(svg, containing: ["class=\"covered-outline\"", "data-window=\"small\""]))
        #expect(outlineLine > fullLine)
        #expect(SVG.elements(svg, "rect", containing: ["class=\"covered-outline\"", "data-view=\"small.root\""]).count == 1)
        #expect(SVG.elements(svg, "rect", containing: ["class=\"covered-outline\"", "data-window=\"full\""]).isEmpty)
        let label = try #require(SVG.elements(svg, "rect", containing: ["class=\"label-back\"", "data-for=\"small\""]).first)
        let box = try #require(SVG.box(label))
        #expect(Self.touches(a, box.x, box.y) && Self.touches(a, box.x + box.width, box.y + box.height))
    }

    @Test("zero-size windows and views are drawn as named markers: diamonds for windows, crosses for views")
    func zeroSizeMarkers() throws {
        let text = """
            window w frame 100 100 0 300 root
            window z frame 500 500 0 0
            view w.zero in w.root frame 0 50 0 0
            window v frame 300 300 200 200 root
            view v.line in v.root frame 10 10 100 0
            show w
            show z
            show v
            """
        let svg = try SVG.render(text)
        for name in ["w", "z"] {
            let marker = try #require(SVG.elements(svg, "polygon", containing: ["class=\"zero-size\"", "data-window=\"\(name)\""]).first)
            let points = try #require(SVG.attribute(marker, "points")).split(separator: " ").map { pair in
                pair.split(separator: ",").map { Double($0)! }
            }
            #expect(points.count == 4)
            let rect = try #require(SVG.windowBox(svg, name))
            let cx = points.map { $0[0] }.reduce(0, +) / 4, cy = points.map { $0[1] }.reduce(0, +) / 4
            #expect(abs(cx - (rect.x + rect.width / 2)) < 0.02 && abs(cy - (rect.y + rect.height / 2)) < 0.02)
            #expect(SVG.elements(svg, "text", containing: ["class=\"window-label\"", "data-for=\"\(name)\""]).count == 1)
        }
        #expect(SVG.elements(svg, "polygon", containing: ["class=\"zero-size\"", "data-window=\"v\""]).isEmpty)
        for name in ["w.root", "w.zero", "v.line"] {
            #expect(SVG.elements(svg, "path", containing: ["class=\"zero-size\"", "data-view=\"\(name)\""]).count == 1)
            let named = SVG.elements(svg, "text", containing: ["class=\"view-label\"", "data-for=\"\(name)\""])
            let tagged = SVG.elements(svg, "text", containing: ["class=\"view-entry\"", "data-view=\"\(name)\""])
            #expect(named.count + tagged.count >= 1, "\(name) is not named")
        }
        #expect(SVG.elements(svg, "path", containing: ["class=\"zero-size\"", "data-view=\"v.root\""]).isEmpty)
        #expect(SVG.texts(svg, kind: "symbols").contains { $0.contains("zero-size") })
        #expect(try SVG.render(text) == svg)
    }
}
