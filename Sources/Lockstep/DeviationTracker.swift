import WindowModel

/// What the declared deviations leave unpinned at the current command: the state a
/// deviated rule decided, which is therefore not compared until a command pins it
/// again (see ``EngineDeviation``). Derived from the first engine's observations
/// (the reference's, in `check`), the same for every engine compared with it.
///
/// - K4: a scene whose key window changed by anything but `makeKey` or
///   `makeKeyAndVisible` is unpinned; one of those pins it again after its step.
/// - T5: a touch the first engine cancelled at a statement other than its own
///   `touch ID cancelled` is unpinned for the rest of the case.
/// - W4: a touch whose `began` more than one window of the front-most answering
///   level would take is unpinned for the rest of the case.
/// - K1: a press the first engine sends nowhere is not compared.
/// - T4: a touch whose `began` the first engine answers `-> none` is unpinned for the
///   rest of the case.
/// - T1: hiding or removing a view unpins every touch the first engine holds.
/// - G2: a `hit` near an edge (see ``EdgeProximityReporting``) is not compared, and a
///   touch that `began` near one is unpinned for the rest of the case.
struct DeviationTracker {
    /// Every deviation some compared engine declares: what there is to track.
    let tracked: Set<EngineDeviation>
    private(set) var unpinnedKeyScenes: Set<String> = []
    /// Touches unpinned by T5 (cancelled by another statement) and by W4 (order chose).
    private(set) var unpinnedTouches: [EngineDeviation: Set<TouchID>] = [:]
    /// Hits and began touches of this step that order decided (W4).
    private(set) var orderDecidedThisStep = false
    /// Whether this step's hit is near an edge (G2), and its press went nowhere (K1).
    private(set) var nearEdgeThisStep = false
    private(set) var pressToNobodyThisStep = false
    /// Touches the first engine holds (began on a view, not yet ended or cancelled).
    private var heldTouches: Set<TouchID> = []
    /// The scene each live window is in, for key notifications.
    private var sceneOfWindow: [String: String] = [:]
    /// A scene to pin once this step has been compared.
    private var pinAfterStep: String?
    /// A window moving to another scene this step: its notifications are its old scene's.
    private var moveAfterStep: (window: String, scene: String)?
    /// Whether a touch option was set in this case (T7, T8): then who is withheld
    /// depends on every live touch, and an unpinned one may be live in one engine only.
    private(set) var touchOptionsSet = false

    init(tracked: Set<EngineDeviation>) { self.tracked = tracked }

    var isIdle: Bool { tracked.isDisjoint(with: [.k4, .t5, .w4, .k1, .t4, .t1, .g2]) }

    /// Whether touch `id` is unpinned by one of `deviations`.
    func isUnpinned(_ id: TouchID, under deviations: Set<EngineDeviation>) -> Bool {
        unpinnedTouches.contains { deviations.contains($0.key) && $0.value.contains(id) }
    }

    /// The scene `window` is in (`main` for one this tracker never saw created).
    func scene(of window: String) -> String { sceneOfWindow[window] ?? mainSceneName }

    /// Takes in a command and the first engine's observations of it, before any
    /// comparison of that step. `routing` says which windows would answer a point,
    /// `edges` whether a point is near an edge.
    mutating func begin(_ command: Command, baseline: [Observation], routing: (any RoutingCandidatesReporting)?,
                        edges: (any EdgeProximityReporting)? = nil) {
        orderDecidedThisStep = false
        nearEdgeThisStep = false
        pressToNobodyThisStep = false
        pinAfterStep = nil
        moveAfterStep = nil
        switch command {
        case let .createWindow(name, scene, _, _, _): sceneOfWindow[name] = scene
        case let .moveWindow(window, scene): moveAfterStep = (window, scene)
        default: break
        }
        // (Touch options are noted whatever is tracked: a run that goes on past
        // differences unpins by them too, see ``LockstepComparison``.)
        switch command {
        case .setExclusiveTouch(_, true), .setMultipleTouch(_, false): touchOptionsSet = true
        default: break
        }
        guard !isIdle else { return }
        if tracked.contains(.k4) { trackKey(command, baseline) }
        if tracked.contains(.t5) { trackCancellations(command, baseline) }
        if tracked.contains(.w4), let routing { trackOrder(command, routing) }
        if tracked.contains(.g2), let edges { trackEdges(command, edges) }
        if tracked.contains(.k1), case .press = command {
            pressToNobodyThisStep = baseline.contains { if case .press(nil) = $0 { true } else { false } }
        }
        if tracked.contains(.t4), case let .touchBegan(id, _, _) = command,
           baseline.contains(where: { if case .touchBegan(id, nil) = $0 { true } else { false } }) {
            unpinnedTouches[.t4, default: []].insert(id)
        }
        if tracked.contains(.t1) { trackPointerGrab(command, baseline) }
        switch command {
        case let .touchBegan(id, _, _) where touchOptionsSet:
            // A touch begun while an unpinned one may be live is withheld or not by that
            // one's binding too: it is unpinned for the same reason.
            for (reason, ids) in unpinnedTouches where !ids.isEmpty && !ids.contains(id) {
                unpinnedTouches[reason, default: []].insert(id)
            }
        default: break
        }
    }

