import WindowModel

// The longer classifications of rule outcomes (see `RuleOutcome`), kept out of the
// rules' own code. Each is called only when a recorder is given (`if let recorder =
// ruleRecorder { ... }`), reads the state without changing it, and records nothing
// that the calling decision did not take.

extension ReferenceWindowSystem {
    /// G1 and G3: the numbers a command carries into the model.
    func recordNumbers(of command: Command, _ recorder: RuleRecorder) {
        var numbers: [Double] = []
        var sizes: [Size] = []
        switch command {
        case let .createScene(_, size):
            sizes = [size]
        case let .createWindow(_, _, frame, level, _):
            numbers = [frame.x, frame.y, level]
            sizes = [frame.size]
        case let .createView(_, _, frame), let .setFrame(_, frame):
            numbers = [frame.x, frame.y]
            sizes = [frame.size]
        case let .setBoundsOrigin(_, point), let .touchBegan(_, point, _), let .touchMoved(_, point),
             let .touchEnded(_, point), let .hit(point, _), let .convert(point, _, _):
            numbers = [point.x, point.y]
        case let .setAlpha(_, value), let .setLevel(_, value):
            numbers = [value]
        default:
            break
        }
        for size in sizes {
            numbers += [size.width, size.height]
            if size.width == 0 || size.height == 0 { recorder.record(.g3ZeroSizeAccepted) }
        }
        for number in numbers {
            if number == 0 && number.sign == .minus { recorder.record(.g1NegativeZeroUsed) }
            if number.isSubnormal { recorder.record(.g1SubnormalUsed) }
            if number.magnitude >= 1e300 { recorder.record(.g1HugeMagnitudeUsed) }
        }
    }

    /// W2: which kind of level a window is given (levels compare as numbers: -0 is normal).
    static func levelOutcome(_ level: Double) -> RuleOutcome {
        switch level {
        case WindowLevel.normal: return .w2LevelNormal
        case WindowLevel.statusBar: return .w2LevelStatusBar
        case WindowLevel.alert: return .w2LevelAlert
        default: return .w2LevelOther
        }
    }

    /// W3 and W6, after a window went to `index` of the visible order: a neighbour of
    /// another level is on the side W3 puts it; a neighbour of the same level with the
    /// other sign of zero was compared as the same level.
    func recordLevelNeighbours(of index: Int, in scene: SceneState, _ recorder: RuleRecorder) {
        let window = scene.order[index]
        for neighbour in scene.order[max(index - 1, 0)...min(index + 1, scene.order.count - 1)] where neighbour !== window {
            if neighbour.level != window.level {
                recorder.record(.w3HigherLevelInFront)
            } else if neighbour.level.sign != window.level.sign {
                recorder.record(.w6NegativeZeroSameLevel)
            }
        }
    }

    /// G2: how a containment test in `node`'s own space is decided.
    static func containmentOutcome(_ node: ViewNode, _ point: Point) -> RuleOutcome {
        if node.frame.width == 0 || node.frame.height == 0 { return .g2ZeroSizeContainsNothing }
        let minX = node.boundsOrigin.x, minY = node.boundsOrigin.y
        if boundsContain(node, point) {
            return point.x == minX || point.y == minY ? .g2MinimumEdgeInside : .g2PointInside
        }
        // Outside the half-open box but inside the closed one: on a maximum edge.
        return onClosedBox(node, point) ? .g2MaximumEdgeOutside : .g2PointOutside
    }

    /// G2: records how a containment test in `node`'s own space is decided
    /// (``containmentOutcome(_:_:)``), and beside a zero size the maximum edge the point
    /// lies on (a zero-size box's points are on its maximum edges: an engine that counts
    /// those edges in answers there as it does on any box's edge).
    static func recordContainment(_ node: ViewNode, _ point: Point, _ recorder: RuleRecorder) {
        let outcome = containmentOutcome(node, point)
        recorder.record(outcome)
        if outcome == .g2ZeroSizeContainsNothing && onClosedBox(node, point) { recorder.record(.g2MaximumEdgeOutside) }
    }

    /// G2: whether `point` lies on a maximum edge of `node`'s bounds, outside them
    /// (every point of a zero-size box's closed box is).
    static func isOnMaximumEdge(_ node: ViewNode, _ point: Point) -> Bool {
        let outcome = containmentOutcome(node, point)
        return outcome == .g2MaximumEdgeOutside || (outcome == .g2ZeroSizeContainsNothing && onClosedBox(node, point))
    }

    /// Whether `point` lies in the closed box of `node`'s bounds (edges included).
    static func onClosedBox(_ node: ViewNode, _ point: Point) -> Bool {
        let minX = node.boundsOrigin.x, minY = node.boundsOrigin.y
        let maxX = minX + node.frame.width, maxY = minY + node.frame.height
        return minX <= point.x && point.x <= maxX && minY <= point.y && point.y <= maxY
    }

    /// H4: whether a subview of `node` contains `point` (in `node`'s space), which
    /// `node` did not: that part of the subview sticks out and is not reached.
    static func aSubviewContains(_ node: ViewNode, _ point: Point) -> Bool {
        node.subviews.contains { boundsContain($0, intoChild(point, $0)) }
    }

    /// S2: whether a screen point lies within the scene's size (its origin is the screen's).
    static func sceneSizeContains(_ scene: SceneState, _ point: Point) -> Bool {
        0 <= point.x && point.x < scene.size.width && 0 <= point.y && point.y < scene.size.height
    }

    /// Q3: which way a conversion goes, and whether a hidden window or view (or one
    /// inside a hidden one) takes part.
    func recordConversion(from source: CoordinateSpace, to destination: CoordinateSpace, _ recorder: RuleRecorder) {
        switch (source, destination) {
        case let (.named(a), .named(b)):
            recorder.record(.q3BetweenNamedSpaces)
            if screenName(of: node(a)) != screenName(of: node(b)) { recorder.record(.d4ConvertAcrossScreens) }
        case (.screen, .named): recorder.record(.q3FromScreen)
        case (.named, .screen): recorder.record(.q3ToScreen)
        case (.screen, .screen): recorder.record(.q3ScreenToScreen)
        }
        let hidden = [source, destination].contains { space in
            guard case let .named(name) = space else { return false }
            var current: ViewNode? = node(name)
            while let node = current {
                if node.isHidden { return true }
                current = node.superview
            }
            return false
        }
        if hidden { recorder.record(.q3HiddenConverted) }
    }

    /// T5: several touches cancelled by one command, already in ascending id order.
    static func recordCancellationOrder(of cancelled: [ActiveTouch], _ recorder: RuleRecorder) {
        recorder.record(.t5SeveralInIdOrder)
        let digitIDs = cancelled.map(\.id.text).filter(isAllDigits)
        if !digitIDs.isEmpty && digitIDs.count < cancelled.count { recorder.record(.t5DigitAndNameIds) }
        let values = digitIDs.map { $0.drop { $0 == "0" } }
        if Set(values).count < values.count { recorder.record(.t5EqualDigitValuesAsText) }
    }

    /// T5: the touches a removal is about to cancel, bound to the removed view itself
    /// or to a view below it.
    func recordRemovalCancellations(of view: ViewNode, subtree: [ViewNode], _ recorder: RuleRecorder) {
        for touch in touches where subtree.contains(where: { $0 === touch.view }) {
            recorder.record(touch.view === view ? .t5CancelledByRemovingView : .t5CancelledByRemovingAncestor)
        }
    }
}
