import CPrefetch
import SpatialIndex
import WindowModel

/// Where a routed point landed: slots and the point in the hit view's space (H6).
struct RoutedHit {
    var window: Int32
    var view: Int32
    var x: Double
    var y: Double
}

// Routing (T1, T2, T6) through the index, and the exact hit test (G2, G4, H1-H5).
// Nothing here allocates: the query cursor is a plain value, the view walk recurses
// over linked subview lists, and results are plain values.
extension EngineState {
    /// T1: the front-most visible window of the scene whose hit test is non-nil.
    /// The grid yields candidate windows front to back (their boxes are conservative,
    /// see ``ConservativeBox``); each gets the exact test, and a nil answer lets the
    /// point through to the next candidate.
    /// - Complexity: the index query (O(1) plus the cell entries in front of the
    ///   answer) plus the exact test of each candidate until one answers.
    mutating func route(scene: Int, x: Double, y: Double) -> RoutedHit? {
        // Query with a local cursor, so the query only reads `self` and the grid is
        // borrowed in place; keep the cursor's statistics afterwards.
        var local = GridQueryCursor()
        defer { lastQueryStatistics = local.statistics }
        return route(scene: scene, x: x, y: y, cursor: &local)
    }

    /// Records prefetched from a candidate window's: itself, its root view and a few
    /// subviews.
    static var prefetchedRecords: Int { 6 }

    /// ``route(scene:x:y:)`` with an explicit cursor; reads `self` only.
    func route(scene: Int, x: Double, y: Double, cursor: inout GridQueryCursor) -> RoutedHit? {
        // Borrow the grid in place through the scenes' buffer: no copy of the grid
        // value (and no retain/release of its arrays) per query or per leaf, as long
        // as the grid's query inlines whole (a call that does not copies the grid
        // first; see StackingGrid+Query.swift). Safe: `self` is not mutated while the
        // buffer pointer is in use.
        scenes.withUnsafeBufferPointer { scenes in
            objects.withUnsafeBufferPointer { objects in
                scenes[scene].index.startQuery(x: x, y: y, cursor: &cursor)
                while let leaf = scenes[scene].index.nextLeaf(&cursor) {
                    let w = scenes[scene].index.payload(of: leaf)
                    // A window's views are usually the records right after it (made
                    // with it): ask for them all at once, so the walk below does not
                    // wait for each miss in turn.
                    let end = objects.endIndex
                    windowlab_prefetch(objects.baseAddress! + Int(w),
                                       UInt(min(Self.prefetchedRecords, end - Int(w)) * MemoryLayout<ObjectRecord>.stride))
                    if let hit = hitTestWindow(w, x, y) { return hit }
                }
                return nil
            }
        }
    }

    /// H5 + T2: the window's own hit test from a screen point.
    @inline(__always)
    func hitTestWindow(_ w: Int32, _ sx: Double, _ sy: Double) -> RoutedHit? {
        guard let (view, x, y) = hitTestView(w, sx, sy) else { return nil }
        if objects[Int(w)].isPassthrough {
            if view == objects[Int(w)].rootView && view != Self.null && behavior.passthroughDropsRootView { return nil }
            if view == w && behavior.passthroughDropsWindowItself { return nil }
        }
        return RoutedHit(window: w, view: view, x: x, y: y)
    }

    /// H1-H4 for view (or window) `v`, given the point in its parent's space (the
    /// screen for a window). Returns the hit view and the point in its own space.
    func hitTestView(_ v: Int32, _ px: Double, _ py: Double) -> (Int32, Double, Double)? {
        objects.withUnsafeBufferPointer { objects in hitTestView(v, px, py, objects) }
    }

    /// ``hitTestView(_:_:_:)`` over the records in place: fields are read where they
    /// are, not copied out as whole records.
    func hitTestView(_ v: Int32, _ px: Double, _ py: Double,
                     _ objects: UnsafeBufferPointer<ObjectRecord>) -> (Int32, Double, Double)? {
        guard let (x, y) = ownTest(v, px, py, objects) else { return nil }
        // Where a hidden view hides its subtree (the shipped rules), a view that passes
        // its own test answers with itself or a subview, never nil: the walk goes down
        // and never back up, a loop instead of a call per view.
        if behavior.hiddenHidesSubviews { return descend(from: v, x, y, objects) }
        // H3: subviews front-most first.
        var child = objects[Int(v)].lastChild
        while child != Self.null {
            if let hit = hitTestView(child, x, y, objects) { return hit }
            child = objects[Int(child)].previousSibling
        }
        if objects[Int(v)].isHidden { return nil }
        return (v, x, y)
    }

