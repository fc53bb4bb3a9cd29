import IndexedEngine
import WindowModel

/// One peer index's figures as `Benchmarks/Peers/` prints them (one JSON line each).
public struct PeerTiming: Sendable, Codable {
    public var peer: String
    public var buildMs: Double
    public var route: LatencySummary
    public var move: LatencySummary?
    /// Points where the peer's window-level answer differed from the engine's,
    /// before and after the moves (0 and 0 when it agrees everywhere).
    public var mismatchesBefore: Int
    public var mismatchesAfter: Int

    public init(peer: String, buildMs: Double, route: LatencySummary, move: LatencySummary?,
                mismatchesBefore: Int, mismatchesAfter: Int) {
        (self.peer, self.buildMs, self.route, self.move) = (peer, buildMs, route, move)
        (self.mismatchesBefore, self.mismatchesAfter) = (mismatchesBefore, mismatchesAfter)
    }
}

/// The engine and its peers on one workload and N, measured in one run on the same
/// points and the same moves.
public struct PeerComparisonResult: Sendable, Codable {
    public var workload: String
    public var windows: Int
    public var visibleWindows: Int
    /// Building the whole engine from the workload's commands.
    public var engineBuildMs: Double
    /// `hitTarget(at:scene:)`: the full route, views and every rule included.
    public var engineRoute: LatencySummary
    /// The grid alone at window level (what the peers answer): see
    /// ``IndexedWindowSystem/windowLevelHit(x:y:scene:)``.
    public var engineGrid: LatencySummary
    /// The floor of the full route: reading the answer's cell and records when the
    /// answer is known (see ``IndexedWindowSystem/answerReadFloor(x:y:scene:window:view:)``),
    /// over the points that hit something.
    public var answerFloor: LatencySummary?
    /// Engine updates by ``UpdateKind`` (each one `apply` of a command); `moveResize`
    /// is timed on the very moves the peers make; ``PeerComparison/moveByHandle``, as many
    /// other moves (windows and frames of a seed of their own) through
    /// ``IndexedWindowSystem/setFrame(_:to:)`` just before them, then undone (no name
    /// lookup, as Box2D's `MoveProxy` takes a proxy id).
    public var engineUpdates: [String: LatencySummary]
    public var peers: [PeerTiming]
    /// The route answered with handles (``IndexedWindowSystem/hitHandles(at:scene:)``): the
    /// full route without its names. Nil from builds before it.
    public var engineRouteByHandle: LatencySummary?
    /// The same figures of a base build, when one was given (``BaseBuild``).
    public var base: BaseBuildFigures?

    public init(workload: String, windows: Int, visibleWindows: Int, engineBuildMs: Double, engineRoute: LatencySummary,
                engineGrid: LatencySummary, answerFloor: LatencySummary? = nil, engineUpdates: [String: LatencySummary],
                peers: [PeerTiming]) {
        (self.workload, self.windows, self.visibleWindows, self.engineBuildMs) = (workload, windows, visibleWindows, engineBuildMs)
        self.answerFloor = answerFloor
        (self.engineRoute, self.engineGrid, self.engineUpdates, self.peers) = (engineRoute, engineGrid, engineUpdates, peers)
    }
}

/// Runs the side-by-side comparison of `windowlab bench --peers`.
public enum PeerComparison {
    /// The key of moves by handle in ``PeerComparisonResult/engineUpdates``.
    public static let moveByHandle = "moveByHandle"

