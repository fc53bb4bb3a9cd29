import WindowModel

/// One line of the caption under the drawing.
struct CaptionLine {
    var text: String
    var colour: String
    var kind: String
    /// A colour swatch drawn before the text (legend entries).
    var swatch: String?
    var engine: String?
}

extension SceneSVG {
    /// The list of windows front to back, numbered as their labels are, with level
    /// and flags; it names every window even when its label had no room.
    mutating func windowList() {
        let x = Self.panelX, lineHeight = 15.0
        writer.open("g", [("class", .text("window-list"))])
        writer.element("text", [("class", .text("list-title")), ("x", .number(x)), ("y", .number(Self.top + 10)),
                                ("font-size", .number(Palette.panelFont + 1)), ("font-weight", .text("bold")),
                                ("fill", .text(Palette.ink))],
                       content: drawn.windows.isEmpty ? "no windows in this scene" : "windows, front to back")
        let maxChars = Int((Self.panelWidth - 18) / (Palette.panelFont * Palette.advance))
        for (row, window) in drawn.windows.reversed().enumerated() {
            let y = Self.top + 30 + Double(row) * lineHeight
            let colours = Palette.window(level: window.window.level)
            var swatch: [(String, SVGWriter.Value)] = [
                ("class", .text("swatch")), ("x", .number(x)), ("y", .number(y - 9)), ("width", .number(11)),
                ("height", .number(11)), ("fill", .text(colours.fill)), ("stroke", .text(colours.stroke)),
            ]
            if window.window.isHidden { swatch.append(("stroke-dasharray", .text("3 2"))) }
            if window.window.isKey { swatch.append(("stroke-width", .number(2))) }
            writer.element("rect", swatch)
            let name = Palette.truncate(window.window.name, 22)
            let text = (["#\(window.number) \(name) · \(window.levelText)"] + window.flags)
                .joined(separator: " · ")
            writer.element("text", [("class", .text("list-entry")), ("data-window", .text(window.window.name)),
                                    ("x", .number(x + 16)), ("y", .number(y)),
                                    ("font-size", .number(Palette.panelFont)),
                                    ("fill", .text(window.window.isHidden ? Palette.faintInk : Palette.ink))],
                           content: Palette.truncate(text, maxChars))
        }
        writer.close("g")
    }

    /// Where the list of tagged views starts, under the window list.
    var tagListTop: Double { Self.top + 40 + Double(drawn.windows.count) * 15 }

    /// The views named on the drawing only by a tag: each tag, drawn as on the
    /// drawing, then the view's name, its window and its size. Both the tag on the
    /// drawing and this entry carry `data-view` and `data-tag`.
    mutating func tagList() {
        guard !viewTags.isEmpty else { return }
        let x = Self.panelX, top = tagListTop, lineHeight = 15.0
        let maxChars = Int((Self.panelWidth - 8) / (Palette.panelFont * Palette.advance))
        writer.open("g", [("class", .text("tag-list"))])
        writer.element("text", [("class", .text("list-title")), ("x", .number(x)), ("y", .number(top + 10)),
                                ("font-size", .number(Palette.panelFont + 1)), ("font-weight", .text("bold")),
                                ("fill", .text(Palette.ink))],
                       content: "views named by tag on the drawing")
        for (row, entry) in viewTags.enumerated() {
            let y = top + 30 + Double(row) * lineHeight
            // The tag word is framed as it is on the drawing.
            let width = Palette.textWidth(entry.tag, size: Palette.panelFont) + 2 * Self.labelPadding
            writer.element("rect", [("class", .text("tag-swatch")), ("data-view", .text(entry.view.view.name)),
                                    ("data-tag", .text(entry.tag)), ("x", .number(x)), ("y", .number(y - 10)),
                                    ("width", .number(width)), ("height", .number(13)), ("fill", .text(Palette.tagFill)),
                                    ("stroke", .text(Palette.tagStroke)), ("stroke-width", .number(0.75)), ("rx", .number(2))])
            let frame = entry.view.view.frame
            var words = ["\(entry.tag) \(entry.view.view.name)", "in \(entry.window)",
                         "\(NumberText.format(frame.width)) x \(NumberText.format(frame.height))"]
            if entry.view.view.isHidden { words.append("hidden") }
            writer.element("text", [("class", .text("view-entry")), ("data-view", .text(entry.view.view.name)),
                                    ("data-tag", .text(entry.tag)), ("x", .number(x + Self.labelPadding)), ("y", .number(y)),
                                    ("font-size", .number(Palette.panelFont)), ("fill", .text(Palette.ink))],
                           content: Palette.truncate(words.joined(separator: " · "), maxChars))
        }
        writer.close("g")
    }

