import WindowModel

/// What the differences already seen leave uncompared for one engine, so that a
/// lockstep run can go on past a difference without reporting its consequences as
/// causes of their own (see ``LockstepSession/continuesAfterDivergence``).
///
/// A difference in an observation while the state agrees leaves nothing behind but
/// a touch: a touch whose line differed is unpinned for the rest of the case (its
/// binding may differ, so its later phases, and a `began` of its id, would too). A
/// state that differs is unpinned as a declared deviation unpins it (K4, W4):
///
/// - a scene's **key window**: its snapshot key, `keyWindow` answers, presses and key
///   notifications are not compared;
/// - a scene's **order**: its snapshot order and `order` answers are not compared, nor
///   a `hit` that a second window would answer too (another order could answer it),
///   and a touch that `began` so is unpinned.
///
/// Each is pinned again after a step whose snapshots agree on it: from the next step
/// on, it is compared again. A difference in the scenes themselves or their screens,
/// an engine's invariants or a fault ends the run instead (``isFinal``).
struct DifferenceUnpinning: Equatable {
    private(set) var orderScenes: Set<String> = []
    private(set) var keyScenes: Set<String> = []
    private(set) var touches: Set<TouchID> = []

    var isEmpty: Bool { orderScenes.isEmpty && keyScenes.isEmpty && touches.isEmpty }
    var touchesAreEmpty: Bool { touches.isEmpty }
    var orderScenesAreEmpty: Bool { orderScenes.isEmpty }

    func isOrderUnpinned(_ scene: String) -> Bool { orderScenes.contains(scene) }
    func isKeyUnpinned(_ scene: String) -> Bool { keyScenes.contains(scene) }
    func isUnpinned(_ touch: TouchID) -> Bool { touches.contains(touch) }

    /// Whether a run cannot go on past `difference`: what differs is not a part of the
    /// state that can be left uncompared.
    static func isFinal(_ difference: Difference) -> Bool {
        switch difference {
        case .observation: return false
        case let .state(part): return part == .scenes || part == .screen
        case .orderChange: return false
        case .invariants, .fault: return true
        }
    }

    /// Leaves the touch of a differing line uncompared (either side's, when a touch).
    mutating func unpin(lines expected: Observation?, _ got: Observation?) {
        for line in [expected, got] {
            if let id = line?.touchID { touches.insert(id) }
        }
    }

    /// Leaves a scene's order or key window uncompared.
    mutating func unpin(_ part: Difference.StatePart, scene: String) {
        switch part {
        case .order: orderScenes.insert(scene)
        case .key: keyScenes.insert(scene)
        case .scenes, .screen: break
        }
    }

    mutating func unpin(touch id: TouchID) { touches.insert(id) }

    /// Pins again what the snapshots agree on after a step.
    mutating func repin(baseline: [SceneSnapshot], state: [SceneSnapshot]) {
        guard !orderScenes.isEmpty || !keyScenes.isEmpty, baseline.count == state.count else { return }
        for (a, b) in zip(baseline, state) where a.scene == b.scene {
            if a.order == b.order { orderScenes.remove(a.scene) }
            if a.keyWindow == b.keyWindow { keyScenes.remove(a.scene) }
        }
    }
}

extension Observation {
    /// The touch a touch line is about; nil for every other line.
    var touchID: TouchID? {
        switch self {
        case let .touchBegan(id, _), let .touchMoved(id, _), let .touchEnded(id, _), let .touchCancelled(id, _, _),
             let .touchIgnored(id, _):
            return id
        default:
            return nil
        }
    }
}
