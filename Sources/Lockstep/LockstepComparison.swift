import WindowModel

/// How one step of a lockstep run is compared: each engine's observations and
/// snapshot against the first engine's, under the deviations the pair declares
/// (see ``EngineDeviation``; the first engine's own count for every pair).
struct LockstepComparison {
    /// For engine `i`: the deviations of engine 0 and engine `i` together.
    let deviations: [Set<EngineDeviation>]
    private(set) var tracker: DeviationTracker
    /// Whether a declared deviation left part of this step uncompared on some engine.
    private(set) var relaxedThisStep = false
    /// The two lines that differed at the last observation difference (nil for a missing line).
    private(set) var differingLines: (expected: Observation?, got: Observation?) = (nil, nil)

    init(engines: [EngineFactory]) {
        let base = engines[0].deviations
        deviations = engines.map { base.union($0.deviations) }
        tracker = DeviationTracker(tracked: engines.allDeviations)
    }

    /// Whether any pair compares less than everything.
    var relaxes: Bool { deviations.contains { !$0.isEmpty } }

    mutating func begin(_ command: Command, baseline: [Observation], routing: (any RoutingCandidatesReporting)?) {
        relaxedThisStep = false
        tracker.begin(command, baseline: baseline, routing: routing)
    }

    mutating func end(_ command: Command) { tracker.end(command) }

    /// The first part of engine `i`'s observations that differs from `expected`, or nil.
    mutating func difference(_ command: Command, expected: [Observation], got: [Observation], engine i: Int)
        -> Difference?
    {
        let relaxed = deviations[i]
        let want = compared(expected, command, relaxed), have = compared(got, command, relaxed)
        if !relaxed.isEmpty, want.count != expected.count || (relaxed.contains(.n2) && want != expected)
            || (relaxed.contains(.q3) && expected.contains { if case .convert = $0 { true } else { false } }) {
            relaxedThisStep = true
        }
        for index in 0..<max(want.count, have.count) {
            differingLines = (index < want.count ? want[index] : nil, index < have.count ? have[index] : nil)
            guard index < have.count else { return .observation(.init(want[index]), .missing) }
            guard index < want.count else { return .observation(.init(have[index]), .extra) }
            let (e, g) = (want[index], have[index])
            if Self.agree(e, g, relaxed) { continue }
            let kind = Difference.ObservationKind(e)
            return .observation(kind, kind == .init(g) ? Difference.between(expected: e, got: g) : .line)
        }
        return nil
    }

    /// The first part of a snapshot that differs, or nil.
    mutating func difference(baseline: [SceneSnapshot], state: [SceneSnapshot], engine i: Int) -> Difference? {
        guard baseline.count == state.count else { return .state(.scenes) }
        let relaxed = deviations[i]
        if relaxed.contains(.w4) || (relaxed.contains(.k4) && !tracker.unpinnedKeyScenes.isEmpty) {
            relaxedThisStep = true
        }
        for (a, b) in zip(baseline, state) {
            if a.scene != b.scene { return .state(.scenes) }
            if a.order != b.order && !relaxed.contains(.w4) { return .state(.order) }
            if a.keyWindow != b.keyWindow
                && !(relaxed.contains(.k4) && tracker.unpinnedKeyScenes.contains(a.scene)) { return .state(.key) }
            if let s1 = a.screen, let s2 = b.screen, s1 != s2 { return .state(.screen) }
        }
        return nil
    }

    /// The window a routing difference is about: the one the other engine answered
    /// with, else the one the first engine answered with; with the point routed.
    func routedWindow(_ command: Command) -> (window: String, point: Point)? {
        let point: Point
        switch command {
        case let .hit(at, _), let .touchBegan(_, at, _): point = at
        default: return nil
        }
        func target(_ line: Observation?) -> String? {
            switch line {
            case let .hit(target?)?, let .touchBegan(_, target?)?: return target.window
            default: return nil
            }
        }
        return (target(differingLines.got) ?? target(differingLines.expected)).map { ($0, point) }
    }

    /// The observations compared under `relaxed` at this step, in the order compared.
    func compared(_ observations: [Observation], _ command: Command, _ relaxed: Set<EngineDeviation>)
        -> [Observation]
    {
        guard !relaxed.isEmpty else { return observations }
        let kept = observations.filter { isCompared($0, command, relaxed) }
        // W4: a disconnection hides its windows front to back, so their order is the engine's.
        var isDisconnect = false
        if case .disconnectScreen = command { isDisconnect = true }
        guard relaxed.contains(.n2) || (relaxed.contains(.w4) && isDisconnect) else { return kept }
        // N2: the notifications of one statement as a set, after everything else.
        let notifications = kept.filter { if case .notify = $0 { return true } else { return false } }
        return kept.filter { if case .notify = $0 { return false } else { return true } }
            + notifications.sorted { $0.description < $1.description }
    }

    private func isCompared(_ observation: Observation, _ command: Command, _ relaxed: Set<EngineDeviation>) -> Bool {
        let keyUnpinned = { (scene: String) in relaxed.contains(.k4) && tracker.unpinnedKeyScenes.contains(scene) }
        switch observation {
        case let .notify(window, notification):
            if relaxed.contains(.n1) { return false }
            let isKey = notification == .didBecomeKey || notification == .didResignKey
            return !(isKey && keyUnpinned(tracker.scene(of: window)))
        case let .touchBegan(id, _), let .touchMoved(id, _), let .touchEnded(id, _),
             let .touchCancelled(id, _, _), let .touchIgnored(id, _):
            return !tracker.isUnpinned(id, under: relaxed)
        case .hit:
            return !(relaxed.contains(.w4) && tracker.orderDecidedThisStep)
        case .press:
            if case let .press(_, scene) = command { return !keyUnpinned(scene) }
            return true
        case let .keyWindow(scene, _):
            return !keyUnpinned(scene)
        case .order:
            return !relaxed.contains(.w4)
        case .convert:
            return true
        }
    }

    /// The same observation: the same trace text, or under Q3 two conversions within
    /// ``EngineDeviation/convertTolerance``. Under Q3 a conversion that the first
    /// engine answers with inf or nan is not compared: its route crossed a singular
    /// transform (A5) that another route need not cross.
    static func agree(_ a: Observation, _ b: Observation, _ relaxed: Set<EngineDeviation>) -> Bool {
        if a.description == b.description { return true }
        guard relaxed.contains(.q3), case let .convert(p) = a, case let .convert(q) = b else { return false }
        guard p.x.isFinite && p.y.isFinite else { return true }
        return close(p.x, q.x) && close(p.y, q.y)
    }

    static func close(_ a: Double, _ b: Double) -> Bool {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
        if a.isInfinite || b.isInfinite { return a == b }
        return abs(a - b) <= EngineDeviation.convertTolerance * max(1, abs(a), abs(b))
    }
}
