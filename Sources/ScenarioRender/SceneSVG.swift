import ReferenceModel
import ScenarioLanguage
import WindowModel

/// Draws one rendered step as SVG text. Layers, bottom to top: the scene's
/// rectangle, windows back to front (each with its views), the edges of exploded
/// stacks, the outlines of covered windows, the markers of zero-size windows and
/// views, the scene's corner marks, the key window's outline, the targets the
/// engines answered, a `convert`'s points and arrows, the event point, the labels
/// (with their leader lines), then the window list, the view tags and the caption
/// beside and below the drawing.
struct SceneSVG {
    // The canvas: a square drawing area on the left, the window list on the right.
    static let left = 20.0, top = 64.0, area = 720.0
    static let panelX = 770.0, panelWidth = 340.0
    static let canvasWidth = panelX + panelWidth + 10

    let run: StepRun
    /// Every window drawn as one exploded stack (`render --exploded`).
    let exploded: Bool
    /// The scene rectangle the drawing is zoomed to (nil: the whole scene).
    let focus: (Point, Point)?
    let layout: SceneLayout
    let file: String
    let drawn: DrawnScene
    var writer = SVGWriter()
    var placer = LabelPlacer()
    /// What a `convert` statement draws in this scene, if the step is one.
    let conversion: Conversion?
    /// The views named by a tag on the drawing, listed beside it (filled by ``placeLabels()``).
    var viewTags: [ViewTag] = []

    init(run: StepRun, layout: SceneLayout, file: String, exploded: Bool = false, wholeScene: Bool = false) {
        self.exploded = exploded
        self.run = run
        self.layout = layout
        self.file = file
        let point = run.eventScene == layout.scene ? run.eventPoint : nil
        let plan = Conversion.Plan(run: run, layout: layout)
        let focus = wholeScene ? nil : Self.focus(run: run, layout: layout, extraPoints: plan?.scenePoints ?? [])
        self.focus = focus
        let drawn = DrawnScene(layout: layout, point: point, extraPoints: plan?.scenePoints ?? [], explodeAll: exploded,
                               focus: focus, left: Self.left, top: Self.top, width: Self.area, height: Self.area)
        self.drawn = drawn
        conversion = plan.flatMap { Conversion(plan: $0, drawn: drawn) }
    }

    /// The whole document.
    mutating func document() -> String {
        let labels = placeLabels()
        let captionTop = drawingBottom + 22
        let captionLines = caption()
        let captionBottom = captionTop + Double(captionLines.count) * 16
        let insetTop = tagListTop + (viewTags.isEmpty ? 0 : 20 + Double(viewTags.count) * 15) + 10
        let panelBottom = insetTop + insetHeight
        let height = (max(captionBottom, panelBottom, Self.top + 200) + 16).rounded()

        writer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        writer.open("svg", [("xmlns", .text("http://www.w3.org/2000/svg")), ("version", .text("1.1")),
                            ("width", .number(Self.canvasWidth)), ("height", .number(height)),
                            ("viewBox", .text("0 0 \(SVGWriter.number(Self.canvasWidth)) \(SVGWriter.number(height))")),
                            ("font-family", .text(Palette.fontFamily))])
        definitions()
        writer.element("rect", [("class", .text("background")), ("x", .number(0)), ("y", .number(0)),
                                ("width", .number(Self.canvasWidth)), ("height", .number(height)),
                                ("fill", .text(Palette.background))])
        title()
        sceneOutline()
        writer.open("g", [("class", .text("windows"))])
        for window in drawn.windows { draw(window) }
        writer.close("g")
        stackEdges()
        coveredOutlines()
        zeroSizeMarkers()
        sceneEdge()
        screenFrame()
        keyOutline()
        targets()
        drawConversion()
        offScaleMarkers()
        pointMarker()
        writer.open("g", [("class", .text("labels"))])
        for label in labels { drawLeader(label) }
        for label in labels { draw(label) }
        writer.close("g")
        windowList()
        inset(top: insetTop + 12)
        tagList()
        drawCaption(captionLines, top: captionTop)
        writer.close("svg")
        return writer.text
    }

