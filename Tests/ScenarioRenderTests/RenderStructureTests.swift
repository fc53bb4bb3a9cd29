import Foundation
import ScenarioRender
import Testing

/// What the picture must show: every window, named, with its flags, and the
/// step's point with what it reached.
@Suite("Render structure")
struct RenderStructureTests {
    static let scene = """
        scene car size 800 480
        window app frame 0 0 1000 1000 root
        view app.button in app.root frame 100 100 200 80
        window hud frame 0 0 1000 1000 level statusBar root
        set hud passthrough on
        window ghost frame 500 500 100 100
        window frozen frame 600 0 300 300 level alert
        set frozen interaction off
        window dash in car frame 0 0 800 480
        makeKeyAndVisible app
        show hud
        show frozen
        hit 150 120
        expect hit -> app/app.button at 50 20
        """

    @Test("one window rectangle per window of the scene, other scenes left out")
    func windowCount() throws {
        let svg = try SVG.render(Self.scene)
        #expect(SVG.windowRects(svg).count == 4)
        #expect(SVG.windowRect(svg, "dash") == nil)
        let car = try SVG.render(Self.scene, scene: "car")
        #expect(SVG.windowRects(car).count == 1)
        #expect(SVG.windowRect(car, "dash") != nil)
    }

    @Test("windows are drawn back to front")
    func drawingOrder() throws {
        let svg = try SVG.render(Self.scene)
        let order = SVG.windowRects(svg).map { line in
            String(line.components(separatedBy: "data-window=\"")[1].prefix { $0 != "\"" })
        }
        // ghost is hidden, created after app; makeKeyAndVisible brought app to the
        // front of level normal after that (W4). frozen is alert, in front of all.
        #expect(order == ["ghost", "app", "hud", "frozen"])
    }

    @Test("every window is named with its level in the list, and labelled on the drawing")
    func names() throws {
        let svg = try SVG.render(Self.scene, wholeScene: true)
        let list = SVG.texts(svg, kind: "list-entry")
        #expect(list.count == 4)
        #expect(list[0].hasPrefix("#1 frozen · alert"))
        #expect(list.contains { $0.hasPrefix("#2 hud · statusBar") })
        let labels = SVG.texts(svg, kind: "window-label")
        for name in ["app", "hud", "frozen"] {
            #expect(labels.contains { $0.contains(" \(name)") }, "no label for \(name): \(labels)")
        }
    }

    @Test("hidden windows are dashed, visible ones are not")
    func hiddenDashed() throws {
        let svg = try SVG.render(Self.scene)
        let ghost = try #require(SVG.windowRect(svg, "ghost"))
        #expect(SVG.classes(ghost).contains("hidden"))
        #expect(ghost.contains("stroke-dasharray"))
        let app = try #require(SVG.windowRect(svg, "app"))
        #expect(!SVG.classes(app).contains("hidden"))
        #expect(!app.contains("stroke-dasharray"))
    }

    @Test("the key window is outlined, and only it")
    func keyOutlined() throws {
        let svg = try SVG.render(Self.scene)
        let outlines = SVG.elements(svg, "rect", containing: ["class=\"key-outline\""])
        #expect(outlines.count == 1)
        #expect(outlines.first?.contains("data-key=\"app\"") == true)
        #expect(SVG.classes(try #require(SVG.windowRect(svg, "app"))).contains("key"))
        let noKey = try SVG.render("window a frame 0 0 10 10\nshow a\n")
        #expect(SVG.elements(noKey, "rect", containing: ["class=\"key-outline\""]).isEmpty)
    }

    @Test("pass-through and interaction-off windows are marked by class, pattern and list flag")
    func flagsMarked() throws {
        let svg = try SVG.render(Self.scene)
        let hud = try #require(SVG.windowRect(svg, "hud"))
        let frozen = try #require(SVG.windowRect(svg, "frozen"))
        #expect(SVG.classes(hud).contains("passthrough"))
        #expect(SVG.classes(frozen).contains("no-interaction"))
        #expect(!SVG.classes(hud).contains("no-interaction"))
        #expect(SVG.elements(svg, "rect", containing: ["class=\"window-dots\""]).count == 1)
        #expect(SVG.elements(svg, "rect", containing: ["class=\"window-hatch\""]).count == 1)
        let list = SVG.texts(svg, kind: "list-entry")
        #expect(list.contains { $0.contains("hud") && $0.contains("pass-through") })
        #expect(list.contains { $0.contains("frozen") && $0.contains("no-touch") })
    }

