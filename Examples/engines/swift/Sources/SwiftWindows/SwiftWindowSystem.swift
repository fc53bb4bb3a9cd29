#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WindowModel

/// Planted bugs for the examples' CI, for seeing a harness catch something: none unless
/// the environment asks, `SWINDOWS_BUGS=max-edge-in` (G2: maximum edges inside),
/// `oldest-successor` (K4: the oldest window of the key history takes over, not the
/// latest), or both, comma-separated. Read at run time, so one build serves the clean
/// engine and the buggy one (a compile-time flag would rebuild WindowLab with it).
enum PlantedBugs {
    static let names: Set<Substring> = {
        guard let raw = getenv("SWINDOWS_BUGS") else { return [] }
        return Set(String(cString: raw).split(separator: ","))
    }()
    static let maxEdgeIn = names.contains("max-edge-in")
    static let oldestSuccessor = names.contains("oldest-successor")
}

/// A small window engine in Swift, written from SEMANTICS.md (rule ids beside the
/// code): windows without views in one scene, their levels and visible order, the
/// key window and its history, notifications, hit queries. It declares only
/// `windows levels key hit`, so the harness sends it nothing else.
/// Planted bugs: `PlantedBugs` (none unless `SWINDOWS_BUGS` asks).
public final class SwiftWindowSystem: WindowSystem {
    public let engineName = "swindows"

    final class Window {
        let name: String
        var frame: Rect
        var level: Double
        var hidden = true   // W1: a new window is hidden
        init(name: String, frame: Rect, level: Double) {
            self.name = name
            self.frame = frame
            self.level = level
        }
    }

    /// Live windows by name.
    private var windows: [String: Window] = [:]
    /// Visible windows, back to front, sorted by level (W3).
    private var order: [Window] = []
    private var key: Window?
    /// K4: windows in the order they last became key, oldest first.
    private var history: [Window] = []

    public init() {}

    public func apply(_ command: Command) -> [Observation] {
        var out: [Observation] = []
        switch command {
        case let .createWindow(name, _, frame, level, _):
            windows[name] = Window(name: name, frame: frame, level: level)
        case let .show(name): show(windows[name]!, &out)
        case let .hide(name): hide(windows[name]!, &out)
        case let .setHidden(name, hidden): hidden ? hide(windows[name]!, &out) : show(windows[name]!, &out)   // W9
        case let .release(name): release(windows[name]!, &out)
        case let .makeKey(name): makeKey(windows[name]!, &out)
        case let .makeKeyAndVisible(name):
            let window = windows[name]!
            if window.hidden { show(window, &out) } else { bringToFront(window) }   // K3, W4
            makeKey(window, &out)
        case let .setFrame(name, frame): windows[name]?.frame = frame
        case let .setLevel(name, level): setLevel(windows[name]!, level)
        case let .hit(point, _): out.append(.hit(hit(point)))
        case .order: out.append(.order(scene: mainSceneName, windows: order.reversed().map(\.name)))
        case .keyWindow: out.append(.keyWindow(scene: mainSceneName, window: key?.name))
        default: break   // not declared: never sent
        }
        return out
    }

    public func snapshot() -> [SceneSnapshot] {
        [SceneSnapshot(scene: mainSceneName, order: order.reversed().map(\.name), keyWindow: key?.name)]
    }

    public func invariantViolations() -> [String] { [] }

    // MARK: Visibility and order (W3-W7, N1, N2)

    /// W4, W5: at the front of its level, behind every window of a higher level.
    private func insertAtFrontOfLevel(_ window: Window) {
        let index = order.firstIndex { $0.level > window.level } ?? order.count
        order.insert(window, at: index)
    }

    private func bringToFront(_ window: Window) {
        order.removeAll { $0 === window }
        insertAtFrontOfLevel(window)
    }

    private func show(_ window: Window, _ out: inout [Observation]) {
        guard window.hidden else { return }   // showing a visible window changes nothing
        window.hidden = false
        insertAtFrontOfLevel(window)
        out.append(.notify(window: window.name, .didBecomeVisible))
    }

    /// N2: a key window resigns first, then is hidden, then the successor becomes key.
    private func hide(_ window: Window, _ out: inout [Observation]) {
        guard !window.hidden else { return }  // K4: hiding a hidden window changes nothing
        window.hidden = true
        order.removeAll { $0 === window }
        if key === window {
            out.append(.notify(window: window.name, .didResignKey))
            out.append(.notify(window: window.name, .didBecomeHidden))
            handOver(leaving: window, &out)
        } else {
            out.append(.notify(window: window.name, .didBecomeHidden))
        }
    }

    /// W7: a visible window is hidden first; a hidden key window resigns.
    private func release(_ window: Window, _ out: inout [Observation]) {
        if !window.hidden {
            hide(window, &out)
        } else if key === window {
            out.append(.notify(window: window.name, .didResignKey))
            handOver(leaving: window, &out)
        }
        history.removeAll { $0 === window }
        windows[window.name] = nil
    }

    /// W6: a visible window goes to the front of its new level; the same level changes nothing.
    private func setLevel(_ window: Window, _ level: Double) {
        guard level != window.level else { return }
        window.level = level
        if !window.hidden { bringToFront(window) }
    }

    // MARK: The key window (K1-K4)

    private func makeKey(_ window: Window, _ out: inout [Observation]) {
        guard key !== window else { return }
        if let old = key { out.append(.notify(window: old.name, .didResignKey)) }
        becomeKey(window)
        out.append(.notify(window: window.name, .didBecomeKey))
    }

    private func becomeKey(_ window: Window) {
        key = window
        history.removeAll { $0 === window }
        history.append(window)
    }

    /// K4: the most recent other window in the history that is still visible.
    private func handOver(leaving: Window, _ out: inout [Observation]) {
        let candidates = PlantedBugs.oldestSuccessor ? Array(history) : Array(history.reversed())
        guard let next = candidates.first(where: { $0 !== leaving && !$0.hidden && windows[$0.name] === $0 }) else {
            key = nil
            return
        }
        becomeKey(next)
        out.append(.notify(window: next.name, .didBecomeKey))
    }

    // MARK: Hit testing (T6, H5, G2, G4)

    /// The front-most visible window that contains the point, with the point in its
    /// own space: `(p - frame) + bounds`, the bounds origin being 0 0 without views.
    private func hit(_ point: Point) -> Observation.Target? {
        for window in order.reversed() {
            let x = (point.x - window.frame.x) + 0, y = (point.y - window.frame.y) + 0
            let inside = PlantedBugs.maxEdgeIn
                ? 0 <= x && x <= window.frame.width && 0 <= y && y <= window.frame.height
                : 0 <= x && x < window.frame.width && 0 <= y && y < window.frame.height   // G2: half-open
            if inside { return Observation.Target(window: window.name, view: window.name, point: Point(x, y)) }
        }
        return nil
    }
}
