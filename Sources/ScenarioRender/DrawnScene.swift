import ReferenceModel
import ScenarioLanguage
import WindowModel

/// The pixel geometry of a scene: every window and view mapped through one
/// ``Viewport``, computed before anything is drawn so labels can be placed first.
///
/// Windows with identical frames would be drawn exactly over each other, so they
/// are drawn as an *exploded stack*, as a view debugger's 3D view does: the front
/// one where it is, each one behind it ``stackStep`` pixels further down and right
/// (views included). The drawing area is shrunk by the deepest stack's offset so
/// the shifted layers stay inside it.
struct DrawnScene {
    struct DrawnWindow {
        /// 1 for the front-most window (the list beside the drawing goes front to back).
        var number: Int
        var window: SceneLayout.Window
        /// Where the window is drawn: its mapped frame plus its stack offset.
        var rect: PixelRect
        var views: [DrawnView]
        /// 0 for the front of its stack (and for a window in no stack); n for the
        /// n-th window behind the front one, drawn `shift` pixels down and right.
        var stackLayer = 0
        /// How many windows share this window's frame (1 when none other does).
        var stackSize = 1
        /// The stack offset in pixels, to the right and down.
        var shift = 0.0
        /// True when a window drawn in front of this one overlaps it.
        var isCovered = false
        /// Where the window's own coordinate space has its origin, in scene coordinates.
        var spaceOrigin: Point
        /// The window's transform in pixels (about its drawn centre), or nil for the
        /// identity: the window's whole group is drawn through it.
        var matrix: PixelMatrix?

        /// True for a window of zero width or height, drawn as a marker.
        var isZeroSize: Bool { window.frame.width == 0 || window.frame.height == 0 }
    }

    struct DrawnView {
        var view: SceneLayout.View
        var depth: Int
        var rect: PixelRect
        /// Where the view's own coordinate space has its origin, in scene coordinates.
        var spaceOrigin: Point
        /// The transforms of the view and its ancestor views, in pixels, composed
        /// (the window's own is on its group); nil when all are the identity.
        var matrix: PixelMatrix?

        var isZeroSize: Bool { view.frame.width == 0 || view.frame.height == 0 }
    }

    /// The offset between two layers of a stack, in pixels.
    static let stackStep = 8.0
    /// The most a stack may be offset in all (deep stacks get a smaller step).
    static let stackReach = 64.0

    var viewport: Viewport
    /// Back to front, as drawn.
    var windows: [DrawnWindow]
    /// The event point in pixels, if the step has one in this scene.
    var point: (x: Viewport.Mapped, y: Viewport.Mapped)?
    /// Pixels reserved below and right of the scene for the stacks' offsets.
    var stackReserve = 0.0

    /// - Parameter extraPoints: scene points that must be in view too (a `convert`'s).
    /// - Parameter explodeAll: draw every window as one exploded stack, front to back
    ///   (`windowlab render --exploded`), not only windows with the same frame.
    /// - Parameter focus: zoom the drawing to this scene rectangle (see ``Viewport``).
    init(layout: SceneLayout, point scenePoint: Point?, extraPoints: [Point] = [], explodeAll: Bool = false,
         focus: (Point, Point)? = nil,
         left: Double, top: Double, width: Double, height: Double) {
        let corners = layout.windows.map { window in
            (window.frame.origin, Point(window.frame.x + window.frame.width, window.frame.y + window.frame.height))
        }
        // Views in scene coordinates first: they may widen the extent.
        let contents = layout.windows.map(Self.contentOrigin)
        let viewCorners = layout.windows.indices.map { index -> [SceneView] in
            var views: [SceneView] = []
            Self.collect(layout.windows[index].subviews, content: contents[index], depth: 1, into: &views)
            return views
        }
        let stacks = explodeAll
            ? layout.windows.indices.map { (layer: layout.windows.count - 1 - $0, size: layout.windows.count) }
            : Self.stackLayers(layout.windows.map(\.frame))
        let deepest = stacks.map(\.layer).max() ?? 0
        let step = deepest == 0 ? 0 : min(Self.stackStep, Self.stackReach / Double(deepest))
        stackReserve = step * Double(deepest)
        // A scene on another screen: that screen's frame is drawn too (D2), so it
        // must fit like a window (the windows' indices above stay the same).
        let screenCorners = layout.screen == mainScreenName ? []
            : [(Point(0, 0), Point(layout.screenSize.width, layout.screenSize.height))]
        let viewport = Viewport(sceneSize: layout.size, rects: corners + screenCorners,
                                optionalRects: viewCorners.flatMap { $0.map { ($0.min, $0.max) } },
                                points: (scenePoint.map { [$0] } ?? []) + extraPoints, focus: focus,
                                left: left, top: top, width: width - stackReserve, height: height - stackReserve)
        self.viewport = viewport
        let count = layout.windows.count
        windows = layout.windows.enumerated().map { index, window in
            let shift = step * Double(stacks[index].layer)
            let rect = PixelRect(minCorner: corners[index].0, maxCorner: corners[index].1, viewport: viewport)
                .shifted(by: shift)
            var views = viewCorners[index].map { scene in
                DrawnView(view: scene.view, depth: scene.depth,
                          rect: PixelRect(minCorner: scene.min, maxCorner: scene.max, viewport: viewport).shifted(by: shift),
                          spaceOrigin: scene.content)
            }
            PixelMatrix.compose(&views)
            return DrawnWindow(number: count - index, window: window, rect: rect, views: views,
                               stackLayer: stacks[index].layer, stackSize: stacks[index].size, shift: shift,
                               spaceOrigin: contents[index],
                               matrix: PixelMatrix(window.transform, rect: rect, frame: window.frame))
        }
        for index in windows.indices {
            let rect = windows[index].rect
            windows[index].isCovered = windows[(index + 1)...].contains { front in
                !front.isZeroSize && rect.overlaps(front.rect)
            }
        }
        if let scenePoint {
            point = (viewport.x(scenePoint.x), viewport.y(scenePoint.y))
        }
    }

