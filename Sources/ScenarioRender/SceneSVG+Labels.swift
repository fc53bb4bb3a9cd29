import WindowModel

/// A text placed on the drawing with a white backing so it reads over anything.
struct PlacedLabel {
    var text: String
    var box: PixelRect
    var size: Double
    var colour: String
    var kind: String
    var bold = false
    /// Extra `data-` attributes of the text and its backing (`data-for` names what it labels).
    var data: [(String, String)] = []
    /// The point the label names, when the label sits away from it: a leader line joins them.
    var anchor: (x: Double, y: Double)?
    /// True when no free place was found and the label was put over others.
    var forced = false
}

extension SceneSVG {
    static let labelPadding = 2.0
    /// Views drawn smaller than this (in pixels, both ways) are kept clear of view labels.
    static let smallView = 24.0

    /// Places every label, most important first: the event point's answers, a
    /// `convert`'s points, then windows front to back, then views front to back.
    ///
    /// A window is named inside a corner of its rectangle (full label, else name
    /// and level, else the number), else just outside it, else beside it with a
    /// leader line; a stacked window behind another and a zero-size one are named
    /// beside their exposed corner or marker. A view is named inside itself when it
    /// is large enough, else beside it with a leader line, else by a short tag
    /// (`v1`, `v2`, ...) that the list beside the drawing spells out. When nothing
    /// is free the number or tag is put over the other labels, so that every
    /// window and view is marked on the drawing.
    mutating func placeLabels() -> [PlacedLabel] {
        var labels: [PlacedLabel] = []
        labels += pointLabels()
        labels += conversionLabels()
        for box in zeroSizeMarkerBoxes { placer.reserve(box) }
        for window in drawn.windows.reversed() {
            labels.append(windowLabel(window))
        }
        // Small views stay visible: no view label may cover one.
        for window in drawn.windows {
            for view in window.views where view.rect.width < Self.smallView && view.rect.height < Self.smallView {
                placer.reserve(PixelRect(x: view.rect.x - 1, y: view.rect.y - 1, width: view.rect.width + 2,
                                         height: view.rect.height + 2))
            }
        }
        for window in drawn.windows.reversed() {
            for view in window.views.reversed() {
                labels.append(viewLabel(view, in: window))
            }
        }
        return labels
    }

    /// A window's label: `#N name · level · flags`, shortened until it fits (see
    /// ``placeLabels()``); never nil, at worst `#N` put over other labels.
    private mutating func windowLabel(_ window: DrawnScene.DrawnWindow) -> PlacedLabel {
        let name = Palette.truncate(window.window.name, 28)
        let texts = [
            (["#\(window.number) \(name) · \(window.levelText)"] + window.flags.prefix(2)).joined(separator: " · "),
            "#\(window.number) \(name) · \(window.levelText)",
            "#\(window.number) \(name)",
            "#\(window.number)",
        ]
        let data = [("data-for", window.window.name)]
        let rect = window.rect
        var label: PlacedLabel?
        if window.isZeroSize {
            label = callout(Self.centre(rect), texts: texts, reach: Self.farReach, size: Palette.labelFont,
                            kind: "window-label", colour: Palette.ink, data: data)
        } else if window.stackLayer > 0 {
            label = stackLabel(window, texts: texts, data: data)
        } else {
            label = placeInside(rect, texts: texts, size: Palette.labelFont, kind: "window-label",
                                colour: Palette.ink, mayOverflow: true, data: data)
                ?? callout(Self.anchor(in: rect), texts: Array(texts.suffix(2)), reach: Self.farReach,
                           size: Palette.labelFont, kind: "window-label", colour: Palette.ink, data: data)
        }
        return label ?? forced(Self.anchor(in: rect), text: texts.last!, size: Palette.labelFont, kind: "window-label",
                               colour: Palette.ink, data: data)
    }

    /// A window behind the front of its stack shows only its bottom and right
    /// strips: it is named in a column right of the stack, the deepest layer's
    /// label level with its corner and each layer in front one row higher, with a
    /// leader line to its exposed bottom-right corner (so the lines never cross);
    /// else wherever there is room nearby; each shorter text only when the longer
    /// one fits nowhere.
    private mutating func stackLabel(_ window: DrawnScene.DrawnWindow, texts: [String],
                                     data: [(String, String)]) -> PlacedLabel? {
        let rect = window.rect, anchor = (x: rect.maxX - 1, y: rect.maxY - 1)
        let step = window.shift / Double(window.stackLayer)
        let rowsBelow = Double(window.stackSize - 1 - window.stackLayer)
        let height = Palette.labelFont + 2 * Self.labelPadding
        let x = rect.maxX + rowsBelow * step + 14
        let y = rect.maxY + rowsBelow * step - height / 2 - rowsBelow * (height + 2)
        for text in texts {
            let box = PixelRect(x: x, y: y, width: Palette.textWidth(text, size: Palette.labelFont) + 2 * Self.labelPadding,
                                height: height)
            if onCanvas(box), placer.place([box]) != nil {
                // Keep the leader line's path free of other labels.
                let top = min(anchor.y, box.y + height / 2) - 1, bottom = max(anchor.y, box.y + height / 2) + 1
                placer.reserve(PixelRect(x: anchor.x, y: top, width: box.x - anchor.x, height: bottom - top))
                return PlacedLabel(text: text, box: box, size: Palette.labelFont, colour: Palette.ink, kind: "window-label",
                                   data: data, anchor: anchor)
            }
            if let label = callout(anchor, texts: [text], reach: Self.farReach, size: Palette.labelFont,
                                   kind: "window-label", colour: Palette.ink, data: data) {
                return label
            }
        }
        return nil
    }

