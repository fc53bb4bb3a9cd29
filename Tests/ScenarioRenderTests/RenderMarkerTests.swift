import ScenarioLanguage
import ScenarioRender
import Testing
import WindowLabTestSupport
import WindowModel

/// Small views are always named (on the drawing, or by a tag the side panel
/// explains), and `convert` statements draw the point in both spaces.
@Suite("Render markers")
struct RenderMarkerTests {
    /// True when view `name` is named on the drawing, or tagged on the drawing
    /// with the same tag as its entry in the side panel.
    static func isNamed(_ svg: String, _ name: String) -> Bool {
        if !SVG.elements(svg, "text", containing: ["class=\"view-label\"", "data-for=\"\(name)\""]).isEmpty { return true }
        guard let tag = SVG.elements(svg, "text", containing: ["class=\"tag\"", "data-view=\"\(name)\""]).first,
              let entry = SVG.elements(svg, "text", containing: ["class=\"view-entry\"", "data-view=\"\(name)\""]).first,
              let id = SVG.attribute(tag, "data-tag") else { return false }
        return SVG.attribute(entry, "data-tag") == id && entry.contains(">\(id) \(name)")
    }

    @Test("every view is named, however small: on the drawing, or by a tag listed beside it")
    func smallViewsNamed() throws {
        let text = """
            window app frame 0 0 1000 1000 root
            view app.button in app.root frame 100 100 200 80
            view app.tiny in app.root frame 400 400 20 12
            view app.icon in app.root frame 700 150 8 8
            view app.dot in app.root frame 702 152 1 1
            show app
            """
        let svg = try SVG.render(text)
        for name in ["app.root", "app.button", "app.tiny", "app.icon", "app.dot"] {
            #expect(Self.isNamed(svg, name), "\(name) is not named")
        }
    }

