import ReferenceModel
import WindowModel

/// Zooming to what a step involves, and the whole scene as a small inset.
///
/// A touch, hit or conversion in a big scene is a few pixels in a whole-scene
/// drawing. When the step's points, and the window its touch or hit landed in,
/// fill less than ``share`` of the scene on both axes, the drawing zooms to them
/// (padded), and the side panel shows the whole scene with the zoomed part boxed.
extension SceneSVG {
    /// The largest share of the scene (per axis) a focus may take and still zoom.
    static let share = 0.45
    /// The inset's larger side, in pixels.
    static let insetSize = 150.0

    /// The scene rectangle to zoom to at this step, or nil to draw the whole scene.
    static func focus(run: StepRun, layout: SceneLayout, extraPoints: [Point]) -> (Point, Point)? {
        let size = layout.size
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return nil }
        var points = extraPoints
        if run.eventScene == layout.scene, let point = run.eventPoint { points.append(point) }
        guard !points.isEmpty, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        // The window the reference's touch or hit landed in is on its way: a big one
        // leaves nothing small to zoom to.
        for observation in run.answers.first?.observations ?? [] {
            let target: Observation.Target?
            switch observation {
            case let .touchBegan(_, found), let .hit(found): target = found
            default: target = nil
            }
            if let target, let window = layout.windows.first(where: { $0.name == target.window }) {
                points += [window.frame.origin, Point(window.frame.x + window.frame.width, window.frame.y + window.frame.height)]
            }
        }
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
              let minY = points.map(\.y).min(), let maxY = points.map(\.y).max() else { return nil }
        let pad = max(0.2 * max(maxX - minX, maxY - minY), 0.06 * max(size.width, size.height))
        let focus = (Point(minX - pad, minY - pad), Point(maxX + pad, maxY + pad))
        guard focus.1.x - focus.0.x < size.width * share, focus.1.y - focus.0.y < size.height * share else { return nil }
        return focus
    }

    /// The whole scene, small, with every window's outline and the zoomed part boxed.
    mutating func inset(top: Double) {
        guard let focus else { return }
        let size = layout.size
        let scale = Self.insetSize / max(size.width, size.height)
        let x0 = Self.panelX, y0 = top + 14
        func x(_ v: Double) -> Double { x0 + min(max(v, -size.width), 2 * size.width) * scale }
        func y(_ v: Double) -> Double { y0 + min(max(v, -size.height), 2 * size.height) * scale }
        writer.open("g", [("class", .text("inset"))])
        writer.element("text", [("class", .text("inset-title")), ("x", .number(x0)), ("y", .number(top)),
                                ("font-size", .number(Palette.panelFont)), ("fill", .text(Palette.faintInk))],
                       content: "the whole scene; the box is what is drawn")
        writer.element("rect", [("class", .text("inset-scene")), ("x", .number(x0)), ("y", .number(y0)),
                                ("width", .number(size.width * scale)), ("height", .number(size.height * scale)),
                                ("fill", .text("#f7f7f7")), ("stroke", .text(Palette.sceneEdge))])
        for drawnWindow in drawn.windows where !drawnWindow.window.isHidden {
            let frame = drawnWindow.window.frame
            writer.element("rect", [("class", .text("inset-window")), ("data-window", .text(drawnWindow.window.name)),
                                    ("x", .number(x(frame.x))), ("y", .number(y(frame.y))),
                                    ("width", .number(max(1, x(frame.x + frame.width) - x(frame.x)))),
                                    ("height", .number(max(1, y(frame.y + frame.height) - y(frame.y)))),
                                    ("fill", .text("none")), ("stroke", .text(Palette.window(level: drawnWindow.window.level).stroke)),
                                    ("stroke-width", .number(0.8))])
        }
        writer.element("rect", [("class", .text("inset-focus")), ("x", .number(x(focus.0.x))), ("y", .number(y(focus.0.y))),
                                ("width", .number(max(2, x(focus.1.x) - x(focus.0.x)))),
                                ("height", .number(max(2, y(focus.1.y) - y(focus.0.y)))),
                                ("fill", .text("none")), ("stroke", .text("#c62828")), ("stroke-width", .number(1.5))])
        writer.close("g")
    }

    /// The height the inset takes in the panel (0 when the drawing is not zoomed).
    var insetHeight: Double {
        guard focus != nil else { return 0 }
        let size = layout.size
        return 30 + Self.insetSize * size.height / max(size.width, size.height)
    }
}
