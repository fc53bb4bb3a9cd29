import WindowModel

/// How one step of a lockstep run is compared: each engine's observations and
/// snapshot against the first engine's, under the deviations the pair declares
/// (see ``EngineDeviation``; the first engine's own count for every pair) and, when
/// the run goes on past differences, what engine `i`'s earlier differences left
/// unpinned (``DifferenceUnpinning``).
struct LockstepComparison {
    /// For engine `i`: the deviations of engine 0 and engine `i` together.
    let deviations: [Set<EngineDeviation>]
    /// For engine `i`: whether engine 0 or engine `i` computes with integers, which
    /// have no sign of zero: `-0` and `0` in their answers agree.
    let signlessZero: [Bool]
    private(set) var tracker: DeviationTracker
    /// For engine `i`: what its earlier differences left uncompared.
    private(set) var unpinned: [DifferenceUnpinning]
    /// Whether a declared deviation left part of this step uncompared on some engine.
    private(set) var relaxedThisStep = false
    /// Whether this step's touch was compared with the grab's view's answer (T1), not
    /// with the first engine's: the outcomes the first engine decided were not compared.
    private(set) var grabAnsweredThisStep = false
    /// The two lines that differed at the last observation difference (nil for a missing line).
    private(set) var differingLines: (expected: Observation?, got: Observation?) = (nil, nil)
    /// For engine `i`: whether this step's `hit` is left uncompared (its scene's order
    /// is unpinned and a second window would answer the point too).
    private var hitUnpinnedThisStep: [Bool]

    init(engines: [EngineFactory]) {
        let base = engines[0].deviations
        deviations = engines.map { base.union($0.deviations) }
        signlessZero = engines.map { engines[0].numbers == .integer || $0.numbers == .integer }
        tracker = DeviationTracker(tracked: engines.allDeviations)
        unpinned = Array(repeating: DifferenceUnpinning(), count: engines.count)
        hitUnpinnedThisStep = Array(repeating: false, count: engines.count)
    }

    /// Whether any pair compares less than everything.
    var relaxes: Bool { deviations.contains { !$0.isEmpty } }

    mutating func begin(_ command: Command, baseline: [Observation], routing: (any RoutingCandidatesReporting)?,
                        edges: (any EdgeProximityReporting)? = nil, binding: (any TouchBindingReporting)? = nil) {
        relaxedThisStep = false
        tracker.begin(command, baseline: baseline, routing: routing, edges: edges, binding: binding)
        grabAnsweredThisStep = tracker.grabAnswerThisStep != nil && deviations.contains { $0.contains(.t1) }
        unpinRoutedThroughUnpinnedOrder(command, routing)
    }

    mutating func end(_ command: Command) { tracker.end(command) }

    /// After a step of a run that goes on past differences: engine `i`'s differences
    /// at this step (the touches of `lines`, every state part that differed) are
    /// unpinned, and what the snapshots agree on is pinned again.
    mutating func settle(engine i: Int, lines: [Observation], states: [(part: Difference.StatePart, scene: String)],
                         baseline: [SceneSnapshot], state: [SceneSnapshot]) {
        unpinned[i].repin(baseline: baseline, state: state)
        for line in lines { unpinned[i].unpin(lines: line, nil) }
        for (part, scene) in states { unpinned[i].unpin(part, scene: scene) }
    }

    /// A `hit` or `began` in a scene whose order engine `i` left unpinned, at a point a
    /// second window answers too, is not compared (a `began`'s touch stays unpinned):
    /// with the order unknown, either window may rightly answer.
    private mutating func unpinRoutedThroughUnpinnedOrder(_ command: Command,
                                                         _ routing: (any RoutingCandidatesReporting)?) {
        for i in hitUnpinnedThisStep.indices { hitUnpinnedThisStep[i] = false }
        let point: Point, scene: String
        switch command {
        case let .hit(at, s), let .touchBegan(_, at, s): (point, scene) = (at, s)
        default:
            unpinTouchesBegunBesideUnpinned(command)
            return
        }
        unpinTouchesBegunBesideUnpinned(command)
        guard unpinned.contains(where: { $0.isOrderUnpinned(scene) }), let routing else { return }
        guard routing.windowsAnswering(point, scene: scene).count > 1 else { return }
        for i in unpinned.indices where unpinned[i].isOrderUnpinned(scene) {
            if case let .touchBegan(id, _, _) = command { unpinned[i].unpin(touch: id) } else { hitUnpinnedThisStep[i] = true }
        }
    }

    /// With a touch option set in the case (T7, T8), who is withheld depends on every
    /// live touch: a touch begun while an unpinned one may be live is unpinned too. So,
    /// under T1, is one the grab bound: the grab's view is the first touch's.
    private mutating func unpinTouchesBegunBesideUnpinned(_ command: Command) {
        guard case let .touchBegan(id, _, _) = command else { return }
        let grabbed = tracker.grabBound.contains(id)
        guard tracker.touchOptionsSet || grabbed else { return }
        for i in unpinned.indices where !unpinned[i].touchesAreEmpty && !unpinned[i].isUnpinned(id)
            && (tracker.touchOptionsSet || deviations[i].contains(.t1)) {
            unpinned[i].unpin(touch: id)
        }
    }