    // MARK: Definitions and title

    private mutating func definitions() {
        writer.open("defs")
        writer.raw("<pattern id=\"hatch\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"#555555\" stroke-width=\"1.5\" stroke-opacity=\"0.55\"/></pattern>")
        writer.raw("<pattern id=\"dots\" width=\"14\" height=\"14\" patternUnits=\"userSpaceOnUse\"><circle cx=\"7\" cy=\"7\" r=\"1.6\" fill=\"#7b1fa2\" fill-opacity=\"0.45\"/></pattern>")
        writer.close("defs")
    }

    private mutating func title() {
        let statementText = run.statement.map { ScenarioPrinter.line($0.content) } ?? "(initial state)"
        let where_ = run.statement.map { " (line \($0.line))" } ?? ""
        let first = "\(file) · step \(run.step) of \(run.stepCount)\(where_): \(statementText)"
        writer.element("text", [("class", .text("title")), ("x", .number(Self.left)), ("y", .number(24)),
                                ("font-size", .number(Palette.titleFont)), ("font-weight", .text("bold")),
                                ("fill", .text(Palette.ink))],
                       content: Palette.truncate(first, 120))
        let onScreen = layout.screen == mainScreenName ? "" : " on screen \(layout.screen)"
        let second = (focus == nil ? "" : "zoomed to the step (--whole-scene draws all) · ")
            + "scene \(layout.scene)\(onScreen) · \(NumberText.format(layout.size.width)) x "
            + "\(NumberText.format(layout.size.height)) · \(layout.windows.count) windows · layout from the reference model"
        writer.element("text", [("class", .text("subtitle")), ("x", .number(Self.left)), ("y", .number(44)),
                                ("font-size", .number(Palette.panelFont)), ("fill", .text(Palette.faintInk))],
                       content: Palette.truncate(second, 150))
    }

    private mutating func sceneOutline() {
        let rect = drawn.sceneRect(layout.size)
        writer.element("rect", [("class", .text("scene")), ("x", .number(rect.x)), ("y", .number(rect.y)),
                                ("width", .number(rect.width)), ("height", .number(rect.height)),
                                ("fill", .text("#f7f7f7")), ("stroke", .text(Palette.sceneEdge)),
                                ("stroke-width", .number(1))])
    }

    /// A scene on a screen other than `main` (D2): the screen's own rectangle from
    /// the shared origin (D4), a solid blue line over the windows, named at its
    /// top-left corner. On `main` nothing is drawn: every scene starts there.
    private mutating func screenFrame() {
        guard layout.screen != mainScreenName else { return }
        let rect = drawn.sceneRect(layout.screenSize)
        writer.open("g", [("class", .text("screen"))])
        // Outside the gold key outline and the scene's corner ticks' start.
        let outset = 7.0
        writer.element("rect", [("class", .text("screen-edge")), ("x", .number(rect.x - outset)),
                                ("y", .number(rect.y - outset)),
                                ("width", .number(rect.width + 2 * outset)), ("height", .number(rect.height + 2 * outset)),
                                ("fill", .text("none")), ("stroke", .text(Palette.screenEdge)),
                                ("stroke-width", .number(2))])
        let label = "screen \(layout.screen) · \(NumberText.format(layout.screenSize.width)) x "
            + NumberText.format(layout.screenSize.height)
        writer.element("text", [("class", .text("screen-label")), ("x", .number(rect.x + 16)),
                                ("y", .number(rect.y - outset - 4)),
                                ("font-size", .number(Palette.panelFont)), ("fill", .text(Palette.screenEdge))],
                       content: Palette.truncate(label, 80))
        writer.close("g")
    }

    /// The bottom of the drawing, stacks and point labels included.
    var drawingBottom: Double { Self.top + drawn.viewport.drawnHeight + drawn.stackReserve + 18 }

    /// The scene's corners marked again over the windows, so a window larger than
    /// the scene still shows where the scene ends: two short solid ticks per
    /// corner, just outside the scene, continuing its edges. They never lie on a
    /// window that fills the scene, and are not dashed (dashed means hidden). A
    /// scene drawn smaller than the ticks (a 0 x 0 scene) gets none: they would
    /// only hide what is drawn at its single point.
    private mutating func sceneEdge() {
        let rect = drawn.sceneRect(layout.size)
        let gap = 3.0, length = 10.0
        // Zoomed in, the scene's corners are elsewhere (the inset shows them).
        guard focus == nil, rect.width >= 2 * (gap + length), rect.height >= 2 * (gap + length) else { return }
        writer.open("g", [("class", .text("scene-corners"))])
        for (x, y, sx, sy) in [(rect.x, rect.y, -1.0, -1.0), (rect.maxX, rect.y, 1, -1),
                               (rect.x, rect.maxY, -1, 1), (rect.maxX, rect.maxY, 1, 1)] {
            for (x1, y1, x2, y2) in [(x + sx * gap, y, x + sx * (gap + length), y),
                                     (x, y + sy * gap, x, y + sy * (gap + length))] {
                writer.element("line", [("class", .text("scene-edge")), ("x1", .number(x1)), ("y1", .number(y1)),
                                        ("x2", .number(x2)), ("y2", .number(y2)),
                                        ("stroke", .text(Palette.sceneCorner)), ("stroke-width", .number(1.5))])
            }
        }
        writer.close("g")
    }

    // MARK: Windows and views

    private mutating func draw(_ drawnWindow: DrawnScene.DrawnWindow) {
        let window = drawnWindow.window, rect = drawnWindow.rect
        let colours = Palette.window(level: window.level)
        var classes = ["window"]
        if window.isHidden { classes.append("hidden") }
        if window.isPassthrough { classes.append("passthrough") }
        if !window.isInteractionEnabled { classes.append("no-interaction") }
        if window.isKey { classes.append("key") }
        if rect.isOffScale { classes.append("off-scale") }
        if rect.enlarged { classes.append("tiny") }
        if drawnWindow.isZeroSize { classes.append("zero-size") }
        if drawnWindow.stackSize > 1 { classes.append("stacked") }
        var group: [(String, SVGWriter.Value)] = [("class", .text("window-group")),
                                                  ("opacity", .number(window.isHidden ? 0.55 : 1))]
        if let matrix = drawnWindow.matrix { group.append(("transform", .text(matrix.svg))) }
        writer.open("g", group)
        var attributes: [(String, SVGWriter.Value)] = [
            ("class", .text(classes.joined(separator: " "))), ("data-window", .text(window.name)),
            ("data-level", .text(drawnWindow.levelText)),
        ]
        if drawnWindow.stackSize > 1 {
            attributes += [("data-stack-layer", .text("\(drawnWindow.stackLayer)")),
                           ("data-stack-size", .text("\(drawnWindow.stackSize)"))]
        }
        attributes += [
            ("x", .number(rect.x)), ("y", .number(rect.y)), ("width", .number(rect.width)),
            ("height", .number(rect.height)), ("fill", .text(window.alpha < 0.01 ? "none" : colours.fill)),
            ("fill-opacity", .number(window.isHidden ? 0.35 : 0.55 + 0.4 * window.alpha)),
            ("stroke", .text(colours.stroke)), ("stroke-width", .number(1.5)),
        ]
        if window.isHidden { attributes.append(("stroke-dasharray", .text("7 4"))) }
        writer.element("rect", attributes)
        for (pattern, on) in [("hatch", !window.isInteractionEnabled), ("dots", window.isPassthrough)] where on {
            writer.element("rect", [("class", .text("window-\(pattern)")), ("x", .number(rect.x)), ("y", .number(rect.y)),
                                    ("width", .number(rect.width)), ("height", .number(rect.height)),
                                    ("fill", .text("url(#\(pattern))"))])
        }
        for view in drawnWindow.views { draw(view, stroke: colours.stroke) }
        writer.close("g")
    }

    private mutating func draw(_ drawnView: DrawnScene.DrawnView, stroke: String) {
        let view = drawnView.view, rect = drawnView.rect
        var classes = ["view"]
        if view.isHidden { classes.append("hidden") }
        if drawnView.isZeroSize { classes.append("zero-size") }
        if !view.isInteractionEnabled { classes.append("no-interaction") }
        var attributes: [(String, SVGWriter.Value)] = [
            ("class", .text(classes.joined(separator: " "))), ("data-view", .text(view.name)),
            ("x", .number(rect.x)), ("y", .number(rect.y)), ("width", .number(rect.width)),
            ("height", .number(rect.height)), ("fill", .text(view.alpha < 0.01 ? "none" : Palette.viewFill)),
            ("fill-opacity", .number(0.15 + 0.25 * view.alpha)), ("stroke", .text(stroke)),
            ("stroke-width", .number(1)), ("stroke-opacity", .number(0.8)),
        ]
        if view.isHidden { attributes.append(("stroke-dasharray", .text("3 3"))) }
        let transform: [(String, SVGWriter.Value)] = drawnView.matrix.map { [("transform", .text($0.svg))] } ?? []
        writer.element("rect", attributes + transform)
        if !view.isInteractionEnabled {
            writer.element("rect", [("class", .text("view-hatch")), ("x", .number(rect.x)), ("y", .number(rect.y)),
                                    ("width", .number(rect.width)), ("height", .number(rect.height)),
                                    ("fill", .text("url(#hatch)"))] + transform)
        }
    }

    private mutating func keyOutline() {
        guard let key = drawn.windows.first(where: { $0.window.isKey }) else { return }
        let r = key.rect
        writer.element("rect", [("class", .text("key-outline")), ("data-key", .text(key.window.name)),
                                ("x", .number(r.x - 3)), ("y", .number(r.y - 3)), ("width", .number(r.width + 6)),
                                ("height", .number(r.height + 6)), ("fill", .text("none")),
                                ("stroke", .text(Palette.keyOutline)), ("stroke-width", .number(3))])
    }

    /// A small triangle pointing outward at the middle of every clamped edge.
    private mutating func offScaleMarkers() {
        let clamped = drawn.windows.filter { $0.rect.isOffScale }
        guard !clamped.isEmpty else { return }
        writer.open("g", [("class", .text("off-scale-markers"))])
        for window in clamped {
            let r = window.rect, s = 7.0
            var shapes: [[(Double, Double)]] = []
            let midX = r.x + r.width / 2, midY = r.y + r.height / 2
            if r.clampedLeft { shapes.append([(r.x - s, midY), (r.x, midY - s), (r.x, midY + s)]) }
            if r.clampedRight { shapes.append([(r.maxX + s, midY), (r.maxX, midY - s), (r.maxX, midY + s)]) }
            if r.clampedTop { shapes.append([(midX, r.y - s), (midX - s, r.y), (midX + s, r.y)]) }
            if r.clampedBottom { shapes.append([(midX, r.maxY + s), (midX - s, r.maxY), (midX + s, r.maxY)]) }
            for shape in shapes {
                let points = shape.map { "\(SVGWriter.number($0.0)),\(SVGWriter.number($0.1))" }.joined(separator: " ")
                writer.element("polygon", [("class", .text("off-scale")), ("data-for", .text(window.window.name)),
                                           ("points", .text(points)), ("fill", .text(Palette.offScale))])
            }
        }
        writer.close("g")
    }
}
