/// One command of a scenario (a ``Statement`` that is not an ``Expectation``):
/// the canonical representation of a test case.
///
/// A command list is what people write (as `.wls` text), what the generator makes,
/// what the fuzz decoder produces and what the shrinker edits. Engines receive
/// commands one at a time through ``WindowSystem/apply(_:)``; every command they
/// receive has passed ``CommandValidator``, so names always refer to live objects.
///
/// Defaults are stored explicitly (`scene` is `"main"` when a statement leaves it
/// out, a scene's size is `1000 x 1000`), so two texts that mean the same thing
/// parse to the same command.
public enum Command: Hashable, Sendable {
    // MARK: Setup
    /// `scene NAME [size W H]`
    case createScene(name: String, size: Size)
    /// `window NAME [in SCENE] frame X Y W H [level L] [root]`; `withRootView`
    /// installs a root view named `NAME.root` with frame `0 0 W H`.
    case createWindow(name: String, scene: String, frame: Rect, level: Double, withRootView: Bool)
    /// `view NAME in PARENT frame X Y W H`: the new front-most subview of PARENT.
    case createView(name: String, parent: String, frame: Rect)

    // MARK: Changes
    case show(window: String)
    case hide(window: String)
    case release(window: String)
    case makeKey(window: String)
    case makeKeyAndVisible(window: String)
    /// `set T frame X Y W H` (window or view)
    case setFrame(target: String, frame: Rect)
    /// `set T origin X Y`: the bounds origin (scroll offset) of a window or view.
    case setBoundsOrigin(target: String, origin: Point)
    /// `set T alpha A`: stored as written; engines clamp to [0, 1].
    case setAlpha(target: String, alpha: Double)
    case setHidden(target: String, hidden: Bool)
    case setInteraction(target: String, enabled: Bool)
    case setLevel(window: String, level: Double)
    case setPassthrough(window: String, enabled: Bool)
    /// `remove V`: removeFromSuperview; V and its subtree are gone.
    case remove(view: String)
    /// `front V`: bringSubviewToFront within V's parent.
    case bringToFront(view: String)
    /// `back V`: sendSubviewToBack within V's parent.
    case sendToBack(view: String)
    /// `set T exclusiveTouch on|off` (window or view; T8).
    case setExclusiveTouch(target: String, enabled: Bool)
    /// `set T multipleTouch on|off` (window or view; T7).
    case setMultipleTouch(target: String, enabled: Bool)
    /// `set T transform A B C D TX TY` (window or view; A1). The `scale`, `rotate`,
    /// `translate` and `identity` forms of the language parse to this command.
    case setTransform(target: String, transform: ViewTransform)
    /// `move W to SCENE`: the window joins another scene (M1-M3).
    case moveWindow(window: String, scene: String)

    // MARK: Screens
    /// `screen NAME [size W H]`: connects a screen (D1).
    case connectScreen(name: String, size: Size)
    /// `place SCENE on SCREEN`: the scene goes to a connected screen (D2).
    case placeScene(scene: String, screen: String)
    /// `disconnect SCREEN`: a screen other than `main` goes away (D3).
    case disconnectScreen(name: String)

    // MARK: Events
    /// `touch ID began X Y [in SCENE]`
    case touchBegan(id: TouchID, at: Point, scene: String)
    case touchMoved(id: TouchID, to: Point)
    case touchEnded(id: TouchID, at: Point)
    case touchCancelled(id: TouchID)
    /// `press KEY [in SCENE]`: a non-touch event for the scene's key window.
    case press(key: String, scene: String)

    // MARK: Queries
    /// `hit X Y [in SCENE]`: what a touch beginning here would hit; binds nothing.
    case hit(at: Point, scene: String)
    case order(scene: String)
    case keyWindow(scene: String)
    /// `convert X Y from A to B`
    case convert(point: Point, from: CoordinateSpace, to: CoordinateSpace)
}

/// The implicit scene every scenario has.
public let mainSceneName = "main"

/// The size of a scene when `scene NAME` gives none, and of `main`.
public let defaultSceneSize = Size(1000, 1000)

/// The device's own screen, always connected; every scene starts on it (D1).
public let mainScreenName = "main"

/// The size of a screen when `screen NAME` gives none, and of the main screen.
public let defaultScreenSize = Size(1000, 1000)

/// Where a `convert` starts or ends: the screen, or a named window or view.
public enum CoordinateSpace: Hashable, Sendable {
    case screen
    case named(String)

    /// The word a scenario uses for the screen; no window or view may take it.
    public static let screenKeyword = "screen"
}

/// A touch identifier as a scenario writes it: digits (`1`, `42`) or a name (`f1`).
///
/// Plain data. The order in which one command's cancellations are reported (T5) is
/// a rule, so each engine implements it itself; the differential test then checks
/// the two implementations against each other.
public struct TouchID: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }
    public init(_ number: Int) { self.text = String(number) }

    public var description: String { text }
}
