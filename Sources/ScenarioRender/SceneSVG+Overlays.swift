import ReferenceModel
import WindowModel

/// What is drawn over the windows so that nothing hides: the edges of exploded
/// stacks, the outlines of covered windows, and the markers of zero-size objects.
extension SceneSVG {
    /// The half-size of a zero-size window's diamond and of a view's cross, in pixels.
    static let diamondRadius = 7.0
    static let crossArm = 4.5

    /// The centre of a rectangle, where a zero-size object's marker goes.
    static func centre(_ rect: PixelRect) -> (x: Double, y: Double) {
        (rect.x + rect.width / 2, rect.y + rect.height / 2)
    }

    /// Thin lines joining the corners of each stack's front layer to its back
    /// layer's, so the layers read as one exploded pile (a view debugger's 3D view).
    mutating func stackEdges() {
        let backs = drawn.windows.filter { $0.stackSize > 1 && $0.stackLayer == $0.stackSize - 1 && $0.shift > 0 }
        guard !backs.isEmpty else { return }
        writer.open("g", [("class", .text("stack-edges"))])
        for back in backs {
            let r = back.rect, s = back.shift
            for (x, y) in [(r.maxX, r.y), (r.x, r.maxY), (r.maxX, r.maxY)] {
                writer.element("line", [("class", .text("stack-edge")), ("data-window", .text(back.window.name)),
                                        ("x1", .number(x - s)), ("y1", .number(y - s)), ("x2", .number(x)),
                                        ("y2", .number(y)), ("stroke", .text(Palette.faintInk)),
                                        ("stroke-width", .number(0.75))])
            }
        }
        writer.close("g")
    }

    /// Every window that a window in front of it overlaps is outlined again over
    /// all the fills (its views more faintly), so a window under a full-screen one
    /// is still seen where it is. Hidden ones keep their dashes.
    mutating func coveredOutlines() {
        let covered = drawn.windows.filter { $0.isCovered && !$0.isZeroSize }
        guard !covered.isEmpty else { return }
        writer.open("g", [("class", .text("covered-outlines"))])
        for window in covered {
            let stroke = Palette.window(level: window.window.level).stroke
            for view in window.views where !view.isZeroSize {
                var attributes = outline(view.rect, stroke: stroke, width: 0.75, opacity: 0.5)
                attributes.insert(("data-view", .text(view.view.name)), at: 1)
                if view.view.isHidden || window.window.isHidden { attributes.append(("stroke-dasharray", .text("3 3"))) }
                writer.element("rect", attributes)
            }
            var attributes = outline(window.rect, stroke: stroke, width: 1.25, opacity: 0.9)
            attributes.insert(("data-window", .text(window.window.name)), at: 1)
            if window.window.isHidden { attributes.append(("stroke-dasharray", .text("7 4"))) }
            writer.element("rect", attributes)
        }
        writer.close("g")
    }

    private func outline(_ rect: PixelRect, stroke: String, width: Double, opacity: Double) -> [(String, SVGWriter.Value)] {
        [("class", .text("covered-outline")), ("x", .number(rect.x)), ("y", .number(rect.y)),
         ("width", .number(rect.width)), ("height", .number(rect.height)), ("fill", .text("none")),
         ("stroke", .text(stroke)), ("stroke-width", .number(width)), ("stroke-opacity", .number(opacity))]
    }

    /// A diamond for each zero-size window and a cross for each zero-size view, at
    /// the centre of where it would be, so a shrunk divergence's picture is not
    /// an empty scene. Their names are placed with the other labels.
    mutating func zeroSizeMarkers() {
        let windows = drawn.windows.filter { $0.isZeroSize || $0.views.contains(where: \.isZeroSize) }
        guard !windows.isEmpty else { return }
        writer.open("g", [("class", .text("zero-size-markers"))])
        // Diamonds first, then the crosses over them: a window's zero-size root view sits on its diamond.
        for window in windows where window.isZeroSize {
            let colours = Palette.window(level: window.window.level)
            let (x, y) = Self.centre(window.rect), r = Self.diamondRadius
            let points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
                .map { "\(SVGWriter.number($0.0)),\(SVGWriter.number($0.1))" }.joined(separator: " ")
            var attributes: [(String, SVGWriter.Value)] = [
                ("class", .text("zero-size")), ("data-window", .text(window.window.name)), ("points", .text(points)),
                ("fill", .text(colours.fill)), ("stroke", .text(colours.stroke)), ("stroke-width", .number(1.5)),
            ]
            if window.window.isHidden { attributes.append(("stroke-dasharray", .text("3 2"))) }
            writer.element("polygon", attributes)
        }
        for window in windows {
            let stroke = Palette.window(level: window.window.level).stroke
            for view in window.views where view.isZeroSize {
                let (x, y) = Self.centre(view.rect), a = Self.crossArm
                let path = "M\(SVGWriter.number(x - a)) \(SVGWriter.number(y - a))L\(SVGWriter.number(x + a)) "
                    + "\(SVGWriter.number(y + a))M\(SVGWriter.number(x + a)) \(SVGWriter.number(y - a))L"
                    + "\(SVGWriter.number(x - a)) \(SVGWriter.number(y + a))"
                writer.element("path", [("class", .text("zero-size")), ("data-view", .text(view.view.name)),
                                        ("d", .text(path)), ("fill", .text("none")), ("stroke", .text(stroke)),
                                        ("stroke-width", .number(2)), ("stroke-linecap", .text("round"))])
            }
        }
        writer.close("g")
    }

    /// The boxes the zero-size markers take, kept free of labels.
    var zeroSizeMarkerBoxes: [PixelRect] {
        drawn.windows.flatMap { window -> [PixelRect] in
            var boxes = window.views.filter(\.isZeroSize).map { view -> PixelRect in
                let (x, y) = Self.centre(view.rect), a = Self.crossArm + 1
                return PixelRect(x: x - a, y: y - a, width: 2 * a, height: 2 * a)
            }
            if window.isZeroSize {
                let (x, y) = Self.centre(window.rect), r = Self.diamondRadius + 1
                boxes.append(PixelRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r))
            }
            return boxes
        }
    }
}
