import WindowModel

/// Drawing a ``Conversion``: markers, arrows and their labels.
extension SceneSVG {
    /// The radius of the source circle; the landing square is drawn around it.
    static let convertMarker = 5.0
    static let landingHalfSide = 7.5

    /// The labels of a `convert`: the point as written in the source space, then
    /// each answer in the target space (engine-prefixed when the engines differ).
    mutating func conversionLabels() -> [PlacedLabel] {
        guard let conversion else { return [] }
        let r = Self.landingHalfSide + 1
        for point in [conversion.source].compactMap({ $0 }) + conversion.landings.map(\.pixel) {
            placer.reserve(PixelRect(x: point.x - r, y: point.y - r, width: 2 * r, height: 2 * r))
        }
        for origin in [conversion.sourceOrigin, conversion.targetOrigin].compactMap({ $0 }) {
            placer.reserve(PixelRect(x: origin.x - 4, y: origin.y - 4, width: 8, height: 8))
        }
        var labels: [PlacedLabel] = []
        let plan = conversion.plan
        if let source = conversion.source {
            let text = "\(Conversion.text(plan.point)) in \(Conversion.name(plan.from))"
            if let label = callout(source, texts: [text], reach: Self.farReach, size: Palette.labelFont,
                                   kind: "convert-label", colour: Palette.convertFrom, data: [("data-role", "from")]) {
                labels.append(label)
            }
        }
        let differ = conversion.landings.contains { $0.engine != "all" }
        for landing in conversion.landings {
            let text = (differ ? "\(landing.engine): " : "") + "-> \(Conversion.text(landing.value)) in \(Conversion.name(plan.to))"
            if let label = callout(landing.pixel, texts: [text], reach: Self.farReach, size: Palette.labelFont,
                                   kind: "convert-label", colour: landing.colour,
                                   data: [("data-role", "to"), ("data-engine", landing.engine)]) {
                labels.append(label)
            }
        }
        return labels
    }

    /// The arrows and markers of a `convert` (see ``Conversion``).
    mutating func drawConversion() {
        guard let conversion else { return }
        let plan = conversion.plan
        writer.open("g", [("class", .text("convert")), ("data-from", .text(Conversion.name(plan.from))),
                          ("data-to", .text(Conversion.name(plan.to)))])
        for (origin, space) in [(conversion.sourceOrigin, plan.from), (conversion.targetOrigin, plan.to)] {
            guard let origin else { continue }
            writer.element("circle", [("class", .text("convert-origin")), ("data-space", .text(Conversion.name(space))),
                                      ("cx", .number(origin.x)), ("cy", .number(origin.y)), ("r", .number(2.5)),
                                      ("fill", .text(Palette.ink))])
        }
        if let origin = conversion.sourceOrigin, let source = conversion.source {
            arrow(from: origin, to: source, role: "from", engine: nil, colour: Palette.convertFrom)
        }
        if let origin = conversion.targetOrigin {
            for landing in conversion.landings {
                arrow(from: origin, to: landing.pixel, role: "to", engine: landing.engine, colour: landing.colour)
            }
        }
        if let source = conversion.source {
            for landing in conversion.landings {
                let dx = landing.pixel.x - source.x, dy = landing.pixel.y - source.y
                if dx * dx + dy * dy > 1 {
                    arrow(from: source, to: landing.pixel, role: "lands", engine: landing.engine, colour: landing.colour)
                }
            }
            writer.element("circle", [("class", .text("convert-from")), ("data-space", .text(Conversion.name(plan.from))),
                                      ("data-x", .text(NumberText.format(plan.point.x))),
                                      ("data-y", .text(NumberText.format(plan.point.y))),
                                      ("cx", .number(source.x)), ("cy", .number(source.y)), ("r", .number(Self.convertMarker)),
                                      ("fill", .text("#ffffff")), ("stroke", .text(Palette.convertFrom)),
                                      ("stroke-width", .number(2))])
        }
        let half = Self.landingHalfSide
        for landing in conversion.landings {
            writer.element("rect", [("class", .text("convert-to")), ("data-space", .text(Conversion.name(plan.to))),
                                    ("data-engine", .text(landing.engine)),
                                    ("data-x", .text(NumberText.format(landing.value.x))),
                                    ("data-y", .text(NumberText.format(landing.value.y))),
                                    ("x", .number(landing.pixel.x - half)), ("y", .number(landing.pixel.y - half)),
                                    ("width", .number(2 * half)), ("height", .number(2 * half)), ("fill", .text("none")),
                                    ("stroke", .text(landing.colour)), ("stroke-width", .number(2))])
        }
        writer.close("g")
    }

    /// A line from `start` to `end` with its head stopping at the edge of the marker at `end`.
    private mutating func arrow(from start: (x: Double, y: Double), to end: (x: Double, y: Double), role: String,
                                engine: String?, colour: String) {
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length >= 1 else { return }
        var attributes: [(String, SVGWriter.Value)] = [("class", .text("convert-arrow")), ("data-role", .text(role))]
        if let engine { attributes.append(("data-engine", .text(engine))) }
        attributes += [("x1", .number(start.x)), ("y1", .number(start.y)), ("x2", .number(end.x)), ("y2", .number(end.y)),
                       ("stroke", .text(colour)), ("stroke-width", .number(1.5))]
        writer.element("line", attributes)
        let ux = dx / length, uy = dy / length
        let back = min(role == "from" ? Self.convertMarker : Self.landingHalfSide, length / 2)
        let tip = (end.x - ux * back, end.y - uy * back)
        let head = min(9, length / 2), wing = head * 0.45
        let base = (tip.0 - ux * head, tip.1 - uy * head)
        let points = [tip, (base.0 - uy * wing, base.1 + ux * wing), (base.0 + uy * wing, base.1 - ux * wing)]
            .map { "\(SVGWriter.number($0.0)),\(SVGWriter.number($0.1))" }.joined(separator: " ")
        writer.element("polygon", [("class", .text("arrowhead")), ("data-role", .text(role)), ("points", .text(points)),
                                   ("fill", .text(colour))])
    }
}