    @Test("views are drawn inside their windows")
    func views() throws {
        let svg = try SVG.render(Self.scene)
        let views = SVG.elements(svg, "rect", containing: ["class=\"view"])
        #expect(views.count == 3)  // app.root, app.button, hud.root
        #expect(views.contains { $0.contains("data-view=\"app.button\"") })
    }

    @Test("the hit point is marked and the view it reached is named beside it and outlined")
    func hitTarget() throws {
        let svg = try SVG.render(Self.scene)
        let point = SVG.elements(svg, "g", containing: ["class=\"point\""])
        #expect(point.count == 1)
        #expect(point.first?.contains("data-x=\"150\" data-y=\"120\"") == true)
        #expect(SVG.texts(svg, kind: "point-label") == ["hit -> app/app.button at 50 20"])
        let targets = SVG.elements(svg, "rect", containing: ["class=\"target\""])
        #expect(targets.count == 1)
        #expect(targets.first?.contains("data-target=\"app/app.button\"") == true)
    }

    @Test("a touch that hits nothing is labelled none and outlines nothing")
    func touchOnNothing() throws {
        let svg = try SVG.render("window a frame 0 0 10 10\nshow a\ntouch 1 began 500 500\n")
        #expect(SVG.texts(svg, kind: "point-label") == ["touch 1 began -> none"])
        #expect(SVG.elements(svg, "rect", containing: ["class=\"target\""]).isEmpty)
    }

    @Test("a statement without a point draws no point marker")
    func noPoint() throws {
        let svg = try SVG.render(Self.scene, step: 12)  // show frozen
        #expect(SVG.elements(svg, "g", containing: ["class=\"point\""]).isEmpty)
        #expect(SVG.texts(svg, kind: "title").first?.contains("step 12 of 13 (line 12): show frozen") == true)
    }

    @Test("fifty windows: fifty rectangles, every name in the list, labels never overlap")
    func fiftyWindows() throws {
        var text = ""
        for i in 0..<50 {
            text += "window w\(i) frame \(i * 17 % 900) \(i * 31 % 900) \(50 + i * 7 % 300) \(40 + i * 13 % 300)\n"
            text += "show w\(i)\n"
        }
        let svg = try SVG.render(text)
        #expect(SVG.windowRects(svg).count == 50)
        let list = SVG.texts(svg, kind: "list-entry")
        for i in 0..<50 { #expect(list.contains { $0.contains(" w\(i) ·") }) }
        // Label backings are placed greedily without overlap.
        let boxes = SVG.elements(svg, "rect", containing: ["class=\"label-back\""]).map { line -> [Double] in
            ["x", "y", "width", "height"].map { key in
                Double(line.components(separatedBy: " \(key)=\"")[1].prefix { $0 != "\"" })!
            }
        }
        #expect(boxes.count >= 20)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                let overlap = a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
                #expect(!overlap)
            }
        }
    }

    @Test("D2: a scene on another screen is drawn inside that screen's frame, which fits the drawing; on main there is none")
    func screenFrame() throws {
        let text = """
            screen tv size 3000 1000
            scene ext size 1000 1000
            place ext on tv
            window w in ext frame 0 0 100 100
            show w
            hit 5 5 in ext
            """
        let svg = try SVG.render(text, wholeScene: true)
        let frames = SVG.elements(svg, "rect", containing: ["class=\"screen-edge\""])
        #expect(frames.count == 1)
        let frame = try #require(frames.first)
        let right = (SVG.number(frame, "x") ?? .nan) + (SVG.number(frame, "width") ?? .nan)
        let scene = try #require(SVG.elements(svg, "rect", containing: ["class=\"scene\""]).first)
        // 3000 wide against a 1000-wide scene: reaching well past the scene's right
        // edge (the viewport compresses beyond the scene), and still left of the panel.
        let sceneRight = (SVG.number(scene, "x") ?? .nan) + (SVG.number(scene, "width") ?? .nan)
        #expect(right > sceneRight + 200 && right < 760, "\(frame) vs \(scene)")
        #expect((SVG.number(frame, "x") ?? .nan) < (SVG.number(scene, "x") ?? .nan))
        #expect(SVG.texts(svg, kind: "screen-label") == ["screen tv · 3000 x 1000"])
        #expect(SVG.texts(svg, kind: "subtitle").first?.contains("scene ext on screen tv") == true)
        let onMain = try SVG.render("window w frame 0 0 100 100\nshow w\nhit 5 5", wholeScene: true)
        #expect(SVG.elements(onMain, "rect", containing: ["class=\"screen-edge\""]).isEmpty)
    }
}