    @Test("a crowd of tiny views: every one named, label backings never overlap")
    func crowdOfViews() throws {
        var text = "window app frame 0 0 1000 1000 root\nshow app\n"
        for i in 0..<40 { text += "view app.v\(i) in app.root frame \(300 + i % 8 * 9) \(300 + i / 8 * 9) 6 6\n" }
        let svg = try SVG.render(text)
        for i in 0..<40 { #expect(Self.isNamed(svg, "app.v\(i)"), "app.v\(i) is not named") }
        let boxes = SVG.elements(svg, "rect", containing: ["class=\"label-back\""]).compactMap(SVG.box)
        #expect(boxes.count >= 40)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                #expect(!(a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height))
            }
        }
        #expect(try SVG.render(text) == svg)
    }

    static let convertText = """
        window w frame 100 200 400 400 root
        view w.panel in w.root frame 50 50 200 200
        view w.label in w.panel frame 10 20 100 30
        window v frame 600 0 200 200 root
        show w
        show v
        convert 50 20 from w.label to v
        convert 300 300 from screen to w.panel
        """

    @Test("convert: the point in the source space, where it lands in the target space, arrows from each origin")
    func convertMarked() throws {
        let svg = try SVG.render(Self.convertText, step: 7)
        let w = try #require(SVG.windowBox(svg, "w"))
        let v = try #require(SVG.windowBox(svg, "v"))
        let scale = w.width / 400
        // w.label's origin is 160 270 on the screen; the point is 210 290, which is -390 290 in v.
        let (px, py) = (w.x + 110 * scale, w.y + 90 * scale)
        let group = try #require(SVG.elements(svg, "g", containing: ["class=\"convert\""]).first)
        #expect(SVG.attribute(group, "data-from") == "w.label" && SVG.attribute(group, "data-to") == "v")
        let from = try #require(SVG.elements(svg, "circle", containing: ["class=\"convert-from\""]).first)
        #expect(SVG.attribute(from, "data-space") == "w.label")
        #expect(SVG.attribute(from, "data-x") == "50" && SVG.attribute(from, "data-y") == "20")
        #expect(abs(SVG.number(from, "cx")! - px) < 0.02 && abs(SVG.number(from, "cy")! - py) < 0.02)
        let to = try #require(SVG.elements(svg, "rect", containing: ["class=\"convert-to\""]).first)
        #expect(SVG.attribute(to, "data-space") == "v")
        #expect(SVG.attribute(to, "data-x") == "-390" && SVG.attribute(to, "data-y") == "290")
        let toBox = try #require(SVG.box(to))
        #expect(abs(toBox.x + toBox.width / 2 - px) < 0.02 && abs(toBox.y + toBox.height / 2 - py) < 0.02)
        let arrows = SVG.elements(svg, "line", containing: ["class=\"convert-arrow\""])
        let fromArrow = try #require(arrows.first { SVG.attribute($0, "data-role") == "from" })
        #expect(abs(SVG.number(fromArrow, "x1")! - (w.x + 60 * scale)) < 0.02)
        #expect(abs(SVG.number(fromArrow, "y1")! - (w.y + 70 * scale)) < 0.02)
        #expect(abs(SVG.number(fromArrow, "x2")! - px) < 0.02 && abs(SVG.number(fromArrow, "y2")! - py) < 0.02)
        let toArrow = try #require(arrows.first { SVG.attribute($0, "data-role") == "to" })
        #expect(abs(SVG.number(toArrow, "x1")! - v.x) < 0.02 && abs(SVG.number(toArrow, "y1")! - v.y) < 0.02)
        #expect(abs(SVG.number(toArrow, "x2")! - px) < 0.02 && abs(SVG.number(toArrow, "y2")! - py) < 0.02)
        #expect(SVG.elements(svg, "polygon", containing: ["class=\"arrowhead\""]).count == 2)
        #expect(!arrows.contains { SVG.attribute($0, "data-role") == "lands" })
        let labels = SVG.texts(svg, kind: "convert-label")
        #expect(labels.contains("50 20 in w.label"))
        #expect(labels.contains("-> -390 290 in v"))
        #expect(SVG.texts(svg, kind: "symbols").contains { $0.contains("convert") })
    }

    @Test("convert from the screen starts at the scene's corner")
    func convertFromScreen() throws {
        let svg = try SVG.render(Self.convertText, step: 8)
        let scene = try #require(SVG.firstBox(svg, containing: ["class=\"scene\""]))
        let arrow = try #require(SVG.elements(svg, "line", containing: ["class=\"convert-arrow\"", "data-role=\"from\""]).first)
        #expect(abs(SVG.number(arrow, "x1")! - scene.x) < 0.02 && abs(SVG.number(arrow, "y1")! - scene.y) < 0.02)
        let from = try #require(SVG.elements(svg, "circle", containing: ["class=\"convert-from\""]).first)
        #expect(SVG.attribute(from, "data-space") == "screen")
        #expect(SVG.texts(svg, kind: "convert-label").contains("-> 150 50 in w.panel"))
    }

    @Test("engines that convert differently: each landing in its colour, an arrow from the point to the wrong one")
    func convertDisagreement() throws {
        let svg = try SVG.render(Self.convertText, step: 7, engines: [ScenarioRenderer.referenceEngine, TestEngines.shiftedConvert])
        let landings = SVG.elements(svg, "rect", containing: ["class=\"convert-to\""])
        try #require(landings.count == 2)
        #expect(SVG.attribute(landings[0], "data-engine") == "reference")
        #expect(SVG.attribute(landings[1], "data-engine") == "shifted")
        #expect(SVG.attribute(landings[1], "data-x") == "-290")
        #expect(SVG.attribute(landings[0], "stroke") != SVG.attribute(landings[1], "stroke"))
        let lands = SVG.elements(svg, "line", containing: ["class=\"convert-arrow\"", "data-role=\"lands\""])
        try #require(lands.count == 1)
        #expect(lands.first.flatMap { SVG.attribute($0, "data-engine") } == "shifted")
        let from = try #require(SVG.elements(svg, "circle", containing: ["class=\"convert-from\""]).first)
        #expect(abs(SVG.number(lands[0], "x1")! - SVG.number(from, "cx")!) < 0.02)
        #expect(SVG.number(lands[0], "x2")! > SVG.number(lands[0], "x1")! + 20)
        #expect(SVG.texts(svg, kind: "convert-label").contains("shifted: -> -290 290 in v"))
    }
}

extension TestEngines {
    /// A test double: the reference model, except that every `convert` answer is 100
    /// further right.
    static let shiftedConvert = EngineFactory(name: "shifted") {
        RewritingEngine(TestEngines.reference.make(), name: "shifted") { answers in
            answers.map { observation in
                if case let .convert(point) = observation { return .convert(Point(point.x + 100, point.y)) }
                return observation
            }
        }
    }
}
