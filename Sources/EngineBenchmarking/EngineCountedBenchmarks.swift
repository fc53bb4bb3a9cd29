import InstructionCounting
import RoutingWorkloads
import WindowModel

/// An engine's instruction benchmarks: per workload and N, `route_WORKLOAD_N` (one
/// `hit` statement through `apply`) and one per update kind it takes
/// (`move_…`, `raise_…`, `hide_show_…`, `level_…`), each counted by callgrind
/// (``GateRun``) with the engine built outside the counted region.
public enum EngineCountedBenchmarks {
    /// The benchmarks `engine` can run on every kind and size (an update kind it cannot
    /// take is left out). Each workload is fitted here, to count its operations, and
    /// again in the child process that runs it.
    /// - Complexity: fits every workload once (O(windows + touches + updates) each).
    public static func runnable(_ engine: EngineFactory, kinds: [WorkloadKind], sizes: [Int], touches: Int,
                                updates: Int) -> [GateBenchmark] {
        var out: [GateBenchmark] = []
        for kind in kinds {
            for windows in sizes {
                let suffix = "_\(kind.rawValue)_\(label(windows))"
                let make: @Sendable () -> EngineWorkload? = {
                    try? EngineWorkload(kind: kind, windows: windows, touches: touches, updates: updates, engine: engine)
                }
                guard let fitted = make() else { continue }
                out.append(GateBenchmark(name: "route" + suffix, operation: "hit statement", operations: fitted.hits.count) {
                    guard let workload = make() else { return {} }
                    let system = engine.make()
                    for command in workload.build { _ = system.apply(command) }
                    let hits = workload.hits
                    return { for hit in hits { keepAlive(system.apply(hit)) } }
                })
                for (update, commands) in fitted.updates where !commands.isEmpty {
                    out.append(GateBenchmark(name: prefix(update) + suffix, operation: update.operation,
                                             operations: commands.count) {
                        guard let workload = make(), let timed = workload.updates.first(where: { $0.kind == update })
                        else { return {} }
                        let system = engine.make()
                        for command in workload.build { _ = system.apply(command) }
                        return { for command in timed.commands { keepAlive(system.apply(command)) } }
                    })
                }
            }
        }
        return out
    }

    static func prefix(_ kind: UpdateKind) -> String {
        switch kind {
        case .moveResize: return "move"
        case .raise: return "raise"
        case .hide, .show: return "hide_show"
        case .levelChange: return "level"
        }
    }

    /// `1k`, `10k`, or the number.
    static func label(_ windows: Int) -> String {
        windows >= 1000 && windows % 1000 == 0 ? "\(windows / 1000)k" : "\(windows)"
    }
}
