import WindowModel

// The reference model's state, as plain reference types. A window is a view (H5):
// its geometry, visibility and subviews live in a `ViewNode` like any other view's,
// and `WindowState` adds what only windows have. Nothing here is cached or indexed
// beyond the name tables: every answer is recomputed from these fields.

/// A view, or the view part of a window.
final class ViewNode {
    let name: String
    var frame: Rect
    /// The origin of `bounds`; its size is always `frame.size` (G4).
    var boundsOrigin = Point.zero
    var isHidden: Bool
    /// Always in `[0, 1]`: clamped when set (G5).
    var alpha = 1.0
    var isInteractionEnabled = true
    /// Applied about the bounds centre (A1, A2); the identity converts by G4.
    var transform = ViewTransform.identity
    /// T8: an exclusive-touch view tracks touches only alone in its window.
    var isExclusiveTouch = false
    /// T7: on by default (a decision: UIKit's default is off).
    var isMultipleTouchEnabled = true
    /// Back to front: the last element is the front-most subview (V1).
    var subviews: [ViewNode] = []
    /// The parent view or window; nil for a window's own node and for a removed view.
    /// Weak because the parent owns its subviews.
    weak var superview: ViewNode?
    /// False once the view was removed or its window released; a dead node must be
    /// unreachable (checked by the invariants).
    var isAlive = true

    init(name: String, frame: Rect, isHidden: Bool) {
        self.name = name
        self.frame = frame
        self.isHidden = isHidden
    }
}

/// What a window has beyond its view part.
final class WindowState {
    /// The window's view part: its frame, bounds origin, hidden flag, alpha,
    /// interaction and subviews.
    let node: ViewNode
    /// The scene the window is in; `move` changes it (M1).
    var scene: String
    var level: Double
    var isPassthrough = false
    /// The view installed by `root` (W8) while it is alive; T2 compares hits with it.
    var rootView: ViewNode?
    /// When the window last went to the front of its level (creation counts as the
    /// first time). The visible order must agree with (level, frontStamp); the
    /// layout uses it to place hidden windows.
    var frontStamp: Int
    var isAlive = true

    init(node: ViewNode, scene: String, level: Double, frontStamp: Int) {
        self.node = node
        self.scene = scene
        self.level = level
        self.frontStamp = frontStamp
    }

    var name: String { node.name }
    var isVisible: Bool { !node.isHidden }
}

/// One scene: its own window order, key window, key history (S1).
final class SceneState {
    let name: String
    let size: Size
    /// The visible windows, front to back (W3, W4, W5).
    var order: [WindowState] = []
    var keyWindow: WindowState?
    /// Windows in the order they last became key, oldest first, each at most once
    /// (K4). Released and moved-away windows are dropped from it (W7, M2), and a
    /// disconnection empties it (D3).
    var keyHistory: [WindowState] = []
    /// The screen the scene is on (D1, D2); `main` until placed elsewhere.
    var screen = mainScreenName

    init(name: String, size: Size) {
        self.name = name
        self.size = size
    }
}

/// A connected screen (D1).
final class ScreenState {
    let name: String
    let size: Size

    init(name: String, size: Size) {
        self.name = name
        self.size = size
    }
}

/// A touch between `began` and its end, bound to the window and view it hit (T3).
struct ActiveTouch {
    let id: TouchID
    let window: WindowState
    /// The view hit at `began`; the window's own node when the window itself was hit.
    let view: ViewNode
}