    /// A view's name: inside it when it is large enough, else beside it (close,
    /// with a leader line), else a tag `vN` beside it, listed by ``tagList()``. A
    /// view behind the front of its stack is named from its bottom-right corner,
    /// which is the part of it that shows, never inside it (that is the front window).
    private mutating func viewLabel(_ view: DrawnScene.DrawnView, in window: DrawnScene.DrawnWindow) -> PlacedLabel {
        let text = Palette.truncate(view.view.name, 32)
        let data = [("data-for", view.view.name)]
        let stacked = window.stackLayer > 0
        let anchor = view.isZeroSize ? Self.centre(view.rect)
            : stacked ? (x: view.rect.maxX - 1, y: view.rect.maxY - 1) : Self.anchor(in: view.rect)
        if !view.isZeroSize, !stacked, view.rect.width > 30, view.rect.height > 14,
           let label = placeInside(view.rect, texts: [text], size: Palette.viewLabelFont, kind: "view-label",
                                   colour: Palette.faintInk, mayOverflow: false, data: data) {
            return label
        }
        // Behind a stack's front, below-left of the corner: the window labels are to its right.
        let directions = stacked ? Self.belowLeftFirst : Self.directions
        if let label = callout(anchor, texts: [text], reach: Self.nearReach, size: Palette.viewLabelFont,
                               kind: "view-label", colour: Palette.faintInk, data: data, directions: directions) {
            return label
        }
        let tag = ViewTag(tag: "v\(viewTags.count + 1)", view: view, window: window.window.name)
        viewTags.append(tag)
        let tagData = [("data-view", view.view.name), ("data-tag", tag.tag)]
        return callout(anchor, texts: [tag.tag], reach: Self.farReach, size: Palette.viewLabelFont, kind: "tag",
                       colour: Palette.ink, data: tagData, directions: directions)
            ?? forced(anchor, text: tag.tag, size: Palette.viewLabelFont, kind: "tag", colour: Palette.ink, data: tagData)
    }

    /// Tries each text (longest first) at the rectangle's inner corners; the last
    /// two texts may sit just outside the rectangle (above it, or to its right)
    /// when `mayOverflow`, so small windows are still named on the drawing.
    private mutating func placeInside(_ rect: PixelRect, texts: [String], size: Double, kind: String,
                                      colour: String, mayOverflow: Bool, data: [(String, String)]) -> PlacedLabel? {
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
                return PlacedLabel(text: text, box: candidates[chosen], size: size, colour: colour, kind: kind, data: data)
            }
        }
        return nil
    }

    func onCanvas(_ box: PixelRect) -> Bool {
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

    /// A label's backing (a tag's is a framed, tinted box) and its text. A forced
    /// label's backing has class `label-back forced`: it may overlap others.
    mutating func draw(_ label: PlacedLabel) {
        let box = label.box, isTag = label.kind == "tag"
        let data = label.data.map { ($0.0, SVGWriter.Value.text($0.1)) }
        var back: [(String, SVGWriter.Value)] = [("class", .text(label.forced ? "label-back forced" : "label-back"))]
        back += data
        back += [("x", .number(box.x)), ("y", .number(box.y)), ("width", .number(box.width)),
                 ("height", .number(box.height)), ("fill", .text(isTag ? Palette.tagFill : "#ffffff")),
                 ("fill-opacity", .number(isTag ? 1 : 0.85)), ("rx", .number(2))]
        if isTag { back += [("stroke", .text(Palette.tagStroke)), ("stroke-width", .number(0.75))] }
        writer.element("rect", back)
        var attributes: [(String, SVGWriter.Value)] = [("class", .text(label.kind))]
        attributes += data
        attributes += [
            ("x", .number(box.x + Self.labelPadding)),
            ("y", .number(box.y + Self.labelPadding + label.size * 0.82)),
            ("font-size", .number(label.size)), ("fill", .text(label.colour)),
        ]
        if label.bold { attributes.append(("font-weight", .text("bold"))) }
        writer.element("text", attributes, content: label.text)
    }
}
