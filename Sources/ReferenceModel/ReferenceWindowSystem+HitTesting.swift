import WindowModel

// UIView.hitTest (H1–H6) and routing a point to a window (T1, T2, T6).

extension ReferenceWindowSystem {
    /// The smallest alpha that is hittable (H2): `alpha < 0.01` is not.
    static let minimumHittableAlpha = 0.01

    /// T1, T2, T6: asks the scene's visible windows front to back; the first
    /// non-nil answer is the target. S2: the scene's size plays no part.
    func route(_ screenPoint: Point, in scene: SceneState) -> (window: WindowState, view: ViewNode, point: Point)? {
        for window in scene.order {
            if let (view, point) = hitTest(window, screenPoint: screenPoint) {
                ruleRecorder?.record(window === scene.order.first ? .t1FrontMostAnswers : .t1NilAnswerFallsThrough)
                if let recorder = ruleRecorder, point != screenPoint { recorder.record(.h6PointDiffersFromScreen) }
                if let recorder = ruleRecorder, !Self.sceneSizeContains(scene, screenPoint) {
                    recorder.record(.s2RoutedOutsideSceneSize)
                }
                return (window, view, point)
            }
        }
        ruleRecorder?.record(.t1NoWindowAnswers)
        return nil
    }

    /// T6 and the trace form of a hit: `W/V at X Y`, V being W for the window itself.
    func routeTarget(_ screenPoint: Point, in scene: SceneState) -> Observation.Target? {
        route(screenPoint, in: scene).map { Observation.Target(window: $0.window.name, view: $0.view.name, point: $0.point) }
    }

    /// H5 and T2: a window is hit-tested as a view whose parent is the screen; a
    /// pass-through window turns a hit on its root view into nil.
    func hitTest(_ window: WindowState, screenPoint: Point) -> (ViewNode, Point)? {
        guard let hit = hitTest(window.node, pointInParent: screenPoint) else {
            // T1: the window's own interaction (nothing else) let the touch through.
            if let recorder = ruleRecorder, !window.node.isInteractionEnabled, !window.node.isHidden,
               !(window.node.alpha < Self.minimumHittableAlpha), Self.wouldContain(window.node, screenPoint) {
                recorder.record(.t1InteractionOffWindowPassed)
            }
            return nil
        }
        if let recorder = ruleRecorder, hit.0 === window.node { recorder.record(.h5WindowItselfHit) }
        if let recorder = ruleRecorder, hit.0 === window.rootView { recorder.record(.h5RootViewHit) }
        if window.isPassthrough, let root = window.rootView, hit.0 === root {
            ruleRecorder?.record(.t2RootHitBecomesNil)
            return nil
        }
        if let recorder = ruleRecorder, window.isPassthrough {
            recorder.record(window.rootView == nil ? .t2WithoutRootKeepsHit : .t2KeepsNonRootHit)
        }
        return hit
    }

    /// H1, H3, H4, H6: the hit view and the point in its own space, or nil.
    /// - Parameter alphaAbove: the product of the ancestors' alphas, only to tell when
    ///   H4's "alpha is not multiplied down the tree" decided the answer.
    func hitTest(_ node: ViewNode, pointInParent: Point, alphaAbove: Double = 1) -> (ViewNode, Point)? {
        guard !node.isHidden, node.isInteractionEnabled, !(node.alpha < Self.minimumHittableAlpha) else {
            ruleRecorder?.record(node.isHidden ? .h1HiddenNil
                                 : !node.isInteractionEnabled ? .h1InteractionOffNil : .h1AlphaBelowHundredthNil)
            // H2 decided the answer only where the point lies inside the view.
            if let recorder = ruleRecorder, !node.isHidden, node.isInteractionEnabled, node.alpha > 0,
               Self.wouldContain(node, pointInParent) {
                recorder.record(.h2AlphaBetweenZeroAndHundredth)
            }
            if let recorder = ruleRecorder, !node.subviews.isEmpty { recorder.record(.h4AncestorRemovesSubtree) }
            // G2's circumstance beside the skip: on the skipped view's maximum edge, an engine
            // answers there only by getting both wrong (the edge counted in, the skip missed),
            // which is no one cause: the point's place is told apart from a point inside.
            if let recorder = ruleRecorder, Self.isIdentity(node.transform) || Self.determinant(node.transform) != 0,
               Self.isOnMaximumEdge(node, Self.intoChild(pointInParent, node)) {
                recorder.record(.g2MaximumEdgeOutside)
            }
            return nil
        }
        // A5: a transform that cannot be inverted makes the view (and its subtree) unhittable.
        guard Self.isIdentity(node.transform) || Self.determinant(node.transform) != 0 else {
            ruleRecorder?.record(.a5SingularUnhittable)
            return nil
        }
        let point = Self.intoChild(pointInParent, node)
        if let recorder = ruleRecorder { recordInward(node, recorder) }
        if let recorder = ruleRecorder { Self.recordContainment(node, point, recorder) }
        guard Self.boundsContain(node, point) else {
            ruleRecorder?.record(.h1OutsideBoundsNil)
            if let recorder = ruleRecorder, Self.aSubviewContains(node, point) {
                recorder.record(.h4OutsideParentNotReached)
            }
            return nil
        }
        // H2 decided the answer: the point is inside, so a view below 0.01 would have answered nil.
        if let recorder = ruleRecorder, node.alpha == Self.minimumHittableAlpha {
            recorder.record(.h2AlphaExactlyHundredth)
        } else if let recorder = ruleRecorder, node.alpha < 1 {
            recorder.record(.h2TranslucentHittable)
        }
        if let recorder = ruleRecorder, alphaAbove * node.alpha < Self.minimumHittableAlpha {
            recorder.record(.h4AlphaNotMultiplied)
        }
        if let recorder = ruleRecorder, !Self.isIdentity(node.transform) { recorder.record(.a3HitThroughTransform) }
        // H3: the front-most subview is the last one.
        for subview in node.subviews.reversed() {
            if let hit = hitTest(subview, pointInParent: point, alphaAbove: alphaAbove * node.alpha) {
                ruleRecorder?.record(.h3SubviewAnswers)
                return hit
            }
        }
        ruleRecorder?.record(node.subviews.isEmpty ? .h3LeafViewIsHit : .h3NoSubviewAnswers)
        return (node, point)
    }

    /// Whether the point (in the parent's space) lies inside `node` were it hittable:
    /// false under a singular transform (A5), which no point enters.
    static func wouldContain(_ node: ViewNode, _ pointInParent: Point) -> Bool {
        guard isIdentity(node.transform) || determinant(node.transform) != 0 else { return false }
        return boundsContain(node, intoChild(pointInParent, node))
    }

    /// G2 and G4: containment in the node's own space, `minX = bounds.x`,
    /// `maxX = bounds.x + frame.width`; minimum edges in, maximum edges out, so a
    /// zero width or height contains nothing.
    static func boundsContain(_ node: ViewNode, _ point: Point) -> Bool {
        let minX = node.boundsOrigin.x, minY = node.boundsOrigin.y
        let maxX = minX + node.frame.width, maxY = minY + node.frame.height
        return minX <= point.x && point.x < maxX && minY <= point.y && point.y < maxY
    }
}
