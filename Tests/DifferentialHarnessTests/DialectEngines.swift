import IndexedEngine
import WindowModel

/// The indexed engine speaking one dialect of a real window system (an X server's, a
/// browser's), as SEMANTICS.md's "Declared deviations" describes it: what the
/// dialect tests run, undeclared, declared, and declared with a bug beside it.
final class DialectEngine: WindowSystem {
    enum Dialect: Sendable {
        /// K1: with no key window, a press goes to the window under the last touch.
        case pressUnderPointer
        /// K2: `makeKey` of a hidden window does nothing.
        case hiddenCannotBeKey
        /// T1: one pointer with an implicit grab: a `began` while another touch is down
        /// goes to the view the first one went to, as do its later phases; hiding or
        /// removing a view ends its touches without a cancellation, and hiding or
        /// removing the grab's view (or what holds it) ends the grab: the next touch
        /// starts one of its own.
        case onePointer
        /// T3: a `moved` to the point the touch already holds posts nothing.
        case silentSameMove
        /// T4: a `began` on nothing holds its id until it ends: its `moved` posts
        /// nothing, and another `began` of it is ignored.
        case heldOnNothing
    }

    let dialect: Dialect
    private let base = IndexedWindowSystem()
    /// Where each touch is (the last point it was given), and its scene.
    private var touchPoints: [TouchID: (point: Point, scene: String)] = [:]
    private var lastTouch: (point: Point, scene: String)?
    /// Touches bound to a view (T1), and those held on nothing (T4).
    private var down: Set<TouchID> = []
    private var heldOnNothing: Set<TouchID> = []
    /// T1: the view the pointer's grab holds (the first touch's), and the touches it bound.
    private var grab: (window: String, view: String)?
    private var grabEnded = false
    private var grabBound: Set<TouchID> = []
    private var windowNames: Set<String> = []
    private var parents: [String: String] = [:]

    /// A bug planted in the T1 grab's answers only (a later touch's x one step too
    /// large): what a generated case must reach past the declaration.
    let grabPointOff: Bool

    init(_ dialect: Dialect, grabPointOff: Bool = false) {
        self.dialect = dialect
        self.grabPointOff = grabPointOff
    }

    var engineName: String { "dialect" }
    func snapshot() -> [SceneSnapshot] { base.snapshot() }
    func invariantViolations() -> [String] { base.invariantViolations() }

    func apply(_ command: Command) -> [Observation] {
        if let answer = dialectAnswer(command) { return answer }
        var observations = base.apply(command)
        switch (dialect, command) {
        case let (.onePointer, .setHidden(target, true)) where !isWindow(command), let (.onePointer, .remove(target)):
            // No cancellation is posted; the grab ends if its view went.
            let cancelled = observations.compactMap { if case let .touchCancelled(id, _, _) = $0 { id } else { nil } }
            down.subtract(cancelled)
            observations.removeAll { if case .touchCancelled = $0 { true } else { false } }
            if isOnGrabPath(target) { (grab, grabEnded) = (nil, true) }
        case let (.onePointer, .setHidden(target, true)), let (.onePointer, .hide(target)),
             let (.onePointer, .release(target)):
            if isOnGrabPath(target) { (grab, grabEnded) = (nil, true) }
        case (.onePointer, .moveWindow), (.onePointer, .placeScene), (.onePointer, .disconnectScreen):
            (grab, grabEnded) = (nil, true)
        default: break
        }
        note(command, observations)
        return observations
    }

