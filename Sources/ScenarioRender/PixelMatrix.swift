import WindowModel

/// A transform (A1) as drawn: SVG's `matrix(a b c d e f)`, in pixels, about the
/// drawn centre of the untransformed rectangle (A2), its translation scaled as the
/// viewport scales the scene.
struct PixelMatrix: Equatable {
    var a, b, c, d, e, f: Double

    /// Nil for the identity (nothing to draw differently).
    init?(_ t: ViewTransform, rect: PixelRect, frame: Rect) {
        guard t != .identity else { return nil }
        let kx = frame.width > 0 ? rect.width / frame.width : 1
        let ky = frame.height > 0 ? rect.height / frame.height : 1
        let cx = rect.x + rect.width / 2, cy = rect.y + rect.height / 2
        a = t.a; b = t.b; c = t.c; d = t.d
        e = cx - (t.a * cx + t.c * cy) + t.tx * kx
        f = cy - (t.b * cx + t.d * cy) + t.ty * ky
        guard [a, b, c, d, e, f].allSatisfy(\.isFinite) else { return nil }
    }

    init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    /// `self` after `inner`: a point goes through `inner` first.
    func then(_ inner: PixelMatrix) -> PixelMatrix {
        PixelMatrix(a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
                    c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
                    e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
    }

    /// `outer` after `inner`, where a missing matrix is the identity.
    static func combined(_ outer: PixelMatrix?, _ inner: PixelMatrix?) -> PixelMatrix? {
        guard let outer else { return inner }
        guard let inner else { return outer }
        return outer.then(inner)
    }

    var svg: String {
        "matrix(" + [a, b, c, d, e, f].map(SVGWriter.number).joined(separator: " ") + ")"
    }

    /// Gives each view (listed depth first, as `DrawnScene` collects them) the
    /// composition of its own and its ancestor views' transforms.
    static func compose(_ views: inout [DrawnScene.DrawnView]) {
        var stack: [PixelMatrix?] = []   // by depth - 1: the composed matrix at that depth
        for index in views.indices {
            let depth = views[index].depth
            stack.removeLast(max(0, stack.count - (depth - 1)))
            let parent = stack.last ?? nil
            let own = PixelMatrix(views[index].view.transform, rect: views[index].rect, frame: views[index].view.frame)
            let composed = combined(parent, own)
            views[index].matrix = composed
            stack.append(composed)
        }
    }
}
