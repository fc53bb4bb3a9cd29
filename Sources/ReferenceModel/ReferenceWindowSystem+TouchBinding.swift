import WindowModel

// What a touch bound to a view reports (T3), asked for a view the touch was not bound
// to by a hit: the T1 dialect's implicit grab (see ``TouchBindingReporting``).

extension ReferenceWindowSystem: TouchBindingReporting {
    /// T3's answer for a touch bound to `view` of `window` at `point`: the point
    /// converted into the view's space through every ancestor (G4, A3). Records no
    /// rule outcome: the step's own outcomes are the reference's.
    ///
    /// - Complexity: O(depth of the view), twice.
    public func boundTarget(window: String, view: String, at point: Point) -> Observation.Target? {
        guard let windowState = windows[window] else { return nil }
        guard let node = view == window ? windowState.node : views[view] else { return nil }
        var top = node
        while let parent = top.superview { top = parent }
        guard top === windowState.node, node.isAlive else { return nil }
        let recorder = ruleRecorder
        ruleRecorder = nil
        defer { ruleRecorder = recorder }
        return Observation.Target(window: window, view: view, point: localPoint(point, in: node))
    }
}
