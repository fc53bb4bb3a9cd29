import WindowModel

// The allocation-free routing entry point: what `touch began` and `hit` compute,
// without building a command, an observation or an observation array.
extension IndexedWindowSystem {
    /// The view a touch beginning at `point` in `scene` would be bound to (T1, T2,
    /// T6), with the point in that view's space; nil when no window answers.
    ///
    /// Agrees with `apply(.hit(at: point, scene: scene))` bit for bit. A call
    /// allocates nothing: the query cursor is a plain value, the scene is found by
    /// comparing names, routing works on slots, and the result copies two stored
    /// names (retains, not allocations).
    ///
    /// ```swift
    /// let target = system.hitTarget(at: Point(10, 10), scene: "main")
    /// // Target(window: "app", view: "app.root", point: (10, 10))
    /// ```
    /// - Complexity: the index query (O(1) plus the cell entries in front of the
    ///   answer, a few on desktop-like stacks) plus the exact hit test of each
    ///   candidate window until one answers.
    public func hitTarget(at point: Point, scene: String) -> Observation.Target? {
        let index = state.rememberedSceneIndex(scene)
        let hit = state.route(scene: index, x: point.x, y: point.y)
        return state.target(of: hit)
    }

    /// The number of visible windows in `scene`'s spatial index (its leaves), for
    /// reports that divide index size by window count.
    /// - Complexity: O(number of scenes).
    package func indexedWindowCount(scene: String) -> Int {
        state.scenes[state.sceneIndex(scene)].index.count
    }

    /// Bytes held by `scene`'s spatial index, for memory reports.
    /// - Complexity: O(number of scenes).
    package func indexMemoryBytes(scene: String) -> Int {
        state.scenes[state.sceneIndex(scene)].index.memoryBytes
    }
}