    /// A window's content starts at its frame origin minus its bounds origin (G4, screen as parent).
    static func contentOrigin(_ window: SceneLayout.Window) -> Point {
        Point(window.frame.x - window.boundsOrigin.x, window.frame.y - window.boundsOrigin.y)
    }

    /// For each frame (back to front): how many equal frames are in front of it,
    /// and how many share it. Only equality is looked up, so the order is the input's.
    static func stackLayers(_ frames: [Rect]) -> [(layer: Int, size: Int)] {
        var total: [Rect: Int] = [:]
        for frame in frames { total[frame, default: 0] += 1 }
        var seen: [Rect: Int] = [:]
        return frames.map { frame in
            seen[frame, default: 0] += 1
            let size = total[frame] ?? 1
            return (size - seen[frame]!, size)
        }
    }

    /// A view with its rectangle in scene coordinates (sums may overflow).
    private struct SceneView {
        var view: SceneLayout.View
        var depth: Int
        var min: Point
        var max: Point
        /// The origin of the view's own coordinate space.
        var content: Point
    }

    private static func collect(_ views: [SceneLayout.View], content: Point, depth: Int, into out: inout [SceneView]) {
        for view in views {
            let origin = Point(content.x + view.frame.x, content.y + view.frame.y)
            let inner = Point(origin.x - view.boundsOrigin.x, origin.y - view.boundsOrigin.y)
            out.append(SceneView(view: view, depth: depth, min: origin,
                                 max: Point(origin.x + view.frame.width, origin.y + view.frame.height), content: inner))
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

    /// The transforms a window's or view's rectangle is drawn through (the window's,
    /// then its views'), composed; nil when none applies.
    func matrix(window: String, view: String) -> PixelMatrix? {
        guard let drawn = windows.first(where: { $0.window.name == window }) else { return nil }
        let inner = view == window ? nil : drawn.views.first { $0.view.name == view }?.matrix
        return PixelMatrix.combined(drawn.matrix, inner)
    }

    /// The origin of window or view `name`'s coordinate space in scene
    /// coordinates, and the stack offset its window is drawn with; nil when
    /// `name` is not in this scene.
    func space(_ name: String) -> (origin: Point, shift: Double)? {
        for window in windows {
            if window.window.name == name { return (window.spaceOrigin, window.shift) }
            if let view = window.views.first(where: { $0.view.name == name }) { return (view.spaceOrigin, window.shift) }
        }
        return nil
    }

    /// A scene point in pixels, moved by a stack offset.
    func pixel(_ point: Point, shift: Double = 0) -> (x: Double, y: Double) {
        (viewport.x(point.x).pixel + shift, viewport.y(point.y).pixel + shift)
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
        if window.transform != .identity { out.append("transformed") }
        if rect.isOffScale { out.append("off-scale") }
        if isZeroSize {
            out.append("zero-size")
        } else if rect.enlarged {
            out.append("tiny")
        }
        if stackSize > 1 { out.append("stack \(stackLayer + 1)/\(stackSize)") }
        return out
    }

    var levelText: String { LevelText.format(window.level) }
}

extension PixelRect {
    /// The same rectangle moved `shift` pixels right and down.
    func shifted(by shift: Double) -> PixelRect {
        var moved = self
        moved.x += shift
        moved.y += shift
        return moved
    }

    /// True when the two rectangles share some area.
    func overlaps(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}
