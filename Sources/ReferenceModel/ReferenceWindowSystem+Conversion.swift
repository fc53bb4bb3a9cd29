import WindowModel

// Moving points between coordinate spaces (G4, Q3). Every conversion in the model,
// hit testing and touches included, goes through these two formulas, evaluated in
// exactly the order G4 writes them so that results agree bit for bit.

extension ReferenceWindowSystem {
    /// G4 inward: `child.x = (parent.x - child.frame.x) + child.bounds.x`; A3 when
    /// the child has a transform.
    static func intoChild(_ point: Point, _ child: ViewNode) -> Point {
        if !isIdentity(child.transform) { return intoTransformedChild(point, child) }
        return Point((point.x - child.frame.x) + child.boundsOrigin.x,
              (point.y - child.frame.y) + child.boundsOrigin.y)
    }

    /// G4 outward: `parent.x = (child.x - child.bounds.x) + child.frame.x`; A4 when
    /// the child has a transform.
    static func intoParent(_ point: Point, _ child: ViewNode) -> Point {
        if !isIdentity(child.transform) { return outOfTransformedChild(point, child) }
        return Point((point.x - child.boundsOrigin.x) + child.frame.x,
              (point.y - child.boundsOrigin.y) + child.frame.y)
    }

    /// From `node`'s space to the screen, through every ancestor and the window.
    func screenPoint(_ point: Point, from node: ViewNode) -> Point {
        let inParent = Self.intoParent(point, node)
        if let recorder = ruleRecorder { recordOutward(node, recorder) }
        guard let parent = node.superview else { return inParent }
        return screenPoint(inParent, from: parent)
    }

    /// From the screen into `node`'s space: the window first, then each ancestor
    /// down to `node` (T3 for touches, Q3 for `convert`).
    func localPoint(_ screenPoint: Point, in node: ViewNode) -> Point {
        let inParent = node.superview.map { localPoint(screenPoint, in: $0) } ?? screenPoint
        if let recorder = ruleRecorder { recordInward(node, recorder) }
        return Self.intoChild(inParent, node)
    }

    /// Q3: always through the screen, even between views of one window; hidden
    /// windows and views convert like any other.
    func convert(_ point: Point, from source: CoordinateSpace, to destination: CoordinateSpace) -> Point {
        if let recorder = ruleRecorder { recordConversion(from: source, to: destination, recorder) }
        var onScreen = point
        if case let .named(name) = source {
            onScreen = screenPoint(point, from: node(name))
        }
        if case let .named(name) = destination {
            return localPoint(onScreen, in: node(name))
        }
        return onScreen
    }
}

extension ReferenceWindowSystem {
    /// G4, or A3 (and A5 when the transform is singular) for one step inward.
    func recordInward(_ node: ViewNode, _ recorder: RuleRecorder) {
        if Self.isIdentity(node.transform) {
            recorder.record(node.boundsOrigin == .zero ? .g4IntoChild : .g4IntoChildThroughBoundsOrigin)
        } else {
            recorder.record(.a3IntoTransformed)
            if Self.determinant(node.transform) == 0 { recorder.record(.a5SingularConverted) }
        }
    }

    /// G4 or A4 for one step outward.
    func recordOutward(_ node: ViewNode, _ recorder: RuleRecorder) {
        if Self.isIdentity(node.transform) {
            recorder.record(node.boundsOrigin == .zero ? .g4OutToParent : .g4OutToParentThroughBoundsOrigin)
        } else {
            recorder.record(.a4OutOfTransformed)
        }
    }
}