    /// The step's answers (per engine when they differ, with a colour legend) and
    /// a key to the drawing's symbols.
    func caption() -> [CaptionLine] {
        var lines: [CaptionLine] = []
        let maxLines = 12
        func add(_ observations: [String], colour: String, engine: String?) {
            if observations.isEmpty {
                lines.append(CaptionLine(text: "(nothing)", colour: colour, kind: "observation", engine: engine))
            }
            for line in observations.prefix(maxLines) {
                lines.append(CaptionLine(text: line, colour: colour, kind: "observation", engine: engine))
            }
            if observations.count > maxLines {
                lines.append(CaptionLine(text: "… \(observations.count - maxLines) more", colour: colour,
                                         kind: "observation", engine: engine))
            }
        }
        let names = run.answers.map(\.engine).joined(separator: ", ")
        if run.statement == nil {
            lines.append(CaptionLine(text: "initial state: no statement has run", colour: Palette.ink, kind: "heading"))
        } else if run.enginesDiffer {
            lines.append(CaptionLine(text: "engines disagree at this step (legend):", colour: Palette.point,
                                     kind: "legend-title"))
            for (i, answer) in run.answers.enumerated() {
                var entry = answer.engine
                if let snapshot = answer.snapshot { entry += "  [state: \(snapshot)]" }
                lines.append(CaptionLine(text: entry, colour: Palette.engine(i), kind: "legend", swatch: Palette.engine(i),
                                         engine: answer.engine))
                add(answer.lines, colour: Palette.engine(i), engine: answer.engine)
            }
        } else {
            let who = run.answers.count > 1 ? "all engines (\(names)) agree" : "\(names) answers"
            lines.append(CaptionLine(text: "\(who) at this step:", colour: Palette.ink, kind: "heading"))
            add(run.answers.first?.lines ?? [], colour: Palette.ink, engine: nil)
        }
        for text in Self.wrap(symbols(), prefix: "key: ") {
            lines.append(CaptionLine(text: text, colour: Palette.faintInk, kind: "symbols"))
        }
        return lines
    }

    /// The key to the symbols: the always-present ones, then those this picture uses.
    private func symbols() -> [String] {
        var items = ["dashed = hidden", "hatched = interaction off", "dots = pass-through", "gold = key window",
                     focus == nil ? "grey corner ticks = scene edge" : "zoomed: the inset shows the whole scene"]
        if layout.screen != mainScreenName { items.append("blue frame = the scene's screen") }
        let windows = drawn.windows
        if windows.contains(where: { $0.rect.isOffScale }) || drawn.point.map({ $0.x.clamped || $0.y.clamped }) == true {
            items.append("red triangle = off-scale (beyond the drawing, clamped to its edge)")
        }
        if windows.contains(where: { $0.rect.enlarged && !$0.isZeroSize }) { items.append("tiny = drawn at the minimum size") }
        if exploded {
            items.append("exploded: every window drawn as one stack, the front one in place, "
                + "each one behind it \(SVGWriter.number(windows.map(\.shift).filter { $0 > 0 }.min() ?? 0)) px further down-right")
        } else if windows.contains(where: { $0.stackSize > 1 }) {
            items.append("offset copies = windows with the same frame, an exploded stack: the front one in place, "
                + "each one behind it \(SVGWriter.number(windows.map(\.shift).filter { $0 > 0 }.min() ?? 0)) px further down-right")
        }
        if windows.contains(where: { $0.isCovered && !$0.isZeroSize }) { items.append("thin outline over a window = a window behind it") }
        if windows.contains(where: { $0.isZeroSize }) || windows.contains(where: { $0.views.contains(where: \.isZeroSize) }) {
            items.append("diamond = zero-size window, cross = zero-size view (width or height 0)")
        }
        if !viewTags.isEmpty { items.append("v1, v2 … = views too small to name, listed beside the drawing") }
        if conversion != nil {
            items.append("convert: circle = the point in the source space, square = where it lands in the target space, "
                + "arrows from each space's origin")
        }
        return items
    }

    /// `items` joined with " · " into lines that fit the caption, the first one prefixed.
    static func wrap(_ items: [String], prefix: String) -> [String] {
        let limit = Int((canvasWidth - 2 * left - 16) / (Palette.panelFont * Palette.advance))
        var lines: [String] = [], current = prefix
        for item in items {
            let joined = current == prefix ? current + item : current + " · " + item
            if joined.count > limit, current != prefix {
                lines.append(current)
                current = "  " + item
            } else {
                current = joined
            }
        }
        lines.append(current)
        return lines
    }

    mutating func drawCaption(_ lines: [CaptionLine], top: Double) {
        let maxChars = Int((Self.canvasWidth - 2 * Self.left - 16) / (Palette.panelFont * Palette.advance))
        writer.open("g", [("class", .text("caption"))])
        for (row, line) in lines.enumerated() {
            let y = top + Double(row) * 16
            var x = Self.left + (line.kind == "observation" ? 18 : 0)
            if let swatch = line.swatch {
                writer.element("rect", [("class", .text("legend-swatch")), ("x", .number(x)), ("y", .number(y - 10)),
                                        ("width", .number(12)), ("height", .number(12)), ("fill", .text(swatch))])
                x += 18
            }
            var attributes: [(String, SVGWriter.Value)] = [
                ("class", .text(line.kind)), ("x", .number(x)), ("y", .number(y)),
                ("font-size", .number(Palette.panelFont)), ("fill", .text(line.colour)),
            ]
            if let engine = line.engine { attributes.append(("data-engine", .text(engine))) }
            if line.kind == "legend" || line.kind == "legend-title" { attributes.append(("font-weight", .text("bold"))) }
            writer.element("text", attributes, content: Palette.truncate(line.text, maxChars))
        }
        writer.close("g")
    }
}
