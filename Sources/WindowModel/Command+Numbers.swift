/// The numeric fields of a command, read and written in one fixed order, so the
/// shrinker can simplify values without knowing what any of them mean.
extension Command {
    /// Every number in the command, in a fixed order.
    public var numbers: [Double] {
        switch self {
        case let .createScene(_, size), let .connectScreen(_, size): return [size.width, size.height]
        case let .createWindow(_, _, frame, level, _): return Self.numbers(of: frame) + [level]
        case let .createView(_, _, frame), let .setFrame(_, frame): return Self.numbers(of: frame)
        case let .setBoundsOrigin(_, point), let .touchBegan(_, point, _), let .touchMoved(_, point),
             let .touchEnded(_, point), let .hit(point, _), let .convert(point, _, _):
            return [point.x, point.y]
        case let .setAlpha(_, value), let .setLevel(_, value): return [value]
        case let .setTransform(_, transform): return transform.numbers
        default: return []
        }
    }

    /// The same command with its numbers replaced, in the order of ``numbers``.
    public func replacingNumbers(_ n: [Double]) -> Command {
        precondition(n.count == numbers.count, "replacingNumbers needs \(numbers.count) numbers")
        switch self {
        case let .createScene(name, _): return .createScene(name: name, size: Size(n[0], n[1]))
        case let .connectScreen(name, _): return .connectScreen(name: name, size: Size(n[0], n[1]))
        case let .createWindow(name, scene, _, _, root):
            return .createWindow(name: name, scene: scene, frame: Rect(n[0], n[1], n[2], n[3]), level: n[4], withRootView: root)
        case let .createView(name, parent, _): return .createView(name: name, parent: parent, frame: Rect(n[0], n[1], n[2], n[3]))
        case let .setFrame(target, _): return .setFrame(target: target, frame: Rect(n[0], n[1], n[2], n[3]))
        case let .setBoundsOrigin(target, _): return .setBoundsOrigin(target: target, origin: Point(n[0], n[1]))
        case let .touchBegan(id, _, scene): return .touchBegan(id: id, at: Point(n[0], n[1]), scene: scene)
        case let .touchMoved(id, _): return .touchMoved(id: id, to: Point(n[0], n[1]))
        case let .touchEnded(id, _): return .touchEnded(id: id, at: Point(n[0], n[1]))
        case let .hit(_, scene): return .hit(at: Point(n[0], n[1]), scene: scene)
        case let .convert(_, from, to): return .convert(point: Point(n[0], n[1]), from: from, to: to)
        case let .setAlpha(target, _): return .setAlpha(target: target, alpha: n[0])
        case let .setLevel(window, _): return .setLevel(window: window, level: n[0])
        case let .setTransform(target, _):
            return .setTransform(target: target, transform: ViewTransform(n[0], n[1], n[2], n[3], n[4], n[5]))
        default: return self
        }
    }

    private static func numbers(of rect: Rect) -> [Double] { [rect.x, rect.y, rect.width, rect.height] }
}

extension Command {
    /// The command's kind as its case name (`hit`, `setFrame`): what groups
    /// divergences and what the shrinker deletes a whole kind of.
    /// (A switch, not `String(describing:)`: every statement of a campaign is counted by it.)
    public var kindName: String {
        switch self {
        case .createScene: "createScene"
        case .createWindow: "createWindow"
        case .createView: "createView"
        case .show: "show"
        case .hide: "hide"
        case .release: "release"
        case .makeKey: "makeKey"
        case .makeKeyAndVisible: "makeKeyAndVisible"
        case .setFrame: "setFrame"
        case .setBoundsOrigin: "setBoundsOrigin"
        case .setAlpha: "setAlpha"
        case .setHidden: "setHidden"
        case .setInteraction: "setInteraction"
        case .setLevel: "setLevel"
        case .setPassthrough: "setPassthrough"
        case .remove: "remove"
        case .bringToFront: "bringToFront"
        case .sendToBack: "sendToBack"
        case .setExclusiveTouch: "setExclusiveTouch"
        case .setMultipleTouch: "setMultipleTouch"
        case .setTransform: "setTransform"
        case .moveWindow: "moveWindow"
        case .connectScreen: "connectScreen"
        case .placeScene: "placeScene"
        case .disconnectScreen: "disconnectScreen"
        case .touchBegan: "touchBegan"
        case .touchMoved: "touchMoved"
        case .touchEnded: "touchEnded"
        case .touchCancelled: "touchCancelled"
        case .press: "press"
        case .hit: "hit"
        case .order: "order"
        case .keyWindow: "keyWindow"
        case .convert: "convert"
        }
    }
}

extension Command {
    /// Whether the command only asks (`hit`, `order`, `keyWindow`, `convert`, `press`):
    /// it changes no state, so an engine that does not answer it (`unsupported`) is
    /// still in the state the others are in.
    public var isQuery: Bool {
        switch self {
        case .hit, .order, .keyWindow, .convert, .press: return true
        default: return false
        }
    }
}