    /// H3 from a view that passed its own test, `(x, y)` in its space: the front-most
    /// subview that passes its own test holds the answer (itself or one of its
    /// subviews), so the walk goes down into it; a view none of whose subviews pass
    /// answers. Only where a hidden view hides its subtree (a view that passed is
    /// then not hidden).
    /// - Complexity: O(the subviews of each view on the way down).
    @inline(__always)
    func descend(from v: Int32, _ x: Double, _ y: Double,
                 _ objects: UnsafeBufferPointer<ObjectRecord>) -> (Int32, Double, Double) {
        var (view, x, y) = (v, x, y)
        var child = objects[Int(view)].lastChild
        while child != Self.null {
            if let (cx, cy) = ownTest(child, x, y, objects) {
                (view, x, y) = (child, cx, cy)
                child = objects[Int(view)].lastChild
            } else {
                child = objects[Int(child)].previousSibling
            }
        }
        return (view, x, y)
    }

    /// H1, H2, A5, G4 (A3) and G2 for one view or window alone, given the point in its
    /// parent's space: the point in its own space when it could answer (before its
    /// subviews are asked), nil when it and its subtree cannot.
    @inline(__always)
    func ownTest(_ v: Int32, _ px: Double, _ py: Double,
                 _ objects: UnsafeBufferPointer<ObjectRecord>) -> (Double, Double)? {
        let r = objects.baseAddress! + Int(v)
        if (r.pointee.isHidden && behavior.hiddenHidesSubviews) || !r.pointee.isInteractive { return nil }
        if !behavior.isHittable(alpha: r.pointee.alpha) { return nil }
        // G4, evaluated exactly in this order (A3 for a transformed record).
        let x: Double, y: Double
        // Transformed records are rare: keep G4's path the straight one.
        if _slowPath(r.pointee.transform != Self.null) {
            let t = transforms[Int(r.pointee.transform)]
            if t.determinant == 0 { return nil }   // A5
            (x, y) = intoTransformed(r.pointee, t, px, py)
        } else if behavior.hitTestAddsBoundsOrigin {
            x = (px - r.pointee.frameX) + r.pointee.boundsX
            y = (py - r.pointee.frameY) + r.pointee.boundsY
        } else {
            x = px - r.pointee.frameX
            y = py - r.pointee.frameY
        }
        // G2 in the view's own space: min edges in, max edges out.
        let maxX = r.pointee.boundsX + r.pointee.width, maxY = r.pointee.boundsY + r.pointee.height
        guard r.pointee.boundsX <= x, r.pointee.boundsY <= y else { return nil }
        if behavior.maxEdgesOutside {
            guard x < maxX, y < maxY else { return nil }
        } else {
            guard x <= maxX, y <= maxY else { return nil }
        }
        return (x, y)
    }

    /// The observation target for a routed hit (names only at the very end).
    func target(of hit: RoutedHit?) -> Observation.Target? {
        guard let hit else { return nil }
        return Observation.Target(window: names[Int(hit.window)], view: names[Int(hit.view)],
                                  point: Point(hit.x, hit.y))
    }

    // MARK: Conversion (G4, Q3)

    /// A point in `v`'s space, converted out to the screen through every ancestor.
    func toScreen(_ v: Int32, _ point: Point) -> Point {
        var x = point.x, y = point.y, s = v
        while s != Self.null {
            let r = objects[Int(s)]
            if r.transform != Self.null {
                // A4, in exactly this order.
                let t = transforms[Int(r.transform)]
                let half = behavior.transformCentre
                let (tx, ty) = behavior.outwardAddsTranslation ? (t.tx, t.ty) : (0.0, 0.0)
                let u = x - (r.boundsX + r.width * half), v = y - (r.boundsY + r.height * half)
                x = (((t.a * u) + (t.c * v)) + tx) + (r.frameX + r.width * half)
                y = (((t.b * u) + (t.d * v)) + ty) + (r.frameY + r.height * half)
            } else {
                x = (x - r.boundsX) + r.frameX
                y = (y - r.boundsY) + r.frameY
            }
            s = r.parent
        }
        return Point(x, y)
    }

    /// A screen point converted into `v`'s space, outermost ancestor first.
    func fromScreen(_ v: Int32, _ point: Point) -> Point {
        let r = objects[Int(v)]
        let outer = r.parent == Self.null ? point : fromScreen(r.parent, point)
        if r.transform != Self.null {
            let (x, y) = intoTransformed(r, transforms[Int(r.transform)], outer.x, outer.y)
            return Point(x, y)
        }
        return Point((outer.x - r.frameX) + r.boundsX, (outer.y - r.frameY) + r.boundsY)
    }

