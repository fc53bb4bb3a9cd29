import WindowModel

extension ReferenceWindowSystem: OrderAdopting {
    /// Takes another engine's visible order of `scene` when it is one this model could
    /// hold: the same visible windows, levels never rising towards the back. Within a
    /// level, the windows in front are those that went to its front last (W4), so the
    /// windows are handed new front stamps from the back to the front; nothing else
    /// changes (key window, key history, hidden windows' places).
    /// - Complexity: O(n) expected, for the scene's n visible windows.
    public func adoptVisibleOrder(_ order: [String], scene name: String) -> Bool {
        guard let scene = scenes.first(where: { $0.name == name }) else { return false }
        guard order.count == scene.order.count, Set(order) == Set(scene.order.map(\.name)) else { return false }
        let adopted = order.compactMap { windows[$0] }
        guard adopted.count == order.count,
              zip(adopted, adopted.dropFirst()).allSatisfy({ front, behind in front.level >= behind.level })
        else { return false }
        for window in adopted.reversed() { window.frontStamp = nextStamp() }
        scene.order = adopted
        return true
    }

    public func level(ofWindow name: String) -> Double? { windows[name]?.level }
}
