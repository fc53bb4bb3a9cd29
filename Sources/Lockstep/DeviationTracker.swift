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
/// - T1: a touch begun while another may be down is bound by the grab: its lines are
///   compared with what a touch bound to the grab's view (the first touch's, as the
///   first engine bound it) reports (``grabAnswerThisStep``). When the grab's view
///   stops showing, the grab ends: every touch that may be down is unpinned, and the
///   next touch begun starts a grab; a touch begun while the grab is not known (after
///   a move to another scene, a placement, a disconnection) is unpinned.
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
    /// Touches that may be down in an engine (their `began` sent, neither their `ended`
    /// nor their `cancelled`): when none is, no touch is unpinned any more (every
    /// engine's touches ended where the first engine's did), and T1's grab is over.
    private var mayBeDown: Set<TouchID> = []
    /// T1: the view the pointer's grab binds later touches to, while it is known; and
    /// whether the grab ended (its view stopped showing), so the next touch starts one.
    private var grab: (window: String, view: String)?
    private var grabEnded = false
    /// T1: the touches the grab bound (begun while another was down), and what this
    /// step's statement about one of them posts under the grab.
    private(set) var grabBound: Set<TouchID> = []
    private(set) var grabAnswerThisStep: (touch: TouchID, lines: [Observation])?
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
                        edges: (any EdgeProximityReporting)? = nil, binding: (any TouchBindingReporting)? = nil) {
        orderDecidedThisStep = false
        grabAnswerThisStep = nil
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
        // Every touch begun has been ended or cancelled by its own statement: no engine
        // holds a touch, so none is left unpinned by what it once was.
        if case .touchBegan = command, mayBeDown.isEmpty, !unpinnedTouches.isEmpty { unpinnedTouches = [:] }
        defer {
            switch command {
            case let .touchBegan(id, _, _): mayBeDown.insert(id)
            case let .touchEnded(id, _), let .touchCancelled(id): mayBeDown.remove(id)
            default: break
            }
        }
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
        if tracked.contains(.t1) { trackPointerGrab(command, baseline, binding) }
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

    /// T1: one pointer with an implicit grab. The first touch down is bound by its hit
    /// (compared as any touch); one begun while another may be down goes to the grab's
    /// view, as do its later phases. When the grab's view stops showing, every touch
    /// that may be down is unpinned and the next one begun starts a grab; where the
    /// grab stands is not known (the first touch unpinned, a move to another scene),
    /// a touch begun is unpinned until all are up.
    private mutating func trackPointerGrab(_ command: Command, _ baseline: [Observation],
                                           _ binding: (any TouchBindingReporting)?) {
        switch command {
        case let .touchBegan(id, point, _):
            if mayBeDown.isEmpty || (grabEnded && !mayBeDown.contains(id)) {
                grab = nil
                grabEnded = false
                grabBound = []
                let pinned = !unpinnedTouches.values.contains { $0.contains(id) }
                for case let .touchBegan(began, target?) in baseline where began == id && pinned {
                    grab = (target.window, target.view)
                }
            } else if grabBound.contains(id) {
                // Its button is down: a began of it is ignored, wherever the first engine bound it.
                grabAnswerThisStep = (id, [.touchIgnored(id, .began)])
            } else if mayBeDown.contains(id) {
                // Down in the first engine too (it ignores this began): compared as it is. Not
                // down there (its earlier began bound nothing): whether this engine holds it
                // (and ignores the began) or takes it anew (by the grab) is not known.
                let ignoredByFirst = baseline.contains { if case .touchIgnored(id, .began) = $0 { true } else { false } }
                if !ignoredByFirst { unpinnedTouches[.t1, default: []].insert(id) }
            } else if let grab, !touchOptionsSet,
                      let target = binding?.boundTarget(window: grab.window, view: grab.view, at: point) {
                grabBound.insert(id)
                grabAnswerThisStep = (id, [.touchBegan(id, target)])
            } else {
                unpinnedTouches[.t1, default: []].insert(id)
            }
        case let .touchMoved(id, point) where grabBound.contains(id):
            grabAnswerThisStep = boundAnswer(id, point, binding) { .touchMoved(id, $0) }
        case let .touchEnded(id, point) where grabBound.contains(id):
            grabAnswerThisStep = boundAnswer(id, point, binding) { .touchEnded(id, $0) }
            grabBound.remove(id)
        case let .touchCancelled(id) where grabBound.contains(id):
            if let grab { grabAnswerThisStep = (id, [.touchCancelled(id, window: grab.window, view: grab.view)]) }
            grabBound.remove(id)
        case .setHidden(_, true), .hide, .remove, .release:
            // X ends the grab, without a cancellation, when its window stops showing:
            // the touches down go elsewhere from now on, and the next one starts a grab.
            guard let held = grab, binding?.isShowing(window: held.window, view: held.view) != true else { break }
            unpinnedTouches[.t1, default: []].formUnion(mayBeDown)
            grab = nil
            grabEnded = true
            grabBound = []
        case .moveWindow, .placeScene, .disconnectScreen:
            // Another scene or screen: where the grab stands is not known.
            unpinnedTouches[.t1, default: []].formUnion(mayBeDown)
            grab = nil
            grabEnded = false
        default: break
        }
        // What the first engine posts for a grab-bound touch at another statement (its
        // cancellation where the first engine bound it) is about a binding the grab replaced.
        var own: TouchID?
        if case let .touchCancelled(id) = command { own = id }
        for case let .touchCancelled(id, _, _) in baseline where grabBound.contains(id) && id != own {
            unpinnedTouches[.t1, default: []].insert(id)
        }
    }

    /// T1: what a grab-bound touch's `moved` or `ended` posts: the grab view's answer
    /// at `point`, or nothing to compare (the touch unpinned) once the grab is not known.
    private mutating func boundAnswer(_ id: TouchID, _ point: Point, _ binding: (any TouchBindingReporting)?,
                                      _ line: (Observation.Target) -> Observation)
        -> (touch: TouchID, lines: [Observation])?
    {
        guard let grab, let target = binding?.boundTarget(window: grab.window, view: grab.view, at: point) else {
            unpinnedTouches[.t1, default: []].insert(id)
            return nil
        }
        return (id, [line(target)])
    }

    /// `expected` with the lines about this step's grab-bound touch (T1) replaced by
    /// what the grab's view posts; unchanged when no such touch is this step's.
    func underGrab(_ expected: [Observation]) -> [Observation] {
        guard let (id, lines) = grabAnswerThisStep else { return expected }
        return expected.filter { $0.touchID != id } + lines
    }

    /// Whether another order within a level could give another answer: a second
    /// window of the front-most answering window's level answers too.
    static func orderDecides(_ candidates: [(window: String, level: Double)]) -> Bool {
        guard let front = candidates.first else { return false }
        return candidates.dropFirst().contains { $0.level == front.level }
    }
}
