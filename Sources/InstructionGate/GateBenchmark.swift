import CommandGeneration
import IndexedEngine
import InstructionCounting
import ReferenceModel
import RoutingWorkloads
import WindowModel

/// The gate's benchmarks, in the order the thresholds file lists them.
public enum GateBenchmarks {
    /// Routed touches per routing benchmark.
    public static let touches = 2048
    /// Updates per update benchmark (hide/show and level changes in pairs: twice this many commands).
    public static let updates = 512

    /// Window counts the gate measures at (`1k`, `10k`, `100k`; a 100,000-window
    /// scene takes about 20 s to build under callgrind, outside the counted region).
    public static let sizes: [(label: String, windows: Int)] = [("1k", 1_000), ("10k", 10_000), ("100k", 100_000)]

    /// Generated cases per campaign benchmark, by profile (a small case costs about a
    /// hundredth of a scale case).
    public static let casesPerProfile: [GenerationProfile: Int] = [
        .small: 40, .crowd: 2, .lattice: 2, .parked: 2, .long: 2, .magnitudes: 4,
    ]

    /// The campaign seed of the campaign benchmarks.
    public static let campaignSeed: UInt64 = 7

    /// Every benchmark: routing, the grid alone and each kind of update on both
    /// workloads at each size, then one generated case of each profile.
    public static let all: [GateBenchmark] = {
        var out: [GateBenchmark] = []
        for kind in WorkloadKind.allCases {
            for (label, windows) in sizes {
                let suffix = "_\(kind.rawValue)_\(label)"
                out.append(route(kind, windows, name: "route" + suffix))
                out.append(routeByHandle(kind, windows, name: "route_handle" + suffix))
                out.append(gridQuery(kind, windows, name: "grid_query" + suffix))
                for (update, prefix) in [(UpdateKind.moveResize, "move"), (.raise, "raise"), (.hide, "hide_show"),
                                         (.levelChange, "level")] {
                    out.append(GateBenchmarks.update(update, kind, windows, name: prefix + suffix))
                }
                out.append(moveByHandle(kind, windows, name: "move_handle" + suffix))
            }
        }
        for profile in GenerationProfile.allCases {
            out.append(campaign(profile))
        }
        return out
    }()

    /// The benchmark called `name`, or nil.
    public static func named(_ name: String) -> GateBenchmark? { all.first { $0.name == name } }

    static func route(_ kind: WorkloadKind, _ windows: Int, name: String) -> GateBenchmark {
        GateBenchmark(name: name, operation: "routed touch", operations: touches) {
            let workload = RoutingWorkload(kind: kind, windowCount: windows, touchCount: touches)
            let engine = workload.makeIndexedEngine()
            let points = workload.touchPoints, scene = workload.sceneName
            return {
                for point in points { keepAlive(engine.hitTarget(at: point, scene: scene)) }
            }
        }
    }

    /// The route of ``route(_:_:name:)`` answered with handles (`hitHandles`): the same
    /// work without the answer's names. Written out beside `route` rather than sharing a
    /// loop that takes the call as a closure: the closure's call lands in the counted region
    /// (+14 to +19 instructions a route, tried).
    static func routeByHandle(_ kind: WorkloadKind, _ windows: Int, name: String) -> GateBenchmark {
        GateBenchmark(name: name, operation: "routed touch, answered with handles", operations: touches) {
            let workload = RoutingWorkload(kind: kind, windowCount: windows, touchCount: touches)
            let engine = workload.makeIndexedEngine()
            let points = workload.touchPoints, scene = workload.sceneName
            return {
                for point in points { keepAlive(engine.hitHandles(at: point, scene: scene)) }
            }
        }
    }

    /// The moves of `move_*` made through `setFrame(_:to:)` with each window's handle found
    /// before the counted region (as a compositor keeps a surface's id).
    static func moveByHandle(_ kind: WorkloadKind, _ windows: Int, name: String) -> GateBenchmark {
        GateBenchmark(name: name, operation: "move by handle", operations: updates) {
            let workload = RoutingWorkload(kind: kind, windowCount: windows, touchCount: 1)
            let engine = workload.makeIndexedEngine()
            let moves = workload.movesByHandle(on: engine, count: updates)
            precondition(moves.count == updates, "\(name): a move of a window the engine has no handle for")
            return {
                for move in moves { engine.setFrame(move.handle, to: move.frame) }
            }
        }
    }

    static func gridQuery(_ kind: WorkloadKind, _ windows: Int, name: String) -> GateBenchmark {
        GateBenchmark(name: name, operation: "grid query at window level", operations: touches) {
            let workload = RoutingWorkload(kind: kind, windowCount: windows, touchCount: touches)
            let engine = workload.makeIndexedEngine()
            let points = workload.touchPoints
            let scene = engine.sceneNumber(workload.sceneName)
            return {
                for point in points { keepAlive(engine.windowLevelHit(x: point.x, y: point.y, scene: scene)) }
            }
        }
    }

    static func update(_ update: UpdateKind, _ kind: WorkloadKind, _ windows: Int, name: String) -> GateBenchmark {
        let paired = update == .hide || update == .levelChange
        let count = paired ? 2 * updates : updates
        return GateBenchmark(name: name, operation: update.operation, operations: count) {
            let workload = RoutingWorkload(kind: kind, windowCount: windows, touchCount: 1)
            let engine = workload.makeIndexedEngine()
            let commands = workload.updateCommands(update, count: count)
            return {
                for command in commands { keepAlive(engine.apply(command)) }
            }
        }
    }

    static func campaign(_ profile: GenerationProfile) -> GateBenchmark {
        let cases = casesPerProfile[profile] ?? 2
        return GateBenchmark(name: "campaign_\(profile.rawValue)", operation: "generated \(profile.rawValue) case",
                             operations: cases) {
            // As `check` runs a case: both built-in engines, invariants on the profile's
            // cadence, rule outcomes recorded, past every difference.
            let engines = [EngineFactory(name: "reference") { ReferenceWindowSystem() },
                           EngineFactory(name: "indexed") { IndexedWindowSystem() }]
            return {
                for index in 0..<cases {
                    let seed = SeededRandom.caseSeed(campaignSeed, index)
                    keepAlive(profile.run(seed: seed, engines: engines, invariants: true, recordRules: true,
                                          continuing: true))
                }
            }
        }
    }
}
