/// One line of a trace: what a statement made happen or answered.
///
/// ``description`` is the exact text `windowlab run` prints. Engines are compared on
/// that text, which compares coordinates bit for bit (`-0` differs from `0`).
public enum Observation: Hashable, Sendable, CustomStringConvertible {
    /// `touch ID began -> W/V at X Y`, or `-> none` when `target` is nil.
    case touchBegan(TouchID, Target?)
    /// `touch ID moved -> W/V at X Y`
    case touchMoved(TouchID, Target)
    /// `touch ID ended -> W/V at X Y`
    case touchEnded(TouchID, Target)
    /// `touch ID cancelled -> W/V` (the point is not printed)
    case touchCancelled(TouchID, window: String, view: String)
    /// `touch ID PHASE -> ignored`
    case touchIgnored(TouchID, TouchPhase)
    /// `press -> W` or `press -> none`
    case press(window: String?)
    /// `hit -> W/V at X Y` or `hit -> none`
    case hit(Target?)
    /// `notify W didBecomeVisible` and the other three.
    case notify(window: String, WindowNotification)
    /// `order SCENE: W1 W2 W3`, front to back.
    case order(scene: String, windows: [String])
    /// `keyWindow SCENE -> W` or `-> none`
    case keyWindow(scene: String, window: String?)
    /// `convert -> X Y`
    case convert(Point)

    /// Where a touch or hit landed: a window, the view hit in it (the window's own
    /// name when no subview was hit), and the point in that view's coordinates.
    public struct Target: Hashable, Sendable {
        public var window: String
        public var view: String
        public var point: Point

        public init(window: String, view: String, point: Point) {
            self.window = window
            self.view = view
            self.point = point
        }

        var text: String {
            "\(window)/\(view) at \(NumberText.format(point.x)) \(NumberText.format(point.y))"
        }
    }

    public var description: String {
        switch self {
        case let .touchBegan(id, target):
            return "touch \(id) began -> \(target?.text ?? "none")"
        case let .touchMoved(id, target):
            return "touch \(id) moved -> \(target.text)"
        case let .touchEnded(id, target):
            return "touch \(id) ended -> \(target.text)"
        case let .touchCancelled(id, window, view):
            return "touch \(id) cancelled -> \(window)/\(view)"
        case let .touchIgnored(id, phase):
            return "touch \(id) \(phase.rawValue) -> ignored"
        case let .press(window):
            return "press -> \(window ?? "none")"
        case let .hit(target):
            return "hit -> \(target?.text ?? "none")"
        case let .notify(window, notification):
            return "notify \(window) \(notification.rawValue)"
        case let .order(scene, windows):
            return windows.isEmpty ? "order \(scene):" : "order \(scene): " + windows.joined(separator: " ")
        case let .keyWindow(scene, window):
            return "keyWindow \(scene) -> \(window ?? "none")"
        case let .convert(point):
            return "convert -> \(NumberText.format(point.x)) \(NumberText.format(point.y))"
        }
    }
}

/// The phases of a touch, as scenarios and traces spell them.
public enum TouchPhase: String, Hashable, Sendable, CaseIterable {
    case began, moved, ended, cancelled
}

/// The four window notifications, as traces spell them.
public enum WindowNotification: String, Hashable, Sendable, CaseIterable {
    case didBecomeVisible, didBecomeHidden, didBecomeKey, didResignKey
}
