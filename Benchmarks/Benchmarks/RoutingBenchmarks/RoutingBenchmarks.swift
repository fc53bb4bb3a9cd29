import Benchmark
import IndexedEngine
import RoutingWorkloads
import WindowModel

// Registrations only; workloads and set-up live in Workloads.swift. Every closure
// builds (or fetches) its scene first, then starts the measurement, so set-up is
// never timed. Thresholds (Thresholds/) gate mallocCountTotal, the steady figure
// on a shared machine; times are reported, ratios are gated by check-thresholds.sh.
// Names use `_`, never `/` or a space: package-benchmark 1.38.1 writes threshold files
// with those turned into `_` but looks them up by the raw name (see check-thresholds.sh).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        maxDuration: .seconds(2),
        maxIterations: 100_000
    )

    for kind in WorkloadKind.allCases {
        for n in routingSizes {
            Benchmark("route_indexed_\(kind.rawValue)_\(label(n))") { benchmark in
                let s = scene(kind, n, reference: false)
                benchmark.startMeasurement()
                for i in benchmark.scaledIterations { blackHole(routeIndexed(s, i)) }
            }
            Benchmark("route_handle_indexed_\(kind.rawValue)_\(label(n))") { benchmark in
                let s = scene(kind, n, reference: false)
                benchmark.startMeasurement()
                for i in benchmark.scaledIterations { blackHole(routeByHandle(s, i)) }
            }
            Benchmark("route_reference_\(kind.rawValue)_\(label(n))",
                      configuration: .init(maxDuration: .seconds(2), maxIterations: n >= 10_000 ? 300 : 10_000)) { benchmark in
                let s = scene(kind, n, reference: true)
                benchmark.startMeasurement()
                for i in benchmark.scaledIterations { blackHole(routeReference(s, i)) }
            }
        }
        Benchmark("build_indexed_\(kind.rawValue)_\(label(updateSize))",
                  configuration: .init(maxDuration: .seconds(5), maxIterations: 5)) { benchmark in
            let commands = RoutingWorkload(kind: kind, windowCount: updateSize, touchCount: 1).commands()
            benchmark.startMeasurement()
            blackHole(RoutingWorkload.build(IndexedWindowSystem(), commands))
            benchmark.stopMeasurement()
        }
    }

    // Updates on the indexed engine at the largest size, desktop workload.
    for kind in [UpdateKind.moveResize, .raise, .hide, .levelChange] {
        Benchmark("update_indexed_desktop_\(label(updateSize))_\(kind.rawValue)",
                  configuration: .init(maxDuration: .seconds(2), maxIterations: 20_000)) { benchmark in
            let s = scene(.desktop, updateSize, reference: false)
            let commands = s.workload.updateCommands(kind, count: 4096)
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations { blackHole(s.indexed.apply(commands[i % commands.count])) }
        }
    }
    // The same moves through a handle found beforehand (`setFrame(_:to:)`).
    Benchmark("update_handle_indexed_desktop_\(label(updateSize))_moveResize",
              configuration: .init(maxDuration: .seconds(2), maxIterations: 20_000)) { benchmark in
        let s = scene(.desktop, updateSize, reference: false)
        let moves = s.workload.movesByHandle(on: s.indexed, count: 4096)
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            let move = moves[i % moves.count]
            s.indexed.setFrame(move.handle, to: move.frame)
        }
    }
}
