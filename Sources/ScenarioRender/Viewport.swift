import WindowModel

/// How scene coordinates become drawing pixels: scale to fit, clamp the absurd.
///
/// Every coordinate is first divided by the scene's span `S` (the larger of its
/// width and height; when the scene has no size, the largest window extent, else
/// 1000), so that `1e300` and `1e-300` never meet in one sum. The drawn extent is
/// the scene rectangle plus every window and event point, but no further than
/// ``reach`` spans beyond the scene on any side: a window at `x 1e300` is drawn to
/// the drawing's edge and flagged off-scale instead of shrinking the scene to a dot.
/// Anything (views included) beyond the extent is clamped to its edge and flagged.
///
/// The extent is then scaled uniformly to fit the drawing area, so shapes keep
/// their proportions; extremely thin extents get a minimum thickness.
struct Viewport {
    /// How many scene spans beyond the scene's own rectangle are drawn to scale.
    static let reach = 1.0
    /// The thinnest extent, as a fraction of the other dimension, so a 1000 x 0
    /// scene still gets a drawable strip.
    static let minimumAspect = 0.05
    /// Space left around the content, as a fraction of the extent's larger side,
    /// so edges and points on them stay visible.
    static let air = 0.015

    /// A coordinate mapped to pixels, and whether it had to be clamped.
    struct Mapped {
        var pixel: Double
        var clamped: Bool
    }

    let span: Double
    /// The extent in normalized units (coordinate / span).
    let minX: Double, minY: Double, maxX: Double, maxY: Double
    /// Pixels per normalized unit.
    let scale: Double
    /// Pixel position of the extent's top-left corner.
    let originX: Double, originY: Double

    /// Fits `rects` (as minimum and maximum corners in scene coordinates, sums
    /// allowed to have overflowed) and `points` around a scene of `sceneSize` into
    /// a `width` x `height` pixel area whose top-left corner is at `left`, `top`.
    /// `optionalRects` (views) widen the extent only when they lie entirely within
    /// reach, so scrolled-out content shows but an absurd view does not shrink the scene.
    /// True when the extent is a zoomed focus: what lies beyond it is cut at the
    /// drawing's edge without being flagged off-scale.
    let isZoomed: Bool

    /// - Parameter focus: when given (scene coordinates, min and max corner), the
    ///   extent is this rectangle alone: the drawing zooms to it.
    init(sceneSize: Size, rects: [(Point, Point)], optionalRects: [(Point, Point)] = [], points: [Point],
         focus: (Point, Point)? = nil, left: Double, top: Double, width: Double, height: Double) {
        let sceneSpan = max(sceneSize.width, sceneSize.height)
        let unit: Double
        if sceneSpan > 0, sceneSpan.isFinite {
            unit = sceneSpan
        } else {
            let extents = rects.flatMap { [abs($0.0.x), abs($0.0.y), abs($0.1.x), abs($0.1.y)] }
                .filter { $0.isFinite && $0 > 0 }
            unit = extents.max() ?? 1000
        }
        span = unit
        let lowLimit = -Self.reach
        let highX = sceneSize.width / unit + Self.reach, highY = sceneSize.height / unit + Self.reach
        func limit(_ t: Double, _ high: Double) -> Double { t.isNaN ? lowLimit : min(max(t, lowLimit), high) }
        var x0 = 0.0, y0 = 0.0, x1 = sceneSize.width / unit, y1 = sceneSize.height / unit
        func withinReach(_ p: Point) -> Bool {
            let tx = p.x / unit, ty = p.y / unit
            return tx >= lowLimit && tx <= highX && ty >= lowLimit && ty <= highY
        }
        let extra = optionalRects.filter { withinReach($0.0) && withinReach($0.1) }
        var corners = (rects + extra).flatMap { [$0.0, $0.1] } + points
        isZoomed = focus != nil
        if let focus {
            x0 = limit(focus.0.x / unit, highX); y0 = limit(focus.0.y / unit, highY)
            x1 = x0; y1 = y0
            corners = [focus.1]
        }
        for corner in corners {
            let tx = limit(corner.x / unit, highX), ty = limit(corner.y / unit, highY)
            x0 = min(x0, tx); x1 = max(x1, tx); y0 = min(y0, ty); y1 = max(y1, ty)
        }
        // Give degenerate extents a thickness, then a little air around the content.
        let thinnest = max(max(x1 - x0, y1 - y0) * Self.minimumAspect, 1e-9)
        if x1 - x0 < thinnest { let grow = (thinnest - (x1 - x0)) / 2; x0 -= grow; x1 += grow }
        if y1 - y0 < thinnest { let grow = (thinnest - (y1 - y0)) / 2; y0 -= grow; y1 += grow }
        let air = max(x1 - x0, y1 - y0) * Self.air
        x0 -= air; y0 -= air; x1 += air; y1 += air
        minX = x0; minY = y0; maxX = x1; maxY = y1
        scale = min(width / (x1 - x0), height / (y1 - y0))
        originX = left
        originY = top
    }

    /// The pixel size of the drawn extent.
    var drawnWidth: Double { (maxX - minX) * scale }
    var drawnHeight: Double { (maxY - minY) * scale }

    func x(_ value: Double) -> Mapped { map(value, minX, maxX, originX) }
    func y(_ value: Double) -> Mapped { map(value, minY, maxY, originY) }

    private func map(_ value: Double, _ low: Double, _ high: Double, _ origin: Double) -> Mapped {
        let t = value / span
        if t.isNaN { return Mapped(pixel: origin, clamped: true) }
        // A hair of tolerance so a window exactly on the extent's edge is not "off-scale".
        let tolerance = (high - low) * 1e-12
        let clamped = !isZoomed && (t < low - tolerance || t > high + tolerance)
        let inside = min(max(t, low), high)
        return Mapped(pixel: origin + (inside - low) * scale, clamped: clamped)
    }
}

/// A rectangle in pixels, with which of its edges were clamped to the drawing's
/// edge and whether it was enlarged to the minimum drawn size.
struct PixelRect {
    var x: Double, y: Double, width: Double, height: Double
    var clampedLeft = false, clampedRight = false, clampedTop = false, clampedBottom = false
    var enlarged = false

    var isOffScale: Bool { clampedLeft || clampedRight || clampedTop || clampedBottom }
    var maxX: Double { x + width }
    var maxY: Double { y + height }

    /// The smallest side a window or view is drawn with, in pixels.
    static let minimumSide = 4.0

    /// Maps a scene rectangle given by its corners (the maximum corner may have
    /// overflowed to infinity) through `viewport`.
    init(minCorner: Point, maxCorner: Point, viewport: Viewport) {
        let left = viewport.x(minCorner.x), right = viewport.x(maxCorner.x)
        let top = viewport.y(minCorner.y), bottom = viewport.y(maxCorner.y)
        x = left.pixel; y = top.pixel
        width = max(0, right.pixel - left.pixel); height = max(0, bottom.pixel - top.pixel)
        clampedLeft = left.clamped; clampedRight = right.clamped
        clampedTop = top.clamped; clampedBottom = bottom.clamped
        if width < Self.minimumSide { enlarged = true; x -= (Self.minimumSide - width) / 2; width = Self.minimumSide }
        if height < Self.minimumSide { enlarged = true; y -= (Self.minimumSide - height) / 2; height = Self.minimumSide }
    }

    func contains(x px: Double, y py: Double) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
}