    /// After the step was compared: pins what the step pinned.
    mutating func end(_ command: Command) {
        if let scene = pinAfterStep { unpinnedKeyScenes.remove(scene) }
        if let (window, scene) = moveAfterStep { sceneOfWindow[window] = scene }
        if case let .release(window) = command { sceneOfWindow[window] = nil }
    }

    private mutating func trackKey(_ command: Command, _ baseline: [Observation]) {
        switch command {
        case let .makeKey(window), let .makeKeyAndVisible(window):
            pinAfterStep = scene(of: window)
        default:
            for case let .notify(window, notification) in baseline
                where notification == .didBecomeKey || notification == .didResignKey {
                unpinnedKeyScenes.insert(scene(of: window))
            }
        }
    }

    private mutating func trackCancellations(_ command: Command, _ baseline: [Observation]) {
        var own: TouchID?
        if case let .touchCancelled(id) = command { own = id }
        for case let .touchCancelled(id, _, _) in baseline where id != own { unpinnedTouches[.t5, default: []].insert(id) }
    }

    private mutating func trackOrder(_ command: Command, _ routing: any RoutingCandidatesReporting) {
        switch command {
        case let .hit(point, scene):
            orderDecidedThisStep = Self.orderDecides(routing.windowsAnswering(point, scene: scene))
        case let .touchBegan(id, point, scene):
            guard unpinnedTouches[.w4]?.contains(id) != true else { return }
            if Self.orderDecides(routing.windowsAnswering(point, scene: scene)) {
                orderDecidedThisStep = true
                unpinnedTouches[.w4, default: []].insert(id)
            }
        default: break
        }
    }

    /// G2: a hit near an edge is not compared; a touch begun near one is unpinned.
    private mutating func trackEdges(_ command: Command, _ edges: any EdgeProximityReporting) {
        switch command {
        case let .hit(point, scene):
            nearEdgeThisStep = edges.isNearHittableEdge(point, scene: scene, within: 1)
        case let .touchBegan(id, point, scene):
            guard unpinnedTouches[.g2]?.contains(id) != true,
                  edges.isNearHittableEdge(point, scene: scene, within: 1) else { return }
            nearEdgeThisStep = true
            unpinnedTouches[.g2, default: []].insert(id)
        default: break
        }
    }

    /// T1: one pointer, whose grab ends without a cancellation when a view is hidden
    /// or removed: the touches held then are unpinned for the rest of the case.
    private mutating func trackPointerGrab(_ command: Command, _ baseline: [Observation]) {
        switch command {
        case let .setHidden(target, true) where sceneOfWindow[target] == nil:
            unpinnedTouches[.t1, default: []].formUnion(heldTouches)
        case .remove:
            unpinnedTouches[.t1, default: []].formUnion(heldTouches)
        default: break
        }
        for observation in baseline {
            switch observation {
            case let .touchBegan(id, _?): heldTouches.insert(id)
            case let .touchEnded(id, _), let .touchCancelled(id, _, _): heldTouches.remove(id)
            default: break
            }
        }
    }

    /// Whether another order within a level could give another answer: a second
    /// window of the front-most answering window's level answers too.
    static func orderDecides(_ candidates: [(window: String, level: Double)]) -> Bool {
        guard let front = candidates.first else { return false }
        return candidates.dropFirst().contains { $0.level == front.level }
    }
}
