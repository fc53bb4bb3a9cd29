import IndexedEngine
import ReferenceModel
import RoutingWorkloads
import WindowModel

// Plain functions the registrations call: set-up (built once per process and
// cached, outside any measured region) and the measured bodies.

/// Window counts each routing benchmark is registered for. `WINDOWLAB_BENCH_MAX_N`
/// caps them (CI uses 10000: the reference model's O(n^2) build at 100k takes tens
/// of seconds per workload).
let routingSizes: [Int] = {
    let cap = Int(getenvText("WINDOWLAB_BENCH_MAX_N") ?? "") ?? 100_000
    return [100, 1_000, 10_000, 100_000].filter { $0 <= cap }
}()

/// The largest registered size: where updates are measured.
var updateSize: Int { routingSizes.last ?? 100 }

/// One workload's scene on both engines, plus its touch points.
final class Scene: @unchecked Sendable {
    let workload: RoutingWorkload
    let reference: ReferenceWindowSystem?
    let indexed: IndexedWindowSystem

    init(_ kind: WorkloadKind, _ n: Int, reference wantReference: Bool) {
        workload = RoutingWorkload(kind: kind, windowCount: n, touchCount: 4096)
        let commands = workload.commands()
        indexed = RoutingWorkload.build(IndexedWindowSystem(), commands)
        reference = wantReference ? RoutingWorkload.build(ReferenceWindowSystem(), commands) : nil
        // Grow the indexed engine's query cursor to its working size.
        for p in workload.touchPoints { _ = indexed.hitTarget(at: p, scene: workload.sceneName) }
    }
}

/// Scenes are built on first use, so filtering with `--filter` builds only what runs.
nonisolated(unsafe) private var scenes: [String: Scene] = [:]

func scene(_ kind: WorkloadKind, _ n: Int, reference: Bool) -> Scene {
    let key = "\(kind.rawValue)-\(n)-\(reference)"
    if let cached = scenes[key] { return cached }
    let made = Scene(kind, n, reference: reference)
    scenes[key] = made
    return made
}

/// Routes touch `i` (cycling through the points) on the indexed engine.
@inline(__always)
func routeIndexed(_ s: Scene, _ i: Int) -> Observation.Target? {
    let points = s.workload.touchPoints
    return s.indexed.hitTarget(at: points[i % points.count], scene: s.workload.sceneName)
}

/// Routes touch `i` on the indexed engine, answered with handles.
@inline(__always)
func routeByHandle(_ s: Scene, _ i: Int) -> HandleHit? {
    let points = s.workload.touchPoints
    return s.indexed.hitHandles(at: points[i % points.count], scene: s.workload.sceneName)
}

/// Routes touch `i` on the reference model.
@inline(__always)
func routeReference(_ s: Scene, _ i: Int) -> Observation.Target? {
    let points = s.workload.touchPoints
    return s.reference!.hitTarget(at: points[i % points.count], scene: s.workload.sceneName)
}

/// A short label for N: 100, 1k, 10k, 100k.
func label(_ n: Int) -> String { n >= 1000 ? "\(n / 1000)k" : "\(n)" }

private func getenvText(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}

#if canImport(Glibc)
import Glibc
#endif
