import WindowModel

// Changes to view trees: frames (with the root view following its window, W8),
// removal (V3) and z-order among siblings (V2).

extension ReferenceWindowSystem {
    /// V4 for views; W8 for windows: the root view's frame size follows the
    /// window's new size, its frame origin stays.
    func setFrame(_ name: String, to frame: Rect) {
        // A2: under a transform the frame is the untransformed one (centre and size).
        if let recorder = ruleRecorder, !Self.isIdentity(node(name).transform) {
            recorder.record(.a2FrameSetUnderTransform)
        }
        if let window = windows[name] {
            ruleRecorder?.record(.v4SetOnWindow)
            ruleRecorder?.record(window.rootView == nil ? .w8ResizedWithoutRootView : .w8RootViewResized)
            window.node.frame = frame
            window.rootView?.frame.size = frame.size
        } else {
            ruleRecorder?.record(.v4SetOnView)
            view(name).frame = frame
        }
    }

    /// V3: cancels the touches bound to the view or anything below it (T5), then
    /// detaches the subtree and forgets every name in it. A removed root view stops
    /// being the root (W8, T2).
    func remove(_ view: ViewNode) -> [Observation] {
        var subtree: [ViewNode] = []
        collectSubtree(view, into: &subtree)
        ruleRecorder?.record(view.subviews.isEmpty ? .v3LeafRemoved : .v3RemovedWithSubtree)
        if let recorder = ruleRecorder { recordRemovalCancellations(of: view, subtree: subtree, recorder) }
        let posted = cancelTouches { touch in subtree.contains { $0 === touch.view } }
        if let parent = view.superview {
            parent.subviews.removeAll { $0 === view }
            if let window = windows[parent.name], window.node === parent, window.rootView === view {
                ruleRecorder?.record(.v3RootViewRemoved)
                window.rootView = nil
            }
        }
        view.superview = nil
        forgetSubtree(view)
        return posted
    }

    /// V2: `front v` moves `v` to the end of its parent's subviews.
    func bringToFront(_ view: ViewNode) {
        guard let parent = view.superview else { return }
        ruleRecorder?.record(.v2ToFront)
        parent.subviews.removeAll { $0 === view }
        parent.subviews.append(view)
    }

    /// V2: `back v` moves `v` to the start of its parent's subviews.
    func sendToBack(_ view: ViewNode) {
        guard let parent = view.superview else { return }
        ruleRecorder?.record(.v2ToBack)
        parent.subviews.removeAll { $0 === view }
        parent.subviews.insert(view, at: 0)
    }

    /// `view` and everything below it, parents before children.
    func collectSubtree(_ view: ViewNode, into nodes: inout [ViewNode]) {
        nodes.append(view)
        for child in view.subviews {
            collectSubtree(child, into: &nodes)
        }
    }

    /// Marks `view` and its subtree dead and drops their names (V3, W7). The nodes
    /// keep their subviews so that a stale reference still shows what was removed.
    func forgetSubtree(_ view: ViewNode) {
        view.isAlive = false
        views[view.name] = nil
        for child in view.subviews {
            forgetSubtree(child)
        }
    }
}
