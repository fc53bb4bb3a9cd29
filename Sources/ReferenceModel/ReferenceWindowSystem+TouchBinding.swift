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
        guard let node = liveNode(window: window, view: view) else { return nil }
        let recorder = ruleRecorder
        ruleRecorder = nil
        defer { ruleRecorder = recorder }
        return Observation.Target(window: window, view: view, point: localPoint(point, in: node))
    }

    /// Whether the view lives in the window, the window is visible, and neither the view
    /// nor an ancestor is hidden.
    ///
    /// - Complexity: O(depth of the view).
    public func isShowing(window: String, view: String) -> Bool {
        guard let windowState = windows[window], windowState.isVisible,
              var node = liveNode(window: window, view: view) else { return false }
        while true {
            if node.isHidden { return false }
            guard let parent = node.superview else { return true }
            node = parent
        }
    }

    /// `view` (the window's own node when it is the window's name), when it lives in `window`.
    private func liveNode(window: String, view: String) -> ViewNode? {
        guard let windowState = windows[window],
              let node = view == window ? windowState.node : views[view], node.isAlive else { return nil }
        return self.window(containing: node) === windowState ? node : nil
    }
}
