import WindowModel

/// A text placed on the drawing with a white backing so it reads over anything.
struct PlacedLabel {
    var text: String
    var box: PixelRect
    var size: Double
    var colour: String
    var kind: String
    var bold = false
}

extension SceneSVG {
    static let labelPadding = 2.0

    /// Places every label, most important first: the event point's answers, then
    /// windows front to back (full label, else name and level, else the number),
    /// then views front to back (name, only where it fits inside the view).
    mutating func placeLabels() -> [PlacedLabel] {
        var labels: [PlacedLabel] = []
        labels += pointLabels()
        for window in drawn.windows.reversed() {
            let name = Palette.truncate(window.window.name, 28)
            let texts = [
                (["#\(window.number) \(name) · \(window.levelText)"] + window.flags.prefix(2)).joined(separator: " · "),
                "#\(window.number) \(name) · \(window.levelText)",
                "#\(window.number) \(name)",
                "#\(window.number)",
            ]
            if let label = placeInside(window.rect, texts: texts, size: Palette.labelFont, kind: "window-label",
                                       colour: Palette.ink, mayOverflow: true) {
                labels.append(label)
            }
        }
        for window in drawn.windows.reversed() {
            for view in window.views.reversed() where view.rect.width > 30 && view.rect.height > 14 {
                let text = Palette.truncate(view.view.name, 32)
                if let label = placeInside(view.rect, texts: [text], size: Palette.viewLabelFont, kind: "view-label",
                                           colour: Palette.faintInk, mayOverflow: false) {
                    labels.append(label)
                }
            }
        }
        return labels
    }

    /// Tries each text (longest first) at the rectangle's inner corners; the last
    /// two texts may sit just outside the rectangle (above it, or to its right)
    /// when `mayOverflow`, so small windows are still named on the drawing.
    private mutating func placeInside(_ rect: PixelRect, texts: [String], size: Double, kind: String,
                                      colour: String, mayOverflow: Bool) -> PlacedLabel? {
        let pad = Self.labelPadding, height = size + 2 * pad
        for (index, text) in texts.enumerated() {
            let width = Palette.textWidth(text, size: size) + 2 * pad
            var candidates = [
                PixelRect(x: rect.x + 2, y: rect.y + 2, width: width, height: height),
                PixelRect(x: rect.maxX - 2 - width, y: rect.y + 2, width: width, height: height),
                PixelRect(x: rect.x + 2, y: rect.maxY - 2 - height, width: width, height: height),
                PixelRect(x: rect.maxX - 2 - width, y: rect.maxY - 2 - height, width: width, height: height),
            ].filter { rect.encloses($0) }
            if mayOverflow && index >= texts.count - 2 {
                candidates.append(PixelRect(x: rect.x, y: rect.y - height - 1, width: width, height: height))
                candidates.append(PixelRect(x: rect.maxX + 1, y: rect.y, width: width, height: height))
            }
            candidates = candidates.filter { onCanvas($0) }
            if let chosen = placer.place(candidates) {
                return PlacedLabel(text: text, box: candidates[chosen], size: size, colour: colour, kind: kind)
            }
        }
        return nil
    }

    private func onCanvas(_ box: PixelRect) -> Bool {
        box.x >= 0 && box.y >= Self.top - 14 && box.maxX <= Self.panelX - 6 && box.maxY <= drawingBottom
    }

    /// The answers at the event point: one line per distinct answer, coloured per
    /// engine when they differ. Placed right-below the point, or wherever it fits.
    private mutating func pointLabels() -> [PlacedLabel] {
        guard let point = drawn.point else { return [] }
        let px = point.x.pixel, py = point.y.pixel
        let marker = 6.0 + 3.0 * Double(max(run.answers.count - 1, 0))
        placer.reserve(PixelRect(x: px - marker, y: py - marker, width: 2 * marker, height: 2 * marker))
        var lines: [(String, String)] = []
        if run.enginesDiffer {
            for (i, answer) in run.answers.enumerated() {
                lines.append(("\(answer.engine): " + Self.answerText(answer.lines), Palette.engine(i)))
            }
        } else {
            lines.append((Self.answerText(run.answers.first?.lines ?? []), Palette.point))
        }
        if point.x.clamped || point.y.clamped { lines.append(("(point off-scale)", Palette.offScale)) }
        let size = Palette.labelFont, pad = Self.labelPadding, lineHeight = size + 2 * pad
        let texts = lines.map { (Palette.truncate($0.0, 70), $0.1) }
        let width = texts.map { Palette.textWidth($0.0, size: size) }.max()! + 2 * pad
        let height = lineHeight * Double(texts.count)
        let candidates = [
            (px + 10, py + 8), (px + 10, py - 8 - height), (px - 10 - width, py + 8), (px - 10 - width, py - 8 - height),
        ].map { PixelRect(x: $0.0, y: $0.1, width: width, height: height) }
        let fitting = candidates.filter { onCanvas($0) }
        let box = fitting.first ?? PixelRect(x: max(0, min(px + 10, Self.panelX - 6 - width)),
                                             y: max(Self.top - 14, min(py + 8, drawingBottom - height)), width: width, height: height)
        placer.reserve(box)
        return texts.enumerated().map { i, line in
            PlacedLabel(text: line.0, box: PixelRect(x: box.x, y: box.y + Double(i) * lineHeight, width: width,
                                                     height: lineHeight),
                        size: size, colour: line.1, kind: "point-label", bold: true)
        }
    }

