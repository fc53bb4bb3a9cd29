import IndexedEngine
import ReferenceModel
import WindowModel

/// Every figure issue 5 asks for, for one workload and window count.
public struct RoutingResult: Sendable, Codable {
    public var workload: String
    public var windows: Int
    /// Windows actually shown (the rest are the hidden share).
    public var visibleWindows: Int
    public var reference: LatencySummary
    public var indexed: LatencySummary
    /// Reference p50 over indexed p50, both measured in this run on the same points.
    public var ratioP50: Double
    public var ratioP99: Double
    /// Whether both engines answered every timed point identically.
    public var enginesAgree: Bool
    /// Applying the whole command list to a fresh engine (create, views, show).
    public var indexedBuildMilliseconds: Double
    public var referenceBuildMilliseconds: Double
    /// The spatial index alone (per-window records, cell entries and runs,
    /// allocated slots included), per window.
    public var indexBytesPerWindow: Double
    /// Resident-memory growth while building the whole indexed engine (records,
    /// names, name table, order, index), per window: coarse (page granular, and
    /// includes freed-but-kept heap), meaningful from about 10k windows.
    public var indexedEngineResidentBytesPerWindow: Double
    /// Heap allocations per `hitTarget` on the indexed engine, counted by the
    /// caller's allocation counter; nil when none was given.
    public var allocationsPerTouch: Double?
    /// Indexed-engine updates by kind (see ``UpdateKind``); empty when skipped.
    public var updates: [String: LatencySummary]
    /// Mean cell entries tested and candidate windows reported per indexed query.
    public var indexedEntriesTestedMean: Double
    public var indexedCandidatesMean: Double
    /// The clock's own cost, already subtracted from every sample.
    public var clockOverheadNanoseconds: Double
}

/// How long to spend; the defaults finish N = 100 ... 100k, both workloads, in a
/// few minutes on 2 cores (dominated by building the reference model at 100k).
public struct RoutingBenchmarkOptions: Sendable {
    public var touches = 4096
    /// Wall-time budget for timing the reference model at one N (at least 100 samples).
    public var referenceBudgetSeconds = 1.5
    public var updateCount = 1000
    public var measureUpdates = true

    public init() {}
}

public enum RoutingBenchmark {
    /// Builds both engines, times routing on each over the same points, the index
    /// build and the updates. `countAllocations`, if given, returns a running count
    /// of heap allocations (the CLI interposes `malloc`).
    /// - Complexity: dominated by the reference build, O(n^2).
    public static func run(_ kind: WorkloadKind, windows n: Int, options: RoutingBenchmarkOptions = .init(),
                           countAllocations: (() -> Int)? = nil) -> RoutingResult {
        let workload = RoutingWorkload(kind: kind, windowCount: n, touchCount: options.touches)
        let commands = workload.commands()
        let points = workload.touchPoints, scene = workload.sceneName

        let heapBefore = residentBytes()
        var start = monotonicNanoseconds()
        let indexed = RoutingWorkload.build(IndexedWindowSystem(), commands)
        let indexedBuild = Double(monotonicNanoseconds() - start) / 1e6
        let heapGrowth = Double(residentBytes() - heapBefore)
        start = monotonicNanoseconds()
        let reference = RoutingWorkload.build(ReferenceWindowSystem(), commands)
        let referenceBuild = Double(monotonicNanoseconds() - start) / 1e6

        // Warm up: grows the query cursor to its working size, faults pages in.
        for p in points { keepAlive(indexed.hitTarget(at: p, scene: scene)) }
        var allocations: Double?
        if let countAllocations {
            let before = countAllocations()
            for p in points { keepAlive(indexed.hitTarget(at: p, scene: scene)) }
            allocations = Double(countAllocations() - before) / Double(points.count)
        }
        let indexedTimes = LatencySampler.sample(count: points.count) { i in
            keepAlive(indexed.hitTarget(at: points[i], scene: scene))
        }
        let referenceTimes = LatencySampler.sample(count: points.count, budgetSeconds: options.referenceBudgetSeconds) { i in
            keepAlive(reference.hitTarget(at: points[i], scene: scene))
        }
        var agree = true
        for p in points.prefix(referenceTimes.count) where reference.hitTarget(at: p, scene: scene) != indexed.hitTarget(at: p, scene: scene) {
            agree = false
        }
        var entriesTested = 0, candidates = 0
        for p in points {
            keepAlive(indexed.hitTarget(at: p, scene: scene))
            entriesTested += indexed.lastQueryStatistics.entriesTested
            candidates += indexed.lastQueryStatistics.leavesReported
        }
        let visible = indexed.indexedWindowCount(scene: scene)
        let referenceSummary = LatencySummary(referenceTimes), indexedSummary = LatencySummary(indexedTimes)
        let updates = options.measureUpdates ? workload.timeUpdates(on: indexed, count: options.updateCount).kinds : [:]
        return RoutingResult(
            workload: kind.rawValue, windows: n, visibleWindows: visible,
            reference: referenceSummary, indexed: indexedSummary,
            ratioP50: referenceSummary.p50 / max(indexedSummary.p50, 1),
            ratioP99: referenceSummary.p99 / max(indexedSummary.p99, 1),
            enginesAgree: agree,
            indexedBuildMilliseconds: indexedBuild, referenceBuildMilliseconds: referenceBuild,
            indexBytesPerWindow: Double(indexed.indexMemoryBytes(scene: scene)) / Double(n),
            indexedEngineResidentBytesPerWindow: heapGrowth / Double(n),
            allocationsPerTouch: allocations, updates: updates,
            indexedEntriesTestedMean: Double(entriesTested) / Double(points.count),
            indexedCandidatesMean: Double(candidates) / Double(points.count),
            clockOverheadNanoseconds: LatencySampler.clockOverhead)
    }
}
