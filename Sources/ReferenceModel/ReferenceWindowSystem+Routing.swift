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
}