    /// The step's observations as one line; `(nothing)` when there are none.
    static func answerText(_ lines: [String]) -> String {
        lines.isEmpty ? "(nothing)" : lines.joined(separator: "; ")
    }

    mutating func draw(_ label: PlacedLabel) {
        let box = label.box
        writer.element("rect", [("class", .text("label-back")), ("x", .number(box.x)), ("y", .number(box.y)),
                                ("width", .number(box.width)), ("height", .number(box.height)),
                                ("fill", .text("#ffffff")), ("fill-opacity", .number(0.85)),
                                ("rx", .number(2))])
        var attributes: [(String, SVGWriter.Value)] = [
            ("class", .text(label.kind)), ("x", .number(box.x + Self.labelPadding)),
            ("y", .number(box.y + Self.labelPadding + label.size * 0.82)),
            ("font-size", .number(label.size)), ("fill", .text(label.colour)),
        ]
        if label.bold { attributes.append(("font-weight", .text("bold"))) }
        writer.element("text", attributes, content: label.text)
    }

    // MARK: The point and the targets

    /// A crosshair at the event point, with one ring per engine when they differ.
    mutating func pointMarker() {
        guard let point = drawn.point else { return }
        let px = point.x.pixel, py = point.y.pixel
        writer.open("g", [("class", .text("point")), ("data-x", .text(NumberText.format(run.eventPoint!.x))),
                          ("data-y", .text(NumberText.format(run.eventPoint!.y)))])
        let rings = run.enginesDiffer ? run.answers.indices.map { (6.0 + 3.0 * Double($0), Palette.engine($0)) }
            : [(6.0, Palette.point)]
        for (radius, colour) in rings {
            writer.element("circle", [("class", .text("point-ring")), ("cx", .number(px)), ("cy", .number(py)),
                                      ("r", .number(radius)), ("fill", .text("none")), ("stroke", .text(colour)),
                                      ("stroke-width", .number(2))])
        }
        let arm = rings.last!.0 + 5
        for (x1, y1, x2, y2) in [(px - arm, py, px + arm, py), (px, py - arm, px, py + arm)] {
            writer.element("line", [("x1", .number(x1)), ("y1", .number(y1)), ("x2", .number(x2)), ("y2", .number(y2)),
                                    ("stroke", .text(Palette.ink)), ("stroke-width", .number(1))])
        }
        writer.close("g")
    }

    /// Outlines what each engine's answer names (touch, hit or press target).
    mutating func targets() {
        var outlines: [(window: String, view: String, colour: String, engine: String)] = []
        let differ = run.enginesDiffer
        for (i, answer) in run.answers.enumerated() where differ || i == 0 {
            for target in Self.targets(of: answer.observations) {
                outlines.append((target.0, target.1, differ ? Palette.engine(i) : Palette.point, differ ? answer.engine : "all"))
            }
        }
        guard !outlines.isEmpty else { return }
        writer.open("g", [("class", .text("targets"))])
        for (index, outline) in outlines.enumerated() {
            guard let rect = drawn.rect(window: outline.window, view: outline.view) else { continue }
            let inset = Double(index % 4) * 3
            writer.element("rect", [("class", .text("target")), ("data-target", .text("\(outline.window)/\(outline.view)")),
                                    ("data-engine", .text(outline.engine)),
                                    ("x", .number(rect.x + inset)), ("y", .number(rect.y + inset)),
                                    ("width", .number(max(rect.width - 2 * inset, 1))),
                                    ("height", .number(max(rect.height - 2 * inset, 1))),
                                    ("fill", .text("none")), ("stroke", .text(outline.colour)),
                                    ("stroke-width", .number(2.5))])
        }
        writer.close("g")
    }

    /// The windows and views a step's observations name as where an event went.
    static func targets(of observations: [Observation]) -> [(String, String)] {
        observations.compactMap { observation in
            switch observation {
            case let .touchBegan(_, target?), let .touchMoved(_, target), let .touchEnded(_, target),
                 let .hit(target?):
                return (target.window, target.view)
            case let .touchCancelled(_, window, view): return (window, view)
            case let .press(window?): return (window, window)
            default: return nil
            }
        }
    }
}
