import WindowModel

/// The event point's crosshair and the outlines of what each engine's answer names.
extension SceneSVG {
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
                                    ("stroke-width", .number(2.5))]
                           + (drawn.matrix(window: outline.window, view: outline.view).map { [("transform", .text($0.svg))] } ?? []))
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