    /// The dialect's own answer to `command`, or nil when it answers as the model does.
    private func dialectAnswer(_ command: Command) -> [Observation]? {
        switch (dialect, command) {
        case let (.pressUnderPointer, .press(_, scene)):
            let answer = base.apply(command)
            guard answer == [.press(window: nil)], let lastTouch, lastTouch.scene == scene,
                  case let .hit(target?)? = base.apply(.hit(at: lastTouch.point, scene: scene)).first else { return nil }
            return [.press(window: target.window)]
        case let (.hiddenCannotBeKey, .makeKey(window)):
            return base.snapshot().contains { $0.order.contains(window) } ? nil : []
        case let (.onePointer, .touchBegan(id, point, _)) where !down.isEmpty && !down.contains(id) && !grabEnded:
            guard let grab, let target = grabTarget(grab, point) else { return nil }
            grabBound.insert(id)
            down.insert(id)
            return [.touchBegan(id, target)]
        case let (.onePointer, .touchBegan(id, _, _)) where grabBound.contains(id):
            return [.touchIgnored(id, .began)]
        case let (.onePointer, .touchMoved(id, point)) where grabBound.contains(id):
            return grab.flatMap { grabTarget($0, point) }.map { [.touchMoved(id, $0)] } ?? []
        case let (.onePointer, .touchEnded(id, point)) where grabBound.contains(id):
            defer { endGrabbed(id) }
            return grab.flatMap { grabTarget($0, point) }.map { [.touchEnded(id, $0)] } ?? []
        case let (.onePointer, .touchCancelled(id)) where grabBound.contains(id):
            defer { endGrabbed(id) }
            return grab.map { [.touchCancelled(id, window: $0.window, view: $0.view)] } ?? []
        case let (.silentSameMove, .touchMoved(id, point)) where touchPoints[id]?.point == point:
            return []
        case let (.heldOnNothing, .touchMoved(id, _)) where heldOnNothing.contains(id):
            return []
        case let (.heldOnNothing, .touchEnded(id, _)) where heldOnNothing.contains(id),
             let (.heldOnNothing, .touchCancelled(id)) where heldOnNothing.contains(id):
            heldOnNothing.remove(id)
            return []
        case let (.heldOnNothing, .touchBegan(id, _, _)) where heldOnNothing.contains(id):
            return [.touchIgnored(id, .began)]
        default:
            return nil
        }
    }

    private func note(_ command: Command, _ observations: [Observation]) {
        switch command {
        case let .createWindow(name, _, _, _, root):
            windowNames.insert(name)
            if root { parents[name + ".root"] = name }
        case let .createView(name, parent, _):
            parents[name] = parent
        case let .touchBegan(id, point, scene):
            lastTouch = (point, scene)
            for case let .touchBegan(began, target?) in observations where began == id {
                if down.isEmpty || grabEnded { (grab, grabEnded) = ((target.window, target.view), false) }
                down.insert(id)
                touchPoints[id] = (point, scene)
            }
            if observations == [.touchBegan(id, nil)] { heldOnNothing.insert(id) }
        case let .touchMoved(id, point), let .touchEnded(id, point):
            if let scene = touchPoints[id]?.scene { touchPoints[id] = (point, scene) }
            if let scene = lastTouch?.scene { lastTouch = (point, scene) }
        default: break
        }
        for observation in observations {
            switch observation {
            case let .touchEnded(id, _), let .touchCancelled(id, _, _):
                down.remove(id)
                touchPoints[id] = nil
                if down.isEmpty { (grab, grabEnded) = (nil, false) }
            default: break
            }
        }
    }

    /// T1: where a touch bound to the grab's view is, by the engine's own conversion.
    private func grabTarget(_ grab: (window: String, view: String), _ point: Point) -> Observation.Target? {
        guard case let .convert(local)? = base.apply(.convert(point: point, from: .screen, to: .named(grab.view))).first
        else { return nil }
        return Observation.Target(window: grab.window, view: grab.view,
                                  point: grabPointOff ? Point(local.x.nextUp, local.y) : local)
    }

    private func endGrabbed(_ id: TouchID) {
        grabBound.remove(id)
        down.remove(id)
        if down.isEmpty { (grab, grabEnded) = (nil, false) }
    }

    /// Whether `target` is the grab's view, an ancestor of it, or its window.
    private func isOnGrabPath(_ target: String) -> Bool {
        guard let grab else { return false }
        var view: String? = grab.view
        while let each = view {
            if each == target { return true }
            view = parents[each]
        }
        return target == grab.window
    }

    private func isWindow(_ command: Command) -> Bool {
        guard case let .setHidden(target, _) = command else { return false }
        return windowNames.contains(target)
    }
}
