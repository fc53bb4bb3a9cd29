import ReferenceModel
import ScenarioLanguage
import WindowModel

/// The pixel geometry of a scene: every window and view mapped through one
/// ``Viewport``, computed before anything is drawn so labels can be placed first.
struct DrawnScene {
    struct DrawnWindow {
        /// 1 for the front-most window (the list beside the drawing goes front to back).
        var number: Int
        var window: SceneLayout.Window
        var rect: PixelRect
        var views: [DrawnView]
    }

    struct DrawnView {
        var view: SceneLayout.View
        var depth: Int
        var rect: PixelRect
    }

    var viewport: Viewport
    /// Back to front, as drawn.
    var windows: [DrawnWindow]
    /// The event point in pixels, if the step has one in this scene.
    var point: (x: Viewport.Mapped, y: Viewport.Mapped)?

    init(layout: SceneLayout, point scenePoint: Point?, left: Double, top: Double, width: Double, height: Double) {
        let corners = layout.windows.map { window in
            (window.frame.origin, Point(window.frame.x + window.frame.width, window.frame.y + window.frame.height))
        }
        // Views in scene coordinates first: they may widen the extent.
        let viewCorners = layout.windows.map { window -> [SceneView] in
            // A window's content starts at its frame origin minus its bounds origin (G4, screen as parent).
            let content = Point(window.frame.x - window.boundsOrigin.x, window.frame.y - window.boundsOrigin.y)
            var views: [SceneView] = []
            Self.collect(window.subviews, content: content, depth: 1, into: &views)
            return views
        }
        let viewport = Viewport(sceneSize: layout.size, rects: corners,
                            optionalRects: viewCorners.flatMap { $0.map { ($0.min, $0.max) } },
                            points: scenePoint.map { [$0] } ?? [],
                            left: left, top: top, width: width, height: height)
        self.viewport = viewport
        let count = layout.windows.count
        windows = layout.windows.enumerated().map { index, window in
            let rect = PixelRect(minCorner: corners[index].0, maxCorner: corners[index].1, viewport: viewport)
            let views = viewCorners[index].map { scene in
                DrawnView(view: scene.view, depth: scene.depth,
                          rect: PixelRect(minCorner: scene.min, maxCorner: scene.max, viewport: viewport))
            }
            return DrawnWindow(number: count - index, window: window, rect: rect, views: views)
        }
        if let scenePoint {
            point = (viewport.x(scenePoint.x), viewport.y(scenePoint.y))
        }
    }

    /// A view with its rectangle in scene coordinates (sums may overflow).
    private struct SceneView {
        var view: SceneLayout.View
        var depth: Int
        var min: Point
        var max: Point
    }

    private static func collect(_ views: [SceneLayout.View], content: Point, depth: Int, into out: inout [SceneView]) {
        for view in views {
            let origin = Point(content.x + view.frame.x, content.y + view.frame.y)
            out.append(SceneView(view: view, depth: depth, min: origin,
                                 max: Point(origin.x + view.frame.width, origin.y + view.frame.height)))
            let inner = Point(origin.x - view.boundsOrigin.x, origin.y - view.boundsOrigin.y)
            collect(view.subviews, content: inner, depth: depth + 1, into: &out)
        }
    }

    /// The pixel rectangle of window `window`'s view `view` (the window itself when
    /// the names are equal), if it is in this scene.
    func rect(window: String, view: String) -> PixelRect? {
        guard let drawn = windows.first(where: { $0.window.name == window }) else { return nil }
        if view == window { return drawn.rect }
        return drawn.views.first { $0.view.name == view }?.rect
    }

    /// The scene rectangle itself, in pixels.
    func sceneRect(_ size: Size) -> PixelRect {
        PixelRect(minCorner: .zero, maxCorner: Point(size.width, size.height), viewport: viewport)
    }
}

extension DrawnScene.DrawnWindow {
    /// Short words for what makes this window special, in a fixed order.
    var flags: [String] {
        var out: [String] = []
        if window.isKey { out.append("key") }
        if window.isHidden { out.append("hidden") }
        if window.isPassthrough { out.append("pass-through") }
        if !window.isInteractionEnabled { out.append("no-touch") }
        if window.alpha < 0.01 { out.append("alpha<0.01") } else if window.alpha < 1 {
            out.append("alpha \(NumberText.format(window.alpha))")
        }
        if window.boundsOrigin != .zero {
            out.append("origin \(NumberText.format(window.boundsOrigin.x)) \(NumberText.format(window.boundsOrigin.y))")
        }
        if rect.isOffScale { out.append("off-scale") }
        if rect.enlarged { out.append("tiny") }
        return out
    }

    var levelText: String { LevelText.format(window.level) }
}