    /// Builds the workload on the indexed engine, times its full route, its grid at
    /// window level and its updates, writes the same windows, points and moves (with
    /// the engine's answers) as a ``PeerWorkloadFile`` and hands it to `runPeers`,
    /// which returns the peers' JSON lines (see ``PeerProcess``).
    /// - Complexity: O(n log n) to build, plus the timed operations.
    public static func run(_ kind: WorkloadKind, windows n: Int, touches: Int, moves: Int,
                           runPeers: ([UInt8]) throws -> [PeerTiming]) throws -> PeerComparisonResult {
        let workload = RoutingWorkload(kind: kind, windowCount: n, touchCount: touches)
        let commands = workload.commands()
        let points = workload.touchPoints, sceneName = workload.sceneName
        let start = monotonicNanoseconds()
        let engine = RoutingWorkload.build(IndexedWindowSystem(), commands)
        let buildMs = Double(monotonicNanoseconds() - start) / 1e6
        let scene = engine.sceneNumber(sceneName)

        var file = PeerWorkloadFile()
        let order = engine.snapshot().first { $0.scene == sceneName }?.order ?? []
        let frames = Dictionary(uniqueKeysWithValues: workload.windows.map { ($0.name, $0.frame) })
        var position: [String: Int32] = [:]
        for (i, name) in order.reversed().enumerated() {
            position[name] = Int32(i)
            file.windows.append(frames[name]!)
        }
        file.points = points
        func answers() -> [Int32] {
            points.map { p in
                let w = engine.windowLevelHit(x: p.x, y: p.y, scene: scene)
                return w < 0 ? -1 : position[engine.objectName(w)]!
            }
        }

        for p in points { keepAlive(engine.hitTarget(at: p, scene: sceneName)) }   // warm up
        let route = LatencySampler.sample(count: points.count) { i in
            keepAlive(engine.hitTarget(at: points[i], scene: sceneName))
        }
        for p in points { keepAlive(engine.hitHandles(at: p, scene: sceneName)) }
        let byHandleRoute = LatencySampler.sample(count: points.count) { i in
            keepAlive(engine.hitHandles(at: points[i], scene: sceneName))
        }
        for p in points { keepAlive(engine.windowLevelHit(x: p.x, y: p.y, scene: scene)) }
        let grid = LatencySampler.sample(count: points.count) { i in
            keepAlive(engine.windowLevelHit(x: points[i].x, y: points[i].y, scene: scene))
        }
        file.answersBefore = answers()
        let known = points.compactMap { p in engine.routedSlots(x: p.x, y: p.y, scene: scene).map { (p, $0) } }
        for (p, a) in known { keepAlive(engine.answerReadFloor(x: p.x, y: p.y, scene: scene, window: a.window, view: a.view)) }
        let floor = LatencySampler.sample(count: known.count) { i in
            let (p, a) = known[i]
            keepAlive(engine.answerReadFloor(x: p.x, y: p.y, scene: scene, window: a.window, view: a.view))
        }

        // Moves by handle first (a seed of their own; undone after, so the moves below start
        // from the scene the peers build), in the same state as the moves by name.
        let byHandle = LatencySummary(workload.timeMovesByHandle(on: engine, count: moves))
        let moveCommands = workload.updateCommands(.moveResize, count: moves)
        for case let .setFrame(name, rect) in moveCommands {
            file.moves.append(.init(window: UInt32(position[name]!), rect: rect))
        }
        let moveTimes = LatencySampler.sample(count: moveCommands.count) { i in keepAlive(engine.apply(moveCommands[i])) }
        file.answersAfter = answers()
        var updates = workload.timeUpdates(on: engine, count: moves, kinds: [.raise, .hide, .levelChange]).kinds
        updates[UpdateKind.moveResize.rawValue] = LatencySummary(moveTimes)
        updates[Self.moveByHandle] = byHandle

        let peers = try runPeers(file.encoded())
        var result = PeerComparisonResult(
            workload: kind.rawValue, windows: n, visibleWindows: order.count, engineBuildMs: buildMs,
            engineRoute: LatencySummary(route), engineGrid: LatencySummary(grid),
            answerFloor: floor.isEmpty ? nil : LatencySummary(floor), engineUpdates: updates,
            peers: peers)
        result.engineRouteByHandle = LatencySummary(byHandleRoute)
        return result
    }
}