    /// The first part of engine `i`'s observations that differs from `expected`, or nil.
    mutating func difference(_ command: Command, expected: [Observation], got: [Observation], engine i: Int)
        -> Difference?
    {
        let relaxed = deviations[i]
        // T1: a touch the grab bound is compared with what the grab's view posts.
        let expected = relaxed.contains(.t1) ? tracker.underGrab(expected) : expected
        let want = compared(expected, command, relaxed, engine: i), have = compared(got, command, relaxed, engine: i)
        if !relaxed.isEmpty, want.count != expected.count || (relaxed.contains(.n2) && want != expected)
            || (relaxed.contains(.q3) && expected.contains { if case .convert = $0 { true } else { false } }) {
            relaxedThisStep = true
        }
        for index in 0..<max(want.count, have.count) {
            differingLines = (index < want.count ? want[index] : nil, index < have.count ? have[index] : nil)
            guard index < have.count else { return .observation(.init(want[index]), .missing) }
            guard index < want.count else { return .observation(.init(have[index]), .extra) }
            let (e, g) = (want[index], have[index])
            if Self.agree(e, g, relaxed) || (signlessZero[i] && Self.agreeButForZeroSign(e, g)) { continue }
            let kind = Difference.ObservationKind(e)
            return .observation(kind, kind == .init(g) ? Difference.between(expected: e, got: g) : .line)
        }
        return nil
    }

    /// The parts of a snapshot that differ and are compared (the first is the one
    /// reported), each with its scene; a differing scene list is one `scenes` part.
    mutating func stateDifferences(baseline: [SceneSnapshot], state: [SceneSnapshot], engine i: Int)
        -> [(part: Difference.StatePart, scene: String)]
    {
        guard baseline.count == state.count else { return [(.scenes, "")] }
        let relaxed = deviations[i]
        if relaxed.contains(.w4) || (relaxed.contains(.k4) && !tracker.unpinnedKeyScenes.isEmpty) {
            relaxedThisStep = true
        }
        var found: [(part: Difference.StatePart, scene: String)] = []
        for (a, b) in zip(baseline, state) {
            if a.scene != b.scene { return found + [(.scenes, a.scene)] }
            if a.order != b.order && !relaxed.contains(.w4) && !unpinned[i].isOrderUnpinned(a.scene) {
                found.append((.order, a.scene))
            }
            if a.keyWindow != b.keyWindow && !(relaxed.contains(.k4) && tracker.unpinnedKeyScenes.contains(a.scene))
                && !unpinned[i].isKeyUnpinned(a.scene) {
                found.append((.key, a.scene))
            }
            if let s1 = a.screen, let s2 = b.screen, s1 != s2 { found.append((.screen, a.scene)) }
        }
        return found
    }

    /// The observations compared under `relaxed` at this step, in the order compared.
    func compared(_ observations: [Observation], _ command: Command, _ relaxed: Set<EngineDeviation>, engine i: Int)
        -> [Observation]
    {
        guard !relaxed.isEmpty || !unpinned[i].isEmpty else { return observations }
        let kept = observations.filter { isCompared($0, command, relaxed, engine: i) }
        // W4: a disconnection hides its windows front to back, so their order is the engine's.
        var isDisconnect = false
        if case .disconnectScreen = command { isDisconnect = true }
        guard relaxed.contains(.n2) || (relaxed.contains(.w4) && isDisconnect) else { return kept }
        // N2: the notifications of one statement as a set, after everything else.
        let notifications = kept.filter { if case .notify = $0 { return true } else { return false } }
        return kept.filter { if case .notify = $0 { return false } else { return true } }
            + notifications.sorted { $0.description < $1.description }
    }

    private func isCompared(_ observation: Observation, _ command: Command, _ relaxed: Set<EngineDeviation>,
                            engine i: Int) -> Bool {
        let unpinned = self.unpinned[i]
        let keyUnpinned = { (scene: String) in
            (relaxed.contains(.k4) && tracker.unpinnedKeyScenes.contains(scene)) || unpinned.isKeyUnpinned(scene)
        }
        switch observation {
        case let .notify(window, notification):
            if relaxed.contains(.n1) { return false }
            let isKey = notification == .didBecomeKey || notification == .didResignKey
            return !(isKey && keyUnpinned(tracker.scene(of: window)))
        case let .touchBegan(id, _), let .touchMoved(id, _), let .touchEnded(id, _),
             let .touchCancelled(id, _, _), let .touchIgnored(id, _):
            return !tracker.isUnpinned(id, under: relaxed) && !unpinned.isUnpinned(id)
        case .hit:
            return !(relaxed.contains(.w4) && tracker.orderDecidedThisStep) && !hitUnpinnedThisStep[i]
                && !(relaxed.contains(.g2) && tracker.nearEdgeThisStep)
        case .press:
            if relaxed.contains(.k1) && tracker.pressToNobodyThisStep { return false }
            if case let .press(_, scene) = command { return !keyUnpinned(scene) }
            return true
        case let .keyWindow(scene, _):
            return !keyUnpinned(scene)
        case let .order(scene, _):
            return !relaxed.contains(.w4) && !unpinned.isOrderUnpinned(scene)
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

    /// The same trace text once every `-0` is written `0`.
    static func agreeButForZeroSign(_ a: Observation, _ b: Observation) -> Bool {
        func signless(_ o: Observation) -> [Substring] { o.description.split(separator: " ").map { $0 == "-0" ? "0" : $0 } }
        return signless(a) == signless(b)
    }

    static func close(_ a: Double, _ b: Double) -> Bool {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
        if a.isInfinite || b.isInfinite { return a == b }
        return abs(a - b) <= EngineDeviation.convertTolerance * max(1, abs(a), abs(b))
    }
}
