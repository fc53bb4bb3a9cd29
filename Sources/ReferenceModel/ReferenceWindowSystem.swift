import WindowModel

/// The executable form of `SEMANTICS.md`: the oracle every other engine is compared with.
///
/// It is written to be obviously correct rather than fast: windows are kept in plain
/// arrays and scanned linearly, view trees are walked by recursion, and nothing is
/// cached. Each concern lives in its own file (`+Visibility`, `+KeyWindow`,
/// `+ViewTree`, `+HitTesting`, `+Touches`, `+Conversion`, `+Transforms`, `+SceneMoves`, `+Screens`,
/// `+Invariants`, `+Layout`),
/// and each rule is cited by its id where it is implemented.
///
/// Given a ``RuleRecorder`` (``ruleRecorder``), it reports every decision it takes as a
/// ``RuleOutcome`` next to the line that takes it (`+Outcomes` holds the longer
/// classifications). Recording never changes an answer; without a recorder it costs
/// one optional check per decision.
///
/// ```swift
/// let system = ReferenceWindowSystem()
/// _ = system.apply(.createWindow(name: "app", scene: "main",
///                                frame: Rect(0, 0, 100, 100), level: 0, withRootView: true))
/// _ = system.apply(.makeKeyAndVisible(window: "app"))
/// system.apply(.hit(at: Point(10, 10), scene: "main"))  // [hit -> app/app.root at 10 10]
/// ```
public final class ReferenceWindowSystem: WindowSystem, RuleOutcomeReporting {
    /// Scenes in creation order, `main` first (S1).
    var scenes: [SceneState]
    /// Connected screens in connection order, `main` first (D1).
    var screens = [ScreenState(name: mainScreenName, size: defaultScreenSize)]
    /// Names of screens ever disconnected (only for the D1 outcome).
    var everDisconnected: Set<String> = []
    /// Live windows by name. Released windows are removed (W7).
    var windows: [String: WindowState] = [:]
    /// Live views (not windows) by name. Removed views are removed (V3).
    var views: [String: ViewNode] = [:]
    /// Active touches, in the order they began.
    var touches: [ActiveTouch] = []
    /// The last `frontStamp` handed out; only ever grows.
    var lastStamp = 0
    /// Where decisions are reported; nil (the default) records nothing.
    public var ruleRecorder: RuleRecorder?

    /// A system holding one empty scene, `main`, of ``defaultSceneSize`` (S1).
    public init() {
        scenes = [SceneState(name: mainSceneName, size: defaultSceneSize)]
    }

    /// `"reference"`.
    public var engineName: String { "reference" }

    /// Applies one validated command and returns its observations in the canonical
    /// order of N2.
    public func apply(_ command: Command) -> [Observation] {
        if let recorder = ruleRecorder { recordNumbers(of: command, recorder) }
        switch command {
        case let .createScene(name, size):
            ruleRecorder?.record(.s1SceneCreated)
            scenes.append(SceneState(name: name, size: size))
            return []
        case let .createWindow(name, scene, frame, level, withRootView):
            createWindow(name: name, scene: scene, frame: frame, level: level, withRootView: withRootView)
            return []
        case let .createView(name, parent, frame):
            createView(name: name, parent: parent, frame: frame)
            return []

        case let .show(w): return show(window(w))
        case let .hide(w): return hide(window(w))
        case let .release(w): return release(window(w))
        case let .makeKey(w): return makeKey(window(w))
        case let .makeKeyAndVisible(w): return makeKeyAndVisible(window(w))
        case let .setLevel(w, level): return setLevel(window(w), to: level)
        case let .setPassthrough(w, enabled):
            window(w).isPassthrough = enabled
            return []

        case let .setFrame(target, frame):
            setFrame(target, to: frame)
            return []
        case let .setBoundsOrigin(target, origin):
            ruleRecorder?.record(windows[target] == nil ? .v4SetOnView : .v4SetOnWindow)
            node(target).boundsOrigin = origin
            return []
        case let .setAlpha(target, alpha):
            ruleRecorder?.record(windows[target] == nil ? .v4SetOnView : .v4SetOnWindow)
            node(target).alpha = clampedAlpha(alpha)
            return []
        case let .setHidden(target, hidden):
            return setHidden(target, hidden)
        case let .setInteraction(target, enabled):
            ruleRecorder?.record(windows[target] == nil ? .v4SetOnView : .v4SetOnWindow)
            node(target).isInteractionEnabled = enabled
            return []
        case let .setExclusiveTouch(target, enabled):
            ruleRecorder?.record(windows[target] == nil ? .v4SetOnView : .v4SetOnWindow)
            node(target).isExclusiveTouch = enabled
            return []
        case let .setMultipleTouch(target, enabled):
            ruleRecorder?.record(windows[target] == nil ? .v4SetOnView : .v4SetOnWindow)
            node(target).isMultipleTouchEnabled = enabled
            return []
        case let .setTransform(target, transform):
            setTransform(target, transform)
            return []
        case let .moveWindow(w, scene): return move(window(w), to: scene)
        case let .connectScreen(name, size): return connectScreen(name, size: size)
        case let .placeScene(scene, screen): return place(self.scene(scene), on: screen)
        case let .disconnectScreen(name): return disconnect(name)
        case let .remove(v): return remove(view(v))
        case let .bringToFront(v):
            bringToFront(view(v))
            return []
        case let .sendToBack(v):
            sendToBack(view(v))
            return []

        case let .touchBegan(id, point, scene): return touchBegan(id, at: point, in: self.scene(scene))
        case let .touchMoved(id, point): return touchMoved(id, to: point)
        case let .touchEnded(id, point): return touchEnded(id, at: point)
        case let .touchCancelled(id): return touchCancelled(id)
        case let .press(_, scene):
            // K1: the key window receives presses even when hidden.
            let key = self.scene(scene).keyWindow
            ruleRecorder?.record(key == nil ? .k1PressNoKeyWindow
                                 : key?.isVisible == true ? .k1PressToKeyWindow : .k1PressToHiddenKeyWindow)
            return [.press(window: key?.name)]

        case let .hit(point, scene):
            let target = routeTarget(point, in: self.scene(scene))
            ruleRecorder?.record(target == nil ? .t6HitNone : .t6HitAnswered)
            return [.hit(target)]
        case let .order(scene):
            let order = self.scene(scene).order.map(\.name)
            ruleRecorder?.record(order.isEmpty ? .q1OrderEmpty : .q1OrderNonEmpty)
            return [.order(scene: scene, windows: order)]
        case let .keyWindow(scene):
            let key = self.scene(scene).keyWindow?.name
            ruleRecorder?.record(key == nil ? .q2KeyWindowNone : .q2KeyWindowSome)
            return [.keyWindow(scene: scene, window: key)]
        case let .convert(point, from, to):
            return [.convert(convert(point, from: from, to: to))]
        }
    }

