import WindowModel

// Affine transforms (A1-A5): a view's transform applies about its bounds centre.
// The formulas are written exactly as SEMANTICS.md A3 and A4 order them, one
// rounded Double operation at a time, so independent engines agree bit for bit.

extension ReferenceWindowSystem {
    /// A3: "not the identity" compares the six numbers as numbers (`-0` is `0`).
    static func isIdentity(_ t: ViewTransform) -> Bool {
        t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1 && t.tx == 0 && t.ty == 0
    }

    /// A3, A5: `(a * d) - (b * c)`.
    static func determinant(_ t: ViewTransform) -> Double {
        (t.a * t.d) - (t.b * t.c)
    }

    /// A2: the centre of the untransformed frame, in the parent's space.
    static func centre(_ node: ViewNode) -> Point {
        Point(node.frame.x + node.frame.width * 0.5, node.frame.y + node.frame.height * 0.5)
    }

    /// A3: from the parent's space into a transformed child's.
    static func intoTransformedChild(_ p: Point, _ node: ViewNode) -> Point {
        let t = node.transform
        let centre = centre(node)
        let ex = (p.x - centre.x) - t.tx
        let ey = (p.y - centre.y) - t.ty
        let det = determinant(t)
        let u = ((t.d * ex) - (t.c * ey)) / det
        let v = ((t.a * ey) - (t.b * ex)) / det
        return Point(u + (node.boundsOrigin.x + node.frame.width * 0.5),
                     v + (node.boundsOrigin.y + node.frame.height * 0.5))
    }

    /// A4: from a transformed child's space out to its parent's.
    static func outOfTransformedChild(_ p: Point, _ node: ViewNode) -> Point {
        let t = node.transform
        let centre = centre(node)
        let u = p.x - (node.boundsOrigin.x + node.frame.width * 0.5)
        let v = p.y - (node.boundsOrigin.y + node.frame.height * 0.5)
        return Point((((t.a * u) + (t.c * v)) + t.tx) + centre.x,
                     (((t.b * u) + (t.d * v)) + t.ty) + centre.y)
    }

    /// A1: stores the transform as given.
    func setTransform(_ name: String, _ transform: ViewTransform) {
        ruleRecorder?.record(windows[name] == nil ? .v4SetOnView : .v4SetOnWindow)
        ruleRecorder?.record(Self.isIdentity(transform) ? .a1IdentitySetBack : .a1TransformSet)
        node(name).transform = transform
    }
}