    /// A3: a point of the parent's space in a transformed record's own space, in
    /// exactly the rule's order (centre, translation, inverse, bounds centre).
    @inline(__always)
    func intoTransformed(_ r: ObjectRecord, _ t: TransformRecord, _ px: Double, _ py: Double) -> (Double, Double) {
        let half = behavior.transformCentre
        let ex = (px - (r.frameX + r.width * half)) - t.tx
        let ey = (py - (r.frameY + r.height * half)) - t.ty
        let u: Double, v: Double
        if behavior.inverseInRuleOrder {
            u = ((t.d * ex) - (t.c * ey)) / t.determinant
            v = ((t.a * ey) - (t.b * ex)) / t.determinant
        } else {
            u = ex * (t.d / t.determinant) - ey * (t.c / t.determinant)
            v = ey * (t.a / t.determinant) - ex * (t.b / t.determinant)
        }
        return (u + (r.boundsX + r.width * half), v + (r.boundsY + r.height * half))
    }

    /// Q3: always through the screen.
    func convert(_ point: Point, from: CoordinateSpace, to: CoordinateSpace) -> Point {
        var screen = point
        if case let .named(name) = from { screen = toScreen(slot(name), point) }
        if case let .named(name) = to { return fromScreen(slot(name), screen) }
        return screen
    }

    // MARK: Touches (T3, T4)

    mutating func touchBegan(_ id: TouchID, _ point: Point, scene: Int, _ out: inout [Observation]) {
        guard touches[id] == nil else {
            out.append(.touchIgnored(id, .began))
            return
        }
        let hit = route(scene: scene, x: point.x, y: point.y)
        if let hit {
            if isWithheld(hit) {
                out.append(.touchIgnored(id, .began))
                return
            }
            touches[id] = (hit.window, hit.view)
        }
        out.append(.touchBegan(id, target(of: hit)))
    }

    /// T8 and T7: a touch on `hit`'s view is withheld when another view of its
    /// window that is tracking, or the view itself, is exclusive-touch, or when the
    /// view is single-touch and already tracking.
    /// - Complexity: O(active touches).
    func isWithheld(_ hit: RoutedHit) -> Bool {
        var sameView = false, otherView = false, otherExclusive = false
        for t in touches.values where t.window == hit.window || !behavior.exclusiveCountsOwnWindowOnly {
            if t.view == hit.view {
                sameView = true
            } else {
                otherView = true
                otherExclusive = otherExclusive || objects[Int(t.view)].isExclusiveTouch
            }
        }
        let view = objects[Int(hit.view)]
        let blocked = otherExclusive && behavior.exclusiveWithholdsOthers
        return blocked || (otherView && view.isExclusiveTouch)
            || (sameView && !view.isMultipleTouch && behavior.singleTouchHoldsOne)
    }

    /// `moved` and `ended` go to the bound view wherever the finger is.
    mutating func touchFollow(_ id: TouchID, _ phase: TouchPhase, _ point: Point, _ out: inout [Observation]) {
        guard let t = touches[id] else {
            out.append(.touchIgnored(id, phase))
            return
        }
        let local = fromScreen(t.view, point)
        let target = Observation.Target(window: names[Int(t.window)], view: names[Int(t.view)], point: local)
        if phase == .ended {
            touches[id] = nil
            out.append(.touchEnded(id, target))
        } else {
            out.append(.touchMoved(id, target))
        }
    }

    mutating func touchCancelled(_ id: TouchID, _ out: inout [Observation]) {
        guard let t = touches.removeValue(forKey: id) else {
            out.append(.touchIgnored(id, .cancelled))
            return
        }
        out.append(.touchCancelled(id, window: names[Int(t.window)], view: names[Int(t.view)]))
    }
}

extension EngineState {
    /// Routing without the index: every visible window of the scene, front to back,
    /// through the same exact test. Tests compare it with ``route(scene:x:y:)`` to
    /// show that the index filter never changes an answer.
    /// - Complexity: O(w log w) for the scene's w windows (the derived order) plus
    ///   the exact tests.
    func routeByScan(scene: Int, x: Double, y: Double) -> RoutedHit? {
        for w in visibleBackToFront(scene).reversed() {
            if let hit = hitTestWindow(w, x, y) { return hit }
        }
        return nil
    }
}