    /// Every scene in creation order: its visible windows front to back, its key
    /// window and its screen.
    public func snapshot() -> [SceneSnapshot] {
        scenes.map {
            SceneSnapshot(scene: $0.name, order: $0.order.map(\.name), keyWindow: $0.keyWindow?.name, screen: $0.screen)
        }
    }

    // MARK: Creation

    private func createWindow(name: String, scene: String, frame: Rect, level: Double, withRootView: Bool) {
        // W1: hidden, alpha 1, interaction on, not pass-through, bounds origin 0 0.
        ruleRecorder?.record(.w1WindowCreatedHidden)
        ruleRecorder?.record(Self.levelOutcome(level))
        let node = ViewNode(name: name, frame: frame, isHidden: true)
        let window = WindowState(node: node, scene: scene, level: level, frontStamp: nextStamp())
        windows[name] = window
        if withRootView {
            // W8: the first (back-most) subview, frame 0 0 W H.
            let root = ViewNode(name: name + ".root", frame: Rect(0, 0, frame.width, frame.height), isHidden: false)
            addSubview(root, to: node)
            window.rootView = root
        }
    }

    private func createView(name: String, parent: String, frame: Rect) {
        // V1: visible, alpha 1, interaction on, bounds origin 0 0, front-most.
        ruleRecorder?.record(.v1ViewAddedAtFront)
        addSubview(ViewNode(name: name, frame: frame, isHidden: false), to: node(parent))
    }

    private func addSubview(_ view: ViewNode, to parent: ViewNode) {
        views[view.name] = view
        view.superview = parent
        parent.subviews.append(view)
    }

    func nextStamp() -> Int {
        lastStamp += 1
        return lastStamp
    }

    /// G5: alpha is stored clamped to [0, 1].
    func clampedAlpha(_ alpha: Double) -> Double {
        if alpha < 0 {
            ruleRecorder?.record(.g5AlphaBelowZeroStoredAsZero)
            return 0
        }
        if alpha > 1 {
            ruleRecorder?.record(.g5AlphaAboveOneStoredAsOne)
            return 1
        }
        ruleRecorder?.record(.g5AlphaWithinRangeAsGiven)
        return alpha
    }

    // MARK: Name lookup
    // The validator guarantees every name is live and of the right kind, so a
    // failed lookup is a broken contract, not an input error.

    func window(_ name: String) -> WindowState {
        guard let window = windows[name] else { preconditionFailure("no live window '\(name)'") }
        return window
    }

    func view(_ name: String) -> ViewNode {
        guard let view = views[name] else { preconditionFailure("no live view '\(name)'") }
        return view
    }

    /// The node of a window or a view.
    func node(_ name: String) -> ViewNode {
        if let window = windows[name] { return window.node }
        return view(name)
    }

    func scene(_ name: String) -> SceneState {
        guard let scene = scenes.first(where: { $0.name == name }) else { preconditionFailure("no scene '\(name)'") }
        // S1: a scene of its own, not main's state.
        if let recorder = ruleRecorder, name != mainSceneName { recorder.record(.s1CommandInCreatedScene) }
        return scene
    }

    /// The window a node belongs to: the window whose node is at the top of its
    /// superview chain.
    func window(containing node: ViewNode) -> WindowState {
        var top = node
        while let parent = top.superview { top = parent }
        return window(top.name)
    }
}
