import WindowModel

// How another engine's answer stands to the reference's own, read off the state:
// the scene's visible order and the view tree. Used only to group findings; it
// decides nothing, records no outcome, and takes any name (an engine may answer
// with one the reference never heard of).
extension ReferenceWindowSystem: AnswerRelating {
    /// - Complexity: O(visible windows in the scene + the two views' depths + their
    ///   parents' subviews).
    public func relation(of other: Observation.Target?, to own: Observation.Target?, scene: String) -> AnswerRelation? {
        guard let other else { return own == nil ? nil : .nothing }
        let order = visibleOrder(scene)
        guard let theirs = order.firstIndex(of: other.window) else { return .hidden }
        guard let own else { return .front }
        guard other.window == own.window else {
            guard let mine = order.firstIndex(of: own.window) else { return .front }
            return theirs < mine ? .front : .behind
        }
        // (Targets equal as values may differ in print: `-0` against `0`.)
        guard other.view != own.view else { return .point }
        guard let a = chain(other.view), let b = chain(own.view) else { return .hidden }
        if b.contains(where: { $0 === a.last! }) { return .ancestor }
        if a.contains(where: { $0 === b.last! }) { return .descendant }
        // The first level where the chains part: the later subview is in front (V1).
        var level = 0
        while level < a.count, level < b.count, a[level] === b[level] { level += 1 }
        guard level > 0, level < a.count, level < b.count,
              let i = a[level - 1].subviews.firstIndex(where: { $0 === a[level] }),
              let j = a[level - 1].subviews.firstIndex(where: { $0 === b[level] }) else { return .hidden }
        return i > j ? .frontSibling : .backSibling
    }

    /// - Complexity: O(visible windows in the scene).
    public func relation(ofPressedWindow other: String?, scene: String) -> AnswerRelation {
        guard let other else { return .nothing }
        guard let index = visibleOrder(scene).firstIndex(of: other) else { return .hidden }
        return index == 0 ? .front : .behind
    }

    /// The names of `scene`'s visible windows, front to back (none for an unknown scene).
    private func visibleOrder(_ scene: String) -> [String] {
        scenes.first { $0.name == scene }?.order.map(\.name) ?? []
    }

    /// A view's chain from its window's node down to it; nil for an unknown name.
    func chain(_ name: String) -> [ViewNode]? {
        guard var node = windows[name]?.node ?? views[name] else { return nil }
        var chain = [node]
        while let parent = node.superview {
            chain.append(parent)
            node = parent
        }
        return chain.reversed()
    }
}
