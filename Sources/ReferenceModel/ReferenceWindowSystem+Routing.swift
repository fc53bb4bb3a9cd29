import WindowModel

// The routing entry point used by benchmarks: `touch began`'s target without an
// observation array. Still the oracle's plain linear walk.
extension ReferenceWindowSystem {
    /// The view a touch beginning at `point` in `scene` would be bound to (T1, T2,
    /// T6), with the point in that view's space; nil when no window answers.
    ///
    /// Agrees with `apply(.hit(at: point, scene: scene))`: it is the same
    /// `routeTarget(_:in:)` that `hit` and `touch began` use.
    ///
    /// ```swift
    /// let target = system.hitTarget(at: Point(10, 10), scene: "main")
    /// ```
    /// - Complexity: O(visible windows in the scene) plus their view trees'
    ///   hit tests: every window in front of the hit one is asked.
    public func hitTarget(at point: Point, scene: String) -> Observation.Target? {
        routeTarget(point, in: self.scene(scene))
    }
}

extension ReferenceWindowSystem: RoutingCandidatesReporting {
    /// Every visible window of `scene` whose own hit test answers `point` (T2's
    /// pass-through applied), front to back, with its level: what a touch could land
    /// on if the order were another. Records no rule outcome.
    ///
    /// - Complexity: O(visible windows in the scene) hit tests.
    public func windowsAnswering(_ point: Point, scene: String) -> [(window: String, level: Double)] {
        let recorder = ruleRecorder
        ruleRecorder = nil
        defer { ruleRecorder = recorder }
        return self.scene(scene).order.compactMap { window in
            hitTest(window, screenPoint: point) == nil ? nil : (window.name, window.level)
        }
    }
}

extension ReferenceWindowSystem: RoutingExplaining {
    /// The rule outcomes of hit-testing one window alone at `point` (H1–H6, G2, G4,
    /// A3, A5, T2): why the reference did or did not answer with it. Nil when no live
    /// window has that name. Records nothing in the run's own counts.
    ///
    /// - Complexity: one window's hit test.
    public func outcomes(hitTesting name: String, at point: Point) -> [RuleOutcome]? {
        guard let window = windows[name] else { return nil }
        let saved = ruleRecorder
        let recorder = RuleRecorder()
        ruleRecorder = recorder
        defer { ruleRecorder = saved }
        _ = hitTest(window, screenPoint: point)
        return recorder.currentStepOutcomes
    }

    /// The rule outcomes of the branch that decided between the reference's answer and
    /// another one in the same window, one inside the other: the whole hit test of the
    /// outer answer's subview that is or holds the inner one, and G4 and A3 of each
    /// step of `point` inward down to the outer answer, unless the other answer's point
    /// is the reference's for its view (then the steps above agreed). What both answers
    /// passed alike is left out: the outer view's and its ancestors' own hittability, and
    /// the subviews in front of the branch, which neither answer came from. Nil when a
    /// name is unknown or neither answer holds the other. Records nothing in the run's
    /// own counts.
    ///
    /// - Complexity: the depth of the inner answer plus the branch's hit test.
    public func outcomes(routing point: Point, answered own: Observation.Target, against other: Observation.Target)
        -> [RuleOutcome]?
    {
        guard own.window == other.window, let windowNode = windows[own.window]?.node,
              let mine = chain(own.view), let theirs = chain(other.view),
              mine.first === windowNode, theirs.first === windowNode, mine.count != theirs.count else { return nil }
        let (outer, inner) = mine.count < theirs.count ? (mine, theirs) : (theirs, mine)
        guard zip(outer, inner).allSatisfy({ $0 === $1 }) else { return nil }
        let saved = ruleRecorder
        let recorder = RuleRecorder()
        ruleRecorder = recorder
        defer { ruleRecorder = saved }
        let inward = RuleRecorder()
        var pointInParent = point, alphaAbove = 1.0
        for node in outer {
            recordInward(node, inward)
            pointInParent = Self.intoChild(pointInParent, node)
            alphaAbove *= node.alpha
        }
        _ = hitTest(inner[outer.count], pointInParent: pointInParent, alphaAbove: alphaAbove)
        // The reference's point in the other answer's view, to compare with the one it gave.
        var pointInOther = point
        for node in theirs { pointInOther = Self.intoChild(pointInOther, node) }
        let agreed = pointInOther.x == other.point.x && pointInOther.y == other.point.y
        return (agreed ? [] : inward.currentStepOutcomes) + recorder.currentStepOutcomes
    }
}
