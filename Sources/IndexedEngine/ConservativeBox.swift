import SpatialIndex

/// The box a window gets in its scene's ``StackingGrid``: a closed screen-space box
/// that contains every screen point the exact window test (G4) could accept.
///
/// The exact test maps a screen point `s` into window space as
/// `x = (s.x - frame.x) + bounds.x` and accepts when `bounds.x <= x < bounds.x + width`
/// (each operation rounded to nearest). Let `fx, bx, w` be frame x, bounds x and
/// width, `u = ulp(|bx|)` (the float spacing just above `|bx|`; every float next to
/// `bx` is within `u` of it), `d = fl(s.x - fx)`, and `fl` monotone rounding:
///
/// - **Right edge, no margin.** If `s.x - fx >= w` then `d >= fl(w) = w`, so
///   `fl(d + bx) >= fl(w + bx)`: rejected. An accepted `s.x` is a float below the
///   real `fx + w`, hence `<= fl(fx + w)` (the rounded sum is at least the largest
///   float below the real sum). So `maxX = fl(fx + w)`, `+inf` on overflow.
/// - **Left edge, margin `E`.** If `s.x - fx <= -2u` then `d <= -2u`, so
///   `d + bx <= bx - 2u < pred(bx)` and `fl(d + bx) <= pred(bx) < bx`: rejected.
///   An accepted `s.x` is above `fx - 2u`. We store `minX = fl(fx - E)` with
///   `E = max(M * 2^-49, leastNormalMagnitude)`, `M = max(|fx|, |bx|, w)`. Since
///   `u <= |bx| * 2^-52 <= M * 2^-52` (or `u` is the least subnormal), and the
///   subtraction's own rounding error is at most `(M + E) * 2^-53`,
///   `fl(fx - E) <= fx - E + (M + E) * 2^-53 <= fx - 2u`. `-inf` on overflow.
///
/// So the margin is about 1.8e-15 relative to the largest magnitude involved (1.8e-12
/// points for coordinates near 1000): no measurable extra candidates. Every bound is
/// a sum or difference of finite numbers, so it may be infinite but never NaN, and
/// `minX <= fx <= maxX` always. Likewise for y with `fy, by, h`.
enum ConservativeBox {
    /// Relative margin on the minimum edges (see the type's derivation: at least
    /// 4 ulps of the largest magnitude, with room for the subtraction's rounding).
    static let relativeMargin = 0x1p-49
    /// Floor for the margin when every magnitude is subnormal or zero.
    static let absoluteMargin = Double.leastNormalMagnitude

    /// The conservative box of a window with the given frame and bounds origin.
    /// - Complexity: O(1).
    @inline(__always)
    static func box(frameX fx: Double, frameY fy: Double, width w: Double, height h: Double,
                    boundsX bx: Double, boundsY by: Double) -> IndexBox {
        let ex = Swift.max(Swift.max(Swift.max(fx.magnitude, bx.magnitude), w) * relativeMargin, absoluteMargin)
        let ey = Swift.max(Swift.max(Swift.max(fy.magnitude, by.magnitude), h) * relativeMargin, absoluteMargin)
        return IndexBox(minX: fx - ex, minY: fy - ey, maxX: fx + w, maxY: fy + h)
    }

    /// Largest `(|a| + |b| + |c| + |d|)^2 / |det|` (a bound on the transform's
    /// condition number) whose box is kept finite; beyond it the box is the plane.
    static let maximumCondition = 0x1p16
    /// Relative margin for transformed boxes, per unit of condition (see below).
    static let transformMargin = 0x1p-40

    /// The conservative box of a window with a transform that is not the identity:
    /// the bounding box of its bounds' four corners mapped out by A4, widened.
    ///
    /// The exact test inverts the transform (A3). A screen point at distance `δ`
    /// outside the parallelogram maps at least `δ / σmax` outside the bounds, while
    /// the rounding of A3 moves it by at most a few ulps of `M * cond` (M the largest
    /// magnitude involved, `cond = σmax · ||inverse||`). With `cond <= 2^16` a margin of
    /// `M * cond * 2^-40` is many times that, and still 1e-6 points at M = 1000 and
    /// cond = 16. An ill-conditioned or singular transform, or one whose corners
    /// overflow, gets the whole plane: the exact test then decides alone (and a
    /// singular one answers nil, A5).
    /// - Complexity: O(1).
    static func transformedBox(frameX fx: Double, frameY fy: Double, width w: Double, height h: Double,
                               boundsX bx: Double, boundsY by: Double, transform t: TransformRecord) -> IndexBox {
        let plane = IndexBox(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)
        let spread = t.a.magnitude + t.b.magnitude + t.c.magnitude + t.d.magnitude
        let condition = spread * spread / t.determinant.magnitude
        guard condition.isFinite, condition <= maximumCondition else { return plane }
        let cx = fx + w * 0.5, cy = fy + h * 0.5
        let hw = w * 0.5, hh = h * 0.5
        // The four corners, without building arrays (this runs on every update of
        // a transformed window).
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func corner(_ u: Double, _ v: Double) {
            let x = (t.a * u + t.c * v + t.tx) + cx, y = (t.b * u + t.d * v + t.ty) + cy
            minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
            minY = Swift.min(minY, y); maxY = Swift.max(maxY, y)
        }
        corner(-hw, -hh); corner(hw, -hh); corner(-hw, hh); corner(hw, hh)
        let corners = Swift.max(Swift.max(minX.magnitude, maxX.magnitude), Swift.max(minY.magnitude, maxY.magnitude))
        let inputs = Swift.max(Swift.max(Swift.max(cx.magnitude, cy.magnitude), Swift.max(t.tx.magnitude, t.ty.magnitude)),
                               Swift.max(Swift.max(w, h), Swift.max(bx.magnitude, by.magnitude)))
        let magnitude = Swift.max(corners, inputs)
        let margin = Swift.max(magnitude * condition * transformMargin, absoluteMargin)
        let box = IndexBox(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return plane }
        return box
    }
}
