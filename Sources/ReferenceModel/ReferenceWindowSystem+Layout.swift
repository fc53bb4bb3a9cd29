import WindowModel

extension ReferenceWindowSystem {
    /// The full state of scene `scene`, for drawing; nil when there is no such scene.
    ///
    /// Windows come back to front, sorted by level and then by when each last went
    /// to the front of its level (W4), creation counting as the first time. For the
    /// visible windows this is exactly the reverse of the visible order (the
    /// invariants check it). A hidden window sits where that rule puts it: by its
    /// current level (even one set while hidden), then by when it was last brought
    /// to the front; it is not moved to the front until it is shown again (W5).
    public func sceneLayout(_ scene: String) -> SceneLayout? {
        guard let state = scenes.first(where: { $0.name == scene }) else { return nil }
        let members = windows.values
            .filter { $0.scene == scene }
            .sorted { ($0.level, $0.frontStamp) < ($1.level, $1.frontStamp) }
        return SceneLayout(scene: scene, size: state.size, windows: members.map { window in
            SceneLayout.Window(
                name: window.name, frame: window.node.frame, boundsOrigin: window.node.boundsOrigin,
                level: window.level, isHidden: window.node.isHidden, alpha: window.node.alpha,
                isInteractionEnabled: window.node.isInteractionEnabled, isPassthrough: window.isPassthrough,
                isKey: state.keyWindow === window, subviews: window.node.subviews.map(layout(of:)),
                transform: window.node.transform)
        }, screen: state.screen, screenSize: screens.first { $0.name == state.screen }?.size ?? defaultScreenSize)
    }

    private func layout(of view: ViewNode) -> SceneLayout.View {
        SceneLayout.View(
            name: view.name, frame: view.frame, boundsOrigin: view.boundsOrigin, isHidden: view.isHidden,
            alpha: view.alpha, isInteractionEnabled: view.isInteractionEnabled,
            subviews: view.subviews.map(layout(of:)), transform: view.transform)
    }
}
