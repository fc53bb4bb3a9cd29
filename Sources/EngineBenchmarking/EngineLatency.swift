import IndexedEngine
import RoutingWorkloads
import WindowModel

/// One engine's routing and update latency on one workload and N.
public struct EngineLatencyResult: Codable, Sendable {
    public var engine: String
    public var workload: String
    public var windows: Int
    /// Seconds to apply the build commands to a fresh engine.
    public var buildSeconds: Double
    /// Nanoseconds per `hit` statement (`apply`), the clock's own cost removed.
    public var route: LatencySummary
    /// Nanoseconds per update command, by kind (`moveResize`, `raise`, `hide`, `show`, `levelChange`).
    public var updates: [String: LatencySummary]
    /// Update kinds not measured, and why.
    public var leftOut: [String: String]
    /// Routed answers (window and view) that are the built-in indexed engine's on the
    /// same commands (a fast wrong answer is worth nothing; a declared deviation can
    /// explain a difference).
    public var answersAgreeing: Int
    public var answersCompared: Int
    /// Workload commands the engine was not sent (features it does not declare).
    public var skippedCommands: Int
}

/// Times an engine on an ``EngineWorkload``: each `hit` and each update one `apply`,
/// wall clock (`clock_gettime`), as `windowlab bench` times the indexed engine.
public enum EngineLatency {
    /// - Complexity: the workload's commands, applied once each (the updates after the routing).
    public static func measure(_ workload: EngineWorkload) -> EngineLatencyResult {
        let start = monotonicNanoseconds()
        let system = workload.engine.make()
        for command in workload.build { _ = system.apply(command) }
        let buildSeconds = Double(monotonicNanoseconds() &- start) / 1e9
        var answers = [[Observation]](repeating: [], count: workload.hits.count)
        let routeTimes = LatencySampler.sample(count: workload.hits.count) { i in
            answers[i] = system.apply(workload.hits[i])
        }
        let indexed = IndexedWindowSystem()
        for command in workload.build { _ = indexed.apply(command) }
        var agreeing = 0
        for (hit, answer) in zip(workload.hits, answers) where target(answer) == target(indexed.apply(hit)) {
            agreeing += 1
        }
        var updates: [String: LatencySummary] = [:]
        for (kind, commands) in workload.updates {
            let times = LatencySampler.sample(count: commands.count) { i in keepAlive(system.apply(commands[i])) }
            updates.merge(UpdateTimings.summaries(kind, times)) { $1 }
        }
        return EngineLatencyResult(
            engine: workload.engine.name, workload: workload.kind.rawValue, windows: workload.windows,
            buildSeconds: buildSeconds, route: LatencySummary(routeTimes), updates: updates,
            leftOut: Dictionary(uniqueKeysWithValues: workload.leftOut.map { ($0.key.rawValue, $0.value) }),
            answersAgreeing: agreeing, answersCompared: workload.hits.count, skippedCommands: workload.skipped)
    }

    /// The window and view a hit answered (its point left out: an engine of another
    /// numeric domain rounds it its own way).
    static func target(_ observations: [Observation]) -> [String] {
        observations.flatMap { observation -> [String] in
            if case let .hit(target) = observation { return [target?.window ?? "-", target?.view ?? "-"] }
            return ["\(observation)"]
        }
    }
}
