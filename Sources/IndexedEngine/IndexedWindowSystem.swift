import SpatialIndex
import WindowModel

/// The optimized engine: an independent implementation of `SEMANTICS.md` that routes
/// touches through a per-scene ``StackingGrid`` of the visible windows.
///
/// Each scene's grid holds one leaf per visible window with a conservative box (see
/// ``ConservativeBox``) and the window's stacking key (level, then sequence). A touch
/// asks the grid for candidate windows front to back (one cell, read from its front
/// end) and runs the exact hit test (G4, H1-H5, T2) on each until one answers, so
/// routing reads a few cell entries on desktop-like stacks instead of every window.
/// Names are looked up once per command; routing itself works on `Int32` slots and
/// allocates nothing.
///
/// ```swift
/// let system = IndexedWindowSystem()
/// _ = system.apply(.createWindow(name: "app", scene: "main",
///                                frame: Rect(0, 0, 100, 100), level: 0, withRootView: true))
/// _ = system.apply(.makeKeyAndVisible(window: "app"))
/// system.apply(.hit(at: Point(10, 10), scene: "main"))  // [hit -> app/app.root at 10 10]
/// ```
public final class IndexedWindowSystem: WindowSystem {
    /// Internal (not private): +Routing.swift reads it. Unchecked exclusivity: the
    /// class is not thread-safe (documented), every access is a single call that
    /// does not re-enter the engine, and the runtime check cost about 5% of a
    /// routed touch (measured with perf on the desktop workload at 10k windows).
    @exclusivity(unchecked) var state = EngineState(behavior: ShippedBehavior())

    /// A fresh engine with the scene `main`.
    public init() {}

    public var engineName: String { "indexed" }

    /// Applies one validated command; observations come in N2's canonical order.
    public func apply(_ command: Command) -> [Observation] {
        state.applied(command)
    }

    public func snapshot() -> [SceneSnapshot] {
        state.sceneSnapshots()
    }

    /// Index soundness (each grid's `checkInvariants()`), index/engine agreement
    /// (every visible window in its scene's index with its exact conservative box and
    /// z-key, nothing else there), the visible order, key state and view links.
    public func invariantViolations() -> [String] {
        state.invariantViolations()
    }

    /// Query statistics of the most recent routing query, for tests.
    package var lastQueryStatistics: GridQueryStatistics { state.lastQueryStatistics }

    /// Entries of the transform table, in use or free (for tests of its reuse).
    package var transformTableCount: Int { state.transforms.count }
}

extension IndexedWindowSystem {
    /// ``hitTarget(at:scene:)``'s answer and the same point routed by a linear
    /// scan of the visible order, as `window/view at x y` text (or nil): tests
    /// check that the index never changes an answer, bit for bit.
    package func routeBothWays(x: Double, y: Double, scene: String = mainSceneName) -> (indexed: String?, scanned: String?) {
        let index = state.sceneIndex(scene)
        let indexed = state.route(scene: index, x: x, y: y)
        let scanned = state.routeByScan(scene: index, x: x, y: y)
        return (state.target(of: indexed).map { Observation.hit($0).description },
                state.target(of: scanned).map { Observation.hit($0).description })
    }

    /// The conservative index box of a window with this frame and bounds origin.
    package static func conservativeBox(frame: Rect, boundsOrigin: Point) -> IndexBox {
        ConservativeBox.box(frameX: frame.x, frameY: frame.y, width: frame.width, height: frame.height,
                            boundsX: boundsOrigin.x, boundsY: boundsOrigin.y)
    }
}

extension IndexedWindowSystem: ProbeHinting {
    /// The scene grid's region edges and cell borders (``StackingGrid/probeLines``):
    /// where an off-by-one in the grid's cell or filter arithmetic would show.
    public func probeHints(scene: String) -> ProbeHints {
        state.probeHints(scene: scene)
    }
}

/// The indexed engine with another ``EngineBehavior`` than the shipped one: how a
/// test build plants a wrong decision (module `IndexedEngineMutants`). Answers as
/// ``IndexedWindowSystem`` does, through the same state.
package final class IndexedEngineVariant<Behavior: EngineBehavior>: WindowSystem, ProbeHinting {
    var state: EngineState<Behavior>
    package let engineName: String

    package init(behavior: Behavior, name: String) {
        state = EngineState(behavior: behavior)
        engineName = name
    }

    package func apply(_ command: Command) -> [Observation] { state.applied(command) }
    package func snapshot() -> [SceneSnapshot] { state.sceneSnapshots() }
    package func invariantViolations() -> [String] { state.invariantViolations() }
    package func probeHints(scene: String) -> ProbeHints { state.probeHints(scene: scene) }
}

extension EngineState {
    /// The observations of one validated command, in N2's canonical order.
    mutating func applied(_ command: Command) -> [Observation] {
        var out: [Observation] = []
        apply(command, into: &out)
        return out
    }

    /// Every scene's order, key window and screen, in creation order.
    func sceneSnapshots() -> [SceneSnapshot] {
        scenes.indices.map { index in
            let key = scenes[index].key
            return SceneSnapshot(scene: scenes[index].name, order: frontToBack(index),
                                 keyWindow: key == Self.null ? nil : names[Int(key)],
                                 screen: screenName(ofNumber: scenes[index].screen))
        }
    }

    /// The scene grid's region edges and cell borders.
    func probeHints(scene: String) -> ProbeHints {
        guard let index = scenes.firstIndex(where: { $0.name == scene }) else { return .none }
        let lines = scenes[index].index.probeLines
        return ProbeHints(xs: lines.xs, ys: lines.ys)
    }
}
